"""Phanerozoic's rules: legal actions and what each does. Clause numbers (PH-x.y) refer to
docs/rulings/phanerozoic.md. The living cards' traits and the nature phase are in nature.py.

Card sets (deck, discard pile, extinction pile, hands, ...) are bitmasks over card numbers: cheap to
copy, and a set has no order, so the deck's order never exists: a draw is a chance decision over the
cards in it (PH-10.2). Living cards are `pop` (card -> population) and `tucked` (card -> mutations in
the order they were tucked). A play that needs a target pushes a frame on `frames`; the top frame is
the pending decision.
"""

from __future__ import annotations

from ...core.game import CHANCE, TERMINAL
from ...core.outcome import best
from .content import MUTATION, SPECIES, STAR, bits
from .nature import closest, half_up

P_GOALS, P_DRAW, P_CHOOSE, P_DRAFT, P_AUTOMA, P_ACTION, P_GOAL, P_OVER = range(8)
F_TARGET, F_BONUS, F_USE, F_CHOICE, F_DISCARD_LATER = range(5)
AUTOMA = -1  # the owner of the Automa's goals in `deal` order


class Rules:
    __slots__ = ()

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
        t = self.game.action_table
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
        t = self.game.action_table
        actions = (t.keep + card, t.discard + card)
        return actions + (t.play + card,) if self.options(card) else actions

    def _frame_actions(self, frame: tuple) -> tuple[int, ...]:
        t = self.game.action_table
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
        kind, card, _ = self.game.action_table.decode(action)
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
        return self.drafter_at(self.step)

    def drafter_at(self, step: int) -> int:
        """PH-2.5: clockwise from the starting player, the last drafts twice, then back."""
        n = self.game.num_players
        i = step if step < n else 2 * n - 1 - step
        return (self.start + i) % n

    # -- the action phase (PH-3) ---------------------------------------------------------------------
    def actors_left(self) -> list[int]:
        """PH-3.1: the actions left in this phase by seat, in turn from the seat acting now: round and round
        clockwise, one face-up chosen card each, a seat with none passed over."""
        left = [c.bit_count() for c in self.chosen]
        n, order, seat = len(left), [], self.player
        while any(left):
            if left[seat]:
                order.append(seat)
                left[seat] -= 1
            seat = (seat + 1) % n
        return order

    def _act(self, kind: str, card: int) -> None:
        c = self.game.content
        if kind == "keep":  # PH-3.2
            self.kept[self.player] |= 1 << card
        elif kind == "discard":  # PH-3.3
            self.discard |= 1 << card
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
            self.log.append(f"{who} evolves {c.label(card)} from {c.label(target)}: both at population {half}")
            self._discard_tucked(target)
            self.pop[target], self.pop[card], self.tucked[card] = half, half, ()
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
        self.log.append(f"{self.game.content.label(card)} goes extinct")
        self._discard_tucked(card)
        del self.pop[card], self.tucked[card]
        self.extinct |= 1 << card

    def _discard_tucked(self, card: int) -> None:
        """The mutations under `card` go to the discard pile (PH-6.6, PH-7.7), said in the log."""
        tucked, label = self.tucked[card], self.game.content.label
        self.discard |= sum(1 << m for m in tucked)
        self.tucked[card] = ()
        if tucked:
            self.log.append(f"{', '.join(label(m) for m in tucked)} under {label(card)} "
                            f"{'goes' if len(tucked) == 1 else 'go'} to the discard pile")

    # -- the Automa (PH-9) ---------------------------------------------------------------------------
    def _automa_attempt(self, card: int) -> None:
        self.automa &= ~(1 << card)
        self.step += 1
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

    # -- the end (PH-8) ------------------------------------------------------------------------------
    def goal_points(self, goals: tuple[int, ...]) -> int:
        return sum(self.goal_score(g) for g in goals)

    def goal_score(self, goal: int) -> int:
        """What one goal card scores now (PH-8.2): each line's points for each card it counts."""
        return sum(line.points * len(self.counted(line)) for line in self.game.content.goals[goal].lines)

    def counted(self, line) -> list[int]:
        """The cards a goal's line counts now: its species, or the cards showing its icon, living or extinct."""
        if line.species >= 0:
            counts = line.species in self.pop if line.alive else self.extinct >> line.species & 1
            return [line.species] if counts else []
        if line.alive:
            return [t for t in self.pop if self.icons(t) >> line.icon & 1]
        return [t for t in bits(self.extinct) if self.game.content.icons[t] >> line.icon & 1]

    def scores(self) -> list[float]:
        return [float(self.goal_points(g)) for g in self.goals]

    def automa_score(self) -> int:
        return self.goal_points(self.automa_goals)

    def winners(self) -> list[int] | None:
        if self.game.solo:  # PH-9.6: beat the Automa; a tie is a draw
            diff = self.scores()[0] - self.automa_score()
            return None if diff == 0 else [0] if diff > 0 else []
        return best(self.scores())

    def simultaneous(self) -> tuple[int, ...]:
        """PH-2.3: the secret picks are made all at the same time: the seats still to pick."""
        if self.phase == P_CHOOSE and not self.game.solo:
            return tuple(s for s in range(self.player, self.game.num_players) if self.hands[s])
        return super().simultaneous()

    def reveals(self, action: int) -> bool:
        """The last secret choice turns every chosen card face up (PH-2.4)."""
        return (self.phase == P_CHOOSE and not self.game.solo
                and all(p >= 0 or not self.hands[s] for s, p in enumerate(self.picks) if s != self.player))
