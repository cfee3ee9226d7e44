"""Planetarium's rules: legal actions and what each does. Clause numbers (PT-x.y) refer to
docs/rulings/planetarium.md.

The turn (PT-3): move one token; then play a Low or High card, downgrade one, or play none (with no
Low or High card to play, a Matter of the mat may instead go onto the track: PT-3.12); a card with
Gravity takes a Matter from the board; a played card is followed by a draw (a Low, a High, or two
Finals to keep one). Card sets (hands, decks, discard piles) are bitmasks over card numbers, so
a deck has no order: a draw is a chance decision over the cards in it.
"""

from __future__ import annotations

from ...core.game import CHANCE, TERMINAL
from ...core.outcome import best
from .content import FINAL, HABITABLE, HIGH, LOW, MATTER

(P_DEAL_MATTER, P_DEAL_CARDS, P_DISCARD, P_FIRST, P_MOVE, P_PLAY, P_GRAVITY, P_TAKE, P_DRAWING, P_KEEP,
 P_FINALS, P_DICE, P_OVER, P_MARKER) = range(14)
PHASE_NAMES = ("deal matter", "deal cards", "discard", "first", "move", "play", "gravity", "take", "drawing", "keep",
               "finals", "dice", "over", "marker")
CHANCE_PHASES = (P_DEAL_MATTER, P_DEAL_CARDS, P_FIRST, P_DRAWING, P_DICE)
EMPTY = -1
DEAL = (LOW, LOW, HIGH, HIGH, FINAL, FINAL)  # each hand at set-up (PT-1.4)
DICE = tuple((total, sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total) / 36) for total in range(2, 13))


def bits(mask: int) -> list[int]:
    out, i = [], 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


