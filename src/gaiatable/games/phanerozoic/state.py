"""Phanerozoic's state: the data (the rules are in rules.py and nature.py, the views in view.py)."""

from __future__ import annotations

from ...core.fields import INT, INT_MAP, INTS, STRS, TUPLE, TUPLES, fields
from ...core.game import State
from .determinize import Determinize
from .explain import Explain
from .nature import Nature
from .rules import P_GOALS, Rules
from .view import View


class PhanerozoicState(Rules, Nature, Explain, Determinize, View, State):
    __slots__ = fields(
        round=INT, phase=INT, player=INT, start=INT, step=INT, pop=INT_MAP, tucked=INT_MAP, extinct=INT, deck=INT,
        discard=INT, hands=INTS, picks=INTS, chosen=INTS, kept=INTS, pool=INT, goals=TUPLES, automa_goals=TUPLE,
        automa=INT, spent=INT, frames=TUPLES, log=STRS,
    )

    def __init__(self, game):
        self.game = game
        self._legal = None
        c, n = game.content, game.num_players
        self.round = 1
        self.phase = P_GOALS
        self.player = 0
        self.start = 0
        self.step = 0  # goals dealt, draft picks made, or Automa attempts made, by phase
        self.pop = {card: population for card, population in c.start}  # PH-1.2
        self.tucked = {card: () for card, _ in c.start}
        self.extinct = 0
        self.deck = c.deck
        self.discard = 0
        self.hands = [0] * n
        self.picks = [-1] * n  # the secret choice until the reveal (PH-2.3)
        self.chosen = [0] * n  # face-up chosen cards
        self.kept = [0] * n  # face-down kept cards
        self.pool = 0  # the unchosen cards in the middle
        self.goals: list[tuple[int, ...]] = [()] * n
        self.automa_goals: tuple[int, ...] = ()
        self.automa = 0  # solo: the Automa's unrevealed cards
        self.spent = 0  # solo: cards the Automa revealed to make a choice
        self.frames: list[tuple] = []
        self.log: list[str] = []

    def check(self) -> str | None:
        if len(self.hands) != self.game.num_players or len(self.goals) != self.game.num_players:
            return f"expected {self.game.num_players} seats"
        return None
