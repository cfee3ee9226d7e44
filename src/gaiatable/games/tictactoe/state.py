"""Tic-tac-toe's state: the data. The rules that change it are in rules.py."""

from __future__ import annotations

from ...core.fields import INT, INTS, fields
from ...core.game import State
from .explain import Explain
from .rules import CROSS, EMPTY, Rules
from .view import View


class TicTacToeState(Rules, Explain, View, State):
    __slots__ = fields(board=INTS, player=INT, winner=INT)

    def __init__(self, game):
        self.game = game
        self._legal = None
        self.board = [EMPTY] * 9  # a mark per cell, row-major
        self.player = CROSS  # the seat to move, or TERMINAL
        self.winner = EMPTY

    def check(self) -> str | None:
        if len(self.board) != 9:
            return "the board must have 9 cells"
        return None
