"""Planit's evaluation for bots: progress along the race, squashed into [-1, 1]."""

from __future__ import annotations

import math

SCALE = 12.0


def progress(state, seat: int) -> float:
    """O2 first, then higher animals; healthy tokens and a temperature near Just Right keep it going."""
    g = state.game.content.gauges
    value = 2.0 * state.o2[seat] + 9.0 * bin(state.ranks[seat]).count("1")
    value += 2.0 * (state.plant_ok[seat] + state.animal_ok[seat]) + (1.0 if state.ozone[seat] else 0.0)
    value -= 0.8 * abs(state.temp[seat] - g["just_right"])
    return value


def heuristic(state) -> list[float]:
    n = state.game.num_players
    values = [progress(state, s) for s in range(n)]
    return [math.tanh((values[s] - max(values[o] for o in range(n) if o != s)) / SCALE) for s in range(n)]
