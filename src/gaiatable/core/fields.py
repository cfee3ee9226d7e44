"""State fields, declared once: a game lists each field of its state with its kind, and gets
`__slots__`, `copy()`, `to_json()` and the loading of a saved state from that one list.

    class TicTacToeState(State):
        __slots__ = fields(board=INTS, player=INT)

`copy()` is generated as plain code (one line per field, as one would write it by hand), so it is
as fast as a hand-written one; `bench/playout.py` holds the floor.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import RecordError


@dataclass(frozen=True)
class Kind:
    """How a field of one kind is copied, written to JSON and read back."""

    name: str
    copy: str  # a Python expression copying the field {x}
    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]


def _tuples(value: Any) -> Any:
    """JSON lists back to the tuples they were, at every depth."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list | tuple) else value


def _lists(value: Any) -> Any:
    return [_lists(v) for v in value] if isinstance(value, list | tuple) else value


def _list(value: Any) -> list:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {value!r}")
    return value


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _of(kind: type):
    """A list whose every element is a `kind`."""
    def check(values: Any) -> list:
        for v in _list(values):
            if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
                raise ValueError(f"expected {kind.__name__} elements, got {v!r}")
        return list(values)
    return check


INT = Kind("int", "{x}", lambda x: x, _int)  # also bit sets: Python ints of any size
INTS = Kind("list of ints", "{x}[:]", list, _of(int))
BOOLS = Kind("list of booleans", "{x}[:]", list, _of(bool))
GRID = Kind("list of lists of ints", "[row[:] for row in {x}]", lambda x: [list(r) for r in x],
            lambda v: [_of(int)(row) for row in _list(v)])
TUPLE = Kind("tuple", "{x}", _lists, lambda v: _tuples(_list(v)))  # immutable: shared by copies
TUPLES = Kind("list of tuples", "{x}[:]", _lists, lambda v: [_tuples(_list(t)) for t in _list(v)])
STRS = Kind("list of strings", "{x}[:]", list, _of(str))
INT_MAP = Kind("map of ints to immutable values", "{x}.copy()",
               lambda x: [[k, _lists(v)] for k, v in sorted(x.items())],
               lambda v: {_int(k): _tuples(value) for k, value in _list(v)})


class Fields(tuple):
    """The slot names of a state class, with the kind of each (see `fields`)."""

    kinds: dict[str, Kind]


def fields(**kinds: Kind) -> Fields:
    """Declare a state's fields: `__slots__ = fields(board=INTS, player=INT)`."""
    spec = Fields(kinds)
    spec.kinds = kinds
    return spec


def make_copy(cls: type, spec: Fields) -> Callable:
    """A copy() for `cls` that copies each field by its kind, written out as plain code."""
    lines = ["def copy(self):", "    new = new_state(cls)", "    new.game = self.game", "    new._legal = self._legal"]
    for name, kind in spec.kinds.items():
        lines.append(f"    new.{name} = " + kind.copy.format(x=f"self.{name}"))
    lines.append("    return new")
    scope: dict[str, Any] = {"new_state": object.__new__, "cls": cls}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the field declarations above
    scope["copy"].__qualname__ = f"{cls.__qualname__}.copy"
    return scope["copy"]


def dump(state: Any, spec: Fields) -> dict:
    return {name: kind.dump(getattr(state, name)) for name, kind in spec.kinds.items()}


def load(state: Any, spec: Fields, data: Any, where: str) -> None:
    """Fill `state`'s fields from `data`, naming the field that is missing or malformed."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected an object, got {type(data).__name__}")
    for name, kind in spec.kinds.items():
        if name not in data:
            raise RecordError(f"{where}: missing field {name!r}")
        try:
            setattr(state, name, kind.load(data[name]))
        except (TypeError, ValueError) as exc:
            raise RecordError(f"{where}: field {name!r} must be a {kind.name}: {exc}") from None
