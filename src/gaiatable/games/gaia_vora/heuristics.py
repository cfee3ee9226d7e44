"""Gaia-Vora's evaluation for bots: the score race, squashed into [-1, 1]."""

from __future__ import annotations

import math

SCALE = 8.0  # a lead of this many points is worth about 0.76


def heuristic(state) -> list[float]:
    """Each seat's score lead over its best rival (Bots cannot win, so they are no rivals), plus a
    little for life-forms still in the pool (future placements) and Stars (future choices)."""
    n = state.game.num_players
    scores = state.all_scores()
    worth = [scores[s] + 0.15 * sum(state.pool[s * 3:s * 3 + 3]) + 0.3 * state.stars[s] for s in range(n)]
    out = []
    for s in range(n):
        rival = max(worth[o] for o in range(n) if o != s)
        out.append(math.tanh((worth[s] - rival) / SCALE))
    return out
