"""Earth: Our Home's evaluations for bots: points, plus what the current species' habitats would score
now (land 2, sea 1) and its strength where it stands, as a lead over the best rival. `contests` also
sees the habitats a species is about to lose: the default bot judges by it, greedy by the plain count."""

from __future__ import annotations

from bisect import bisect_left
from itertools import chain, compress, repeat
from operator import contains

from ...core.outcome import leads

SCALE = 12.0
EXPOSED = 4  # tenths taken off a point of a habitat the next counter laid there takes away: it counts 2/6


def worths(state, exposed: bool = False) -> list[float]:
    """Each seat's points, 0.6 of what its current species' habitats would score now (`exposed`: 0.2 of
    a habitat it is about to lose) and 0.1 a counter of its on the map. Counted in whole tenths, so that
    equal positions compare equal; this runs at every node of a search."""
    game, board = state.game, state.board
    codes = sorted(chain.from_iterable(board))  # a seat's counters are the codes seat * 8 to seat * 8 + 7
    values = []
    for seat in range(game.num_players):
        low, own = seat * 8, seat * 8 + state.level[seat]
        homes = sum(compress(game.home_points, map(contains, board, repeat(own))))
        losing = sum(game.home_points[h] for h in losable(state, own)) if exposed else 0
        counters = bisect_left(codes, low + 8) - bisect_left(codes, low)
        values.append((10 * state.points[seat] + 6 * homes - EXPOSED * losing + counters) / 10)
    return values


def losable(state, code: int) -> list[int]:
    """The habitats the next counter laid there takes from species `code` (EO-4.1): its only counter
    there, the habitat full, another genus present, and no species there with a lower conflict value."""
    capacity, out = state.game.content.capacity, []
    for h, counters in enumerate(state.board):
        if len(counters) >= capacity[h] and counters.count(code) == 1 and any(c // 8 != code // 8 for c in counters):
            mine = state.conflict(code, h)
            if all(mine <= state.conflict(c, h) for c in set(counters)):
                out.append(h)
    return out


def heuristic(state) -> list[float]:
    return leads(worths(state), SCALE)


def contests(state) -> list[float]:
    return leads(worths(state, exposed=True), SCALE)
