"""What the environments share: loading a game by name or instance, resolving chance from a seeded
stream, and the action mask of a seat."""

from __future__ import annotations

import random

import numpy as np

from ..core.game import CHANCE, Game, State
from ..core.registry import game_class, load_game
from ..core.seeding import sample_outcome


def as_game(game: str | Game, params: dict) -> Game:
    """`game` itself, or the registered game of that name with `params`."""
    if isinstance(game, Game):
        if params:
            raise TypeError("pass parameters with a game's name, not with a loaded game")
        return game
    return load_game(game, **params)


def play_chance(state: State, rng: random.Random) -> None:
    """Sample chance decisions until a seat is to decide or the game is over."""
    while state.current_player() == CHANCE:
        state.apply(sample_outcome(state.chance_outcomes(), rng))


class Masks:
    """The action masks of one game, cached by legal set: the same sets come back again and again."""

    __slots__ = ("size", "cache")

    def __init__(self, size: int):
        self.size = size
        self.cache: dict[tuple[int, ...], np.ndarray] = {}  # legal set -> its mask, not to be modified

    def of(self, state: State, seat: int) -> np.ndarray:
        """1 for each legal action of `seat`; all 0 when it is not `seat`'s decision. A fresh array."""
        if state.current_player() != seat:
            return np.zeros(self.size, dtype=np.int8)
        return self.legal(state.legal_actions()).copy()

    def legal(self, legal: tuple[int, ...]) -> np.ndarray:
        """The cached mask of `legal`: not to be modified."""
        mask = self.cache.get(legal)
        if mask is None:
            if len(self.cache) > 50_000:
                self.cache.clear()
            mask = self.cache[legal] = np.zeros(self.size, dtype=np.int8)
            mask[list(legal)] = 1
        return mask


_MASKS: dict[int, Masks] = {}


def action_mask(state: State, seat: int, size: int) -> np.ndarray:
    """1 for each legal action of `seat`; all 0 when it is not `seat`'s decision. A fresh array."""
    masks = _MASKS.get(size)
    if masks is None:
        masks = _MASKS[size] = Masks(size)
    return masks.of(state, seat)


def player_counts(game_name: str) -> range:
    """Every player count a game supports (its `players` parameter's range)."""
    cls = game_class(game_name)
    spec = {p.name: p for p in cls.params_spec}.get("players")
    if spec is None:
        return range(cls.min_players, cls.max_players + 1)
    return range(spec.min, spec.max + 1)
