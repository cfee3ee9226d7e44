"""Tic-tac-toe's rules (docs/rulings/tictactoe.md): legal actions and what an action does."""

from __future__ import annotations

from ...core.game import TERMINAL

EMPTY, CROSS, NOUGHT = -1, 0, 1  # a cell's mark; the crosses are seat 0
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class Rules:
    __slots__ = ()

    def current_player(self) -> int:
        return self.player

    def _legal_actions(self) -> tuple[int, ...]:
        if self.player == TERMINAL:
            return ()
        board = self.board
        return tuple(i for i in range(9) if board[i] == EMPTY)

    def _apply(self, action: int) -> None:
        self.board[action] = self.player
        self.winner = self._find_winner()
        if self.winner != EMPTY or EMPTY not in self.board:  # TTT-3, TTT-4
            self.player = TERMINAL
        else:
            self.player ^= 1  # TTT-1

    def _find_winner(self) -> int:
        b = self.board
        for i, j, k in LINES:
            if b[i] != EMPTY and b[i] == b[j] == b[k]:
                return b[i]
        return EMPTY

    def scores(self) -> list[float]:
        return self.returns()  # a win is worth 1, a loss -1

    def winners(self) -> list[int] | None:
        return None if self.winner == EMPTY else [self.winner]
