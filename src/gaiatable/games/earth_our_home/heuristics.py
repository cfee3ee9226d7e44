"""Earth: Our Home's evaluation for bots: points, plus what the current species' habitats would score
now (land 2, sea 1) and its strength where it stands, as a lead over the best rival."""

from __future__ import annotations

from ...core.outcome import leads
from .content import MARINE

SCALE = 12.0


def worth(state, seat: int) -> float:
    content = state.game.content
    own = seat * 8 + state.level[seat]
    value = float(state.points[seat])
    for h, counters in enumerate(state.board):
        if own in counters:
            value += 0.6 * (content.marine_points if content.types[h] == MARINE else content.land_points)
        value += 0.1 * sum(1 for c in counters if c // 8 == seat)
    return value


def heuristic(state) -> list[float]:
    return leads([worth(state, s) for s in range(state.game.num_players)], SCALE)
