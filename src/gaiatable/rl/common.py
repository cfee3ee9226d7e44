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


_MASKS: dict[tuple[int, tuple[int, ...]], np.ndarray] = {}  # the same legal sets come back again and again


def action_mask(state: State, seat: int, size: int) -> np.ndarray:
    """1 for each legal action of `seat`; all 0 when it is not `seat`'s decision. A fresh array."""
    if state.current_player() != seat:
        return np.zeros(size, dtype=np.int8)
    legal = state.legal_actions()
    mask = _MASKS.get((size, legal))
    if mask is None:
        if len(_MASKS) > 50_000:
            _MASKS.clear()
        mask = _MASKS[size, legal] = np.zeros(size, dtype=np.int8)
        mask[list(legal)] = 1
    return mask.copy()


def player_counts(game_name: str) -> range:
    """Every player count a game supports (its `players` parameter's range)."""
    cls = game_class(game_name)
    spec = {p.name: p for p in cls.params_spec}.get("players")
    if spec is None:
        return range(cls.min_players, cls.max_players + 1)
    return range(spec.min, spec.max + 1)
