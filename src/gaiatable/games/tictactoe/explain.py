"""Why a tic-tac-toe move is illegal, with the clause that forbids it."""

from __future__ import annotations


class Explain:
    __slots__ = ()

    def explain_illegal(self, action: int) -> tuple[str, str]:
        return "that cell is already marked", "TTT-2"
