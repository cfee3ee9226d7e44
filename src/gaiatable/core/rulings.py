"""The rules, clause by clause, as docs/rulings/<game>.md writes them (shipped in the package as
gaiatable/rulings): a refusal names a clause ("rule EO-3.4"), and a player looks it up by that number."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[1] / "rulings"
NUMBER = re.compile(r"[A-Z]{2,3}-\d+(?:\.\d+)*", re.IGNORECASE)
_SECTION = re.compile(r"## ([A-Z]{2,3}-\d+) (.+)")
_CLAUSE = re.compile(r"- \*\*([A-Z]{2,3}-[\d.]+)\*\* (.+)")
_SPEC = re.compile(r"(?:\.\./shared/spec/)?content\.md(?:/? ?§[\d.]+(?:(?:/|,? and |, )§[\d.]+)*(?: item \d+)?)?",
                   re.IGNORECASE)


@cache
def clauses(game: str) -> dict[str, str]:
    """Every clause of `game` by its number, in words (a section by its title); empty without its rulings."""
    path = FOLDER / f"{game}.md"
    if not path.is_file():
        return {}
    found: dict[str, str] = {}
    key = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if section := _SECTION.fullmatch(line):
            key = None
            found[section[1]] = section[2]
        elif clause := _CLAUSE.fullmatch(line):
            key = clause[1]
            found[key] = clause[2]
        elif key and line.startswith("  "):  # a clause's text runs on, indented
            found[key] += " " + line.strip()
        else:
            key = None
    return {number: _plain(text) for number, text in found.items()}


def _plain(text: str) -> str:
    """A clause's markdown as words; the design document it cites named for players, without its sections."""
    return _SPEC.sub("gaiatable's design", text.replace("*", "").replace("`", ""))


def clause(game: str, number: str) -> str | None:
    """The clause `number` ("EO-3.4") of `game` in words; a section ("EO-3") with each of its clauses; None
    when the rulings have no such number."""
    every, number = clauses(game), number.upper()
    if number not in every:
        return None
    inside = [f"{n}: {text}" for n, text in every.items() if n.startswith(number + ".")]
    if not inside:
        return f"Rule {number}: {every[number]}"
    return "\n".join([f"Rules {number}, {every[number]}:", *inside])


def unknown(game: str, title: str, number: str) -> str:
    """What a look-up of a number the rulings lack says."""
    every = list(clauses(game))
    ranged = f": they run from {every[0]} to {every[-1]}" if every else ""
    return f"no rule {number.upper()} in {title}'s rulings{ranged}"
