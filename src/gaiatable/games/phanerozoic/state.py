"""Phanerozoic state and rules. Clause numbers (PH-x.y) refer to docs/rulings/phanerozoic.md.

Card sets (deck, discard pile, extinction pile, hands, ...) are bitmasks over card numbers: cheap to
copy, and a set has no order, so the deck's order never exists: a draw is a chance decision over the
cards in it (PH-10.2). Living cards are `pop` (card -> population) and `tucked` (card -> mutations in
the order they were tucked). A play that needs a target pushes a frame on `frames`; the top frame is
the pending decision.
"""

from __future__ import annotations

import random

from ...core.game import CHANCE, REFEREE, TERMINAL, State
from .content import (
    ANIMAL,
    EATS_ANIMALS,
    EATS_BOTH,
    EATS_PLANTS,
    EVENT,
    MAX_CARDS,
    MUTATION,
    PLANT,
    SPECIES,
    STAR,
    SUNLIGHT,
)
from .content import ICONS as ICON_NAMES

P_GOALS, P_DRAW, P_CHOOSE, P_DRAFT, P_AUTOMA, P_ACTION, P_GOAL, P_OVER = range(8)
F_TARGET, F_BONUS, F_USE, F_CHOICE, F_DISCARD_LATER = range(5)
AUTOMA = -1  # the owner of the Automa's goals in `deal` order


