"""Planetarium's evaluation for bots: points scored, plus what the cards in hand may still score, each
by how close the Matter on the mat comes to paying for it, and a little for loose Matter and markers,
as a lead over the best rival (solo: over the target). A Low or High card kept in hand is worth less
as the track fills (it scores nothing if the end comes first), so nobody sits on a card it can pay;
and a leader gains a little as the track fills, so with no card to play it ejects Matter to hasten
the end (PT-3.12) rather than wait with a rival who cannot pay either.

Matter still on the board counts toward a card by how few moves would bring it to the planet: without
that, every Matter beyond the next move looks worthless and two bots wait for each other forever."""

from __future__ import annotations

from ...core.outcome import leads, squash
from .content import FINAL, HABITABLE, Content
from .rules import EMPTY, bits

SCALE = 10.0  # points: a lead of 10 is worth tanh(1) of a win
LATE_HAND = 0.5  # share of a Low or High card's worth in hand left when the track is nearly full
PUSH = 0.05  # what a full track adds to a leader's value: a lead is worth more the nearer the end
MATTER_WORTH = 0.05  # a Matter token no card in hand needs: it may yet serve a card to come
MARKER_WORTH = 0.5  # a marker on a card: a Final may be played there
READY = (0.8, 0.45, 0.25, 0.1, 0.05)  # share of a card's points, by the Matter still missing (0, 1, 2, ...)
FINAL_SHARE = 0.3  # a Final scores only at the end, and only where the player has a marker
REACH = 0.5  # a board Matter one move from a planet: half as good as on the mat (rivals may take it)
ORBIT_STEP = 1.0  # `conditions`: an orbit between the planet and the card's, counted as a Matter missing
WRONG_SIDE = 1.5  # `conditions`: the planet shows the other side (only cards played there turn it)
NO_MARKER = 1.0  # `conditions`: the card removes a marker of the player's, and it has none on the planet


class Tables:
    """What the evaluation looks up, built once per board and card list."""

    def __init__(self, content: Content):
        self.content = content
        table = approach(content)
        # reach[planet space][space]: REACH / moves to bring a Matter there and the planet together
        self.reach = [[REACH / max(1, table[m][p]) for m in range(content.spaces)] for p in range(content.spaces)]
        kinds = content.planet_kinds
        self.fits = [tuple(p for p in range(4) if c.kind < 0 or kinds[p] == c.kind) for c in content.cards]
        self.needs = [tuple((m, n) for m, n in enumerate(c.matter) if n) for c in content.cards]
        # per card, by the orbit (1..7) its planet is on: the orbits between, counted as Matter missing
        self.off_orbit = [tuple(ORBIT_STEP * (max(0, c.orbit[0] - at) + max(0, at - c.orbit[1])) for at in range(8))
                          for c in content.cards]
        self.side = [c.state for c in content.cards]
        self.removes = [c.remove_marker for c in content.cards]


_TABLES: dict[int, Tables] = {}  # by id(content): a few boards per process


def tables(content: Content) -> Tables:
    found = _TABLES.get(id(content))
    if found is None or found.content is not content:
        found = _TABLES[id(content)] = Tables(content)
    return found


def approach(content: Content) -> list[list[int]]:
    """approach[space][p]: the fewest moves that bring a Matter on `space` and a planet on `p` together,
    the Matter stepping along lines or the planet stepping or sweeping (blockers ignored)."""
    size = content.spaces
    steps = [(content.thick[s],) * (content.thick[s] >= 0) + content.thin[s] for s in range(size)]
    sweeps = []
    for s in range(size):
        reach, d = list(content.thin[s]), content.thick[s]
        while d >= 0 and d not in reach and d != s:
            reach.append(d)
            d = content.thick[d]
        sweeps.append(reach)
    by_matter, by_planet = [_distances(steps, s) for s in range(size)], [_distances(sweeps, s) for s in range(size)]
    return [[min(by_matter[m][p], by_planet[p][m]) for p in range(size)] for m in range(size)]


