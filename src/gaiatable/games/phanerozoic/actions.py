"""Phanerozoic action ids: stable ints with text and JSON forms. With C cards and G goals:

    0 .. 4C-1      chance: seat s draws card c (s * C + c); the drawer is part of the id so that a
                   view can hide another seat's draw
    then 5G:       chance: goal g is dealt to seat s (s * G + g), or to the solo Automa (4 * G + g)
    then C each:   chance: the Automa reveals card c; choose c (the secret choice, or a solo pick);
                   draft c; keep c; discard c; play c; target c (a living card, a tucked mutation,
                   or a card of the discard pile)
    then 1:        decline the discard bonus
    then G:        keep goal g

A card's play that needs a target (PH-4 to PH-6) is two decisions: `play c`, then `target t`.
"""

from __future__ import annotations

from ...core.actions import ActionSpace
from .content import Content

SEATS = 4
KINDS = ("draw", "reveal", "choose", "draft", "keep", "discard", "play", "target")


class ActionTable:
    """The ids of one card list; `space` is the core ActionSpace, the attributes the blocks' first ids."""

    def __init__(self, content: Content):
        self.content = c = content
        n, goals = c.size, len(c.goals)
        self.space = space = ActionSpace()
        self.draw = space.block("draw", SEATS, n).start  # seat, card
        self.deal = space.block("deal", SEATS + 1, goals).start  # seat or the Automa, goal
        self.reveal, self.choose, self.draft, self.keep, self.discard, self.play, self.target = (
            space.block(kind, n).start for kind in KINDS[1:])
        self.no_bonus = space.block("no bonus", 1).start
        self.goal = space.block("goal", goals).start
        self.size = space.size

    def decode(self, action: int) -> tuple[str, int, int]:
        """(kind, card or goal, seat) of an action; seat is -1 unless it is a draw or a deal (-2: the
        Automa)."""
        n, g = self.content.size, len(self.content.goals)
        if action < self.deal:
            return "draw", action % n, action // n
        if action < self.reveal:
            owner = (action - self.deal) // g
            return "deal", (action - self.deal) % g, -2 if owner == SEATS else owner
        if action < self.no_bonus:
            return KINDS[1 + (action - self.reveal) // n], (action - self.reveal) % n, -1
        if action == self.no_bonus:
            return "no bonus", -1, -1
        return "goal", action - self.goal, -1

    def text(self, action: int) -> str:
        kind, index, seat = self.decode(action)
        c = self.content
        if kind == "draw":
            return f"seat {seat} draws {c.label(index)}"
        if kind == "deal":
            return f"{'the Automa' if seat == -2 else f'seat {seat}'} is dealt goal {c.goals[index].name}"
        if kind == "reveal":
            return f"the Automa reveals {c.label(index)}"
        if kind == "goal":
            return f"keep goal {c.goals[index].name}"
        if kind == "no bonus":
            return "decline the discard bonus"
        return f"{kind} {c.label(index)}"

    def struct(self, action: int) -> dict:
        kind, index, seat = self.decode(action)
        out = {"id": action, "kind": kind, "text": self.text(action)}
        if kind in ("goal", "deal"):
            out["goal"] = self.content.goals[index].name
        elif index >= 0:
            out["card"] = self.content.locs[index]
        if seat != -1:
            out["seat"] = "automa" if seat == -2 else seat
        return out

    def deal_base(self, owner: int) -> int:
        """The first deal action for `owner` (a seat, or -1 for the Automa)."""
        return self.deal + (SEATS if owner < 0 else owner) * len(self.content.goals)

    def aliases(self, action: int) -> tuple[str, ...]:
        """`play 41` for `play Bryophyta (41)`: location numbers are what is printed on the cards."""
        kind, index, _ = self.decode(action)
        if kind in KINDS[2:]:
            return (f"{kind} {self.content.locs[index]}",)
        return ()
