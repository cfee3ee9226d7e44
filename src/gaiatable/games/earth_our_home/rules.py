"""Earth: Our Home's rules: legal placements and what each brings about. Clause numbers (EO-x.y) refer to
docs/rulings/earth-our-home.md.

A counter on the map is one int, seat * 8 + species level (1 to 5); `board[h]` holds a habitat's
counters in the order they came. Each epoch: the mutation phase deals every evolving genus a gene
(chance), then each player, from the first, lays six counters one at a time, three turns round. With
`-p first_player=random` a chance draw picks who starts epoch 1 before anything else.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import contains

from ...core.game import CHANCE, TERMINAL
from ...core.outcome import best
from .content import GENE_A, GENE_B, MARINE, TEMPERATE, TROPICAL

P_DEAL, P_PLACE, P_OVER, P_FIRST = range(4)
EMPTY = -1
REPLACE = 1  # a pending deal that replaces the current species' gene (extinction, EO-6.1)


def counter(seat: int, level: int) -> int:
    return seat * 8 + level


class Rules:
    __slots__ = ()

    # -- the protocol ------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == P_OVER:
            return TERMINAL
        return CHANCE if self.phase in (P_DEAL, P_FIRST) else self.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == P_FIRST:  # EO-7.5
            n = self.game.num_players
            return [(self.game.action_table.first.start + s, 1 / n) for s in range(n)]
        if self.phase != P_DEAL:
            return []
        genes = self._gene_pool()
        start = self.game.action_table.deal.start
        return [(start + g, 1 / len(genes)) for g in genes]

    def _legal_actions(self) -> tuple[int, ...]:
        t = self.game.action_table
        if self.phase in (P_DEAL, P_FIRST):
            return tuple(a for a, _ in self.chance_outcomes())
        if self.phase == P_PLACE:
            mutations = self.mutations()
            if mutations is not None:
                return tuple(t.mutate.start + h for h in mutations)
            return tuple(t.place.start + h for h in self.placements())
        return ()

    def _apply(self, action: int) -> None:
        self.log = []
        t = self.game.action_table
        if self.phase == P_FIRST:
            self.first = action - t.first.start
            self.log.append(f"{self.genus(self.first)} starts")
            self.start_epoch()
        elif self.phase == P_DEAL:
            self._deal(action - t.deal.start)
        elif action in t.mutate:
            self._mutate(action - t.mutate.start)
        else:
            self._place(action - t.place.start)
        self._skip_impossible()

    def _skip_impossible(self) -> None:
        """EO-3.5: a counter with no legal placement is lost (it counts as laid). Only whether one
        exists is asked: most states a search makes are judged and dropped, never asked for moves."""
        while self.phase == P_PLACE and self.mutations() is None and next(self._placements(), None) is None:
            self.log.append(f"{self.genus(self.player)} has nowhere to put a counter: it is lost")
            self.mutating = 0
            self._laid()

    # -- genes (EO-2) ----------------------------------------------------------------------------
    def _gene_pool(self) -> list[int]:
        deck = self.deck or self.discard  # EO-2.4: an empty deck is the discards, shuffled
        return [g for g in range(len(self.game.content.genes)) if deck >> g & 1]

    def _deal(self, gene: int) -> None:
        """EO-2.1: a gene for the genus at the head of the queue; EO-6.1: or the replacement of its species' gene."""
        if not self.deck:
            self.deck, self.discard = self.discard, 0
        self.deck &= ~(1 << gene)
        seat, mode = divmod(self.pending[0], 2)
        genes = list(self.genes[seat])
        if mode == REPLACE:
            self.discard |= 1 << genes[-1]
            genes[-1] = gene
        else:
            genes.append(gene)
        self.genes[seat] = tuple(genes)
        self.log.append(f"{self.genus(seat)} gets gene {self.game.content.gene_text(gene)}")
        self.pending = self.pending[1:]
        if not self.pending:
            self.phase = P_PLACE

    def conflict(self, code: int, habitat: int) -> int:
        """EO-4.2: a species' conflict value in a habitat, from all the genes up to its level."""
        content = self.game.content
        seat, level = divmod(code, 8)
        kind = content.types[habitat]
        value = 0
        for gene in self.genes[seat][:level]:
            g, symbol = content.genes[gene]
            if g == GENE_A:
                value += 2 if kind == TEMPERATE else 0
            elif g == GENE_B:
                value += 2 if kind == TROPICAL else 0
            else:
                value += 2 if symbol == seat else 1
        return value

    # -- placing counters (EO-3) ---------------------------------------------------------------------
    def allowed(self, level: int, habitat: int) -> bool:
        """EO-3.4: sea only at level 1, sea or land at level 2, land only from level 3."""
        content = self.game.content
        marine = content.types[habitat] == MARINE
        return level in (content.sea_levels if marine else content.land_levels)

    def mutations(self) -> list[int] | None:
        """EO-3.2: the first counter of an epoch after evolving replaces one of the player's older
        counters, in a habitat open to the new species; None when no such move is due or possible."""
        if not self.mutating:
            return None
        me, level = self.player, self.level[self.player]
        out = [h for h, counters in enumerate(self.board) if self.allowed(level, h)
               and any(c // 8 == me and c % 8 < level for c in counters)]
        return out or None

    def placements(self) -> list[int]:
        return list(self._placements())

    def _placements(self):
        """EO-3.3: into a habitat holding this species or next to one, at most three of this species in it;
        EO-3.6: with none of this species on the map, next to one of the genus's older counters, or else
        anywhere it may live. Habitats in map order, found lazily."""
        game, board = self.game, self.board
        own = counter(self.player, self.level[self.player])
        cap, allowed = game.content.own_per_habitat, game.habitats_for[own & 7]
        homes, clause = self.homes()
        found = False
        if homes:
            reach = frozenset().union(*(game.near[h] for h in homes))
            for h in allowed:
                if h in reach and board[h].count(own) < cap:
                    found = True
                    yield h
        if clause == "EO-3.6" and not found:
            yield from (h for h in allowed if board[h].count(own) < cap)

    def homes(self) -> tuple[list[int], str]:
        """The habitats the current player's next counter must hold or touch, with the clause that says so:
        its species' own (EO-3.3), or, with none on the map, the genus's older counters (EO-3.6)."""
        me, level = self.player, self.level[self.player]
        homes = self._holding(counter(me, level))
        if homes:
            return homes, "EO-3.3"
        older = range(me * 8 + 1, me * 8 + level).__contains__
        return [h for h, counters in enumerate(self.board) if any(map(older, counters))], "EO-3.6"

    def _holding(self, code: int) -> list[int]:
        """The habitats holding a counter `code`."""
        return list(compress(range(len(self.board)), map(contains, self.board, repeat(code))))

    def _mutate(self, habitat: int) -> None:
        me, level = self.player, self.level[self.player]
        counters = list(self.board[habitat])
        i = max((i for i, c in enumerate(counters) if c // 8 == me and c % 8 < level), key=lambda i: counters[i])
        self.log.append(f"{self.genus(me)} evolves species {level} at {self.game.content.names[habitat]}")
        counters[i] = counter(me, level)
        self.board[habitat] = tuple(counters)
        self.mutating = 0
        self._laid()

    def _place(self, habitat: int) -> None:
        me = self.player
        self.board[habitat] += (counter(me, self.level[me]),)
        self.mutating = 0
        if len(self.board[habitat]) > self.game.content.capacity[habitat]:
            self._contest(habitat)
        self._laid()

    # -- survival contests (EO-4) --------------------------------------------------------------------
    def _contest(self, habitat: int) -> None:
        """EO-4.1: the species with the lowest conflict value loses a counter; tied species each lose one."""
        counters = list(self.board[habitat])
        values = {c: self.conflict(c, habitat) for c in set(counters)}
        low = min(values.values())
        losers = sorted(c for c, v in values.items() if v == low)
        for code in losers:
            del counters[len(counters) - 1 - counters[::-1].index(code)]
        self.board[habitat] = tuple(counters)
        names = ", ".join(f"{self.genus(c // 8)} species {c % 8}" for c in losers)
        verb = "loses a counter" if len(losers) == 1 else "each lose a counter"
        # each species' conflict value there, highest first: why the loser lost (EO-4.2)
        said = ", ".join(f"{self.genus(c // 8)} species {c % 8}: {v}"
                         for c, v in sorted(values.items(), key=lambda cv: (-cv[1], cv[0])))
        self.log.append(f"survival contest at {self.game.content.names[habitat]}: {names} {verb} "
                        f"(conflict values: {said})")
        for seat in sorted({c // 8 for c in losers}):
            self._survival(seat, counter(seat, self.level[seat]) in losers)

    def _survival(self, seat: int, current_lost: bool) -> None:
        """EO-6.2: a genus with no counter left is wiped out; EO-6.1: a current species that loses its last
        counter goes extinct. A former species' loss, or one of a species not laid yet, has no effect."""
        older = [(c, h) for h, counters in enumerate(self.board) for c in counters if c // 8 == seat]
        if not older:
            self.points[seat] //= 2
            self.wiped[seat] = 1
            self.log.append(f"{self.genus(seat)} is wiped out: its score is halved")
            return
        own = counter(seat, self.level[seat])
        if current_lost and not any(own in counters for counters in self.board):
            self._extinction(seat, older)

    def _extinction(self, seat: int, older: list[tuple[int, int]]) -> None:
        """EO-6.1: the latest predecessor standing where the species may live turns into it (none may: none
        turns), the species' gene is replaced, and the genus loses 5 points."""
        content, level = self.game.content, self.level[seat]
        penalty, own = content.extinction_penalty, counter(seat, level)
        older = [(c, h) for c, h in older if self.allowed(level, h)]
        if older:
            code, habitat = max(older, key=lambda ch: (ch[0], -ch[1]))
            counters = list(self.board[habitat])
            counters[counters.index(code)] = own
            self.board[habitat] = tuple(counters)
            heir = f"a predecessor at {content.names[habitat]} takes its place"
        else:
            heir = "no predecessor stands where it may live"
        self.points[seat] -= penalty
        self.log.append(f"{self.genus(seat)}'s species {level} goes extinct: {heir}, -{penalty}")
        self.pending += (seat * 2 + REPLACE,)
        self.phase = P_DEAL

    # -- the turn and the epoch (EO-3.1, EO-5, EO-7) ---------------------------------------------------
    def _laid(self) -> None:
        content = self.game.content
        me = self.player
        self.laid[me] += 1
        self.placed += 1
        if self.placed == content.counters_per_turn:
            self.placed = 0
            self.turns[me] += 1
            if self.turns[me] == content.turns_per_epoch:
                self._score(me)  # EO-5.1: as the 18th counter is laid
            self._next_player()

    def _next_player(self) -> None:
        n = self.game.num_players
        if all(t == self.game.content.turns_per_epoch for t in self.turns):
            self._end_epoch()
            return
        self.player = (self.player + 1) % n
        self.mutating = int(self.epoch > 1 and self.turns[self.player] == 0 and self.evolved[self.player])

    def _score(self, seat: int) -> None:
        own = counter(seat, self.level[seat])
        gained = sum(compress(self.game.home_points, map(contains, self.board, repeat(own))))
        self.points[seat] += gained
        self.scored[seat] += (gained,)
        self.log.append(f"{self.genus(seat)} scores {gained} for its species' habitats")

    def _end_epoch(self) -> None:
        content = self.game.content
        if self.epoch == content.epochs:  # EO-7.1: the hominids' last count
            for seat in range(self.game.num_players):
                if self.level[seat] == 5:
                    places = sum(counter(seat, 5) in c for c in self.board)
                    self.points[seat] += content.hominid_bonus * places
                    self.log.append(f"{self.genus(seat)} scores {content.hominid_bonus * places} for its hominids "
                                    f"in {places} habitats")
            self.phase = P_OVER
            self.log.append("the game is over")
            return
        self.epoch += 1
        self.start_epoch()

    def start_epoch(self) -> None:
        """EO-2.1, EO-7.2: each genus that was not wiped out evolves a new species with a new gene; the
        first player passes clockwise (EO-7.4: or goes to the fewest points, the nearest clockwise on a tie).
        Epoch 1's first player is already set: seat 0, or drawn (EO-7.5)."""
        n = self.game.num_players
        if self.epoch > 1:
            after = [(self.first + 1 + i) % n for i in range(n)]
            self.first = min(after, key=lambda s: self.points[s]) if self.game.first_player == "trailing" \
                else after[0]
        self.player, self.placed = self.first, 0
        self.turns, self.laid = [0] * n, [0] * n
        order = [(self.first + i) % n for i in range(n)]
        self.evolved = [0] * n
        for seat in order:
            if self.epoch == 1 or not self.wiped[seat]:
                self.evolved[seat] = 1
                self.level[seat] = self.epoch if self.epoch == 1 else self.level[seat] + 1
        self.wiped = [0] * n
        self.pending += tuple(seat * 2 for seat in order if self.evolved[seat])  # after any replacement due
        self.mutating = int(self.epoch > 1 and self.evolved[self.player])
        self.phase = P_DEAL if self.pending else P_PLACE

    # -- the result ------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int] | None:
        return best(self.points)  # EO-7.3

    def genus(self, seat: int) -> str:
        return self.game.content.genera[seat]
