"""Tic-tac-toe's rules (docs/rulings/tictactoe.md): legal actions and what an action does."""

from __future__ import annotations

from ...core.game import TERMINAL

EMPTY, CROSS, NOUGHT = -1, 0, 1  # a cell's mark; the crosses are seat 0
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = [[line for line in LINES if cell in line] for cell in range(9)]  # a new mark can only win these


class Rules:
    __slots__ = ()

    def current_player(self) -> int:
        return self.player

    def _legal_actions(self) -> tuple[int, ...]:
        if self.player == TERMINAL:
            return ()
        board = self.board
        return tuple([i for i in range(9) if board[i] == EMPTY])

    def _apply(self, action: int) -> None:
        board, mark = self.board, self.player
        board[action] = mark
        for i, j, k in LINES_THROUGH[action]:
            if board[i] == board[j] == board[k]:  # TTT-3
                self.winner, self.player = mark, TERMINAL
                return
        self.player = TERMINAL if EMPTY not in board else mark ^ 1  # TTT-4, TTT-1

    def scores(self) -> list[float]:
        return self.returns()  # a win is worth 1, a loss -1

    def winners(self) -> list[int] | None:
        return None if self.winner == EMPTY else [self.winner]
