"""Planit's rules: legal actions and what each does. Clause numbers (PL-x.y) refer to
docs/rulings/planit.md.

Cards are identified by kind only (cards of a kind are alike), so hands and piles are counts. The
draw pile's order never exists: drawing is a chance decision over the cards in it (PL-2.4).
"""

from __future__ import annotations

from ...core.game import CHANCE, TERMINAL
from .actions import (
    CARD,
    DISCARD,
    DRAW,
    HAZARD,
    HAZARDS,
    HEAL,
    LETHAL,
    OWN,
    OZONE,
    RAIN_FOREST,
    ROLL,
    USES,
    card_of,
)
from .content import CARDS, CHARTS

GAIA, PLANTS, ANIMALS = CARD["gaia"], CARD["plants"], CARD["animals"]
FIRE, SOLAR, SALT = CARD["fire"], CARD["solar_output"], CARD["salt_cycle"]
OZONE_CARD, CFC = CARD["ozone"], CARD["cfc"]
IMMEDIATE = (FIRE, SOLAR, SALT)
CHART = {name: i for i, name in enumerate(CHARTS)}
RAIN_FOREST_CARD = CARD["rain_forest"]
USES_OF = tuple(tuple((OWN + i, use) for i, (name, use, _) in enumerate(USES) if CARD[name] == card)
                for card in range(len(CARDS)))  # a card's plays on its owner's planet, as (action, use)
HAZARD_OF = {CARD[name]: h for h, name in enumerate(HAZARDS)}
UV, CFC_HAZARD = HAZARDS.index("uv_radiation"), HAZARDS.index("cfc")
DEVOLUTIONARY, EVOLUTIONARY = 3, 4

F_DEAL, F_DRAW, F_PLAY, F_ROLL, F_LETHAL, F_HEAL = range(6)
ROLLS = tuple((ROLL + d, 1 / 6) for d in range(6))  # a die
FRAME_NAMES = ("deal", "draw", "play", "roll", "lethal", "heal")


