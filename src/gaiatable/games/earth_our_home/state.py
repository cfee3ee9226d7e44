"""Earth: Our Home's state: the data (the rules are in rules.py, the views in view.py)."""

from __future__ import annotations

from ...core.fields import INT, INTS, STRS, TUPLE, TUPLES, fields
from ...core.game import State
from .explain import Explain
from .rules import P_DEAL, P_FIRST, Rules
from .view import View


class EarthOurHomeState(Rules, Explain, View, State):
    __slots__ = fields(
        epoch=INT, phase=INT, player=INT, first=INT, placed=INT, mutating=INT, board=TUPLES, level=INTS,
        genes=TUPLES, points=INTS, scored=TUPLES, turns=INTS, laid=INTS, wiped=INTS, evolved=INTS, deck=INT,
        discard=INT, pending=TUPLE, log=STRS,
    )

    def __init__(self, game):
        self.game = game
        self._legal = None
        c, n = game.content, game.num_players
        self.epoch, self.phase, self.player, self.first, self.placed, self.mutating = 1, P_DEAL, 0, 0, 0, 0
        self.board: list[tuple[int, ...]] = [()] * c.habitats  # counters: seat * 8 + species level
        self.level = [0] * n  # the current species of each genus, 1 to 5
        self.genes: list[tuple[int, ...]] = [()] * n  # per genus, the gene of each species level in turn
        self.points = [0] * n
        self.scored: list[tuple[int, ...]] = [()] * n  # per genus, its habitats' points at each epoch's count (EO-5.1)
        self.turns, self.laid = [0] * n, [0] * n  # this epoch: turns taken, counters laid
        self.wiped, self.evolved = [0] * n, [0] * n  # genus wiped out this epoch; evolved at its start
        self.deck = (1 << len(c.genes)) - 1  # the genes not dealt
        self.discard = 0
        self.pending: tuple[int, ...] = ()  # genera waiting for a gene: seat * 2 (+ 1: replace the current one)
        self.log: list[str] = []
        if game.first_player == "random":  # EO-7.5: a chance draw first
            self.phase = P_FIRST
        else:
            self.start_epoch()

    def check(self) -> str | None:
        if len(self.board) != self.game.content.habitats or len(self.level) != self.game.num_players:
            return "board or level has the wrong length"
        return None
