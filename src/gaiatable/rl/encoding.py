"""Observation dicts to fixed-size float32 vectors, one layout per game and player count.

An encoder reads only the observation a seat was given (`state.observe(seat)`, docs/observation.md)
and the game's static content; it never sees a state, so it cannot leak what the seat may not see.
Every layout is a list of named slices (`encoder.slices`) documented in docs/rl.md.

Seats are relative: slot 0 is always the viewer, slot 1 the next seat clockwise, and so on, so one
policy can play any seat. Every value lies in [-1, 1]; counts are divided by a stated scale.

    enc = encoder_for(game)
    vector = enc.encode(state.observe(seat))       # numpy float32, shape (enc.size,)
    vector[enc.slice("board.mine")]                # a named slice of it
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from ..core.game import Game
from ..core.observation import Observation

# the module under rl/encoders/ for each game; a game added later needs one (docs/rl.md)
ENCODER_MODULES = {
    "tictactoe": "tictactoe",
    "earth-our-home": "earth_our_home",
    "gaia-vora": "gaia_vora",
    "phanerozoic": "phanerozoic",
    "planetarium": "planetarium",
    "planit": "planit",
}


@dataclass(frozen=True)
class Slice:
    """A named run of the vector: `size` values from `start`, with what they mean."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


def scaled(value: float, scale: float) -> float:
    """`value / scale`, clipped to [-1, 1]."""
    x = value / scale
    return 1.0 if x > 1.0 else -1.0 if x < -1.0 else x


class Writer:
    """The non-zero values of one vector as (index, value) pairs: most of a layout is one-hot zeros,
    and numpy fills a zero vector from a short list far faster than it converts a long one."""

    __slots__ = ("index", "value")

    def __init__(self, index: list[int], value: list[float]) -> None:
        self.index = index
        self.value = value

    def one(self, at: int) -> None:
        """A 1 at `at`."""
        self.index.append(at)
        self.value.append(1.0)

    def ones(self, indices) -> None:
        """A 1 at each of `indices` (an iterable of ints)."""
        start = len(self.index)
        self.index.extend(indices)
        self.value.extend([1.0] * (len(self.index) - start))

    def put(self, at: int, value: float) -> None:
        self.index.append(at)
        self.value.append(value)

    def run(self, start: int, values: list[float]) -> None:
        """`values` from `start` on."""
        self.index.extend(range(start, start + len(values)))
        self.value.extend(values)

    def vector(self, size: int) -> np.ndarray:
        out = np.zeros(size, dtype=np.float32)
        n = len(self.index)
        if n:
            # fromiter skips the float64 array that assigning the lists would build first
            out[np.fromiter(self.index, np.intp, n)] = np.fromiter(self.value, np.float32, n)
        return out


def vocabulary(names: Sequence[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


class Encoder:
    """A game's encoding. Subclasses declare `phases` and build their slices in `layout()` with `add`
    (keeping each slice's start), then write `write(obs, out)`: the non-zero values, at their slice's
    start plus their offset. `score_scale` divides the scores."""

    game_name: ClassVar[str]
    phases: ClassVar[tuple[str, ...]]  # the values of `phase` the game uses, "over" included
    score_scale: ClassVar[float] = 100.0

    def __init__(self, game: Game):
        self.game = game
        self.players = game.num_players
        self.slices: list[Slice] = []
        self.size = 0
        self._phase = vocabulary(self.phases)
        n = self.players
        self._to_move = self.add("to_move", n, "whose decision it is, by relative seat (0 = the viewer); "
                                 "all 0 when over").start
        self._phase_at = self.add("phase", len(self.phases), "the pending decision, one-hot: "
                                  + ", ".join(self.phases)).start
        self._scores = self.add("scores", n, f"each seat's score / {self.score_scale:g}, by relative seat").start
        self._hidden = self.add("scores_hidden", n, "1 where a seat's score is hidden from the viewer").start
        self.layout()
        self._by_name = {s.name: s for s in self.slices}

    def add(self, name: str, size: int, meaning: str) -> Slice:
        piece = Slice(name, self.size, size, meaning)
        self.slices.append(piece)
        self.size += size
        return piece

    def layout(self) -> None:
        raise NotImplementedError

    def slice(self, name: str) -> slice:
        piece = self._by_name[name]
        return slice(piece.start, piece.stop)

    # -- encoding ------------------------------------------------------------------------------------
    def encode(self, obs: Observation) -> np.ndarray:
        """The vector for the seat that `obs` was made for: float32, shape (size,)."""
        out = Writer([], [])
        self.header(obs, out)
        self.write(obs, out)
        return out.vector(self.size)

    def header(self, obs: Observation, out: Writer) -> None:
        """The slices every game shares: to_move, phase, scores, scores_hidden. (Not cached: a cache
        keyed by the scores keeps growing, and the garbage collector's walks over it cost more than
        the values.)"""
        viewer, to_move = obs["viewer"], obs["to_move"]
        if to_move >= 0:
            out.one(self._to_move + self.relative(to_move, viewer))
        out.one(self._phase_at + self._phase[obs["phase"]])
        for i, score in enumerate(self.rotate(obs["scores"], viewer)):
            if score is None:
                out.one(self._hidden + i)
            elif score:
                out.put(self._scores + i, scaled(score, self.score_scale))

    def write(self, obs: Observation, out: Writer) -> None:
        raise NotImplementedError

    # -- relative seats --------------------------------------------------------------------------------
    def relative(self, seat: int, viewer: int) -> int:
        """Where `seat` sits counted from `viewer` (0 = the viewer)."""
        return (seat - viewer) % self.players

    def rotate(self, per_seat: Sequence[Any], viewer: int) -> list[Any]:
        """A per-seat list reordered so that the viewer comes first."""
        return list(per_seat[viewer:]) + list(per_seat[:viewer])

    def describe(self) -> list[tuple[str, int, int, str]]:
        """(name, start, size, meaning) per slice, for docs and tables."""
        return [(s.name, s.start, s.size, s.meaning) for s in self.slices]


_ENCODERS: dict[tuple, Encoder] = {}


def encoder_class(name: str) -> type[Encoder]:
    if name not in ENCODER_MODULES:
        raise KeyError(f"no RL encoding for game {name!r} (encodings: {', '.join(sorted(ENCODER_MODULES))})")
    module = importlib.import_module(f"{__package__}.encoders.{ENCODER_MODULES[name]}")
    return module.ENCODER


def encoder_for(game: Game) -> Encoder:
    """The encoder of `game` (shared by every env of the same game and parameters)."""
    key = (game.name, tuple(sorted((k, repr(v)) for k, v in game.params.items())))
    if key not in _ENCODERS:
        _ENCODERS[key] = encoder_class(game.name)(game)
    return _ENCODERS[key]
