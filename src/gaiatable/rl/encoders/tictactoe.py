"""Tic-tac-toe: each cell as the viewer's mark, the opponent's mark, or empty."""

from __future__ import annotations

import numpy as np

from ..encoding import Encoder


class TicTacToeEncoder(Encoder):
    game_name = "tictactoe"
    phases = ("mark", "over")
    score_scale = 1.0

    def layout(self) -> None:
        self.mine = self.add("board.mine", 9, "1 where the viewer has marked the cell (row-major, a1..c3)").start
        self.add("board.theirs", 9, "1 where the opponent has marked the cell")
        self.add("board.empty", 9, "1 where the cell is empty")
        self._vectors: dict[tuple, np.ndarray] = {}

    def encode(self, obs) -> np.ndarray:
        # a few thousand positions in all, so each vector is built once and copied from then on; the
        # viewer and the cells fix the rest of what the encoding reads (the mover, the phase, the scores
        # and the viewer's mark follow from them by the rules)
        key = (obs["viewer"], *obs["board"]["cells"])
        vector = self._vectors.get(key)
        if vector is None:
            vector = self._vectors[key] = super().encode(obs)
        return vector.copy()

    def write(self, obs, out) -> None:
        mine = obs["seats"][obs["viewer"]]["public"]["mark"]
        at = self.mine
        # blocks of 9 from `at`: mine, theirs, empty
        out.index.extend([at + i + (0 if cell == mine else 18 if cell == "." else 9)
                          for i, cell in enumerate(obs["board"]["cells"])])
        out.value.extend([1.0] * 9)


ENCODER = TicTacToeEncoder
