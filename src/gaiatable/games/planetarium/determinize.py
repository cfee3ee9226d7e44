"""Planetarium's hidden information: a state consistent with what one seat has seen (PT-8.3)."""

from __future__ import annotations

import random

from .content import FINAL
from .rules import EMPTY, P_DISCARD, P_OVER, bits


class Determinize:
    __slots__ = ()

    def determinize(self, seat: int, rng: random.Random):
        """Redeal the other seats' hands, keeping how many Low, High and Final cards each holds (every
        draw's deck is public), and the Finals they have laid aside at set-up but not yet shown, from the
        cards `seat` has not seen."""
        new = self.copy()
        if self.phase == P_OVER:
            return new
        others = [s for s in range(self.game.num_players) if s != seat]
        # PT-1.4: before the reveal, the Finals other seats have laid aside are unseen too
        aside = [s for s in others if self.phase == P_DISCARD and self.setup_discards[s] != EMPTY]
        for deck, mask in enumerate(self.game.deck_mask):
            unseen = self.decks[deck]
            for s in others:
                unseen |= self.hands[s] & mask
            if deck == FINAL:
                for s in aside:
                    unseen |= 1 << self.setup_discards[s]
            cards = bits(unseen)
            rng.shuffle(cards)
            for s in others:
                held = self.hands[s] & mask
                k = held.bit_count()
                new.hands[s] = (new.hands[s] & ~mask) | sum(1 << c for c in cards[:k])
                del cards[:k]
            if deck == FINAL:
                for s in aside:
                    new.setup_discards[s] = cards.pop()
            new.decks[deck] = sum(1 << c for c in cards)
        new._legal = None
        return new
