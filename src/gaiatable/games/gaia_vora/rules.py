"""Gaia-Vora's rules: legal actions and what each does. Clause numbers (GV-x.y) refer to
docs/rulings/gaia-vora.md.

The carousel has eight slots, each a stack of land tiles over the Water. Slot i sits under sky
position (i + offset) % 8; one clockwise step adds 1 to offset (GV-3.3). A slot whose stack is empty
is Water, and all Water is one location, WATER (GV-2.2). Life-forms live in `occ`, three species
slots per location (slots 0..7, then WATER), holding a colour or EMPTY (GV-2.1).

A turn is a stack of small decisions (`frames`, top last): rotate, choose a Sky Object, then the
object's own steps (each placement, each Storm move, the Meteor's tile).
"""

from __future__ import annotations

from ...core.game import CHANCE, TERMINAL
from ...core.outcome import best
from .actions import (
    DROP_FROM,
    DROP_GRASS,
    DROP_SNOW,
    METEOR,
    PASS,
    PLACE,
    RAINBOW,
    ROTATE,
    SETUP_SAND_EVEN,
    SETUP_STONE_EVEN,
    STORM,
    SUN,
    WATER,
    decode_move,
    decode_place,
    move_id,
)
from .content import CARNIVORE, GRASS, HERBIVORE, PLANT, SAND, SNOW, STONE
from .matching import keeping, most_placeable

EMPTY = -1
COLOURS = 4

# decision-stack frames
F_SETUP, F_ROTATE, F_CHOOSE, F_PLACE, F_STORM, F_DROP = range(6)
FRAME_NAMES = ("setup", "rotate", "choose", "place", "storm", "drop")

# events of the last decision, for logs and the terminal: (kind, actor colour, victim colour, species, location)
EV_EAT, EV_KILL, EV_STORM = 0, 1, 2


