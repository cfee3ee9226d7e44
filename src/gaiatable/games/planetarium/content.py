"""Planetarium content: the board graph, the Evolution Track and the 52 Evolution cards, loaded from
TOML, validated and compiled into tables indexed by int (content/planetarium.toml).

Spaces are numbered orbit by orbit (I to VI, each clockwise from north), then the four arms of
orbit VII, outer to inner. `thick[s]` is the next space along a thick line (an orbit or an arm; -1
where none leads on), `thin[s]` the spaces a thin line leads to; every line steps clockwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ...core.content import count, get, missing
from ...core.errors import ContentError

MATTER = ("gas", "rock", "water", "metal")
GAS, ROCK, WATER, METAL = range(4)
DECKS = ("low", "high", "final")
LOW, HIGH, FINAL = range(3)
KINDS = ("terrestrial", "gaseous")
TERRESTRIAL, GASEOUS = range(2)
SIDES = ("habitable", "hostile")
HABITABLE, HOSTILE = range(2)
ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII")


def orbits(span: tuple[int, int]) -> str:
    """An orbit range in its numerals: "I-III", or "VII" alone."""
    low, high = span
    return ROMAN[low] if low == high else f"{ROMAN[low]}-{ROMAN[high]}"
ICONS = ("gravity", "downgrade")
PLANETS = 4


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    deck: int
    points: int
    side: int  # HABITABLE, HOSTILE, or -1 (Finals)
    kind: int  # TERRESTRIAL, GASEOUS, or -1 for any planet
    orbit: tuple[int, int]  # the orbits the planet may be on, inclusive
    state: int  # the Habitable/Hostile side the planet must show, or -1
    matter: tuple[int, int, int, int]  # per MATTER type, paid from the mat at that planet
    remove_marker: bool  # one of the player's markers on a card of that planet is removed
    gravity: bool
    downgrade: bool

    def requirement_text(self) -> str:
        parts = [" ".join(f"{n} {MATTER[t]}" for t, n in enumerate(self.matter) if n)]
        parts.append(KINDS[self.kind] if self.kind >= 0 else "")
        parts.append(f"orbit {orbits(self.orbit)}" if self.orbit != (1, 7) else "")
        parts.append(f"{SIDES[self.state]} side up" if self.state >= 0 else "")
        parts.append("remove your marker" if self.remove_marker else "")
        return ", ".join(p for p in parts if p) or "nothing"


@dataclass(frozen=True)
class Content:
    names: tuple[str, ...]  # per space: "II-7", "VII-0.3" (arm 0, step 3)
    orbit: tuple[int, ...]  # per space: 1..7
    thick: tuple[int, ...]
    thin: tuple[tuple[int, ...], ...]
    planet_names: tuple[str, ...]
    planet_kinds: tuple[int, ...]
    starts: tuple[int, ...]  # the planets' start spaces
    dots: tuple[int, ...]  # the white dots, where Matter is dealt, in space order
    matter: tuple[int, int, int, int]  # tokens per type
    track: tuple[int, int, int, int]  # the Evolution Track's length by player count (1-4)
    acceleration: tuple[int, int, int, int]  # its acceleration space by player count
    cards: tuple[Card, ...]
    max_finals: int
    markers: int
    solo_per_facedown: int
    raw: dict

    @property
    def spaces(self) -> int:
        return len(self.names)

    @cached_property
    def steps(self) -> tuple[tuple[int, ...], ...]:
        """Per space: the spaces one line leads to, thick line first."""
        return tuple(((k,) if k >= 0 else ()) + t for k, t in zip(self.thick, self.thin, strict=True))

    @cached_property
    def sweeps(self) -> tuple[tuple[int, ...], ...]:
        """Per space: the spaces a Planet sweeping from there passes, in order (an arm leads on round
        orbit VI, once)."""
        out = []
        for s in range(self.spaces):
            path, d = [], self.thick[s]
            while d >= 0 and d != s and d not in path:
                path.append(d)
                d = self.thick[d]
            out.append(tuple(path))
        return tuple(out)

    @cached_property
    def fitting(self) -> tuple[tuple[int, ...], ...]:
        """Per card: the planets of the kind it asks for."""
        return tuple(tuple(p for p, kind in enumerate(self.planet_kinds) if c.kind < 0 or c.kind == kind)
                     for c in self.cards)

    @cached_property
    def needs(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per card: (Matter type, how many) for each type it asks for."""
        return tuple(tuple((m, n) for m, n in enumerate(c.matter) if n) for c in self.cards)

    def as_json(self) -> dict:
        return self.raw

    def space_by_name(self, name: str) -> int:
        return self.names.index(name)


