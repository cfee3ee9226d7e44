"""Seeded streams. The state never holds a random generator: the driver owns one per purpose,
each derived from the game seed, so results are identical on any machine and any worker count."""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *labels: object) -> int:
    """A 63-bit seed for one purpose (chance, a seat's agent, game i of a run), stable everywhere."""
    text = ":".join(str(x) for x in (seed, *labels))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def stream(seed: int, *labels: object) -> random.Random:
    return random.Random(derive_seed(seed, *labels))


def sample_outcome(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    """Pick a chance outcome with its probability."""
    r = rng.random()
    total = 0.0
    for action, p in outcomes:
        total += p
        if r < total:
            return action
    return outcomes[-1][0]


def random_step(state, rng: random.Random) -> None:
    """One decision of a random game: a chance outcome by its probability, else a legal action uniformly.
    The tests' random walks and the length studies take this one step, so a seed names one game in each."""
    if state.is_chance():
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    else:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
