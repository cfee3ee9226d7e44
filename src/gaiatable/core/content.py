"""Reading a game's content file: the built-in one, or a designer's replacement."""

from __future__ import annotations

import difflib
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
    if value is None:
        missing(table, key, at)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ContentError(f"{at}: {key} must be a {kind.__name__}, got {value!r}")
    return value


def missing(table: dict, key: str, at: str):
    """ContentError: `key` is not in `table`, naming the key it may have been misspelt as."""
    near = difflib.get_close_matches(key, [str(k) for k in dict.keys(table)], n=1)
    raise ContentError(f"{at}: {key} is missing" + (f" (is {near[0]!r} a typo for it?)" if near else ""))


def count(table: dict, key: str, at: str, default=None) -> int:
    """A whole number, 0 or more."""
    value = get(table, key, int, at, default)
    if value < 0:
        raise ContentError(f"{at}: {key} must be 0 or more, got {value}")
    return value


class Tracked(dict):
    """A TOML table that remembers which keys its compiler read: a key never read (a typo, a key from
    another design) is then refused by name instead of silently ignored (`refuse_unread`)."""

    def __init__(self, data: dict, path: tuple = ()):
        super().__init__({key: _tracked(value, (*path, key)) for key, value in data.items()})
        self.path = path
        self.read: set = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __contains__(self, key):
        self.read.add(key)
        return super().__contains__(key)

    def __iter__(self):
        self.read.update(super().keys())
        return super().__iter__()

    def items(self):
        self.read.update(super().keys())
        return super().items()

    def values(self):
        self.read.update(super().keys())
        return super().values()


def _tracked(value, path: tuple):
    if isinstance(value, dict):
        return Tracked(value, path)
    if isinstance(value, list):
        return [_tracked(item, (*path, entry(i, item))) for i, item in enumerate(value)]
    return value


def entry(index: int, item) -> str:
    """How a message names an entry of a list: by its id or name where it has one ('[Algae]'), else by
    its place ('[3]')."""
    label = next((item[k] for k in ("id", "name") if isinstance(item, dict) and isinstance(item.get(k), str)), index)
    return f"[{label}]"


def refuse_unread(data, where: str) -> None:
    """ContentError naming the first key the compiler never read, with the nearest key it did read."""
    if isinstance(data, list):
        for item in data:
            refuse_unread(item, where)
    if not isinstance(data, Tracked):
        return
    for key in dict.keys(data):
        if key not in data.read:
            dotted = ".".join(str(part) for part in (*data.path, key)).replace(".[", "[")
            near = difflib.get_close_matches(str(key), [str(k) for k in data.read], n=1)
            raise ContentError(f"{where}: unknown key {dotted!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
        refuse_unread(dict.__getitem__(data, key), where)