class Rules:
    __slots__ = ()

    # -- the protocol ------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == P_OVER:
            return TERMINAL
        return CHANCE if self.phase in CHANCE_PHASES else self.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase, t = self.phase, self.game.action_table
        if phase == P_DEAL_MATTER:
            total = sum(self.bag)
            return [(t.deal.start + m, n / total) for m, n in enumerate(self.bag) if n]
        if phase == P_DICE:
            return [(t.roll.start + total - 2, p) for total, p in DICE]
        if phase in (P_DEAL_CARDS, P_DRAWING, P_FIRST):
            legal = self.legal_actions()
            return [(a, 1 / len(legal)) for a in legal]
        return []

    def _legal_actions(self) -> tuple[int, ...]:
        phase, t = self.phase, self.game.action_table
        if phase == P_MOVE:
            return self._moves() or (t.still,)
        if phase == P_PLAY:
            return self._plays()
        if phase == P_DEAL_MATTER or phase == P_DICE:
            return tuple(a for a, _ in self.chance_outcomes())
        if phase == P_DEAL_CARDS or phase == P_DRAWING:
            seat, deck = self.drawer()
            return tuple(t.draw.start + seat * t.draw.shape[1] + c for c in bits(self.decks[deck]))
        if phase == P_DISCARD:
            return tuple(t.discard.start + c for c in bits(self.hands[self.player] & self.game.deck_mask[FINAL]))
        if phase == P_FIRST:
            return tuple(t.first.start + s for s in self.pending)
        if phase == P_MARKER:  # the card just played is the last of its row and has no marker
            mine = [p for p in range(4) if any(owner == self.player for _, owner in self.rows[p])]
            return tuple(t.marker.start + p for p in mine) + (t.no_marker,)
        if phase == P_GRAVITY:
            spaces = [s for s, m in enumerate(self.matter_at) if m != EMPTY]
            return tuple(t.gravity.start + s * 4 + p for s in spaces for p in range(4)) + (t.no_gravity,)
        if phase == P_TAKE:
            return tuple(t.take.start + d for d in self._takes())
        if phase == P_KEEP:
            return tuple(sorted(t.keep.start + c for c in self.pending))
        if phase == P_FINALS:
            return self._final_plays() + (t.done,)
        return ()

    def _apply(self, action: int) -> None:
        self.log = []
        t = self.game.action_table
        block = t.space.find(action)
        index = action - block.start
        phase = self.phase
        if phase == P_DEAL_MATTER:
            self._deal_matter(index)
        elif phase == P_DEAL_CARDS or phase == P_DRAWING:
            self._draw(index % t.draw.shape[1])
        elif phase == P_DISCARD:
            self._setup_discard(index)
        elif phase == P_FIRST:
            self._start(index)
        elif phase == P_MOVE:
            if action != t.still:
                self._move(*divmod(index, self.game.content.spaces))
            self.phase = P_PLAY
        elif phase == P_PLAY:
            self._play_step(block.name, index)
        elif phase == P_MARKER:
            if action != t.no_marker:
                self._move_marker(index)
            self._after_marker()
        elif phase == P_GRAVITY:
            if action != t.no_gravity:
                self._gravity(*divmod(index, 4))
            self._after_card()
        elif phase == P_TAKE:
            self._take(index)
        elif phase == P_KEEP:
            self._keep(index, self.pending)
        elif phase == P_FINALS:
            if action == t.done:
                self._end_turn()
            else:
                self._play_final(*divmod(index, 4))
        elif phase == P_DICE:
            self._dice(index + 2)

    def reveals(self, action: int) -> bool:
        """The last set-up discard turns every seat's discard face up (PT-1.4)."""
        return self.phase == P_DISCARD and self.player == self.game.num_players - 1 > 0

    def drawer(self) -> tuple[int, int]:
        """(seat, deck) of the card chance turns up now."""
        if self.phase == P_DEAL_CARDS:
            return self.step // len(DEAL), DEAL[self.step % len(DEAL)]
        return self.player, self.pending[0]

    # -- set-up (PT-1) ---------------------------------------------------------------------------
    def _deal_matter(self, kind: int) -> None:
        """PT-1.2: the Matter tokens are mixed face down and dealt onto the white dots in turn."""
        self.matter_at[self.game.content.dots[self.step]] = kind
        self.bag[kind] -= 1
        self.step += 1
        if self.step == len(self.game.content.dots):
            self.phase, self.step = P_DEAL_CARDS, 0

    def _draw(self, card: int) -> None:
        seat, deck = self.drawer()
        self.decks[deck] &= ~(1 << card)
        if self.phase == P_DEAL_CARDS:
            self.hands[seat] |= 1 << card
            self.step += 1
            if self.step == len(DEAL) * self.game.num_players:
                self.phase, self.step, self.player = P_DISCARD, 0, 0
            return
        if deck == FINAL:  # PT-3.9: two Finals, keep one
            self.pending = (FINAL, self.pending[1] - 1, *self.pending[2:], card)
            if self.pending[1] and self._refill(FINAL):
                return
            drawn = self.pending[2:]
            if len(drawn) == 1:
                self._keep(drawn[0], drawn)
            else:
                self.phase, self.pending = P_KEEP, drawn
            return
        self.hands[seat] |= 1 << card
        self._end_turn()

    def _setup_discard(self, card: int) -> None:
        """PT-1.4: each player keeps one of their two Finals and lays the other aside face down; the seats
        are asked in turn, but none sees another's choice until all have chosen. Then every discard turns
        face up onto the discard pile at once."""
        self.hands[self.player] &= ~(1 << card)
        self.setup_discards[self.player] = card
        self.player += 1
        if self.player < self.game.num_players:
            return
        cards = self.game.content.cards
        for c in self.setup_discards:
            self.discards[FINAL] |= 1 << c
        self.log.append("discarded: " + ", ".join(f"{self.seat_name(s)} {cards[c].id} {cards[c].name} "
                                                  f"({cards[c].points})" for s, c in enumerate(self.setup_discards)))
        points = [cards[c].points for c in self.setup_discards]
        tied = tuple(s for s, p in enumerate(points) if p == max(points))
        if len(tied) == 1:
            self._start(tied[0])
        else:  # PT-1.5: a tie is decided at random
            self.phase, self.pending = P_FIRST, tied

    def _start(self, seat: int) -> None:
        self.phase, self.player, self.turn, self.pending = P_MOVE, seat, 0, ()

    # -- moving a token (PT-2) -------------------------------------------------------------------
    def _moves(self) -> tuple[int, ...]:
        content = self.game.content
        size, start, steps = content.spaces, self.game.action_table.move.start, content.steps
        thin, sweeps, matter_at, planets = content.thin, content.sweeps, self.matter_at, self.planet_at
        tokens = [s for s in range(size) if matter_at[s] != EMPTY]
        free = {(s, d) for s in tokens for d in steps[s] if matter_at[d] == EMPTY}  # PT-2.4, PT-2.5
        legal = {start + s * size + d for s, d in free}
        if self.track >= self.game.acceleration:  # PT-5.1: one or two spaces, never through a token
            legal.update(start + s * size + e for s, d in free if d not in planets
                         for e in steps[d] if matter_at[e] == EMPTY)
        for s in planets:
            for d in thin[s]:  # PT-2.6: a Planet never ends on a Planet
                if d not in planets:
                    legal.add(start + s * size + d)
            for d in sweeps[s]:  # PT-2.7: the sweep, stopped by the first Matter
                if d not in planets:
                    legal.add(start + s * size + d)
                if matter_at[d] != EMPTY:
                    break
        return tuple(sorted(legal))

    def _move(self, source: int, dest: int) -> None:
        kind, names = self.matter_at[source], self.game.content.names
        what = MATTER[kind] if kind != EMPTY else self.planet_name(self.planet_at.index(source))
        verb = "move" if self.game.solo else "moves"
        self.log.append(f"{self.seat_name(self.player)} {verb} {what} from {names[source]} to {names[dest]}")
        if kind == EMPTY:  # a Planet
            planet = self.planet_at.index(source)
            self.planet_at[planet] = dest
            if self.matter_at[dest] != EMPTY:
                self._collect(planet, dest)
        else:
            self.matter_at[source] = EMPTY
            self.matter_at[dest] = kind
            if dest in self.planet_at:
                self._collect(self.planet_at.index(dest), dest)

    def _collect(self, planet: int, space: int) -> None:
        """PT-2.8: Matter meeting a Planet goes to the moving player's mat, on that Planet."""
        kind = self.matter_at[space]
        self.matter_at[space] = EMPTY
        self.mats[self.mat_index(self.player, planet) + kind] += 1
        whose = "your" if self.game.solo else f"{self.seat_name(self.player)}'s"
        self.log.append(f"{MATTER[kind]} to {whose} mat on {self.planet_name(planet)}")

    # -- playing a card (PT-3) -------------------------------------------------------------------
    def playable(self, card: int, planet: int) -> bool:
        """PT-3.3: every requirement of the card holds for this player on this planet."""
        return planet in self.playable_planets(card)

    def playable_planets(self, card: int) -> list[int]:
        """PT-3.3: the planets where every requirement of the card holds for this player."""
        content = self.game.content
        c, mats, orbit = content.cards[card], self.mats, content.orbit
        low, high = c.orbit
        out = []
        for p in content.fitting[card]:
            base = self.player * 16 + p * 4  # mat_index
            for m, n in content.needs[card]:  # the Matter first: it rules out most plays
                if mats[base + m] < n:
                    break
            else:
                if (low <= orbit[self.planet_at[p]] <= high
                        and (c.state < 0 or (c.state == HABITABLE) == bool(self.habitable[p]))
                        and (not c.remove_marker or self.marker_on(p) >= 0)):
                    out.append(p)
        return out

    def marker_on(self, planet: int) -> int:
        """The position in the planet's row of the player's earliest marker, or -1."""
        for i, (_, owner) in enumerate(self.rows[planet]):
            if owner == self.player:
                return i
        return -1

    def _plays(self) -> tuple[int, ...]:
        t, game = self.game.action_table, self.game
        hand = self.hands[self.player]
        legal = [t.play.start + card * 4 + p for card in bits(hand & ~game.deck_mask[FINAL])
                 for p in self.playable_planets(card)]
        if self.final_turn():  # PT-6.2: no draw, so no downgrade; PT-3.12: the track is already full
            return tuple(legal) + (t.no_card,)
        if not legal:  # PT-3.12: no Low or High card to play: a Matter of the mat may go onto the track
            base = self.mat_index(self.player, 0)  # the seat's four planets' mats, four Matter types each
            legal = [t.eject.start + i for i in range(16) if self.mats[base + i]]
        if self.decks[LOW]:  # PT-3.11: only with a Low card to draw
            legal += [t.downgrade.start + card for card in bits(hand & game.downgrade_mask)]
        return tuple(sorted(legal)) + (t.no_card,)

    def _play_step(self, kind: str, index: int) -> None:
        if kind == "no card":
            if self.final_turn():
                self._begin_finals()
            else:
                self._end_turn()
        elif kind == "downgrade":
            self._downgrade(index)
        elif kind == "eject":
            self._eject(*divmod(index, 4))
        else:
            card, planet = divmod(index, 4)
            self._play(card, planet)
            self.pending = (card, planet)
            if self.rows[planet][-1][1] == EMPTY and self.markers_on_cards(self.player):
                self.phase = P_MARKER  # PT-3.6: out of markers, move an old one or play without
            else:
                self._after_marker()

    def _after_marker(self) -> None:
        if self.game.content.cards[self.pending[0]].gravity:
            self.phase = P_GRAVITY
        else:
            self._after_card()

    def _move_marker(self, source: int) -> None:
        """PT-3.6: the player's marker from a card of `source` goes onto the card just played."""
        planet = self.pending[1]
        row = list(self.rows[source])
        i = next(i for i, (_, owner) in enumerate(row) if owner == self.player)
        row[i] = (row[i][0], EMPTY)
        self.rows[source] = tuple(row)
        row = list(self.rows[planet])
        row[-1] = (row[-1][0], self.player)
        self.rows[planet] = tuple(row)

    def _play(self, card: int, planet: int) -> None:
        """PT-3.4 to PT-3.7: pay Matter onto the track, place the card with a marker, score, and check
        the Habitable/Hostile balance (Low and High cards)."""
        c = self.game.content.cards[card]
        me = self.player
        self.hands[me] &= ~(1 << card)
        base = self.mat_index(me, planet)
        for m, n in enumerate(c.matter):
            self.mats[base + m] -= n
        self._fill_track(sum(c.matter))
        row = list(self.rows[planet])
        if c.remove_marker:  # PT-3.3: one of your markers on that planet comes off, back to you
            i = self.marker_on(planet)
            row[i] = (row[i][0], EMPTY)
            self.markers[me] += 1
        owner = EMPTY
        if c.deck != FINAL and self.markers[me]:  # PT-3.5; with none left the card is played without (PT-3.6)
            owner = me
            self.markers[me] -= 1
        row.append((card, owner))
        self.rows[planet] = tuple(row)
        self.played_by[card] = me
        self.points[me] += c.points
        self.log.append(f"{self.seat_name(me)} plays {c.id} {c.name} on {self.planet_name(planet)}: +{c.points}")
        if c.deck != FINAL:
            self._balance(planet)

    def side_totals(self, planet: int) -> list[int]:
        """The points of the planet's cards for each side, habitable first (PT-3.7)."""
        cards = self.game.content.cards
        totals = [0, 0]
        for card, _ in self.rows[planet]:
            if cards[card].side >= 0:
                totals[cards[card].side] += cards[card].points
        return totals

    def _balance(self, planet: int) -> None:
        """PT-3.7: the side with more points on the planet's cards shows; equal totals change nothing."""
        totals = self.side_totals(planet)
        if totals[0] != totals[1]:
            habitable = int(totals[HABITABLE] > totals[1 - HABITABLE])
            if habitable != self.habitable[planet]:
                self.log.append(f"{self.planet_name(planet)} turns {'habitable' if habitable else 'hostile'} "
                                f"({totals[0]} habitable against {totals[1]} hostile)")
            self.habitable[planet] = habitable

    def _gravity(self, space: int, planet: int) -> None:
        """PT-3.8: a Gravity card takes one Matter from the board to your mat on any planet."""
        kind = self.matter_at[space]
        self.matter_at[space] = EMPTY
        self.mats[self.mat_index(self.player, planet) + kind] += 1

    def _after_card(self) -> None:
        if self.final_turn() or self.track >= self.game.track_length:
            self._begin_finals()
        elif self._takes():
            self.phase = P_TAKE
        else:
            self._end_turn()  # PT-3.10: no deck left to draw from

    def _downgrade(self, card: int) -> None:
        """PT-3.11: discard it, lose a point, draw a Low card; no other card this turn."""
        c = self.game.content.cards[card]
        self.hands[self.player] &= ~(1 << card)
        self.discards[c.deck] |= 1 << card
        self.points[self.player] -= 1
        self.log.append(f"{self.seat_name(self.player)} downgrades {c.id} {c.name}: -1")
        self.phase, self.pending = P_DRAWING, (LOW, 1)

    def _fill_track(self, spaces: int) -> None:
        """Matter onto the Evolution Track; reaching the acceleration space (PT-5.1) is said, for every move changes."""
        before, self.track = self.track, self.track + spaces
        if before < self.game.acceleration <= self.track:
            self.log.append("the Evolution Track reaches the acceleration space: Matter now moves one or two spaces")

    def _eject(self, planet: int, kind: int) -> None:
        """PT-3.12: with no Low or High card to play, one Matter of the mat goes onto the next free space of
        the Evolution Track; it scores nothing, and no card is drawn. Filling the track starts the final
        turns as a payment does (PT-6.1)."""
        self.mats[self.mat_index(self.player, planet) + kind] -= 1
        self._fill_track(1)
        self.log.append(f"{self.seat_name(self.player)} ejects {MATTER[kind]} from {self.planet_name(planet)} "
                        "onto the Evolution Track")
        if self.track >= self.game.track_length:
            self._begin_finals()
        else:
            self._end_turn()

    # -- drawing (PT-3.9, PT-3.10) -----------------------------------------------------------------
    def _takes(self) -> list[int]:
        finals = (self.hands[self.player] & self.game.deck_mask[FINAL]).bit_count()
        out = [LOW] if self.decks[LOW] else []
        if self.decks[HIGH] or self.discards[HIGH]:
            out.append(HIGH)
        if (self.decks[FINAL] or self.discards[FINAL]) and finals < self.game.content.max_finals:
            out.append(FINAL)
        return out

    def _take(self, deck: int) -> None:
        self._refill(deck)
        self.phase, self.pending = P_DRAWING, (deck, 2 if deck == FINAL else 1)

    def _refill(self, deck: int) -> bool:
        """PT-3.10: an empty High or Final deck is its discard pile shuffled; False if nothing is left."""
        if not self.decks[deck] and deck != LOW:
            self.decks[deck], self.discards[deck] = self.discards[deck], 0
        return bool(self.decks[deck])

    def _keep(self, card: int, drawn: tuple[int, ...]) -> None:
        """PT-3.9: one of the two Finals drawn goes to the hand, the other face up to the discard pile."""
        self.hands[self.player] |= 1 << card
        for other in drawn:
            if other != card:
                self.discards[FINAL] |= 1 << other
        self._end_turn()

    # -- the end (PT-6) --------------------------------------------------------------------------
    def final_turn(self) -> bool:
        return self.final_by >= 0

    def _begin_finals(self) -> None:
        if self.final_by < 0:  # PT-6.1: this player's payment reached the last space
            self.final_by = self.player
            n = self.game.num_players
            self.final_left = tuple((self.player + i) % n for i in range(1, n))
            self.log.append("the Evolution Track is full: the final turns begin")
        self.phase, self.finals_played = P_FINALS, 0

    def _final_plays(self) -> tuple[int, ...]:
        if self.finals_played >= self.game.content.max_finals:  # PT-6.3
            return ()
        t = self.game.action_table
        cards = bits(self.hands[self.player] & self.game.deck_mask[FINAL])
        return tuple(t.play.start + card * 4 + p for card in cards for p in self.playable_planets(card))

    def _play_final(self, card: int, planet: int) -> None:
        self._play(card, planet)
        self.finals_played += 1

    def _end_turn(self) -> None:
        self.pending = ()
        if self.phase == P_FINALS:
            if not self.final_left:
                self.phase = P_OVER  # PT-6.4
                self.log.append("the game is over")
                return
            self.player, self.final_left = self.final_left[0], self.final_left[1:]
            self.phase, self.turn = P_MOVE, self.turn + 1
            return
        if self.game.solo:
            self.phase = P_DICE
            return
        if self.cap_reached(self.turn):
            self.phase = P_OVER
            return
        self.player = (self.player + 1) % self.game.num_players
        self.phase, self.turn = P_MOVE, self.turn + 1

    # -- scoring ---------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    @staticmethod
    def mat_index(seat: int, planet: int) -> int:
        """Where a seat's mat at a planet starts in `mats` (four Matter types each)."""
        return seat * 16 + planet * 4

    def mat_total(self, seat: int) -> int:
        return sum(self.mats[seat * 16:seat * 16 + 16])

    def markers_on_cards(self, seat: int) -> int:
        return sum(1 for row in self.rows for _, owner in row if owner == seat)

    def target(self) -> int:
        """PT-7.1: solo, the score to beat: the starting target less 2 per face-down Matter."""
        return self.game.params["target"] - self.game.content.solo_per_facedown * self.facedown

    def winners(self) -> list[int] | None:
        if self.game.solo:  # PT-7.5: beat the target; equal is a draw
            diff = self.points[0] - self.target()
            return None if diff == 0 else [0] if diff > 0 else []
        # PT-6.5: most points; then fewest Matter on the mat, most markers on cards, fewest cards in hand
        return best([(self.points[s], -self.mat_total(s), self.markers_on_cards(s), -self.hands[s].bit_count())
                     for s in range(self.game.num_players)])

    def ended_by_rules(self) -> bool:
        return self.phase == P_OVER and self.final_by >= 0

    # -- names -----------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return "you" if self.game.solo else f"seat {seat}"

    def planet_name(self, planet: int) -> str:
        return f"planet {self.game.content.planet_names[planet]}"

