"""What a viewer sees of tic-tac-toe: everything (no secrets)."""

from __future__ import annotations

from ...core.game import REFEREE, TERMINAL
from ...core.observation import Observation, observation, seat
from .rules import EMPTY

MARKS = "xo"


class View:
    __slots__ = ()

    def observe(self, viewer: int | str = REFEREE) -> Observation:
        over = self.player == TERMINAL
        return observation(
            self, viewer, phase="over" if over else "mark",
            prompt="the game is over" if over else f"{MARKS[self.player]}, mark a cell",
            log=[], board={"cells": ["." if v == EMPTY else MARKS[v] for v in self.board]},
            seats=[seat(s, MARKS[s], {"mark": MARKS[s]}, {}) for s in range(2)],
            scores=self.scores(),
        )
