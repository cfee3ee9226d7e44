"""Why an Earth: Our Home placement is illegal, with the clause that forbids it."""

from __future__ import annotations

from ...core.game import counted
from .content import MARINE
from .rules import P_DEAL, P_FIRST, counter


class Explain:
    __slots__ = ()

    def explain_illegal(self, action: int) -> tuple[str, str]:
        t, content = self.game.action_table, self.game.content
        if self.phase == P_DEAL:
            return "the mutation phase deals the genes", "EO-2.1"
        if self.phase == P_FIRST:
            if action in t.first and action - t.first.start >= self.game.num_players:
                return f"there is no seat {action - t.first.start} in a game of {self.game.num_players}", "EO-7.5"
            return "a chance draw picks the first player", "EO-7.5"
        if action in t.deal:
            return "genes are dealt by chance", "EO-2.1"
        if action in t.first:
            return "the first player is drawn by chance", "EO-7.5"
        mutating = self.mutations() is not None
        habitat = (action - t.mutate.start) if action in t.mutate else (action - t.place.start)
        name, level = content.names[habitat], self.level[self.player]
        if (action in t.mutate) != mutating:
            if mutating:
                return "your first counter this epoch is the mutation: one of your older counters evolves", "EO-3.2"
            if self.mutating:
                return (f"none of your older counters stands where species {level} may live, so none mutates: "
                        "your first counter goes next to one of them"), "EO-3.2"
            return "no counter is due to mutate now: place one", "EO-3.2"
        if not self.allowed(level, habitat):
            where = "the sea" if level in content.sea_levels and level not in content.land_levels else "land"
            kind = "marine" if content.types[habitat] == MARINE else "land"
            return f"{name} is {kind}, and your species {level} lives on {where} only", "EO-3.4"
        if action in t.mutate:
            return f"you have no older counter in {name}", "EO-3.2"
        if self.board[habitat].count(counter(self.player, level)) >= content.own_per_habitat:
            held = counted(content.own_per_habitat, "counter")
            return f"you already have {held} of species {level} in {name}", "EO-3.3"
        if self.homes()[1] == "EO-3.6":
            return (f"species {level} has no counter on the map, so it spreads from your older counters: "
                    f"{name} neither holds one nor touches a habitat that does"), "EO-3.6"
        return f"{name} neither holds your species {level} nor touches a habitat that does", "EO-3.3"
