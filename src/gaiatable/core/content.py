"""Reading a game's content file: the built-in one, or a designer's replacement."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from .errors import ContentError


def read_toml(path: str | Path | None, package: str, builtin: str) -> tuple[dict, str]:
    """The parsed TOML at `path`, or the game package's `content/<builtin>`, and the name to use in
    error messages."""
    if path:
        where = str(path)
        try:
            text = Path(path).read_text()
        except (OSError, UnicodeDecodeError) as exc:
            raise ContentError(f"{where}: cannot read: {exc}") from None
    else:
        where = builtin
        text = resources.files(package).joinpath(f"content/{builtin}").read_text()
    try:
        return tomllib.loads(text), where
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{where}: not valid TOML: {exc}") from None
