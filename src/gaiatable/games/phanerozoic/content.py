"""Phanerozoic content: species, mutations, events and goals, loaded from TOML and validated.

Cards are numbered 0..N-1 in location-number order (the rulebook's unique 1-76); the tables below
are tuples indexed by that number, so the rules never look anything up by name.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import ContentError

PLANT_ICONS = ("leaves", "roots", "woody", "seeds", "flowering")
ANIMAL_ICONS = ("shell", "legs", "fins", "jaws", "backbone", "lungs", "wings", "fur")
GROWTHS = ("sunlight", "plants", "animals", "both")  # growth requirements, also icons
ICONS = PLANT_ICONS + ANIMAL_ICONS + GROWTHS
ICON = {name: i for i, name in enumerate(ICONS)}
SUNLIGHT, EATS_PLANTS, EATS_ANIMALS, EATS_BOTH = (ICON[g] for g in GROWTHS)
STAR = -1  # a mutation side that adds a size star
SPECIES, MUTATION, EVENT = 0, 1, 2
KINDS = ("species", "mutation", "event")
PLANT, ANIMAL = 0, 1
ROWS = ("plant", "animal")
HABITATS = ("water", "land")
EFFECTS = ("one", "all", "drift", "recover")
PLAYERS = range(1, 5)
MAX_CARDS = 256  # card sets are bitmasks read a byte at a time (bits)

# BYTE_BITS[k][b]: the card numbers of the bits set in byte value b of a mask's k-th byte
BYTE_BITS = tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
                  for k in range(MAX_CARDS // 8))


def bits(mask: int) -> list[int]:
    """The card numbers in a set of cards (a bitmask), lowest first, a byte at a time."""
    out: list[int] = []
    for table in BYTE_BITS:
        if not mask:
            break
        out += table[mask & 255]
        mask >>= 8
    return out


@dataclass(frozen=True)
class Event:
    effect: str  # one of EFFECTS
    amount: int = 0
    row: int = -1  # "one": PLANT, ANIMAL or -1 for either
    habitat: int = -1  # "one": 0 water, 1 land, -1 either
    icon: int = -1  # "all": cards showing this icon
    growth: int = -1  # "all": cards with this growth requirement
    min_stars: int = 0  # "all": cards with at least this many stars


@dataclass(frozen=True)
class GoalLine:
    alive: bool  # True: per living card; False: per extinct card
    species: int  # a card number, or -1 when the line names an icon
    icon: int  # an icon index, or -1
    points: int


@dataclass(frozen=True)
class Goal:
    name: str
    lines: tuple[GoalLine, ...]


@dataclass(frozen=True)
class Content:
    locs: tuple[int, ...]
    names: tuple[str, ...]
    commons: tuple[str, ...]  # species' common names, else ""
    kinds: tuple[int, ...]
    row: tuple[int, ...]  # species only (else -1)
    habitat: tuple[int, ...]
    stars: tuple[int, ...]
    icons: tuple[int, ...]  # bitmask of printed icons: bottom-row attributes and the growth requirement
    needs: tuple[int, ...]  # bitmask of bottom-row attributes a parent must show
    evolves_with: tuple[int, ...]  # growth requirement a parent must have, or -1
    growth: tuple[int, ...]
    bonus: tuple[int, ...]  # discard bonus
    sides: tuple[tuple[int, int], ...]  # mutations: (plant side, animal side) icon or STAR
    events: tuple[Event | None, ...]
    goals: tuple[Goal, ...]
    deck: int  # bitmask of the cards shuffled into the draw deck
    start: tuple[tuple[int, int], tuple[int, int]]  # (card, population) for Algae and Trilobite
    rounds: tuple[int, ...]  # by player count - 1
    goal_round: tuple[int, ...]
    hand: tuple[int, ...]
    goals_dealt: int
    max_population: int
    automa_picks: int
    raw: dict

    @property
    def size(self) -> int:
        return len(self.locs)

    def label(self, card: int) -> str:
        return f"{self.names[card]} ({self.locs[card]})"

    def card_by_loc(self, loc: int) -> int:
        return self.locs.index(loc)

    def as_json(self) -> dict:
        return self.raw


class _Reader:
    """Reads one TOML table, naming it in every error."""

    def __init__(self, table, where: str):
        if not isinstance(table, dict):
            raise ContentError(f"{where}: expected a table")
        self.table, self.where = table, where

    def get(self, key: str, kind: type, default=None, choices=None):
        value = self.table.get(key, default)
        if value is None or not isinstance(value, kind) or isinstance(value, bool) != (kind is bool):
            raise ContentError(f"{self.where}: {key} must be a {kind.__name__}, got {value!r}")
        if choices is not None and value not in choices:
            raise ContentError(f"{self.where}: {key} {value!r} is not one of {', '.join(map(str, choices))}")
        return value


def compile_content(data: dict, where: str) -> Content:
    """Validate the parsed content file and compile it; ContentError names the file and the entry."""
    for table in ("species", "mutations", "events", "goals"):
        if not isinstance(data.get(table), list) or not data[table]:
            raise ContentError(f"{where}: missing [[{table}]] entries")
    rules = _Reader(data.get("rules"), f"{where}: [rules]")
    cards: dict[int, tuple[str, _Reader]] = {}
    for table, kind in (("species", SPECIES), ("mutations", MUTATION), ("events", EVENT)):
        for i, entry in enumerate(data[table]):
            r = _Reader(entry, f"{where}: {table}[{i}]")
            loc = r.get("loc", int)
            r.where = f"{where}: {table}[{i}] (location {loc})"
            if loc in cards:
                raise ContentError(f"{r.where}: location number {loc} is used twice")
            cards[loc] = (kind, r)
    locs = tuple(sorted(cards))
    if len(locs) > MAX_CARDS:
        raise ContentError(f"{where}: {len(locs)} cards; at most {MAX_CARDS} are supported")
    number = {loc: n for n, loc in enumerate(locs)}
    columns: dict[str, list] = {key: [] for key in BLANK}
    starts: dict[int, int] = {}
    deck = 0
    for n, loc in enumerate(locs):
        kind, r = cards[loc]
        card = dict(BLANK, kinds=kind)
        if kind == SPECIES:
            card.update(_species(r))
            if r.table.get("start"):
                starts[card["row"]] = n
        elif kind == MUTATION:
            card.update(names=_mutation_name(r), sides=_sides(r))
        else:
            card.update(names=r.get("name", str), events=_event(r))
        if n not in starts.values():
            deck |= 1 << n
        for key, column in columns.items():
            column.append(card[key])
    if set(starts) != {PLANT, ANIMAL}:
        raise ContentError(f"{where}: exactly one plant and one animal species must have start = true")
    by_name = {columns["names"][n]: n for n in range(len(locs)) if columns["kinds"][n] == SPECIES}
    goals = tuple(_goal(_Reader(g, f"{where}: goals[{i}]"), by_name) for i, g in enumerate(data["goals"]))
    per_count = {key: _per_player_count(rules, key) for key in ("rounds", "goal_choice_round", "hand")}
    start = []
    for key, row in (("start_plant", PLANT), ("start_animal", ANIMAL)):
        pair = rules.get(key, list)
        if len(pair) != 2 or pair[0] not in number or number[pair[0]] != starts[row]:
            raise ContentError(f"{rules.where}: {key} must be [location, population] of the start = true {ROWS[row]}")
        start.append((starts[row], int(pair[1])))
    max_population = rules.get("max_population", int)
    if not 1 <= min(p for _, p in start) <= max(p for _, p in start) <= max_population:
        raise ContentError(f"{rules.where}: max_population ({max_population}) must be at least the starting "
                           f"populations ({start[0][1]} and {start[1][1]}), which must be at least 1 (PH-1.1)")
    return Content(
        locs=locs, **{key: tuple(column) for key, column in columns.items()}, goals=goals, deck=deck,
        start=(start[0], start[1]),
        rounds=per_count["rounds"], goal_round=per_count["goal_choice_round"], hand=per_count["hand"],
        goals_dealt=rules.get("goals_dealt", int), max_population=max_population,
        automa_picks=rules.get("automa_picks", int), raw=data,
    )


BLANK = {"names": "", "commons": "", "kinds": -1, "row": -1, "habitat": -1, "stars": 0, "icons": 0, "needs": 0,
         "evolves_with": -1, "growth": -1, "bonus": 0, "sides": (0, 0), "events": None}


def _species(r: _Reader) -> dict:
    row = ROWS.index(r.get("row", str, choices=ROWS))
    allowed = PLANT_ICONS if row == PLANT else ANIMAL_ICONS
    needs = 0
    for attribute in r.get("attributes", list):
        if attribute not in allowed:
            raise ContentError(f"{r.where}: {attribute!r} is not a {ROWS[row]} attribute ({', '.join(allowed)})")
        needs |= 1 << ICON[attribute]
    growth = ICON[r.get("growth", str, choices=GROWTHS)]
    evolves = r.table.get("evolves_with")
    evolves_with = -1 if evolves is None else ICON[r.get("evolves_with", str, choices=GROWTHS)]
    stars = r.get("stars", int)
    bonus = r.get("discard_bonus", int)
    if stars < 0 or bonus < 0:
        raise ContentError(f"{r.where}: stars and discard_bonus must be ≥ 0")
    icons = needs | 1 << growth | (0 if evolves_with < 0 else 1 << evolves_with)
    return {"names": r.get("name", str), "commons": r.get("common", str, ""), "row": row,
            "habitat": HABITATS.index(r.get("habitat", str, choices=HABITATS)), "stars": stars, "icons": icons,
            "needs": needs, "evolves_with": evolves_with, "growth": growth, "bonus": bonus}


def _sides(r: _Reader) -> tuple[int, int]:
    plant = r.get("plant", str, choices=("star", *PLANT_ICONS))
    animal = r.get("animal", str, choices=("star", *ANIMAL_ICONS, *GROWTHS[1:]))
    return tuple(STAR if side == "star" else ICON[side] for side in (plant, animal))


def icon_name(icon: int) -> str:
    return "star" if icon == STAR else ICONS[icon]


def growth_words(icon: int) -> str:
    """A growth requirement as the cards say it: "grows by sunlight", "eats plants", "eats plants and animals"."""
    return {"sunlight": "grows by sunlight", "both": "eats plants and animals"}.get(icon_name(icon),
                                                                                  f"eats {icon_name(icon)}")


def side_name(icon: int) -> str:
    return {"star": "Large", "plants": "Herbivore", "animals": "Carnivore", "both": "Omnivore"}.get(
        icon_name(icon), icon_name(icon).capitalize())


def _mutation_name(r: _Reader) -> str:
    plant, animal = _sides(r)
    return f"{side_name(plant)}/{side_name(animal)}"


def _event(r: _Reader) -> Event:
    effect = r.get("effect", str, choices=EFFECTS)
    if effect in ("drift", "recover"):
        return Event(effect)
    amount = r.get("amount", int)
    if effect == "one":
        row = r.table.get("row", "any")
        habitat = r.table.get("habitat", "any")
        if row not in ("any", *ROWS) or habitat not in ("any", *HABITATS):
            raise ContentError(f"{r.where}: row must be plant, animal or any; habitat water, land or any")
        return Event(effect, amount, row=-1 if row == "any" else ROWS.index(row),
                     habitat=-1 if habitat == "any" else HABITATS.index(habitat))
    icon = ICON[r.get("icon", str, choices=ICONS)] if "icon" in r.table else -1
    growth = ICON[r.get("growth", str, choices=GROWTHS)] if "growth" in r.table else -1
    min_stars = r.get("min_stars", int) if "min_stars" in r.table else 0
    if icon < 0 and growth < 0 and min_stars <= 0:
        raise ContentError(f"{r.where}: an 'all' event needs icon, growth or min_stars")
    return Event(effect, amount, icon=icon, growth=growth, min_stars=min_stars)


def _goal(r: _Reader, species: dict[str, int]) -> Goal:
    lines = []
    for i, line in enumerate(r.get("lines", list)):
        lr = _Reader(line, f"{r.where}.lines[{i}]")
        alive = lr.get("when", str, choices=("alive", "extinct")) == "alive"
        if ("species" in line) == ("icon" in line):
            raise ContentError(f"{lr.where}: name either a species or an icon")
        name = lr.get("species", str, choices=tuple(species)) if "species" in line else None
        icon = ICON[lr.get("icon", str, choices=ICONS)] if "icon" in line else -1
        lines.append(GoalLine(alive, species[name] if name else -1, icon, lr.get("points", int)))
    return Goal(r.get("name", str), tuple(lines))


def _per_player_count(rules: _Reader, key: str) -> tuple[int, ...]:
    values = rules.get(key, list)
    if len(values) != len(PLAYERS) or not all(isinstance(v, int) and v > 0 for v in values):
        raise ContentError(f"{rules.where}: {key} must list {len(PLAYERS)} positive numbers, one per player count")
    return tuple(values)
