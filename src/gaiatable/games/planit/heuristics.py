"""Planit's evaluation for bots: how many plays each planet still needs to win, from the charts.

The race is a chain of plays: fill the O2 sink, climb back out of the Ice Age, reach 21% O2, evolve
four higher animals, then roll on the Winning chart. Every step costs plays, and a play's yield is
its chart's average, so a designer's own charts (`-p content=FILE`) change the estimate with them.
The estimate is per planet; the evaluation is the lead in plays over the best opponent.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.outcome import leads
from .content import CARDS, Effect
from .rules import EVOLUTIONARY

SCALE = 8.0  # plays: a lead of 8 plays is worth tanh(1) of a win
OZONE_PLAYS = 0.5  # an ozone layer spares the plays a UV attack would cost
# what a card in hand is worth, in plays, before it is played: versatile cards most, so that a
# planet with nothing useful to do discards a hazard rather than a Gaia card
KEEP = {"gaia": 0.4, "rain_forest": 0.4, "plants": 0.25, "animals": 0.25, "volcano": 0.15, "meteor": 0.15,
        "methane": 0.15, "uv_radiation": 0.15, "plague": 0.15, "ozone": 0.15, "cfc": 0.1, "mutant": 0.1,
        "acid_rain": 0.05}
KEEP_BY_CARD = tuple(KEEP.get(card, 0.0) for card in CARDS)  # fire, solar output, salt cycle: never held


def _mean(chart: tuple[Effect, ...], kind: str) -> float:
    return sum(abs(e.amount) if kind in ("temp", "o2") else 1.0 for e in chart if e.kind == kind) / len(chart)


@dataclass(frozen=True)
class Costs:
    """Plays per unit of progress: the inverse of each chart's average yield."""

    o2: float  # per O2 space
    warm: float  # per temperature space up
    cool: float  # per temperature space down
    evolve: float  # per higher animal
    win: float  # Evolutionary Humans from the Winning chart
    heal: float  # per damaged token

    @classmethod
    def of(cls, charts: dict) -> Costs:
        def inverse(x: float) -> float:
            return 1.0 / x if x > 0 else 50.0  # a chart that never yields: as good as never

        return cls(o2=inverse(_mean(charts["plants_raise_o2"], "o2")),
                   warm=inverse(_mean(charts["animals_raise_temp"], "temp")),
                   cool=inverse(_mean(charts["plants_lower_temp"], "temp")),
                   evolve=inverse(_mean(charts["animals_evolve"], "evolve")),
                   win=inverse(_mean(charts["winning"], "win")),
                   heal=inverse(_mean(charts["heal"], "heal")))


def plays_to_win(state, seat: int) -> float:
    g, cost = state.game.content.gauges, state.game.costs
    just_right, temp, o2 = g["just_right"], state.temp[seat], state.o2[seat]
    plays = (temp - just_right) * cost.cool if temp > just_right else (just_right - temp) * cost.warm
    plays += max(0, g["o2_21"] - o2) * cost.o2
    if not state.ice_age[seat]:
        plays += just_right * cost.warm  # the Ice Age still to come sends the temperature to 0
    ranks = state.ranks[seat]
    plays += sum(not ranks >> r & 1 for r in range(EVOLUTIONARY)) * cost.evolve + cost.win  # then roll to win
    plays += (2 - state.plant_ok[seat] - state.animal_ok[seat]) * cost.heal
    plays -= sum(n * keep for n, keep in zip(state.hands[seat], KEEP_BY_CARD, strict=True))
    return plays - (OZONE_PLAYS if state.ozone[seat] else 0.0)


def heuristic(state) -> list[float]:
    return leads([-plays_to_win(state, s) for s in range(state.game.num_players)], SCALE)
