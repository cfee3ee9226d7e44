"""Tic-tac-toe: the smallest complete game, and the template every game in gaiatable copies.

| players | chance | information | actions                            |
|---------|--------|-------------|------------------------------------|
| 2       | none   | perfect     | 9: a cell, 0..8 row-major (a1..c3) |

A game is a package: this file (the Game: identity, parameters, action texts, registration),
actions.py (action ids), state.py (the data), rules.py (legal actions and their effects),
explain.py (why a move is illegal), view.py (what each viewer sees). docs/adding-a-game.md walks
through them; the rules are in docs/rulings/tictactoe.md.
"""

from __future__ import annotations

from ...core.game import Game
from ...core.registry import register
from .actions import ACTIONS, CELL_NAMES, MARK
from .state import TicTacToeState


@register
class TicTacToe(Game):
    name = "tictactoe"
    title = "Tic-tac-toe"
    how_to_play = """Take turns marking a cell; three of your marks in a row, column or diagonal win; a full
        board with no line is a draw (TTT-1 to TTT-4)."""
    min_players = max_players = 2
    chance = False
    default_agent = "mcts:iters=1000"
    strong_agent = "mcts:iters=5000,seconds=2"
    actions = ACTIONS
    state_class = TicTacToeState

    def _action_text(self, action: int) -> str:
        return CELL_NAMES[action - MARK.start]

    def _action_struct(self, action: int) -> dict:
        row, col = MARK.index(action)
        return {"kind": "mark", "cell": CELL_NAMES[action - MARK.start], "row": row, "col": col}
