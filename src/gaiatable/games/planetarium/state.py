"""Planetarium's state: the data (the rules are in rules.py and solo.py, the views in view.py)."""

from __future__ import annotations

from ...core.fields import INT, INTS, STRS, TUPLE, TUPLES, fields
from ...core.game import State
from .determinize import Determinize
from .explain import Explain
from .rules import EMPTY, P_DEAL_MATTER, Rules
from .solo import Solo
from .view import View


class PlanetariumState(Rules, Solo, Explain, Determinize, View, State):
    __slots__ = fields(
        phase=INT, player=INT, turn=INT, step=INT, matter_at=INTS, planet_at=INTS, bag=INTS, mats=INTS, track=INT,
        facedown=INT, hands=INTS, decks=INTS, discards=INTS, rows=TUPLES, habitable=INTS, markers=INTS, points=INTS,
        setup_discards=INTS, played_by=INTS, pending=TUPLE, finals_played=INT, final_by=INT, final_left=TUPLE, log=STRS,
    )

    def __init__(self, game):
        self.game = game
        self._legal = None
        c, n = game.content, game.num_players
        self.phase, self.player, self.turn, self.step = P_DEAL_MATTER, 0, 0, 0
        self.matter_at = [EMPTY] * c.spaces  # a Matter type per space, or EMPTY
        self.planet_at = list(c.starts)  # the space of planets A, B, C, D (PT-1.1)
        self.bag = list(c.matter)  # Matter not yet dealt (PT-1.2)
        self.mats = [0] * (n * 16)  # seat * 16 + planet * 4 + Matter type
        self.track = 0  # Matter tokens on the Evolution Track
        self.facedown = 0  # solo: those the Virtual Player put there
        self.hands = [0] * n  # card sets
        self.decks = list(game.deck_mask)  # Low, High, Final: the cards not yet drawn
        self.discards = [0, 0, 0]
        self.rows: list[tuple] = [()] * 4  # per planet: (card, owner's marker or EMPTY) in play order
        self.habitable = [0] * 4  # 1: the Habitable side shows; all start Hostile (PT-1.3)
        self.markers = [c.markers] * n  # markers not on a card
        self.points = [0] * n  # each seat's score
        self.setup_discards = [EMPTY] * n
        self.played_by = [EMPTY] * len(c.cards)  # per card, the seat that played it: its marker may go (PT-3.6)
        self.pending: tuple = ()  # what the current phase works on (the card played, the Finals drawn)
        self.finals_played = 0
        self.final_by = EMPTY  # the seat whose payment filled the track (PT-6.1)
        self.final_left: tuple = ()  # the seats still to take their final turn, in order
        self.log: list[str] = []

    def check(self) -> str | None:
        n = self.game.num_players
        if len(self.matter_at) != self.game.content.spaces or len(self.hands) != n or len(self.rows) != 4:
            return "matter_at, hands or rows has the wrong length"
        return None
