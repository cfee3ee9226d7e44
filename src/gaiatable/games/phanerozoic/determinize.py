"""Phanerozoic's hidden information (PH-10): a state consistent with what one seat has seen."""

from __future__ import annotations

import random

from .content import bits
from .rules import P_OVER


class Determinize:
    __slots__ = ()

    def determinize(self, seat: int, rng: random.Random):
        """Redeal everything `seat` cannot see: other seats' hands, secret choices and kept cards
        with the draw deck, and the goals it has not seen."""
        new = self.copy()
        if self.phase == P_OVER:  # PH-8.2: everything is revealed
            return new
        others = [s for s in range(self.game.num_players) if s != seat]
        unseen = self.deck
        for s in others:
            unseen |= self.hands[s] | self.kept[s] | (1 << self.picks[s] if self.picks[s] >= 0 else 0)
        cards = list(bits(unseen))
        rng.shuffle(cards)

        def take(k: int) -> int:
            taken = sum(1 << card for card in cards[-k:]) if k else 0
            del cards[len(cards) - k:]
            return taken

        for s in others:
            new.hands[s] = take(self.hands[s].bit_count())
            new.kept[s] = take(self.kept[s].bit_count())
            if self.picks[s] >= 0:
                new.picks[s] = bits(take(1))[0]
        new.deck = take(len(cards))
        hidden = self.game.hidden_automa_goals
        shown = set(self.goals[seat]) | set(self.automa_goals[hidden:])
        goals = [g for g in range(len(self.game.content.goals)) if g not in shown]
        rng.shuffle(goals)
        for s in others:
            new.goals[s] = tuple(goals.pop() for _ in self.goals[s])
        new.automa_goals = tuple(goals.pop() for _ in range(min(hidden, len(self.automa_goals)))) \
            + self.automa_goals[hidden:]
        new._legal = None
        return new
