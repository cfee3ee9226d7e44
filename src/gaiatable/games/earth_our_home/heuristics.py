"""Earth: Our Home's evaluation for bots: points, plus what the current species' habitats would score
now (land 2, sea 1) and its strength where it stands, as a lead over the best rival."""

from __future__ import annotations

from bisect import bisect_left
from itertools import chain, compress, repeat
from operator import contains

from ...core.outcome import leads

SCALE = 12.0


def worths(state) -> list[float]:
    """Each seat's points, 0.6 of what its current species' habitats would score now, and 0.1 a counter
    of its on the map. Counted in whole tenths, so that equal positions compare equal; this runs at
    every node of a search."""
    game, board = state.game, state.board
    codes = sorted(chain.from_iterable(board))  # a seat's counters are the codes seat * 8 to seat * 8 + 7
    values = []
    for seat in range(game.num_players):
        low = seat * 8
        homes = sum(compress(game.home_points, map(contains, board, repeat(low + state.level[seat]))))
        counters = bisect_left(codes, low + 8) - bisect_left(codes, low)
        values.append((10 * state.points[seat] + 6 * homes + counters) / 10)
    return values


def heuristic(state) -> list[float]:
    return leads(worths(state), SCALE)
