"""Earth: Our Home's evaluation for bots: points, plus what the current species' habitats would score
now (land 2, sea 1) and its strength where it stands, as a lead over the best rival."""

from __future__ import annotations

from ...core.outcome import leads
from .content import MARINE

SCALE = 12.0


def worths(state) -> list[float]:
    """Each seat's points, 0.6 of what its current species' habitats would score now, and 0.1 a counter
    of its on the map; one pass over the board for every seat (this runs at every node of a search)."""
    content, n = state.game.content, state.game.num_players
    values = [float(p) for p in state.points[:n]]
    current = [seat * 8 + state.level[seat] for seat in range(n)]
    marine, land = 0.6 * content.marine_points, 0.6 * content.land_points
    types = content.types
    for h, counters in enumerate(state.board):
        if not counters:
            continue
        mine: dict[int, int] = {}
        for c in counters:
            mine[c >> 3] = mine.get(c >> 3, 0) + 1
        for seat, count in mine.items():
            if current[seat] in counters:
                values[seat] += marine if types[h] == MARINE else land
            values[seat] += 0.1 * count
    return values


def heuristic(state) -> list[float]:
    return leads(worths(state), SCALE)
