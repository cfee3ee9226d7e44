"""Why a Phanerozoic move is illegal, with the clause that forbids it (docs/rulings/phanerozoic.md)."""

from __future__ import annotations

from ...core.game import CHANCE
from .content import EVENT, MUTATION, SPECIES, growth_words
from .content import ICONS as ICON_NAMES
from .rules import F_BONUS, F_TARGET, F_USE, P_CHOOSE, P_DRAFT, P_DRAW, P_GOAL, P_GOALS


class Explain:
    __slots__ = ()

    def explain_illegal(self, action: int) -> tuple[str, str | None]:
        kind, card, _ = self.game.action_table.decode(action)
        c = self.game.content
        phase, frame = self.phase, (self.frames[-1] if self.frames else None)
        if self.current_player() == CHANCE:
            clause = {P_GOALS: "PH-1.3", P_DRAW: "PH-2.2"}.get(phase, "PH-9.3")
            if kind in ("draw", "reveal"):
                return f"{c.label(card)} is not among the cards chance can turn up now", clause
            return f"chance must {self.pending_text()} now", clause
        expected = {P_CHOOSE: ("choose",), P_DRAFT: ("draft",), P_GOAL: ("goal",)}.get(phase)
        if frame is not None:
            expected = {F_TARGET: ("target",), F_BONUS: ("target", "no bonus"), F_USE: None}[frame[0]]
        if expected and kind not in expected:
            clause = {P_CHOOSE: "PH-2.3", P_DRAFT: "PH-2.5", P_GOAL: "PH-8.1"}.get(phase, "PH-3.4")
            return f"now is the time to {self.pending_text()}", clause
        if phase == P_CHOOSE:
            return f"{c.label(card)} is not in your hand", "PH-2.3"
        if phase == P_DRAFT:
            return f"{c.label(card)} is not among the unchosen cards in the middle", "PH-2.5"
        if phase == P_GOAL:
            return f"{c.goals[card].name} is not one of your goals", "PH-8.1"
        if frame is not None and frame[0] == F_TARGET:
            return self._why_not_target(frame[1], card)
        if frame is not None and frame[0] == F_BONUS:
            return f"{c.label(card)} is not a living plant or animal", "PH-3.3"
        if frame is not None and card != frame[1]:
            return f"perform an action with the recovered card {c.label(frame[1])}", "PH-5.5"
        if frame is None and kind not in ("keep", "discard", "play"):
            return f"now is the time to {self.pending_text()}", "PH-3.1"
        if frame is None and not self.chosen[self.player] >> card & 1:
            return f"{c.label(card)} is not one of your face-up chosen cards", "PH-3.1"
        return self._why_unplayable(card)

    def _why_unplayable(self, card: int) -> tuple[str, str]:
        c = self.game.content
        kind = c.kinds[card]
        if kind == MUTATION:
            return "no living card can take it: each already shows the icon of the side it would take", "PH-4.3"
        if kind == SPECIES:
            return (f"no living {('plant', 'animal')[c.row[card]]} can be its parent: a parent has at least one "
                    f"mutation and shows {self.requirement_text(card)}", "PH-6.3")
        effect = c.events[card].effect
        if effect == "recover":
            return "the discard pile is empty", "PH-5.5"
        if effect == "drift":
            return "no living card has a tucked mutation", "PH-5.4"
        return "no living card is of the kind and habitat the event names", "PH-5.2"

    def requirement_text(self, card: int) -> str:
        c = self.game.content
        needs = [ICON_NAMES[i] for i in range(len(ICON_NAMES)) if c.needs[card] >> i & 1]
        text = ", ".join(["★" * c.stars[card] or "no star", *needs])
        if c.evolves_with[card] >= 0:
            text += f" and {growth_words(c.evolves_with[card])}"
        return text

    def _why_not_target(self, card: int, target: int) -> tuple[str, str]:
        c = self.game.content
        kind, label = c.kinds[card], c.label(target)
        effect = c.events[card].effect if kind == EVENT else None
        if effect == "recover":
            return f"{label} is not in the discard pile", "PH-5.5"
        if effect == "drift":
            return f"{label} is not a mutation tucked under a living card", "PH-5.4"
        if target not in self.pop:
            return f"{label} is not a living plant or animal", "PH-3.4"
        if kind == MUTATION:
            return f"{label} already shows the icon of the side it would take", "PH-4.3"
        if kind == EVENT:
            return f"{label} is not of the kind or habitat the event names", "PH-5.2"
        if c.row[target] != c.row[card]:
            return f"{label} is not in the {('plant', 'animal')[c.row[card]]} row", "PH-6.1"
        if not self.tucked[target]:
            return f"{label} has no mutation", "PH-6.2"
        if c.evolves_with[card] >= 0 and self.growth(target) != c.evolves_with[card]:
            needed = growth_words(c.evolves_with[card]).replace('eats', 'eat').replace('grows', 'grow')
            return f"{label} does not {needed}", "PH-6.4"
        return f"{label} does not show {self.requirement_text(card)}", "PH-6.3"