class Rules:
    __slots__ = ()

    # -- geometry ------------------------------------------------------------------------------
    def location_at(self, position: int) -> int:
        """The location under a sky position: its slot, or WATER if the slot has no tiles."""
        slot = (position - self.offset) & 7
        return slot if self.stacks[slot] else WATER

    def position_of(self, location: int) -> int:
        return WATER if location == WATER else (location + self.offset) & 7

    def touching(self, position: int) -> list[int]:
        """Locations touching the one under `position`: both neighbours and the Water (GV-2.3)."""
        here = self.location_at(position)
        if here == WATER:
            return [slot for slot in range(8) if self.stacks[slot]]
        out = []
        for loc in (self.location_at(position - 1), self.location_at(position + 1), WATER):
            if loc != here and loc not in out:
                out.append(loc)
        return out

    def height(self, location: int) -> int:
        return 1 if location == WATER else len(self.stacks[location]) + 1

    # -- protocol ------------------------------------------------------------------------------
    def current_player(self) -> int:
        frames = self.frames
        if not frames:
            return TERMINAL
        return CHANCE if frames[-1][0] == F_SETUP else self.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.frames and self.frames[-1][0] == F_SETUP:
            return [(SETUP_STONE_EVEN, 0.5), (SETUP_SAND_EVEN, 0.5)]
        return []

    def _legal_actions(self) -> tuple[int, ...]:
        if not self.frames:
            return ()
        frame = self.frames[-1]
        kind = frame[0]
        if kind == F_ROTATE:
            return (ROTATE, ROTATE + 1, ROTATE + 2) if self.stars[self.player] else (ROTATE + 1,)
        if kind == F_CHOOSE:
            return self._objects()
        if kind == F_PLACE:
            return self._placements(frame)
        if kind == F_STORM:
            return self._storm_moves(frame[1])
        if kind == F_DROP:
            return self._drops()
        return (SETUP_STONE_EVEN, SETUP_SAND_EVEN)

    def _apply(self, action: int) -> None:
        self.events = []
        frame = self.frames[-1]
        kind = frame[0]
        if kind == F_ROTATE:
            self._rotate(action)
        elif kind == F_CHOOSE:
            self._choose(action)
        elif kind == F_PLACE:
            self._place(frame, action)
        elif kind == F_STORM:
            self._move(frame[1], action)
        elif kind == F_DROP:
            self._drop(action)
        else:
            self._setup(action)
        if not self.frames:
            self._end_turn()

    # -- setup (GV-1.2, GV-1.3) ----------------------------------------------------------------
    def _setup(self, action: int) -> None:
        even, odd = (STONE, SAND) if action == SETUP_STONE_EVEN else (SAND, STONE)
        self.stacks = [(even,) if slot % 2 == 0 else (odd,) for slot in range(8)]
        self.home = 0xFF
        self.frames = [(F_CHOOSE,), (F_ROTATE,)]

    # -- rotation and the Moon (GV-3, GV-8) ------------------------------------------------------
    def _rotate(self, action: int) -> None:
        steps = action - ROTATE + 1
        if steps != 2:
            self.stars[self.player] -= 1
        moon = self.game.moon
        for _ in range(steps):
            self.offset = (self.offset + 1) & 7
            self._eat(self.location_at(moon))
        self.frames.pop()

    def _eat(self, loc: int) -> None:
        """The Moon's eating at `loc`: the HerbiVore eats the Plant, then the CarniVore the HerbiVore (GV-8.3)."""
        occ = self.occ
        base = loc * 3
        herb = occ[base + HERBIVORE]
        if herb != EMPTY and occ[base + PLANT] != EMPTY:
            self._award(herb, occ[base + PLANT], PLANT, EV_EAT, loc)
            occ[base + PLANT] = EMPTY
        carn = occ[base + CARNIVORE]
        if carn != EMPTY and occ[base + HERBIVORE] != EMPTY:
            self._award(carn, occ[base + HERBIVORE], HERBIVORE, EV_EAT, loc)
            occ[base + HERBIVORE] = EMPTY

    def _award(self, actor: int, victim: int, species: int, event: int, loc: int) -> None:
        """An eaten or killed life-form goes on the actor's Fossil card, or home if the same colour
        (GV-8.4, GV-8.5, GV-7.5)."""
        if actor == victim:
            self.pool[victim * 3 + species] += 1
        else:
            self.fossils[actor * COLOURS + victim] += 1
        self.events.append((event, actor, victim, species, self.position_of(loc)))

    def _arrive(self, loc: int) -> None:
        """Eating happens instantly when life-forms arrive under the Moon (GV-8.2)."""
        if loc == self.location_at(self.game.moon):
            self._eat(loc)

    # -- choosing a Sky Object (GV-4) ----------------------------------------------------------
    def _objects(self) -> tuple[int, ...]:
        legal = [obj for obj in (SUN, RAINBOW, STORM, METEOR) if self._changes_something(obj)]
        return tuple(legal) if legal else (PASS,)

    def _changes_something(self, obj: int) -> bool:
        game = self.game
        if obj == SUN or obj == RAINBOW:  # something can be placed, and not only to be eaten back (GV-4.3)
            return self._can_place(obj) and not self._only_eaten_back(obj)
        if obj == STORM:
            return bool(self._storm_moves(self.location_at(game.storm)))
        return bool(self._drops())

    def _place_frame(self, obj: int) -> tuple:
        """(F_PLACE, object, target locations, pieces still to place, colours used)."""
        position = self.game.sun if obj == SUN else self.game.rainbow
        here = self.location_at(position)
        if here == WATER:  # GV-5.6: every location qualifies
            targets = tuple(slot for slot in range(8) if self.stacks[slot]) + (WATER,)
        else:  # GV-5.2
            targets = (here, *self.touching(position))
        return (F_PLACE, obj, targets, 4, 0)

    def _choose(self, action: int) -> None:
        self.frames.pop()
        if action == SUN or action == RAINBOW:
            frame = self._place_frame(action)
            self.frames.append(frame)
            self.known_legal(self._placements(frame))
        elif action == STORM:
            self.frames.append((F_STORM, self.location_at(self.game.storm)))
        elif action == METEOR:
            self.frames.append((F_DROP,))

    # -- Sun and Rainbow (GV-5) ----------------------------------------------------------------
    def _piece_kinds(self, frame: tuple) -> tuple[list[list[int]], tuple[int, ...], tuple[int, ...]]:
        """avail[s]: the colours whose species s may be placed; per target, the kinds it may receive
        as a bitmask; and the pieces per kind (Sun: species of your colour; Rainbow: colours)."""
        _, obj, targets, _, used = frame
        occ, pool = self.occ, self.pool
        if obj == SUN:
            me = self.player
            caps = (pool[me * 3], pool[me * 3 + 1], pool[me * 3 + 2])
            avail = [[me] if caps[s] else [] for s in range(3)]
            kinds = [1 << s if caps[s] else 0 for s in range(3)]
        else:
            caps = tuple(0 if used >> c & 1 else 1 for c in range(COLOURS))
            avail, kinds = [[], [], []], [0, 0, 0]
            for c in range(COLOURS):
                if caps[c]:
                    for s in range(3):
                        if pool[c * 3 + s]:
                            avail[s].append(c)
                            kinds[s] |= 1 << c
        options = []
        for loc in targets:
            base = loc * 3
            options.append((kinds[0] if occ[base] == EMPTY else 0) | (kinds[1] if occ[base + 1] == EMPTY else 0)
                           | (kinds[2] if occ[base + 2] == EMPTY else 0))
        return avail, tuple(options), caps

    def _choices_at(self, loc: int, avail: list[list[int]]) -> list[tuple[int, int]]:
        base = loc * 3
        return [(s, c) for s in range(3) if self.occ[base + s] == EMPTY for c in avail[s]]

    def _can_place(self, obj: int) -> bool:
        pool, occ = self.pool, self.occ
        if obj == SUN:
            me = self.player * 3
            left = (pool[me], pool[me + 1], pool[me + 2])
        else:
            left = (pool[0] + pool[3] + pool[6] + pool[9], pool[1] + pool[4] + pool[7] + pool[10],
                    pool[2] + pool[5] + pool[8] + pool[11])
        for loc in self._place_frame(obj)[2]:
            base = loc * 3
            if (left[0] and occ[base] == EMPTY) or (left[1] and occ[base + 1] == EMPTY) or \
                    (left[2] and occ[base + 2] == EMPTY):
                return True
        return False

    def _only_eaten_back(self, obj: int) -> bool:
        """Would every placement this activation allows land under the Moon and be eaten back into its
        owner's pool at once, leaving the position as it was (GV-4.3)? Then it is a pass in disguise.
        A placement anywhere else stays, so the rare check runs only when the Moon's location is the
        one place a piece fits."""
        frame = self._place_frame(obj)
        avail = self._piece_kinds(frame)[0]
        moon_loc = self.location_at(self.game.moon)
        if any(self._choices_at(loc, avail) for loc in frame[2] if loc != moon_loc):
            return False
        before = (self.occ[:], self.pool[:], self.fossils[:])
        for species, colour in self._choices_at(moon_loc, avail):
            after = self.copy()
            after._put(moon_loc, species, colour)
            if (after.occ, after.pool, after.fossils) != before:
                return False
        return True

    def _placements(self, frame: tuple) -> tuple[int, ...]:
        """Placements that keep the most life-forms placeable (GV-4.4)."""
        _, obj, targets, remaining, _ = frame
        avail, options, caps = self._piece_kinds(frame)
        keep = keeping(options, caps, remaining)
        sun = obj == SUN
        occ, offset = self.occ, self.offset
        legal = []
        for i, loc in enumerate(targets):
            k = keep.get(options[i], 0)
            if k:
                first = PLACE + (WATER if loc == WATER else (loc + offset) & 7) * 12
                base = loc * 3
                for s in range(3):
                    if occ[base + s] == EMPTY:
                        for c in avail[s]:
                            if k >> (s if sun else c) & 1:
                                legal.append(first + s * 4 + c)
        moon_loc = self.location_at(self.game.moon)
        if moon_loc in targets and self._moon_may_return(moon_loc, avail):
            # Pieces eaten back into a pool may be placed again, so the count above can be short:
            # when it is, or for a placement it rejects, look at the real outcome (rare).
            most = simple = most_placeable(options, caps, remaining)
            if simple < min(len(targets), remaining):  # returned pieces might let more be placed
                most = self._most(frame)
            if most > simple:
                legal = []
            kept = set(legal)
            for loc in targets:
                first = PLACE + (WATER if loc == WATER else (loc + offset) & 7) * 12
                for s, c in self._choices_at(loc, avail):
                    if first + s * 4 + c not in kept and 1 + self._most_after(frame, loc, s, c) >= most:
                        legal.append(first + s * 4 + c)
        legal.sort()
        return tuple(legal)

    def _moon_may_return(self, moon_loc: int, avail: list[list[int]]) -> bool:
        """Could a placement under the Moon send a piece back to a pool at once (GV-8.5)? Then the
        pools can grow mid-activation, and the simple count is not enough (rare)."""
        return any(self._feeds_own(moon_loc, s, c) for s, c in self._choices_at(moon_loc, avail))

    def _most(self, frame: tuple) -> int:
        """The most life-forms this activation can still place, counting pieces eaten back into the
        pools. Placing under the Moon first is never worse, so only that choice needs trying."""
        _, _obj, targets, remaining, _ = frame
        if remaining == 0:
            return 0
        avail, options, caps = self._piece_kinds(frame)
        moon_loc = self.location_at(self.game.moon)
        if moon_loc not in targets or not self._moon_may_return(moon_loc, avail):
            return most_placeable(options, caps, remaining)
        i = targets.index(moon_loc)
        best = most_placeable(options[:i] + options[i + 1:], caps, remaining)
        for s, c in self._choices_at(moon_loc, avail):
            best = max(best, 1 + self._most_after(frame, moon_loc, s, c))
        return best

    def _most_after(self, frame: tuple, loc: int, species: int, colour: int) -> int:
        """The most still placeable after this placement."""
        after = self.copy()
        after._put(loc, species, colour)
        _, obj, targets, remaining, used = frame
        return after._most((F_PLACE, obj, tuple(t for t in targets if t != loc), remaining - 1, used | (1 << colour)))

    def _feeds_own(self, loc: int, species: int, colour: int) -> bool:
        """Would this placement make a life-form eat one of its own colour (which goes back to the pool)?"""
        slots = self.occ[loc * 3:loc * 3 + 3]
        slots[species] = colour
        carn, herb, plant = slots
        return (herb != EMPTY and herb == plant) or (carn != EMPTY and carn == herb)

    def _put(self, loc: int, species: int, colour: int) -> None:
        self.occ[loc * 3 + species] = colour
        self.pool[colour * 3 + species] -= 1
        self._arrive(loc)

    def _place(self, frame: tuple, action: int) -> None:
        position, species, colour = decode_place(action)
        loc = WATER if position == WATER else (position - self.offset) & 7
        self._put(loc, species, colour)
        _, obj, targets, remaining, used = frame
        self.frames.pop()
        if remaining > 1:
            rest = tuple(t for t in targets if t != loc)
            nxt = (F_PLACE, obj, rest, remaining - 1, used | (1 << colour))
            legal = self._placements(nxt)
            if legal:
                self.frames.append(nxt)
                self.known_legal(legal)

    # -- Storm (GV-6) ----------------------------------------------------------------------------
    def _storm_moves(self, source: int) -> tuple[int, ...]:
        occ = self.occ
        base = source * 3
        if occ[base] == EMPTY and occ[base + 1] == EMPTY and occ[base + 2] == EMPTY:
            return ()
        dests = self.touching(self.game.storm)
        pos = self.position_of
        return tuple(sorted(
            move_id(pos(dest), s)
            for s in range(3) if occ[base + s] != EMPTY
            for dest in dests if occ[dest * 3 + s] == EMPTY
        ))

    def _move(self, source: int, action: int) -> None:
        position, species = decode_move(action)
        dest = WATER if position == WATER else (position - self.offset) & 7
        occ = self.occ
        occ[dest * 3 + species] = occ[source * 3 + species]
        occ[source * 3 + species] = EMPTY
        self.events.append((EV_STORM, self.player, occ[dest * 3 + species], species, self.position_of(dest)))
        legal = self._storm_moves(source)
        if legal:
            self.known_legal(legal)
        else:  # the Storm's life-forms arrive together, then the Moon eats (GV-6.5)
            self.frames.pop()
            self._eat(self.location_at(self.game.moon))

    # -- Meteor (GV-7) ---------------------------------------------------------------------------
    def _drops(self) -> tuple[int, ...]:
        target = (self.game.meteor - self.offset) & 7
        stack = self.stacks[target]
        legal = [a for a, tile in ((DROP_SNOW, SNOW), (DROP_GRASS, GRASS))
                 if self.supply[tile] and tile not in stack]
        home = self.home & ~(1 << target)
        for slot in range(8):
            if home >> slot & 1 and self.stacks[slot][0] not in stack:
                legal.append(DROP_FROM + ((slot + self.offset) & 7))
        return tuple(sorted(legal))

    def _drop(self, action: int) -> None:
        target = (self.game.meteor - self.offset) & 7
        occ = self.occ
        if self.stacks[target]:  # GV-7.4: life-forms under the falling tile die; Water survives (GV-7.6)
            base = target * 3
            for s in range(3):
                if occ[base + s] != EMPTY:
                    self._award(self.player, occ[base + s], s, EV_KILL, target)
                    occ[base + s] = EMPTY
        if action == DROP_SNOW or action == DROP_GRASS:
            tile = SNOW if action == DROP_SNOW else GRASS
            self.supply[tile] -= 1
        else:  # GV-7.1: the tile carries its life-forms along; its old place becomes Water (GV-7.7)
            source = (action - DROP_FROM - self.offset) & 7
            tile = self.stacks[source][0]
            self.stacks[source] = ()
            self.home &= ~(1 << source)
            occ[target * 3:target * 3 + 3] = occ[source * 3:source * 3 + 3]
            occ[source * 3:source * 3 + 3] = [EMPTY] * 3
        self.stacks[target] += (tile,)
        self.home &= ~(1 << target)
        self._arrive(target)
        self.frames.pop()

    # -- end of turn and scoring (GV-8.1, GV-9) --------------------------------------------------
    def _end_turn(self) -> None:
        self._eat(self.location_at(self.game.moon))
        if self.ended_by_rules() or self.cap_reached(self.turn):
            return  # frames stay empty: the game is over
        self.player = (self.player + 1) % self.game.num_players
        self.turn += 1
        self.frames = [(F_CHOOSE,), (F_ROTATE,)]

    def can_never_end(self) -> bool:
        """No play can ever land the last tiles (GV-9.7): every player has spent their Stars, so each turn
        rotates two steps and the Meteor's target keeps to the four slots of one parity; each of those
        holds a tile of every kind still off the board; and no starting tile is left to move (GV-7.2).
        A sufficient test, not a complete one: it is what the bots need to see a stalled game coming."""
        if not self.frames or any(self.stars[:self.game.num_players]) or self.home:
            return False
        kinds = [tile for tile in (GRASS, SNOW) if self.supply[tile]]
        parity = (self.game.meteor - self.offset) & 1
        return all(tile in self.stacks[slot] for slot in range(parity, 8, 2) for tile in kinds)

    def ended_by_rules(self) -> bool:
        """The last Grass or Snow tile has landed (GV-9.1); the max_turns cap is GV-9.5."""
        return self.supply[GRASS] + self.supply[SNOW] == 0

    def all_scores(self) -> list[int]:
        """Score of every colour, Bots included (GV-9.2, GV-9.3)."""
        scores = [sum(self.fossils[c * COLOURS:(c + 1) * COLOURS]) for c in range(COLOURS)]
        heights = [len(stack) + 1 for stack in self.stacks] + [1]
        for i, colour in enumerate(self.occ):
            if colour != EMPTY:
                scores[colour] += heights[i // 3]
        return scores

    def on_planet(self) -> list[int]:
        counts = [0] * COLOURS
        for colour in self.occ:
            if colour != EMPTY:
                counts[colour] += 1
        return counts

    def scores(self) -> list[float]:
        return [float(s) for s in self.all_scores()[:self.game.num_players]]

    def winners(self) -> list[int] | None:
        """Highest score, ties to the most life-forms on the planet (GV-9.4). Bots cannot win."""
        scores, alive = self.all_scores(), self.on_planet()
        return best([(scores[s], alive[s]) for s in range(self.game.num_players)])