# BYTE_BITS[k][b]: the card numbers of the bits set in byte value b of a mask's k-th byte
BYTE_BITS = tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256))
                  for k in range(MAX_CARDS // 8))


def bits(mask: int) -> list[int]:
    """The card numbers in a bitmask, lowest first, a byte at a time."""
    out: list[int] = []
    for table in BYTE_BITS:
        if not mask:
            break
        out += table[mask & 255]
        mask >>= 8
    return out


def half_up(n: int) -> int:
    return (n + 1) // 2


def closest(options: list[int], locs: tuple[int, ...], loc: int) -> int:
    """The option whose location number is closest to `loc`, the lower one on a tie (PH-7.5, PH-9.4)."""
    return min(options, key=lambda o: (abs(locs[o] - loc), locs[o]))


class PhanerozoicState(State):
    __slots__ = ("round", "phase", "player", "start", "step", "pop", "tucked", "extinct", "deck", "discard", "hands",
                 "picks", "chosen", "kept", "pool", "goals", "automa_goals", "automa", "spent", "frames", "log")

    def __init__(self, game):
        self.game = game
        self._legal = None
        c, n = game.content, game.num_players
        self.round = 1
        self.phase = P_GOALS
        self.player = 0
        self.start = 0
        self.step = 0  # goals dealt, draft picks made, or Automa attempts made, by phase
        self.pop = {card: population for card, population in c.start}  # PH-1.2
        self.tucked = {card: () for card, _ in c.start}
        self.extinct = 0
        self.deck = c.deck
        self.discard = 0
        self.hands = [0] * n
        self.picks = [-1] * n  # the secret choice until the reveal (PH-2.3)
        self.chosen = [0] * n  # face-up chosen cards
        self.kept = [0] * n  # face-down kept cards
        self.pool = 0  # the unchosen cards in the middle
        self.goals: list[tuple[int, ...]] = [()] * n
        self.automa_goals: tuple[int, ...] = ()
        self.automa = 0  # solo: the Automa's unrevealed cards
        self.spent = 0  # solo: cards the Automa revealed to make a choice
        self.frames: list[tuple] = []
        self.log: list[str] = []

    def copy(self) -> PhanerozoicState:
        new = PhanerozoicState.__new__(PhanerozoicState)
        new.game = self.game
        new._legal = self._legal
        new.round, new.phase, new.player = self.round, self.phase, self.player
        new.start, new.step = self.start, self.step
        new.pop = self.pop.copy()
        new.tucked = self.tucked.copy()
        new.extinct, new.deck, new.discard, new.pool = self.extinct, self.deck, self.discard, self.pool
        new.hands = self.hands[:]
        new.picks = self.picks[:]
        new.chosen = self.chosen[:]
        new.kept = self.kept[:]
        new.goals = self.goals[:]
        new.automa_goals = self.automa_goals
        new.automa, new.spent = self.automa, self.spent
        new.frames = self.frames[:]
        new.log = self.log[:]
        return new

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

    # -- protocol --------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == P_OVER:
            return TERMINAL
        if phase in (P_GOALS, P_DRAW, P_AUTOMA) or (self.frames and self.frames[-1][0] == F_CHOICE):
            return CHANCE
        return self.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.current_player() != CHANCE:
            return []
        legal = self.legal_actions()
        p = 1 / len(legal)
        return [(a, p) for a in legal]

    def _legal_actions(self) -> tuple[int, ...]:
        t = self.game.actions
        phase = self.phase
        if phase == P_GOALS:
            base = t.deal_base(self._deal_order()[self.step])
            return tuple(base + g for g in self._undealt_goals())
        if phase == P_DRAW:
            base = self.player * self.game.content.size
            return tuple(base + card for card in bits(self.deck))
        if phase == P_CHOOSE:
            return tuple(t.choose + card for card in bits(self.hands[self.player]))
        if phase == P_DRAFT:
            return tuple(t.draft + card for card in bits(self.pool))
        if phase == P_GOAL:
            return tuple(t.goal + g for g in self.goals[self.player])
        if self.frames:
            return self._frame_actions(self.frames[-1])
        if phase == P_AUTOMA:
            return tuple(t.reveal + card for card in bits(self.automa))
        if phase == P_OVER:
            return ()
        mine = self.chosen[self.player]
        return tuple(a for card in bits(mine) for a in self._card_actions(card))

    def _card_actions(self, card: int) -> tuple[int, ...]:
        t = self.game.actions
        actions = (t.keep + card, t.discard + card)
        return actions + (t.play + card,) if self.options(card) else actions

    def _frame_actions(self, frame: tuple) -> tuple[int, ...]:
        t = self.game.actions
        kind, card = frame[0], frame[1]
        if kind == F_TARGET:
            return tuple(t.target + o for o in self.options(card))
        if kind == F_BONUS:
            return tuple(t.target + o for o in sorted(self.pop)) + (t.no_bonus,)
        if kind == F_USE:
            return self._card_actions(card)
        return tuple(t.reveal + r for r in bits(self.automa))  # F_CHOICE: the Automa reveals a card

    def _apply(self, action: int) -> None:
        self.log = []
        kind, card, _ = self.game.actions.decode(action)
        phase = self.phase
        if phase == P_GOALS:
            self._deal_goal(card)
        elif phase == P_DRAW:
            self.deck &= ~(1 << card)
            self.hands[self.player] |= 1 << card
        elif phase == P_CHOOSE:
            self._choose(card)
        elif phase == P_DRAFT:
            self.pool &= ~(1 << card)
            self.chosen[self.player] |= 1 << card
            self.log.append(f"seat {self.player} drafts {self.game.content.label(card)}")
            self.step += 1
        elif phase == P_GOAL:
            self.goals[self.player] = (card,)
            self.player += 1
        elif self.frames:
            self._apply_frame(self.frames.pop(), kind, card)
        elif phase == P_AUTOMA:
            self._automa_attempt(card)
        else:
            self.chosen[self.player] &= ~(1 << card)
            self._act(kind, card)
        self._advance()

    # -- set-up and drafting (PH-1, PH-2) ----------------------------------------------------------
    def _deal_order(self) -> list[int]:
        """Who receives each goal dealt at set-up: every seat, then the solo Automa (PH-1.3, PH-9.1)."""
        per_seat = self.game.content.goals_dealt
        order = [s for s in range(self.game.num_players) for _ in range(per_seat)]
        return order + [AUTOMA] * self.game.automa_goal_count

    def _undealt_goals(self) -> list[int]:
        dealt = {g for goals in self.goals for g in goals} | set(self.automa_goals)
        return [g for g in range(len(self.game.content.goals)) if g not in dealt]

    def _deal_goal(self, goal: int) -> None:
        owner = self._deal_order()[self.step]
        if owner == AUTOMA:
            self.automa_goals += (goal,)
        else:
            self.goals[owner] += (goal,)
        self.step += 1

    def _start_round(self) -> None:
        self._return_starts()
        for seat in range(self.game.num_players):  # PH-3.2: kept cards open the hand
            self.hands[seat] |= self.kept[seat]
            self.kept[seat] = 0
        self.phase, self.player = P_DRAW, 0

    def _return_starts(self) -> None:
        """PH-2.1: an empty row gets its starting species back."""
        c = self.game.content
        for card, population in c.start:
            if not any(c.row[other] == c.row[card] for other in self.pop):
                self.extinct &= ~(1 << card)
                self.pop[card], self.tucked[card] = population, ()
                self.log.append(f"{c.label(card)} returns to the {('plant', 'animal')[c.row[card]]} row "
                                f"with population {population}")

    def future(self) -> PhanerozoicState:
        """The rows after every nature phase left in the game if nobody played another card: which life
        the ecosystem alone keeps. For bots' evaluations, not a game state to play on."""
        new = self.copy()
        rounds = self.game.content.rounds[self.game.num_players - 1]
        for i in range(rounds - self.round + (self.phase < P_GOAL)):
            if i:
                new._return_starts()
            new._nature()
        new.log = []
        return new

    def _next_draw(self) -> bool:
        """Move to the next seat that still draws; reshuffle the discard pile when the deck is empty
        (PH-2.2, PH-2.7). False when every hand is full."""
        want = self.game.content.hand[self.game.num_players - 1]
        while self.player < self.game.num_players:
            if self.hands[self.player].bit_count() < want:
                if not self.deck and self.discard:
                    self.deck, self.discard = self.discard, 0
                    self.log.append("the discard pile is shuffled into a new draw deck")
                if self.deck:
                    return True
            self.player += 1
        return False

    def _choose(self, card: int) -> None:
        seat = self.player
        self.hands[seat] &= ~(1 << card)
        if self.game.solo:  # PH-9.2: the player's picks are face up at once
            self.chosen[seat] |= 1 << card
            self.step += 1
        else:
            self.picks[seat] = card
            self.player += 1

    def _reveal(self) -> None:
        """PH-2.4: the chosen cards turn face up; the highest location number starts. PH-2.5: the
        unchosen cards go face up to the middle."""
        c, n = self.game.content, self.game.num_players
        picked = [s for s in range(n) if self.picks[s] >= 0]
        for s in range(n):
            if self.picks[s] >= 0:
                self.chosen[s] |= 1 << self.picks[s]
            self.pool |= self.hands[s]
            self.hands[s] = 0
        self.start = max(picked, key=lambda s: self.picks[s]) if picked else self.start
        self.log.append("chosen: " + ", ".join(f"seat {s} {c.label(self.picks[s])}" for s in picked)
                        + f"; seat {self.start} starts")
        self.picks = [-1] * n
        self.phase, self.step = P_DRAFT, 0

    def drafter(self) -> int:
        """PH-2.5: clockwise from the starting player, the last drafts twice, then back."""
        n = self.game.num_players
        i = self.step if self.step < n else 2 * n - 1 - self.step
        return (self.start + i) % n

    # -- the action phase (PH-3) ---------------------------------------------------------------------
    def _act(self, kind: str, card: int) -> None:
        c = self.game.content
        if kind == "keep":  # PH-3.2
            self.kept[self.player] |= 1 << card
            self.log.append(f"seat {self.player} keeps a card")
        elif kind == "discard":  # PH-3.3
            self.discard |= 1 << card
            self.log.append(f"seat {self.player} discards {c.label(card)}")
            if c.kinds[card] == SPECIES and c.bonus[card] and self.pop:
                self.frames.append((F_BONUS, card))
        else:
            options = self.options(card)
            if options == [None]:
                self._resolve(card, None)
            else:
                self.frames.append((F_TARGET, card))

    def _apply_frame(self, frame: tuple, kind: str, card: int) -> None:
        c = self.game.content
        if frame[0] == F_TARGET:
            self._resolve(frame[1], card)
        elif frame[0] == F_BONUS:
            if kind == "target":
                self._change(card, c.bonus[frame[1]])
        elif frame[0] == F_USE:
            self._act(kind, card)
        else:  # F_CHOICE: the Automa revealed a card to choose by (PH-9.4)
            self.automa &= ~(1 << card)
            self.spent |= 1 << card
            self.log.append(f"the Automa reveals {c.label(card)} to choose")
            self._resolve(frame[1], closest(self.options(frame[1]), c.locs, c.locs[card]))

    def options(self, card: int) -> list:
        """How `card` can be played now: its possible targets, [None] when it needs none, [] when it
        cannot be played (PH-3.4)."""
        c = self.game.content
        kind = c.kinds[card]
        if kind == MUTATION:  # PH-4.1, PH-4.3
            sides = c.sides[card]
            return [t for t in sorted(self.pop) if sides[c.row[t]] == STAR or not self.icons(t) >> sides[c.row[t]] & 1]
        if kind == SPECIES:  # PH-6.1 to PH-6.4
            return [p for p in sorted(self.pop) if self.can_parent(p, card)]
        event = c.events[card]
        if event.effect == "one":  # PH-5.2
            return [t for t in sorted(self.pop) if event.row in (-1, c.row[t]) and event.habitat in (-1, c.habitat[t])]
        if event.effect == "drift":  # PH-5.4
            return sorted(m for t in self.pop for m in self.tucked[t])
        if event.effect == "recover":  # PH-5.5
            return list(bits(self.discard))
        return [None]  # PH-5.3

    def can_parent(self, parent: int, card: int) -> bool:
        c = self.game.content
        return (c.row[parent] == c.row[card] and bool(self.tucked[parent])
                and c.needs[card] & ~self.icons(parent) == 0 and self.stars(parent) >= c.stars[card]
                and c.evolves_with[card] in (-1, self.growth(parent)))

    def _resolve(self, card: int, target: int | None) -> None:
        c = self.game.content
        who = "the Automa" if self.phase == P_AUTOMA else f"seat {self.player}"
        kind = c.kinds[card]
        if kind == MUTATION:  # PH-4.1
            self.tucked[target] += (card,)
            self.log.append(f"{who} tucks {c.label(card)} under {c.label(target)}")
        elif kind == SPECIES:  # PH-6.6
            half = half_up(self.pop[target])
            self.discard |= sum(1 << m for m in self.tucked[target])
            self.pop[target], self.tucked[target] = half, ()
            self.pop[card], self.tucked[card] = half, ()
            self.log.append(f"{who} evolves {c.label(card)} from {c.label(target)}: both at population {half}")
        else:
            self.log.append(f"{who} plays {c.label(card)}")
            self._event(card, target)

    def _event(self, card: int, target: int | None) -> None:
        """PH-5: the event's effect; the card goes to the discard pile after it is used (PH-5.1)."""
        c = self.game.content
        event = c.events[card]
        if event.effect == "one":
            self._change(target, event.amount)
        elif event.effect == "all":
            for t in sorted(self.pop):
                if (event.icon < 0 or self.icons(t) >> event.icon & 1) and (event.growth in (-1, self.growth(t))) \
                        and self.stars(t) >= event.min_stars:
                    self._change(t, event.amount)
        elif event.effect == "drift":
            holder = next(t for t in self.pop if target in self.tucked[t])
            self.tucked[holder] = tuple(m for m in self.tucked[holder] if m != target)
            self.discard |= 1 << target
            self.log.append(f"{c.label(target)} leaves {c.label(holder)} for the discard pile")
        else:  # recover: act with a card from the discard pile, then discard Recover (PH-5.5)
            self.discard &= ~(1 << target)
            self.frames.append((F_DISCARD_LATER, card))
            self.log.append(f"{c.label(target)} is taken from the discard pile")
            if self.phase == P_AUTOMA:
                self._automa_play(target)
            else:
                self.frames.append((F_USE, target))
            return
        self.discard |= 1 << card

    def _change(self, card: int, amount: int) -> None:
        """PH-5.6: a population change, capped at the maximum; at 0 or less the card dies out."""
        c = self.game.content
        population = self.pop[card] + amount
        if population <= 0:
            self._die(card)
        else:
            self.pop[card] = min(population, c.max_population)
            self.log.append(f"{c.label(card)} {amount:+d}: population {self.pop[card]}")

    def _die(self, card: int) -> None:
        """PH-7.7: to the extinction pile; its tucked mutations go to the discard pile."""
        self.discard |= sum(1 << m for m in self.tucked.pop(card))
        del self.pop[card]
        self.extinct |= 1 << card
        self.log.append(f"{self.game.content.label(card)} goes extinct")

    # -- the Automa (PH-9) ---------------------------------------------------------------------------
    def _automa_attempt(self, card: int) -> None:
        self.automa &= ~(1 << card)
        self.step += 1
        self.log.append(f"the Automa reveals {self.game.content.label(card)}")
        self._automa_play(card)

    def _automa_play(self, card: int) -> None:
        """PH-9.3, PH-9.4: play the card if it can be; a choice between options waits for a reveal."""
        c = self.game.content
        options = self.options(card)
        if not options:
            self.discard |= 1 << card
            self.log.append(f"the Automa cannot play {c.label(card)}: it is discarded")
        elif len(options) == 1:
            self._resolve(card, options[0])
        elif self.automa:
            self.frames.append((F_CHOICE, card))
        else:
            self._resolve(card, closest(options, c.locs, c.locs[card]))

    # -- moving on ---------------------------------------------------------------------------------
    def _advance(self) -> None:
        """Carry out everything that needs no decision, up to the next decision."""
        n = self.game.num_players
        while True:
            while self.frames and self.frames[-1][0] == F_DISCARD_LATER:
                self.discard |= 1 << self.frames.pop()[1]
            if self.frames:
                return
            phase = self.phase
            if phase == P_GOALS:
                if self.step < len(self._deal_order()):
                    return
                self._start_round()
            elif phase == P_DRAW:
                if self._next_draw():
                    return
                self.phase, self.player, self.step = P_CHOOSE, 0, 0
            elif phase == P_CHOOSE:
                if self.game.solo:
                    if self.step < self.game.content.automa_picks and self.hands[0]:
                        return
                    self.automa, self.hands[0] = self.hands[0], 0
                    self.phase, self.step = P_AUTOMA, 0
                    continue
                while self.player < n and not self.hands[self.player]:
                    self.player += 1
                if self.player < n:
                    return
                self._reveal()
            elif phase == P_DRAFT:
                if self.step < 2 * n and self.pool:
                    self.player = self.drafter()
                    return
                self.discard |= self.pool  # PH-2.6
                self.pool = 0
                self.phase, self.player = P_ACTION, self.start
                self.step = -1
            elif phase == P_AUTOMA:
                if self.step < self.game.content.automa_picks and self.automa:
                    return
                self.discard |= self.automa | self.spent  # PH-9.5
                self.automa = self.spent = 0
                self.phase, self.player, self.step = P_ACTION, 0, -1
            elif phase == P_ACTION:
                if self._next_actor():
                    return
                self._nature()
                self._end_round()
            elif phase == P_GOAL:
                while self.player < n and len(self.goals[self.player]) < 2:
                    self.player += 1
                if self.player < n:
                    return
                self._next_round()
            else:
                return

    def _next_actor(self) -> bool:
        """PH-3.1: the next seat clockwise that still has face-up chosen cards. step is -1 before
        the first action of the phase."""
        n = self.game.num_players
        first = self.step < 0
        self.step = 0
        for i in range(0 if first else 1, n + 1):
            seat = (self.player + i) % n
            if self.chosen[seat]:
                self.player = seat
                return True
        return False

    def _end_round(self) -> None:
        c, n = self.game.content, self.game.num_players
        if self.round == c.goal_round[n - 1] and any(len(g) > 1 for g in self.goals):  # PH-8.1
            self.phase, self.player = P_GOAL, 0
        else:
            self._next_round()

    def _next_round(self) -> None:
        if self.round == self.game.content.rounds[self.game.num_players - 1]:  # PH-8.2
            self.phase = P_OVER
            self.log.append("the game is over")
            return
        self.round += 1
        self._start_round()

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
        self.log.append(f"{self.game.content.label(card)} grows {why}: {before} → {self.pop[card]}")

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

    # -- the end (PH-8) ------------------------------------------------------------------------------
    def goal_points(self, goals: tuple[int, ...]) -> int:
        c = self.game.content
        total = 0
        for g in goals:
            for line in c.goals[g].lines:
                if line.species >= 0:
                    count = line.species in self.pop if line.alive else self.extinct >> line.species & 1
                elif line.alive:
                    count = sum(1 for t in self.pop if self.icons(t) >> line.icon & 1)
                else:
                    count = sum(1 for t in bits(self.extinct) if c.icons[t] >> line.icon & 1)
                total += line.points * count
        return total

    def scores(self) -> list[float]:
        return [float(self.goal_points(g)) for g in self.goals]

    def automa_score(self) -> int:
        return self.goal_points(self.automa_goals)

    def winners(self) -> list[int]:
        scores = self.scores()
        if self.game.solo:
            return [0] if scores[0] > self.automa_score() else []
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.phase != P_OVER:
            return [0.0] * n
        if self.game.solo:  # PH-9.6
            diff = self.scores()[0] - self.automa_score()
            return [float((diff > 0) - (diff < 0))]
        winners = self.winners()
        if len(winners) == n:
            return [0.0] * n
        return [1.0 if s in winners else -1.0 for s in range(n)]

    def reveals(self, action: int) -> bool:
        """The last secret choice turns every chosen card face up (PH-2.4)."""
        return (self.phase == P_CHOOSE and not self.game.solo
                and all(p >= 0 or not self.hands[s] for s, p in enumerate(self.picks) if s != self.player))

    # -- illegal actions ---------------------------------------------------------------------------
    def explain_illegal(self, action: int) -> tuple[str, str | None]:
        kind, card, _ = self.game.actions.decode(action)
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
            text += f" and the growth requirement {ICON_NAMES[c.evolves_with[card]]}"
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
            return f"{label} does not have the growth requirement {ICON_NAMES[c.evolves_with[card]]}", "PH-6.4"
        return f"{label} does not show {self.requirement_text(card)}", "PH-6.3"

    # -- hidden information (PH-10) ----------------------------------------------------------------
    def determinize(self, seat: int, rng: random.Random) -> PhanerozoicState:
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

    # -- views -----------------------------------------------------------------------------------
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

    def observe(self, viewer: int | str = REFEREE) -> dict:
        c, n = self.game.content, self.game.num_players
        over = self.phase == P_OVER

        def sees(seat: int) -> bool:
            return viewer == REFEREE or viewer == seat or over

        def cards(mask: int) -> list[str]:
            return [c.label(card) for card in bits(mask)]

        def living(card: int) -> dict:
            return {
                "card": c.label(card), "common": c.commons[card], "population": self.pop[card],
                "stars": self.stars(card), "habitat": ("water", "land")[c.habitat[card]],
                "icons": [icon for i, icon in enumerate(ICON_NAMES) if self.icons(card) >> i & 1],
                "growth": ICON_NAMES[self.growth(card)], "mutations": [c.label(m) for m in self.tucked[card]],
            }

        seats = []
        for s in range(n):
            mine = sees(s)
            seats.append({
                "seat": s,
                "hand": cards(self.hands[s]) if mine else self.hands[s].bit_count(),
                "choice": (c.label(self.picks[s]) if mine else "chosen") if self.picks[s] >= 0 else None,
                "chosen": cards(self.chosen[s]),
                "kept": cards(self.kept[s]) if mine else self.kept[s].bit_count(),
                "goals": [self.goal_view(g) for g in self.goals[s]] if mine else len(self.goals[s]),
                "score": self.goal_points(self.goals[s]) if mine else None,
            })
        out = {
            "game": "phanerozoic", "round": self.round, "rounds": c.rounds[n - 1], "viewer": viewer,
            "to_move": self.current_player(), "prompt": self.pending_text(), "start": self.start,
            "plants": [living(t) for t in self.row_cards(PLANT)],
            "animals": [living(t) for t in self.row_cards(ANIMAL)],
            "extinct": cards(self.extinct), "discard": cards(self.discard), "deck": self.deck.bit_count(),
            "pool": cards(self.pool), "seats": seats, "events": list(self.log),
        }
        if self.game.solo:
            hidden = 0 if over or viewer == REFEREE else self.game.hidden_automa_goals
            out["automa"] = {"goals": [self.goal_view(g) for g in self.automa_goals[hidden:]], "hidden_goals": hidden,
                             "cards": cards(self.automa), "score": self.automa_score() if not hidden else None}
        if over:
            out["scores"] = self.scores()
            out["winners"] = self.winners()
        return out

    def goal_view(self, goal: int) -> dict:
        c = self.game.content.goals[goal]
        names = self.game.content.names
        return {"name": c.name, "lines": [
            f"{'alive' if line.alive else 'extinct'} "
            f"{names[line.species] if line.species >= 0 else ICON_NAMES[line.icon] + '-cards'}: {line.points:+d}"
            for line in c.lines]}

    def to_json(self) -> dict:
        return {
            "round": self.round, "phase": self.phase, "player": self.player, "start": self.start, "step": self.step,
            "living": [[t, self.pop[t], list(self.tucked[t])] for t in sorted(self.pop)],
            "extinct": self.extinct, "deck": self.deck, "discard": self.discard, "pool": self.pool,
            "hands": list(self.hands), "picks": list(self.picks), "chosen": list(self.chosen), "kept": list(self.kept),
            "goals": [list(g) for g in self.goals], "automa_goals": list(self.automa_goals), "automa": self.automa,
            "spent": self.spent, "frames": [list(f) for f in self.frames], "log": list(self.log),
        }


