"""Planetarium action ids: named blocks over the content's spaces (S) and cards (C).

    deal (4)            chance: the Matter type dealt onto the next white dot at set-up
    draw (4, C)         chance: seat s draws card c (the drawer is in the id, so views can hide it)
    first (4)           chance: who starts, among the seats tied for the highest discarded Final
    discard (C)         set-up: the Final card a seat discards
    move (S, S)         move the token on one space to another
    still (1)           no token can move (rare)
    play (C, 4)         play card c on planet p (Low or High in a turn, Finals on a final turn)
    downgrade (C)       discard a Downgrade card for a Low card and -1 point
    no card (1)         end the turn without a card
    marker (4)          out of markers: move yours from a card of planet p onto the card just played
    no marker (1)       play it without a marker
    gravity (S, 4)      take the Matter on a space to your mat at planet p
    no gravity (1)
    take (3)            after playing: draw a Low, a High, or two Finals to keep one
    keep (C)            the Final card kept of the two drawn
    done (1)            end a final turn's Final cards
    roll (11)           solo, chance: the two dice's total, 2..12
    eject (4, 4)        with no Low or High card to play: the Matter of type m on your mat at planet p
                        goes onto the Evolution Track (PT-3.12)
"""

from __future__ import annotations

from ...core.actions import ActionSpace
from .content import DECKS, MATTER, Content

SEATS = 4


class ActionTable:
    """The ids of one board and card list; `space` is the core ActionSpace, the attributes the blocks."""

    def __init__(self, content: Content):
        self.content = content
        s, c = content.spaces, len(content.cards)
        self.space = ids = ActionSpace()
        self.deal = ids.block("deal", len(MATTER))
        self.draw = ids.block("draw", SEATS, c)
        self.first = ids.block("first", SEATS)
        self.discard = ids.block("discard", c)
        self.move = ids.block("move", s, s)
        self.still = ids.block("still", 1).start
        self.play = ids.block("play", c, 4)
        self.downgrade = ids.block("downgrade", c)
        self.no_card = ids.block("no card", 1).start
        self.marker = ids.block("marker", 4)
        self.no_marker = ids.block("no marker", 1).start
        self.gravity = ids.block("gravity", s, 4)
        self.no_gravity = ids.block("no gravity", 1).start
        self.take = ids.block("take", len(DECKS))
        self.keep = ids.block("keep", c)
        self.done = ids.block("done", 1).start
        self.roll = ids.block("roll", 11)
        self.eject = ids.block("eject", 4, len(MATTER))

    def text(self, action: int) -> str:
        block = self.space.find(action)
        index = block.index(action)
        c = self.content
        card = lambda i: f"{c.cards[i].id} {c.cards[i].name}"  # noqa: E731
        return {
            "deal": lambda: f"deal {MATTER[index[0]]}",
            "draw": lambda: f"seat {index[0]} draws {card(index[1])}",
            "first": lambda: f"seat {index[0]} starts",
            "discard": lambda: f"discard {card(index[0])}",
            "move": lambda: f"move {c.names[index[0]]} {c.names[index[1]]}",
            "still": lambda: "no move",
            "play": lambda: f"play {card(index[0])} on {c.planet_names[index[1]]}",
            "downgrade": lambda: f"downgrade {card(index[0])}",
            "no card": lambda: "no card",
            "marker": lambda: f"move a marker from planet {c.planet_names[index[0]]}",
            "no marker": lambda: "no marker",
            "gravity": lambda: f"gravity {c.names[index[0]]} to {c.planet_names[index[1]]}",
            "no gravity": lambda: "no gravity",
            "take": lambda: ("take a low card", "take a high card", "take two finals")[index[0]],
            "keep": lambda: f"keep {card(index[0])}",
            "done": lambda: "done",
            "roll": lambda: f"roll {index[0] + 2}",
            "eject": lambda: f"eject {MATTER[index[1]]} from {c.planet_names[index[0]]}",
        }[block.name]()

    def struct(self, action: int) -> dict:
        block = self.space.find(action)
        index = block.index(action)
        out = {"id": action, "kind": block.name, "index": list(index), "text": self.text(action)}
        if block.name in ("play", "discard", "downgrade", "keep"):  # the card, by id, for the lab and front ends
            out["card"] = self.content.cards[index[0]].id
        return out

    def aliases(self, action: int) -> tuple[str, ...]:
        """Cards by id alone ('play h01 on b'), moves by their spaces ('ii-7 iii-1')."""
        block = self.space.find(action)
        index = block.index(action)
        c = self.content
        if block.name in ("play",):
            return (f"play {c.cards[index[0]].id} on {c.planet_names[index[1]]}",
                    f"{c.cards[index[0]].id} {c.planet_names[index[1]]}")
        if block.name in ("discard", "downgrade", "keep"):
            return (f"{block.name} {c.cards[index[0]].id}",)
        if block.name == "move":
            return (f"{c.names[index[0]]} {c.names[index[1]]}",)
        if block.name == "eject":
            return (f"eject {MATTER[index[1]]} {c.planet_names[index[0]]}",)
        if block.name == "gravity":
            return (f"gravity {c.names[index[0]]} {c.planet_names[index[1]]}",)
        return ()
