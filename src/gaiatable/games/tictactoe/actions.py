"""Tic-tac-toe action ids: one block, a cell by row and column."""

from __future__ import annotations

from ...core.actions import ActionSpace

ACTIONS = ActionSpace()
MARK = ACTIONS.block("mark", 3, 3)  # row, column: ids 0..8, a1 b1 c1 a2 ...
CELL_NAMES = [f"{col}{row}" for row in "123" for col in "abc"]