def compile_content(data: dict, where: str) -> Content:
    """Validate the parsed content file and compile it; ContentError names the file and the entry."""
    board = _table(data, "board", where)
    names, orbit, thick, thin = _graph(board, where)
    planets = data.get("planets")
    if not (isinstance(planets, list) and len(planets) == PLANETS):
        raise ContentError(f"{where}: [[planets]] must list the 4 planets A, B, C, D")
    starts, kinds, planet_names = [], [], []
    for i, p in enumerate(planets):
        at = f"{where}: planets[{i}]"
        planet_names.append(get(p, "name", str, at))
        kinds.append(_choice(p, "kind", KINDS, at))
        start = get(p, "start", list, at)
        space = _space(start, names, orbit, at)
        if space in starts:
            raise ContentError(f"{at}: two planets start on {names[space]}")
        starts.append(space)
    matter_table = _table(data, "matter", where)
    matter = tuple(count(matter_table, m, f"{where}: [matter]") for m in MATTER)
    dots = tuple(s for s in range(len(names)) if s not in starts)
    if sum(matter) != len(dots):
        raise ContentError(f"{where}: [matter] has {sum(matter)} tokens for {len(dots)} white dots")
    track_table = _table(data, "track", where)
    track, acceleration = (_by_player_count(track_table, key, f"{where}: [track]")
                           for key in ("length", "acceleration"))
    for players, (length, space) in enumerate(zip(track, acceleration, strict=True), 1):
        if length > sum(matter):  # PT-3.12: the track must be one the Matter can fill
            raise ContentError(f"{where}: [track] length {length} is more than the {sum(matter)} Matter tokens "
                               f"could fill")
        if not 0 < space <= length:
            raise ContentError(f"{where}: [track] acceleration must be a space of the track (1..{length}), "
                               f"got {space} for {players} player{'s' if players > 1 else ''}")
    rules = _table(data, "rules", where)
    at = f"{where}: [rules]"
    cards = tuple(_card(c, f"{where}: cards[{i}]") for i, c in enumerate(get(data, "cards", list, where)))
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise ContentError(f"{where}: a card id is used twice")
    if not cards or len(cards) > 64:
        raise ContentError(f"{where}: between 1 and 64 cards are supported, got {len(cards)}")
    return Content(
        names=names, orbit=orbit, thick=thick, thin=thin, planet_names=tuple(planet_names), planet_kinds=tuple(kinds),
        starts=tuple(starts), dots=dots, matter=matter, track=track, acceleration=acceleration, cards=cards,
        max_finals=count(rules, "max_finals", at), markers=count(rules, "markers", at),
        solo_per_facedown=count(rules, "solo_per_facedown", at),
        raw=data,
    )