def _distances(edges, source: int) -> list[int]:
    far = len(edges)
    dist, frontier = [far] * far, [source]
    dist[source] = 0
    while frontier:
        nxt = []
        for s in frontier:
            for d in edges[s]:
                if dist[d] == far:
                    dist[d] = dist[s] + 1
                    nxt.append(d)
        frontier = nxt
    return dist


def farness(state, t: Tables) -> list[float]:
    """Per planet and Matter type (planet * 4 + type): 1 less the reach of the nearest such Matter on the board."""
    near = [0.0] * 16
    loose = [(space, kind) for space, kind in enumerate(state.matter_at) if kind != EMPTY]
    for p, at in enumerate(state.planet_at):
        reach = t.reach[at]
        for space, kind in loose:
            if reach[space] > near[p * 4 + kind]:
                near[p * 4 + kind] = reach[space]
    return [1.0 - v for v in near]


def worth(state, seat: int, t: Tables, far: list[float], late: float = 1.0, playing: bool = True,
          strict: bool = False) -> float:
    """`strict`: a card's orbit, side and marker conditions count as Matter missing too (PT-3.3)."""
    cards = t.content.cards
    base = state.mat_index(seat, 0)
    mats = state.mats[base:base + 16]
    value = state.points[seat] + MATTER_WORTH * sum(mats) + MARKER_WORTH * state.markers_on_cards(seat)
    planets = planet_facts(state, seat, t.content.orbit)
    last = len(READY) - 1
    for card in bits(state.hands[seat]):
        need, fits, c = t.needs[card], t.fits[card], cards[card]
        missing = float(last)
        for p in fits:
            short = unmet(t, card, planets[p]) if strict else 0.0
            for m, n in need:
                have = mats[p * 4 + m]
                if have < n:
                    short += (n - have) * far[p * 4 + m]
            if short < missing:
                missing = short
        whole = int(missing)
        share = READY[whole] + (READY[min(whole + 1, last)] - READY[whole]) * (missing - whole)
        if c.deck == FINAL:
            share *= (FINAL_SHARE if any(planets[p][2] for p in fits) else 0.1) * playing
        else:
            share *= late
        value += share * c.points
    return value


def planet_facts(state, seat: int, orbit) -> list[tuple[int, bool, bool]]:
    """Per planet, what a card's conditions ask of it: its orbit, whether it shows Habitable, and whether
    `seat` has a marker on a card beside it."""
    return [(orbit[at], bool(habitable), any(owner == seat for _, owner in row))
            for at, habitable, row in zip(state.planet_at, state.habitable, state.rows, strict=True)]


def unmet(t: Tables, card: int, planet: tuple[int, bool, bool]) -> float:
    """How far a planet (its `planet_facts`) is from card `card`'s conditions other than its Matter, in
    Matter missing."""
    at, habitable, marked = planet
    short, side = t.off_orbit[card][at], t.side[card]
    if side >= 0 and (side == HABITABLE) != habitable:
        short += WRONG_SIDE
    if t.removes[card] and not marked:
        short += NO_MARKER
    return short


def still_to_play(state) -> set[int]:
    """The seats that may still play a card: all of them until the track fills; then the one playing its
    Finals now and those whose last turn is to come (PT-6.1, PT-6.2)."""
    if not state.final_turn():
        return set(range(state.game.num_players))
    return {state.player, *state.final_left}


def heuristic(state, strict: bool = False) -> list[float]:
    t = tables(state.game.content)
    far = farness(state, t)
    length = state.game.track_length
    filled = min(state.track, length) / length
    late = 1.0 - (1.0 - LATE_HAND) * filled
    playing = still_to_play(state)  # a seat done with its last turn scores nothing more from its hand
    values = [worth(state, s, t, far, late if s in playing else 0.0, s in playing, strict)
              for s in range(state.game.num_players)]
    if state.game.solo:
        out = [squash(values[0] - state.target(), SCALE)]
    else:
        out = leads(values, SCALE)
    return [v + PUSH * filled if v > 0 else v for v in out]


def conditions(state) -> list[float]:
    """The heuristic, with a held card's orbit, side and marker conditions counted as Matter still missing."""
    return heuristic(state, strict=True)
