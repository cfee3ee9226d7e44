"""Why an Earth: Our Home placement is illegal, with the clause that forbids it."""

from __future__ import annotations

from .content import MARINE
from .rules import P_DEAL, P_FIRST


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
        name = content.names[habitat]
        if (action in t.mutate) != mutating:
            if mutating:
                return "your first counter this epoch is the mutation: one of your older counters evolves", "EO-3.2"
            return "no counter is due to mutate now: place one", "EO-3.2"
        level = self.level[self.player]
        if not self.allowed(level, habitat):
            where = "the sea" if level in content.sea_levels and level not in content.land_levels else "land"
            kind = "marine" if content.types[habitat] == MARINE else "land"
            return f"{name} is {kind}, and your species {level} lives on {where} only", "EO-3.4"
        if action in t.mutate:
            return f"you have no older counter in {name}", "EO-3.2"
        if sum(1 for c in self.board[habitat] if c // 8 == self.player) >= content.own_per_habitat:
            return f"you already have {content.own_per_habitat} counters in {name}", "EO-3.3"
        return f"{name} neither holds your current species nor touches a habitat that does", "EO-3.3"
