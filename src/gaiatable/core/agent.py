"""The agent protocol: what a player (a bot, a person at a terminal, a remote client) is given for a
decision, and what it answers. Agents see a TurnView, never the state."""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import GaiatableError
from .game import Game
from .observation import Observation


@dataclass
class TurnView:
    seat: int
    legal_actions: tuple[int, ...]
    game: Game
    _observe: Callable[[], Observation] = field(repr=False)
    why_illegal: Callable[[int], Exception] | None = field(default=None, repr=False)
    # a state consistent with everything this seat has seen, for search (never the true state's secrets)
    determinize: Callable[[random.Random], object] | None = field(default=None, repr=False)
    notice: str | None = None  # what the driver says to this seat first (an undo done or refused)
    _observation: Observation | None = field(default=None, repr=False)

    @property
    def observation(self) -> Observation:
        """What `seat` may see, computed on first use."""
        if self._observation is None:
            self._observation = self._observe()
        return self._observation


class Agent:
    """Chooses the actions of one seat. `spec` is the string that builds it again (agents/spec.py)."""

    name = "agent"
    interactive = False  # a person: told of every decision, and may ask to undo

    def __init__(self, *, seat: int = 0, seed: int = 0, **options):
        if options:
            known = [p for p in inspect.signature(type(self)).parameters if p not in ("seat", "seed", "options")]
            raise GaiatableError(f"agent {self.name!r} takes no option {min(options)!r} "
                                 f"({'options: ' + ', '.join(known) if known else 'it has no options'})")
        self.seat = seat
        self.rng = random.Random(seed)
        self.spec = self.name

    def act(self, view: TurnView) -> int:
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniformly random among the legal actions."""

    name = "random"

    def act(self, view: TurnView) -> int:
        legal = view.legal_actions
        return legal[self.rng.randrange(len(legal))]
