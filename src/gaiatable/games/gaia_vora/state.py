"""Gaia-Vora's state: the data (the rules are in rules.py, the views in view.py).

`offset` turns the carousel; `stacks` are the eight slots' land tiles, bottom first; `occ` holds a
colour or EMPTY per location and species; `frames` is the stack of pending decisions (rules.py).
"""

from __future__ import annotations

from ...core.fields import INT, INTS, TUPLES, fields
from ...core.game import State
from .content import GRASS, SNOW
from .explain import Explain
from .rules import COLOURS, EMPTY, F_SETUP, Rules
from .view import View


class GaiaVoraState(Rules, Explain, View, State):
    __slots__ = fields(
        offset=INT, stacks=TUPLES, home=INT, occ=INTS, pool=INTS, stars=INTS, fossils=INTS, supply=INTS,
        player=INT, turn=INT, frames=TUPLES, events=TUPLES,
    )

    def __init__(self, game):
        self.game = game
        self._legal = None
        c = game.content
        self.offset = 0
        self.stacks: list[tuple[int, ...]] = [()] * 8
        self.home = 0  # bit i: slot i still holds its starting tile alone (GV-7.2)
        self.occ = [EMPTY] * 27  # location * 3 + species: a colour or EMPTY (GV-2.1)
        self.pool = [c.life_forms[s] for _ in range(COLOURS) for s in range(3)]  # colour * 3 + species
        self.stars = [game.params["stars"]] * COLOURS
        self.fossils = [0] * (COLOURS * COLOURS)  # eater * 4 + victim
        self.supply = [0, 0, c.tiles[GRASS], c.tiles[SNOW]]  # tiles off the board, by tile
        self.player = 0
        self.turn = 0
        self.frames: list[tuple] = [(F_SETUP,)]
        self.events: list[tuple] = []  # what the last decision brought about (rules.py: EV_EAT, EV_KILL, EV_STORM)

    def check(self) -> str | None:
        if len(self.stacks) != 8 or len(self.occ) != 27 or len(self.pool) != 12:
            return "stacks, occ or pool has the wrong length"
        return None
