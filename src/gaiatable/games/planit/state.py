"""Planit's state: the data (the rules are in rules.py, the views in view.py)."""

from __future__ import annotations

from ...core.fields import BOOLS, GRID, INT, INTS, TUPLES, fields
from ...core.game import State
from .content import CARDS
from .explain import Explain
from .rules import F_DEAL, Rules
from .view import View


class PlanitState(Rules, Explain, View, State):
    __slots__ = fields(
        temp=INTS, o2=INTS, ice_age=BOOLS, plant_ok=BOOLS, animal_ok=BOOLS, ranks=INTS, ozone=BOOLS, hands=GRID,
        pile=INTS, discards=INTS, player=INT, turn=INT, winner=INT, frames=TUPLES, events=TUPLES,
    )

    def __init__(self, game):
        self.game = game
        self._legal = None
        n, g = game.num_players, game.content.gauges
        self.temp = [g["start_temperature"]] * n
        self.o2 = [0] * n
        self.ice_age = [False] * n  # the sink has filled once (PL-3.3)
        self.plant_ok = [True] * n
        self.animal_ok = [True] * n
        self.ranks = [0] * n  # bit r: higher animal RANKS[r] on the planet
        self.ozone = [False] * n
        self.hands = [[0] * len(CARDS) for _ in range(n)]  # count per card kind, face up
        self.pile = list(game.content.deck)
        self.discards = [0] * len(CARDS)
        self.player = 0
        self.turn = 0
        self.winner = -1
        self.frames: list[tuple] = [(F_DEAL, 0, 3)]
        self.events: list[tuple] = []

    def check(self) -> str | None:
        n = self.game.num_players
        if len(self.temp) != n or len(self.hands) != n:
            return f"expected {n} planets"
        return None
