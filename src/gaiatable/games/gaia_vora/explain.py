"""Why a Gaia-Vora move is illegal, with the clause that forbids it (docs/rulings/gaia-vora.md)."""

from __future__ import annotations

from .actions import (
    DROP,
    DROP_FROM,
    DROP_GRASS,
    DROP_SNOW,
    MOVE,
    PASS,
    PLACE,
    RAINBOW,
    ROTATE,
    SETUP_STONE_EVEN,
    SUN,
    WATER,
    decode_move,
    decode_place,
)
from .content import GRASS, SNOW, SPECIES, TILES
from .rules import EMPTY, F_CHOOSE, F_DROP, F_PLACE, F_ROTATE, F_SETUP, F_STORM


class Explain:
    __slots__ = ()

    def explain_illegal(self, action: int) -> tuple[str, str | None]:
        frame = self.frames[-1]
        kind = frame[0]
        expected = {F_SETUP: (SETUP_STONE_EVEN, PLACE), F_ROTATE: (ROTATE, SUN), F_CHOOSE: (SUN, SETUP_STONE_EVEN),
                    F_PLACE: (PLACE, MOVE), F_STORM: (MOVE, DROP), F_DROP: (DROP, DROP + 10)}[kind]
        if not expected[0] <= action < expected[1]:
            return f"now is the time to {self.pending_text()}", "GV-3.1"
        if kind == F_ROTATE:
            return "rotating 1 or 3 steps costs a Star, and you have none left", "GV-3.2"
        if kind == F_CHOOSE:
            if action == PASS:
                return "you may pass only when no Sky Object would change anything", "GV-3.4"
            return "you may not choose a Sky Object whose activation would change nothing", "GV-4.3"
        if kind == F_PLACE:
            return self._explain_place(frame, action)
        if kind == F_STORM:
            position, species = decode_move(action)
            loc = WATER if position == WATER else (position - self.offset) & 7
            if self.occ[frame[1] * 3 + species] == EMPTY:
                return f"there is no {SPECIES[species]} left under the Storm", "GV-6.1"
            if loc not in self.touching(self.game.storm):
                return "life-forms move only to a location touching the one under the Storm", "GV-6.1"
            return f"that location already has a {SPECIES[species]}", "GV-6.2"
        return self._explain_drop(action)

    def _explain_place(self, frame: tuple, action: int) -> tuple[str, str]:
        position, species, colour = decode_place(action)
        loc = WATER if position == WATER else (position - self.offset) & 7
        _, obj, targets, _, used = frame
        if loc != WATER and not self.stacks[loc]:
            return "that position is Water now: name the location 'water'", "GV-2.2"
        if loc not in targets:
            return "that location is not one the Sky Object reaches, or already received a life-form", "GV-5.2"
        if self.occ[loc * 3 + species] != EMPTY:
            return f"that location already has a {SPECIES[species]}", "GV-2.1"
        if obj == SUN and colour != self.player:
            return "with the Sun, all four life-forms must be your own colour", "GV-5.3"
        if obj == RAINBOW and used >> colour & 1:
            return "with the Rainbow, each life-form placed is of a colour not placed yet this time", "GV-5.4"
        if not self.pool[colour * 3 + species]:
            return f"no {self.game.content.colours[colour]} {SPECIES[species]} is left in the pool", "GV-5.5"
        return "another order would place more life-forms, and you must place as many as you can", "GV-4.4"

    def _explain_drop(self, action: int) -> tuple[str, str]:
        target = (self.game.meteor - self.offset) & 7
        if action in (DROP_SNOW, DROP_GRASS):
            tile = SNOW if action == DROP_SNOW else GRASS
            if not self.supply[tile]:
                return f"no {TILES[tile]} tile is left off the board", "GV-7.1"
            return f"the stack under the Meteor already has a {TILES[tile]} tile", "GV-7.3"
        source = (action - DROP_FROM - self.offset) & 7
        if source == target:
            return "the Meteor drops a tile onto the location under it, never from it", "GV-7.2"
        if not self.home >> source & 1:
            return "only a single Sand or Stone tile still at its starting location may move", "GV-7.2"
        return f"the stack under the Meteor already has a {TILES[self.stacks[source][0]]} tile", "GV-7.3"