def _graph(board: dict, where: str):
    at = f"{where}: [board]"
    sizes = get(board, "orbits", list, at)
    if len(sizes) != 6 or not all(isinstance(n, int) and n >= 4 and n % 4 == 0 for n in sizes):
        raise ContentError(f"{at}: orbits must list 6 sizes, each a multiple of 4")
    arm_length = count(board, "arm_length", at)
    entries = get(board, "arm_entry", list, at)
    if len(entries) != 4 or not all(isinstance(e, int) and 0 <= e < sizes[5] for e in entries) or arm_length < 2:
        raise ContentError(f"{at}: arm_entry must list 4 spaces of orbit VI, and arm_length be at least 2")
    first = [0]
    for n in sizes:
        first.append(first[-1] + n)
    names = [f"{ROMAN[k + 1]}-{i}" for k, n in enumerate(sizes) for i in range(n)]
    orbit = [k + 1 for k, n in enumerate(sizes) for _ in range(n)]
    names += [f"VII-{j}.{t}" for j in range(4) for t in range(arm_length)]
    orbit += [7] * (4 * arm_length)
    thick = [first[k] + (i + 1) % n for k, n in enumerate(sizes) for i in range(n)]
    arm = first[6]
    for j in range(4):
        thick += [arm + j * arm_length + t + 1 for t in range(arm_length - 1)] + [first[5] + entries[j]]
    thin: list[list[int]] = [[] for _ in names]
    for k, n in enumerate(sizes):  # the spokes: orbit k+1's space j*n/4
        for j in range(4):
            here = first[k] + j * n // 4
            if k > 0:
                thin[here].append(first[k - 1] + (j * sizes[k - 1] // 4 + 1) % sizes[k - 1])
            if k < 5:
                thin[here].append(first[k + 1] + (j * sizes[k + 1] // 4 + 1) % sizes[k + 1])
            else:
                thin[here].append(arm + ((j - 1) % 4) * arm_length + 1)
    return tuple(names), tuple(orbit), tuple(thick), tuple(tuple(sorted(t)) for t in thin)


def _space(pair, names, orbit, at: str) -> int:
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, int) for v in pair)):
        raise ContentError(f"{at}: start must be [orbit, space]")
    name = f"{ROMAN[pair[0]]}-{pair[1]}" if 1 <= pair[0] <= 6 else ""
    if name not in names:
        raise ContentError(f"{at}: start {pair} is not a space of orbits I-VI")
    return names.index(name)


def _card(entry, at: str) -> Card:
    if not isinstance(entry, dict):
        raise ContentError(f"{at}: expected a table")
    at = f"{at} ({entry.get('id', '?')})"
    deck = _choice(entry, "deck", DECKS, at)
    side = _choice(entry, "side", SIDES, at) if "side" in entry else -1
    if (side < 0) != (deck == FINAL):
        raise ContentError(f"{at}: Low and High cards have a side (habitable or hostile), Finals none")
    orbit = tuple(entry.get("orbit", [1, 7]))
    if len(orbit) != 2 or not all(isinstance(o, int) for o in orbit) or not 1 <= orbit[0] <= orbit[1] <= 7:
        raise ContentError(f"{at}: orbit must be [low, high] within 1..7, got {entry.get('orbit')!r}")
    matter_table = entry.get("matter", {})
    if not isinstance(matter_table, dict) or set(matter_table) - set(MATTER):
        raise ContentError(f"{at}: matter may name only {', '.join(MATTER)}")
    icons = get(entry, "icons", list, at, [])
    if set(icons) - set(ICONS):
        raise ContentError(f"{at}: unknown icon in {icons!r} (icons: {', '.join(ICONS)})")
    return Card(
        id=get(entry, "id", str, at), name=get(entry, "name", str, at), deck=deck,
        points=count(entry, "points", at), side=side,
        kind=_choice(entry, "kind", KINDS, at) if "kind" in entry else -1, orbit=orbit,
        state=_choice(entry, "state", SIDES, at) if "state" in entry else -1,
        matter=tuple(count(matter_table, m, at, 0) for m in MATTER),
        remove_marker=get(entry, "remove_marker", bool, at, False) or deck == FINAL,
        gravity="gravity" in icons, downgrade="downgrade" in icons,
    )


def _by_player_count(table: dict, key: str, at: str) -> tuple[int, int, int, int]:
    """A whole number for every player count, or a list of four (1 to 4 players)."""
    value = table.get(key)
    if value is None:
        missing(table, key, at)
    values = [value] * 4 if isinstance(value, int) and not isinstance(value, bool) else value
    if not (isinstance(values, list) and len(values) == 4
            and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values)):
        raise ContentError(f"{at}: {key} must be a positive whole number or a list of four (1 to 4 players), "
                           f"got {value!r}")
    return tuple(values)


def _table(data: dict, key: str, where: str) -> dict:
    value = data.get(key)
    if not isinstance(value, dict):
        raise ContentError(f"{where}: missing table [{key}]")
    return value


def _choice(table: dict, key: str, choices: tuple[str, ...], at: str) -> int:
    value = get(table, key, str, at)
    if value not in choices:
        raise ContentError(f"{at}: {key} {value!r} is not one of {', '.join(choices)}")
    return choices.index(value)
