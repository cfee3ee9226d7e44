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


def get(table: dict, key: str, kind: type, at: str, default=None):
    """`table[key]`, which must be a `kind`; ContentError names `at` and the key otherwise."""
    value = table.get(key, default)
    if value is None or not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ContentError(f"{at}: {key} must be a {kind.__name__}, got {value!r}")
    return value


def count(table: dict, key: str, at: str, default=None) -> int:
    """A whole number, 0 or more."""
    value = get(table, key, int, at, default)
    if value < 0:
        raise ContentError(f"{at}: {key} must be 0 or more, got {value}")
    return value
