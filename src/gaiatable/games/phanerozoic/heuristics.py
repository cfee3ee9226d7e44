"""Phanerozoic's evaluation for bots: each seat's goal points on the board that the nature phases
left in the game would bring about if nobody played another card, as a lead over the best other seat
(or the Automa), squashed into [-1, 1]. A seat still holding two goals will keep
the better one (PH-8.1), so only that one counts. Bots call this on determinized states: the other
seats' goals it reads are guesses, never the real secrets."""

from __future__ import annotations

import math

SCALE = 6.0


def prospects(state, goals: tuple[int, ...]) -> float:
    return max((state.goal_points((g,)) for g in goals), default=0)


def heuristic(state) -> list[float]:
    future = state.future()
    points = [prospects(future, goals) for goals in state.goals]
    if state.game.solo:
        return [math.tanh((points[0] - future.automa_score()) / SCALE)]
    n = len(points)
    return [math.tanh((points[s] - max(points[o] for o in range(n) if o != s)) / SCALE) for s in range(n)]