class Rules:
    __slots__ = ()

    # -- protocol ------------------------------------------------------------------------------
    def current_player(self) -> int:
        if not self.frames:
            return TERMINAL
        kind = self.frames[-1][0]
        return CHANCE if kind in (F_DEAL, F_DRAW, F_ROLL) else self.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.frames:
            return []
        kind = self.frames[-1][0]
        if kind == F_ROLL:
            outcomes = list(ROLLS)
        elif kind in (F_DEAL, F_DRAW):
            pile = self.pile
            if kind == F_DEAL:  # PL-2.3: "Redraw if one of first three cards"
                pile = [0 if k in IMMEDIATE else n for k, n in enumerate(pile)]
            total = sum(pile)
            outcomes = [(DRAW + k, n / total) for k, n in enumerate(pile) if n]
        else:
            return []
        if self._legal is None:  # the driver asks for the outcomes, then applies one: legal once, not twice
            self.known_legal(next(zip(*outcomes, strict=True)))
        return outcomes

    def _legal_actions(self) -> tuple[int, ...]:
        if not self.frames:
            return ()
        frame = self.frames[-1]
        kind = frame[0]
        if kind == F_PLAY:
            return self._plays()
        if kind == F_LETHAL:
            return tuple(LETHAL + v for v in self._victims(frame[1]))
        if kind == F_HEAL:
            return (HEAL, HEAL + 1)
        return tuple(a for a, _ in self.chance_outcomes())

    def _apply(self, action: int) -> None:
        self.events = []
        frame = self.frames.pop()
        kind = frame[0]
        if kind == F_DEAL:
            self._deal(frame, action - DRAW)
        elif kind == F_DRAW:
            self._draw(action - DRAW)
        elif kind == F_PLAY:
            self._play(action)
        elif kind == F_ROLL:
            self._roll(frame, action - ROLL + 1)
        elif kind == F_LETHAL:
            self._kill(frame[1], action - LETHAL)
        else:
            self._heal(frame[1], 0 if action == HEAL else 1)
        if not self.frames:
            self._end_turn()

    # -- dealing and drawing (PL-2) --------------------------------------------------------------
    def _deal(self, frame: tuple, card: int) -> None:
        _, seat, left = frame
        self.pile[card] -= 1
        self.hands[seat][card] += 1
        if left > 1:
            self.frames.append((F_DEAL, seat, left - 1))
        elif seat + 1 < self.game.num_players:
            self.frames.append((F_DEAL, seat + 1, 3))
        else:
            self._start_turn()

    def _start_turn(self) -> None:
        self._refill()
        self.frames.append((F_DRAW,))

    def _refill(self) -> None:
        """When the deck has run out, the discards are mixed into a new deck (PL-2.5)."""
        if not any(self.pile):
            self.pile, self.discards = self.discards, [0] * len(CARDS)
            self.events.append(("reshuffle", sum(self.pile)))

    def _draw(self, card: int) -> None:
        self.pile[card] -= 1
        me = self.player
        if card in IMMEDIATE:  # PL-4.13 to PL-4.15: resolved at once on yourself
            self.discards[card] += 1
            self.events.append(("immediate", me, card))
            if card == FIRE:
                self._move_temp(me, -1)
            elif card == SOLAR:
                for seat in range(self.game.num_players):
                    self._move_temp(seat, +1)
            if card != SALT:
                self._start_turn()
            return
        self.hands[me][card] += 1
        self.events.append(("drew", me, card))  # the chance outcome names the card; this, who holds it now
        self.frames.append((F_PLAY,))

    # -- playing a card (PL-3, PL-4) -----------------------------------------------------------
    def _plays(self) -> tuple[int, ...]:
        me, hand = self.player, self.hands[self.player]
        g = self.game.content.gauges
        just_right = self.temp[me] == g["just_right"]
        can_evolve = self.o2[me] >= g["o2_21"] and just_right  # PL-4.2: O2 has reached 21%
        plant_ok, animal_ok = self.plant_ok[me], self.animal_ok[me]
        n = self.game.num_players
        legal = []
        for card in range(len(CARDS)):
            if not hand[card]:
                continue
            legal.append(DISCARD + card)
            for action, use in USES_OF[card]:
                if use == "heal":
                    ok = not (plant_ok and animal_ok)
                elif use == "lower temperature":
                    ok = plant_ok
                elif use == "raise O2":
                    ok = plant_ok and just_right
                else:
                    ok = animal_ok and (use == "raise temperature" or can_evolve)
                if ok:
                    legal.append(action)
            if card == OZONE_CARD and not self.ozone[me] and not self.ranks[me] >> DEVOLUTIONARY & 1:
                legal.append(OZONE)
            elif card == RAIN_FOREST_CARD:
                legal.append(RAIN_FOREST)
            elif card in HAZARD_OF:
                h = HAZARD_OF[card]
                for target in range(n):
                    if h == UV and self.ozone[target] or h == CFC_HAZARD and (target == me or not self.ozone[target]):
                        continue
                    legal.append(HAZARD + h * 4 + target)
        legal.sort()
        return tuple(legal)

    def _play(self, action: int) -> None:
        me = self.player
        card = card_of(action)
        self.hands[me][card] -= 1
        if DISCARD <= action < OWN:
            self.discards[card] += 1  # the decision's own words say it: no echo in the log
            return
        if action == OZONE:  # PL-4.11: the card lies on the planet
            self.ozone[me] = True
            self.events.append(("ozone", me))
            return
        self.discards[card] += 1
        if action == RAIN_FOREST:  # PL-4.10
            self.events.append(("rain forest", me, self.temp[me]))
            self.temp[me] = self.game.content.gauges["just_right"]
            return
        if action < OZONE:
            chart = USES[action - OWN][2]
            if chart == "animals_evolve" and self._next_rank(me) == EVOLUTIONARY:
                chart = "winning"  # PL-5.3
            self.frames.append((F_ROLL, CHART[chart], me))
            return
        hazard, target = divmod(action - HAZARD, 4)
        if HAZARDS[hazard] == "cfc":  # PL-4.12: both cards to the discards
            self.ozone[target] = False
            self.discards[OZONE_CARD] += 1
            self.events.append(("cfc", me, target))
            return
        self.frames.append((F_ROLL, CHART[HAZARDS[hazard]], target))

    # -- dice and charts (PL-3.5) ----------------------------------------------------------------
    def _roll(self, frame: tuple, die: int) -> None:
        _, chart, target = frame
        effect = self.game.content.charts[CHARTS[chart]][die - 1]
        kind, said = effect.kind, str(effect)
        if kind == "mutant-evolve":  # the log says which way it fell
            evolves = self.o2[target] >= self.game.content.gauges["o2_21"] and self._next_rank(target) < EVOLUTIONARY
            said += ": evolve" if evolves else ": O2 +1"
        said += self._clamped(kind, effect.amount, target)
        self.events.append(("roll", self.player, CHARTS[chart], die, said, target))
        if kind == "temp":
            self._move_temp(target, effect.amount)
        elif kind == "o2":
            self._raise_o2(target, effect.amount)
        elif kind == "evolve":
            self._evolve(target)
        elif kind == "mutant-evolve":  # PL-4.5
            if evolves:
                self._evolve(target)
            else:
                self._raise_o2(target, 1)
        elif kind == "mutant":  # PL-4.5: roll again on the Mutant chart
            self.frames.append((F_ROLL, CHART["mutant"], target))
        elif kind == "lethal":
            victims = self._victims(target)
            if len(victims) == 1:
                self._kill(target, victims[0])
            elif victims:
                self.frames.append((F_LETHAL, target))
        elif kind == "heal":
            damaged = [t for t, ok in enumerate((self.plant_ok[target], self.animal_ok[target])) if not ok]
            if len(damaged) == 1:
                self._heal(target, damaged[0])
            elif damaged:
                self.frames.append((F_HEAL, target))  # the roller chooses which of the target's tokens
        elif kind == "win":
            self.winner = target
            self.ranks[target] |= 1 << EVOLUTIONARY
        elif kind == "lose-devolutionary":
            self.ranks[target] &= ~(1 << DEVOLUTIONARY)

    def _clamped(self, kind: str, amount: int, seat: int) -> str:
        """What the log adds where a gauge's end stops a roll's move short (PL-3.6): "+3" at 90 moves one space."""
        g = self.game.content.gauges
        if kind == "temp":
            moved = min(g["temperature_spaces"] - 1, max(0, self.temp[seat] + amount)) - self.temp[seat]
        elif kind == "o2":
            moved = min(g["o2_spaces"] - 1, self.o2[seat] + amount) - self.o2[seat]
        else:
            return ""
        return "" if moved == amount else f" (moves {moved:+d}: the gauge ends there)"

    def _move_temp(self, seat: int, amount: int) -> None:
        top = self.game.content.gauges["temperature_spaces"] - 1
        self.temp[seat] = min(top, max(0, self.temp[seat] + amount))  # PL-3.6: clamped

    def _raise_o2(self, seat: int, amount: int) -> None:
        g = self.game.content.gauges
        self.o2[seat] = min(g["o2_spaces"] - 1, self.o2[seat] + amount)
        if not self.ice_age[seat] and self.o2[seat] >= g["sink_full"]:  # PL-3.3
            self.ice_age[seat] = True
            self.temp[seat] = 0
            self.events.append(("ice age", seat))

    def _next_rank(self, seat: int) -> int:
        """Evolution adds the lowest missing higher animal (PL-5.1)."""
        ranks = self.ranks[seat]
        r = 0
        while ranks >> r & 1:
            r += 1
        return r

    def _evolve(self, seat: int) -> None:
        rank = self._next_rank(seat)
        if rank == EVOLUTIONARY:
            return  # PL-5.3: Evolutionary Humans come only from the Winning chart, whatever a chart's `evolve` says
        self.ranks[seat] |= 1 << rank
        self.events.append(("evolve", seat, rank))
        if rank == DEVOLUTIONARY and self.ozone[seat]:  # PL-5.2: they destroy their ozone layer
            self.ozone[seat] = False
            self.discards[OZONE_CARD] += 1
            self.events.append(("ozone lost", seat))

    def _victims(self, target: int) -> list[int]:
        """What a lethal attack may destroy (PL-4.16): healthy tokens and higher animals."""
        out = []
        if self.plant_ok[target]:
            out.append(0)
        if self.animal_ok[target]:
            out.append(1)
        out.extend(2 + r for r in range(DEVOLUTIONARY + 1) if self.ranks[target] >> r & 1)
        return out

    def _kill(self, target: int, victim: int) -> None:
        if victim == 0:
            self.plant_ok[target] = False
        elif victim == 1:
            self.animal_ok[target] = False
        else:
            self.ranks[target] &= ~(1 << (victim - 2))
        self.events.append(("lethal", self.player, target, victim))

    def _heal(self, seat: int, token: int) -> None:
        if token == 0:
            self.plant_ok[seat] = True
        else:
            self.animal_ok[seat] = True
        self.events.append(("heal", seat, token))

    # -- turn end --------------------------------------------------------------------------------
    def _end_turn(self) -> None:
        if self.winner >= 0 or self.cap_reached(self.turn):
            return  # PL-5.4: the first to Evolutionary Humans wins at once; PL-6.2: the cap
        self.player = (self.player + 1) % self.game.num_players
        self.turn += 1
        self._start_turn()

    def ended_by_rules(self) -> bool:
        return self.winner >= 0

    def winners(self) -> list[int] | None:
        return [self.winner] if self.winner >= 0 else None  # PL-6.2: a game stopped by the cap has no winner

    def scores(self) -> list[float]:
        """Progress, for summaries (not a rule): 11 per higher animal plus the O2 marker's space."""
        return [float(11 * rank.bit_count() + o2) for rank, o2 in zip(self.ranks, self.o2, strict=True)]
