"""The undo policy for play, enforced by the engine rather than the front end.

A seat may take back its own decisions since its last irreversible point: nothing that a chance
outcome, a reveal or another seat's move came after. Undo goes back one decision at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import CHANCE, State


@dataclass
class Step:
    actor: int
    action: int
    before: State  # the state before the decision


class UndoRequest(Exception):
    """Raised by an agent that wants to take back its last decision."""


def undo_refusal(trail: list[Step], seat: int) -> str | None:
    """Why `seat` may not undo the last decision in `trail`, or None if it may."""
    if not trail:
        return "there is nothing to undo"
    last = trail[-1]
    if last.actor == CHANCE:
        return "chance has spoken since your last decision: it cannot be taken back"
    if last.actor != seat:
        return "another player has decided since: only your own latest decisions can be undone"
    if last.before.reveals(last.action):
        return "that decision revealed something and cannot be taken back"
    return None
