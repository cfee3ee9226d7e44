"""Tic-tac-toe: the smallest complete game, and the template every game in gaiatable copies.

| players | chance | information | actions                          |
|---------|--------|-------------|----------------------------------|
| 2       | none   | perfect     | 9: a cell, 0..8 row-major (a1..c3) |

A game module reads top to bottom: constants, the Game (rules, action forms), the State (data and
the protocol), registration. Rules: docs/rulings/tictactoe.md.
"""

from __future__ import annotations

from ...core.game import REFEREE, TERMINAL, Game, State, require_keys
from ...core.registry import register

EMPTY, CROSS, NOUGHT = -1, 0, 1
MARKS = "xo"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
CELL_NAMES = [f"{col}{row}" for row in "123" for col in "abc"]


@register
class TicTacToe(Game):
    name = "tictactoe"
    title = "Tic-tac-toe"
    min_players = max_players = 2
    num_distinct_actions = 9
    default_agent = "mcts:iters=1000"

    def _action_text(self, action: int) -> str:
        return CELL_NAMES[action]

    def _action_struct(self, action: int) -> dict:
        return {"kind": "mark", "cell": CELL_NAMES[action], "row": action // 3, "col": action % 3}

    def render(self, observation: dict):
        from rich.text import Text
        b = observation["board"]
        rows = [f"{r + 1}  " + " ".join(b[r * 3:r * 3 + 3]) for r in range(3)]
        return Text("\n".join(["   a b c", *rows]))

    def new_initial_state(self) -> TicTacToeState:
        return TicTacToeState(self)

    def state_from_json(self, data: dict) -> TicTacToeState:
        require_keys(data, ("board", "player"), "tictactoe state")
        state = TicTacToeState(self)
        state.board = [int(v) for v in data["board"]]
        state.player = int(data["player"])
        state.winner = state._find_winner()
        return state


class TicTacToeState(State):
    __slots__ = ("board", "player", "winner")

    def __init__(self, game: TicTacToe):
        self.game = game
        self._legal = None
        self.board = [EMPTY] * 9
        self.player = CROSS
        self.winner = EMPTY

    def current_player(self) -> int:
        return self.player

    def _legal_actions(self) -> tuple[int, ...]:
        if self.player == TERMINAL:
            return ()
        board = self.board
        return tuple(i for i in range(9) if board[i] == EMPTY)

    def explain_illegal(self, action: int) -> tuple[str, str]:
        return "that cell is already marked", "TTT-2"

    def _apply(self, action: int) -> None:
        self.board[action] = self.player
        self.winner = self._find_winner()
        if self.winner != EMPTY or EMPTY not in self.board:
            self.player = TERMINAL
        else:
            self.player ^= 1

    def _find_winner(self) -> int:
        b = self.board
        for i, j, k in LINES:
            if b[i] != EMPTY and b[i] == b[j] == b[k]:
                return b[i]
        return EMPTY

    def copy(self) -> TicTacToeState:
        new = TicTacToeState.__new__(TicTacToeState)
        new.game = self.game
        new._legal = self._legal
        new.board = self.board[:]
        new.player = self.player
        new.winner = self.winner
        return new

    def returns(self) -> list[float]:
        if self.winner == EMPTY:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == CROSS else [-1.0, 1.0]

    def observe(self, viewer: int | str = REFEREE) -> dict:
        return {
            "viewer": viewer,
            "board": ["." if v == EMPTY else MARKS[v] for v in self.board],
            "to_move": self.player,
            "winner": self.winner,
        }

    def to_json(self) -> dict:
        return {"board": list(self.board), "player": self.player}
