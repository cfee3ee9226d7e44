"""Tic-tac-toe in the terminal: the grid."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from .common import result_lines


def render(obs: dict):
    cells = obs["board"]["cells"]
    rows = [f"{r + 1}  " + " ".join(cells[r * 3:r * 3 + 3]) for r in range(3)]
    return Group(Text("\n".join(["   a b c", *rows])), *result_lines(obs))
