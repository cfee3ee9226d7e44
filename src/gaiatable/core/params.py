"""Declared game parameters: every balance knob has a name, a default, a range and a doc line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import ParamError


@dataclass(frozen=True)
class Param:
    name: str
    default: Any
    doc: str
    choices: tuple | None = None  # allowed values, or None
    min: int | None = None
    max: int | None = None

    def __post_init__(self):
        if type(self.default) is int and self.choices is None and (self.min is None or self.max is None):
            raise TypeError(f"integer parameter {self.name!r} needs a range (min and max)")

    def check(self, value: Any) -> Any:
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "yes", "no"):
                value = value.lower() in ("true", "1", "yes")
            if not isinstance(value, bool):
                raise ParamError(f"parameter {self.name!r} must be true or false, got {value!r}")
        elif kind is int:
            try:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError
                value = int(value)
            except (TypeError, ValueError):
                raise ParamError(f"parameter {self.name!r} must be an integer, got {value!r}") from None
        if self.choices is not None and value not in self.choices:
            raise ParamError(f"parameter {self.name!r} must be one of {list(self.choices)}, got {value!r}")
        if self.min is not None and value < self.min:
            raise ParamError(f"parameter {self.name!r} must be at least {self.min}, got {value!r}")
        if self.max is not None and value > self.max:
            raise ParamError(f"parameter {self.name!r} must be at most {self.max}, got {value!r}")
        return value


CONTENT = Param("content", "", "path to a TOML file with your own content (default: the built-in design)")


MOST_TURNS = 100_000  # a cap beyond any game's length: larger ones are typos or attempts at endless tables


def turn_cap(default: int, clause: str) -> Param:
    """The `max_turns` parameter: a safety cap for simulations, not a rule (State.truncated)."""
    return Param("max_turns", default, f"safety cap on turns for simulation, not a rule ({clause}); 0 = none",
                 min=0, max=MOST_TURNS)


def resolve_params(declared: tuple[Param, ...], given: dict[str, Any], game: str) -> dict[str, Any]:
    """Validate `given` against the declarations and fill in defaults."""
    by_name = {p.name: p for p in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise ParamError(f"{game} has no parameter {unknown[0]!r} (known: {known})")
    return {p.name: p.check(given[p.name]) if p.name in given else p.default for p in declared}


def parse_params(texts: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Command-line parameters, one `name=value` each: ['players=3', 'names=Gaia,Vora'] ->
    {'players': '3', 'names': 'Gaia,Vora'}. A value may hold commas and '='; a name given twice is an error."""
    out: dict[str, str] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ParamError(f"expected name=value, got {text!r} (give each parameter its own -p)")
        if key in out:
            raise ParamError(f"parameter {key!r} is given twice")
        out[key] = value.strip()
    return out
