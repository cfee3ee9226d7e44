"""Helpers for the RL interface tests: every game with every player count it supports, and the
states of a seeded random game."""

from __future__ import annotations

import random

from gaiatable import load_game, registered_games
from gaiatable.core.seeding import sample_outcome
from gaiatable.rl.common import player_counts


def game_params(name: str, players: int) -> dict:
    if name == "tictactoe":
        return {}
    if name == "planit":  # random games run thousands of turns to their end (PL-6.2): keep them to 1,000 here,
        return {"players": players, "max_turns": 1000}  # as pyspiel's random_sim_test replays each one per step
    return {"players": players}


GAME_COUNTS = [(cls.name, n) for cls in registered_games() for n in player_counts(cls.name)]
GAME_IDS = [f"{name}-{n}p" for name, n in GAME_COUNTS]


def random_states(game, seed: int, every: int = 1):
    """The states of a seeded random game where a seat decides (every `every`-th), and the last."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        if decisions % every == 0:
            yield state
        decisions += 1
        state.apply(rng.choice(state.legal_actions()))
    yield state


def loaded(name: str, params: dict):
    return load_game(name, **params)
