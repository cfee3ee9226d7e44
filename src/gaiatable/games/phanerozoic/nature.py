"""Phanerozoic's living cards: their traits (PH-4.4, PH-4.5) and the nature phase (PH-7)."""

from __future__ import annotations

from .content import ANIMAL, EATS_ANIMALS, EATS_BOTH, EATS_PLANTS, PLANT, STAR, SUNLIGHT


def half_up(n: int) -> int:
    return (n + 1) // 2


def closest(options: list[int], locs: tuple[int, ...], loc: int) -> int:
    """The option whose location number is closest to `loc`, the lower one on a tie (PH-7.5, PH-9.4)."""
    return min(options, key=lambda o: (abs(locs[o] - loc), locs[o]))


class Nature:
    __slots__ = ()

    # -- traits of living cards (PH-4.4, PH-4.5) -------------------------------------------------
    def icons(self, card: int) -> int:
        """Every icon the card shows: printed, and on the sides of its tucked mutations."""
        c = self.game.content
        icons, row = c.icons[card], c.row[card]
        for m in self.tucked[card]:
            side = c.sides[m][row]
            if side != STAR:
                icons |= 1 << side
        return icons

    def stars(self, card: int) -> int:
        c = self.game.content
        row = c.row[card]
        return c.stars[card] + sum(1 for m in self.tucked[card] if c.sides[m][row] == STAR)

    def growth(self, card: int) -> int:
        """The printed growth requirement, unless a tucked mutation overrides it (the latest wins)."""
        c = self.game.content
        row, growth = c.row[card], c.growth[card]
        for m in self.tucked[card]:
            side = c.sides[m][row]
            if side >= SUNLIGHT:
                growth = side
        return growth

    def row_cards(self, row: int) -> list[int]:
        """A row's living cards, left to right: card numbers follow location numbers (PH-6.5)."""
        c_row = self.game.content.row
        return sorted(card for card in self.pop if c_row[card] == row)

    # -- the nature phase (PH-7) ---------------------------------------------------------------------
    def _nature(self) -> None:
        c = self.game.content
        self.log.append(f"nature phase of round {self.round}")
        for row in (PLANT, ANIMAL):  # PH-7.1
            for card in self.row_cards(row):
                if card not in self.pop:
                    continue
                growth = self.growth(card)
                if growth == SUNLIGHT:  # PH-7.2
                    self._grow(card, "in the sunlight")
                else:
                    self._feed(card, growth)
        self.log.append("plants: " + (", ".join(f"{c.names[t]} {self.pop[t]}" for t in self.row_cards(PLANT)) or "none")
                        + "; animals: " + (", ".join(f"{c.names[t]} {self.pop[t]}" for t in self.row_cards(ANIMAL))
                                           or "none"))

    def _grow(self, card: int, why: str) -> None:
        before = self.pop[card]
        self.pop[card] = min(2 * before, self.game.content.max_population)
        grew = self.pop[card] > before  # PH-7.2: at the cap it grows no further
        change = f"{before} → {self.pop[card]}" if grew else f"{before}, the most a card holds"
        self.log.append(f"{self.game.content.label(card)} grows {why}: {change}")

    def _feed(self, card: int, growth: int) -> None:
        """PH-7.3 to PH-7.9: eat target after target until fed, then grow; else shrink."""
        c = self.game.content
        rows = {EATS_PLANTS: (PLANT,), EATS_ANIMALS: (ANIMAL,), EATS_BOTH: (PLANT, ANIMAL)}[growth]
        hunger, size = self.pop[card], self.stars(card)
        while hunger > 0:
            target = self.food(card, rows)
            if target is None:
                before = self.pop[card]
                self.pop[card] = half_up(before)
                self.log.append(f"{c.label(card)} finds too little food and shrinks: {before} → {self.pop[card]}")
                return
            larger = size > self.stars(target)
            want = hunger if larger else half_up(hunger)  # PH-7.6
            eaten = min(want, self.pop[target])
            self.log.append(f"{c.label(card)} eats {eaten} of {c.label(target)}: {self.pop[target]} → "
                            f"{max(self.pop[target] - want, 0)}")
            if self.pop[target] <= want:
                self._die(target)
            else:
                self.pop[target] -= want
            hunger -= eaten if larger else 2 * eaten  # PH-7.8
        self._grow(card, "after eating enough")

    def food(self, card: int, rows: tuple[int, ...]) -> int | None:
        """PH-7.3 to PH-7.5: the target of a hungry card, or None."""
        c = self.game.content
        prey = [t for t in self.pop if t != card and c.row[t] in rows]
        if not prey:
            return None
        home = [t for t in prey if c.habitat[t] == c.habitat[card]]
        return closest(home or prey, c.locs, c.locs[card])
