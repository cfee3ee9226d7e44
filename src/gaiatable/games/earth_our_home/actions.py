"""Earth: Our Home action ids, over the content's habitats (H) and genes (G).

    deal (G)     chance: the gene dealt to the genus whose turn it is to receive one
    place (H)    lay a counter of your current species in a habitat
    mutate (H)   the epoch's first counter: your older counter in that habitat becomes the new species
    first (4)    chance: the seat that starts epoch 1 (only with -p first_player=random, EO-7.5)
"""

from __future__ import annotations

from ...core.actions import ActionSpace
from .content import Content

SEATS = 4  # the most players


class ActionTable:
    def __init__(self, content: Content):
        self.content = content
        self.space = ids = ActionSpace()
        self.deal = ids.block("deal", len(content.genes))
        self.place = ids.block("place", content.habitats)
        self.mutate = ids.block("mutate", content.habitats)
        self.first = ids.block("first", SEATS)

    def text(self, action: int) -> str:
        c = self.content
        if action in self.deal:
            return f"deal gene {action - self.deal.start} {self.gene(action - self.deal.start)}"
        if action in self.first:
            return f"seat {action - self.first.start} starts"
        if action in self.place:
            return f"place {c.ids[action - self.place.start]} {c.names[action - self.place.start]}"
        return f"mutate {c.ids[action - self.mutate.start]} {c.names[action - self.mutate.start]}"

    def gene(self, gene: int) -> str:
        """A gene card as its kind and symbol: 'A', 'D red circle'."""
        return self.content.gene_text(gene).split(" (")[0]

    def struct(self, action: int) -> dict:
        block = self.space.find(action)
        index = action - block.start
        out = {"id": action, "kind": block.name, "text": self.text(action)}
        if block.name == "first":
            out["seat"] = index
        elif block.name == "deal":
            out["gene"] = self.gene(index)
        else:
            out["habitat"] = self.content.ids[index]
        return out

    def aliases(self, action: int) -> tuple[str, ...]:
        """A habitat by its id alone: 'place w13', 'mutate a'; the first player as the log names it."""
        block = self.space.find(action)
        if block.name == "first":
            return (f"{self.content.genera[action - block.start]} starts",)
        if block.name == "deal":
            return ()
        return (f"{block.name} {self.content.ids[action - block.start]}",)
