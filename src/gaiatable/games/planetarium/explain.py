"""Why a Planetarium move is illegal, with the clause that forbids it (docs/rulings/planetarium.md)."""

from __future__ import annotations

from .content import FINAL, HABITABLE, HOSTILE, KINDS, MATTER, ROMAN, SIDES, orbits
from .rules import (
    EMPTY,
    P_DEAL_CARDS,
    P_DEAL_MATTER,
    P_DICE,
    P_DISCARD,
    P_FINALS,
    P_FIRST,
    P_GRAVITY,
    P_KEEP,
    P_MARKER,
    P_MOVE,
    P_PLAY,
    P_TAKE,
)


class Explain:
    __slots__ = ()

    def explain_illegal(self, action: int) -> tuple[str, str | None]:
        t = self.game.action_table
        block = t.space.find(action)
        expected = {P_MOVE: ("move", "still"), P_PLAY: ("play", "downgrade", "eject", "no card"),
                    P_GRAVITY: ("gravity", "no gravity"), P_TAKE: ("take",), P_KEEP: ("keep",),
                    P_FINALS: ("play", "done"), P_DISCARD: ("discard",), P_MARKER: ("marker", "no marker")
                    }.get(self.phase)
        if expected is None:
            clause = {P_DEAL_MATTER: "PT-1.2", P_DEAL_CARDS: "PT-1.4", P_FIRST: "PT-1.5", P_DICE: "PT-7.2"}
            return "this is a chance decision", clause.get(self.phase, "PT-8.2")
        if block.name not in expected:
            return f"now is the time to {self.pending_text()}", "PT-3.1"
        index = block.index(action)
        if block.name == "still":
            return "a token can move, and every turn begins by moving one", "PT-2.1"
        if block.name == "move":
            return self._explain_move(*index)
        if block.name == "play":
            return self._explain_play(*index)
        if block.name == "downgrade":
            card = self.game.content.cards[index[0]]
            if not self.hands[self.player] >> index[0] & 1:
                return f"{card.name} is not in your hand", "PT-3.2"
            if not card.downgrade:
                return f"{card.name} has no Downgrade icon", "PT-3.11"
            if self.final_turn():
                return "no cards are drawn on a final turn, so none can be downgraded", "PT-6.2"
            return "there is no Low card left to draw", "PT-3.11"
        if block.name == "eject":
            return self._explain_eject(*index)
        if block.name == "marker":
            return "you have no marker on a card of that planet", "PT-3.6"
        if block.name == "gravity":
            return "there is no Matter on that space", "PT-3.8"
        if block.name == "take":
            if index[0] == FINAL:
                return f"you may hold at most {self.game.content.max_finals} Final cards, or none is left", "PT-3.10"
            return "that deck is empty", "PT-3.10"
        if block.name == "discard":
            return "discard one of the Final cards in your hand", "PT-1.4"
        return "keep one of the two Final cards you drew", "PT-3.9"

    def _explain_move(self, source: int, dest: int) -> tuple[str, str]:
        content = self.game.content
        names = content.names
        if self.matter_at[source] == EMPTY and source not in self.planet_at:
            return f"there is no token on {names[source]}", "PT-2.1"
        if source in self.planet_at:
            one_step = dest in content.steps[source]
            if not one_step and dest not in content.sweeps[source]:
                return (f"no line leads from {names[source]} to {names[dest]}: a Planet moves one space along a "
                        f"line, clockwise, or sweeps along its own orbit", "PT-2.2")
            if dest in self.planet_at:
                if one_step:
                    return f"a Planet never ends its move on another Planet (one is on {names[dest]})", "PT-2.6"
                return ("a sweeping Planet may pass through another Planet but never end its move on one",
                        "PT-2.7")
            return (f"a sweep stops at the first Matter in its way, before {names[dest]}", "PT-2.7")
        if dest == source or not self._matter_reaches(source, dest, 2):
            return (f"no line leads from {names[source]} to {names[dest]}: Matter moves along the lines, clockwise",
                    "PT-2.2")
        if self.matter_at[dest] != EMPTY:
            return "Matter never moves onto, through or over other Matter", "PT-2.5"
        # a free space one step on would be legal: `dest` is two steps away
        if self.track >= self.game.acceleration:
            return "Matter moves two spaces only through a free space, never through a token", "PT-5.1"
        return "Matter moves one space until the Evolution Track accelerates (then one or two)", "PT-2.4"

    def _matter_reaches(self, source: int, dest: int, steps: int) -> bool:
        """Is `dest` within `steps` line steps of `source` (tokens ignored)?"""
        content = self.game.content
        frontier = {source}
        for _ in range(steps):
            frontier = {d for s in frontier for d in content.steps[s]}
            if dest in frontier:
                return True
        return False

    def _explain_eject(self, planet: int, kind: int) -> tuple[str, str]:
        name = self.game.content.planet_names[planet]
        if self.final_turn():
            return "the Evolution Track is already full: nothing is ejected on a final turn", "PT-3.12"
        if any(self.game.action_table.space.find(a).name == "play" for a in self.legal_actions()):
            return "Matter is ejected only by a player who can play no Low or High card, and you can", "PT-3.12"
        return f"your mat on planet {name} holds no {MATTER[kind]}", "PT-3.12"

    def _explain_play(self, card: int, planet: int) -> tuple[str, str]:
        content = self.game.content
        c = content.cards[card]
        name = content.planet_names[planet]
        if not self.hands[self.player] >> card & 1:
            return f"{c.name} is not in your hand", "PT-3.2"
        if (c.deck == FINAL) != (self.phase == P_FINALS):
            if c.deck == FINAL and self.final_turn():
                return ("on a final turn the Final cards come after the Low or High card: play one or choose "
                        "'no card' first", "PT-6.2")
            if c.deck == FINAL:
                return "Final cards are played only on your final turn", "PT-6.2"
            return "on this part of your final turn only Final cards are played", "PT-6.2"
        if self.phase == P_FINALS and self.finals_played >= content.max_finals:
            return f"a final turn plays at most {content.max_finals} Final cards", "PT-6.3"
        if c.kind >= 0 and content.planet_kinds[planet] != c.kind:
            return f"planet {name} is not {KINDS[c.kind]}", "PT-3.3"
        orbit = content.orbit[self.planet_at[planet]]
        if not c.orbit[0] <= orbit <= c.orbit[1]:
            return (f"planet {name} is on orbit {ROMAN[orbit]}, not {orbits(c.orbit)}",
                    "PT-3.3")
        if c.state >= 0 and c.state != (HABITABLE if self.habitable[planet] else HOSTILE):
            return f"planet {name} is not {SIDES[c.state]}", "PT-3.3"
        base = self.mat_index(self.player, planet)
        short = [f"{n - self.mats[base + m]} {MATTER[m]}" for m, n in enumerate(c.matter) if self.mats[base + m] < n]
        if short:
            return f"your mat on planet {name} lacks {', '.join(short)}", "PT-3.3"
        return f"you have no marker on a card of planet {name} to remove", "PT-3.3"
