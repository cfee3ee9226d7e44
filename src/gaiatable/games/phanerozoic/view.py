"""What a viewer sees of Phanerozoic: the rows, the piles and the chosen cards are public; hands,
secret choices, kept cards and goals only their own seat sees, until the end (PH-8.2, PH-10.1)."""

from __future__ import annotations

from ...core.game import REFEREE
from ...core.observation import Observation, observation, seat
from .content import ANIMAL, PLANT, bits
from .content import ICONS as ICON_NAMES
from .rules import (
    F_BONUS,
    F_CHOICE,
    F_TARGET,
    F_USE,
    P_ACTION,
    P_AUTOMA,
    P_CHOOSE,
    P_DRAFT,
    P_DRAW,
    P_GOAL,
    P_GOALS,
    P_OVER,
)

PHASE_NAMES = ("goals", "draw", "choose", "draft", "automa", "action", "goal", "over")
FRAME_NAMES = ("target", "bonus", "use", "choice")


class View:
    __slots__ = ()

    def pending_text(self) -> str:
        if self.frames:
            kind = self.frames[-1][0]
            label = self.game.content.label(self.frames[-1][1])
            return {F_TARGET: f"choose where {label} goes", F_BONUS: f"choose who gets {label}'s discard bonus",
                    F_USE: f"keep, discard or play {label}", F_CHOICE: "the Automa reveals a card to choose by"}[kind]
        if self.phase == P_CHOOSE and self.game.solo:
            return f"choose a card to play ({self.step + 1} of {self.game.content.automa_picks})"
        return {P_GOALS: "deal the goals", P_DRAW: "draw cards", P_CHOOSE: "secretly choose a card",
                P_DRAFT: "draft a card from the middle", P_AUTOMA: "the Automa reveals a card",
                P_ACTION: "keep, discard or play one of your chosen cards", P_GOAL: "choose the goal you keep",
                P_OVER: "nothing: the game is over"}[self.phase]

    def observe(self, viewer: int | str = REFEREE) -> Observation:
        c, n = self.game.content, self.game.num_players
        over = self.phase == P_OVER

        def sees(s: int) -> bool:
            return viewer == REFEREE or viewer == s or over

        cards = self._cards
        board = {
            "round": self.round, "rounds": c.rounds[n - 1], "start": self.start,
            "plants": [self._living(t) for t in self.row_cards(PLANT)],
            "animals": [self._living(t) for t in self.row_cards(ANIMAL)],
            "extinct": cards(self.extinct), "discard": cards(self.discard), "deck": self.deck.bit_count(),
            "pool": cards(self.pool), "automa": self._automa(viewer) if self.game.solo else None,
        }
        seats = [seat(s, f"seat {s}", self._public(s), self._private(s) if sees(s) else None) for s in range(n)]
        phase = FRAME_NAMES[self.frames[-1][0]] if self.frames else PHASE_NAMES[self.phase]
        return observation(self, viewer, phase=phase, prompt=self.pending_text(), log=list(self.log), board=board,
                           seats=seats, scores=[self.goal_points(self.goals[s]) if sees(s) else None for s in range(n)])

    def _cards(self, mask: int) -> list[str]:
        return [self.game.content.label(card) for card in bits(mask)]

    def _living(self, card: int) -> dict:
        c = self.game.content
        return {
            "card": c.label(card), "common": c.commons[card], "population": self.pop[card],
            "stars": self.stars(card), "habitat": ("water", "land")[c.habitat[card]],
            "icons": [icon for i, icon in enumerate(ICON_NAMES) if self.icons(card) >> i & 1],
            "growth": ICON_NAMES[self.growth(card)], "mutations": [c.label(m) for m in self.tucked[card]],
        }

    def _public(self, s: int) -> dict:
        """What everyone sees of a seat: its face-up chosen cards, and how many cards and goals it hides."""
        return {"chosen": self._cards(self.chosen[s]), "hand": self.hands[s].bit_count(),
                "kept": self.kept[s].bit_count(), "goals": len(self.goals[s]), "has_chosen": self.picks[s] >= 0}

    def _private(self, s: int) -> dict:
        c = self.game.content
        return {"hand": self._cards(self.hands[s]), "kept": self._cards(self.kept[s]),
                "choice": c.label(self.picks[s]) if self.picks[s] >= 0 else None,
                "goals": [self.goal_view(g) for g in self.goals[s]]}

    def _automa(self, viewer: int | str) -> dict:
        """Solo: the Automa's goals (one may stay face down, PH-9.1) and the cards it will reveal."""
        hidden = 0 if self.phase == P_OVER or viewer == REFEREE else self.game.hidden_automa_goals
        return {"goals": [self.goal_view(g) for g in self.automa_goals[hidden:]], "hidden_goals": hidden,
                "cards": self._cards(self.automa), "score": self.automa_score() if not hidden else None}

    def goal_view(self, goal: int) -> dict:
        c = self.game.content.goals[goal]
        names = self.game.content.names
        return {"name": c.name, "lines": [
            f"{'alive' if line.alive else 'extinct'} "
            f"{names[line.species] if line.species >= 0 else ICON_NAMES[line.icon] + '-cards'}: {line.points:+d}"
            for line in c.lines]}
