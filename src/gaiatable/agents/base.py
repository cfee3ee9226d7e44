"""Agents see a TurnView: their seat, the observation, the legal actions and the game's rules.
Never the state."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.errors import GaiatableError
from ..core.game import Game


@dataclass
class TurnView:
    seat: int
    legal_actions: tuple[int, ...]
    game: Game
    _observe: Callable[[], dict] = field(repr=False)
    why_illegal: Callable[[int], Exception] | None = field(default=None, repr=False)
    # a state consistent with everything this seat has seen, for search (never the true state's secrets)
    determinize: Callable[[random.Random], object] | None = field(default=None, repr=False)
    notice: str | None = None  # what the driver says to this seat first (an undo done or refused)
    _observation: dict | None = field(default=None, repr=False)

    @property
    def observation(self) -> dict:
        """What `seat` may see, computed on first use."""
        if self._observation is None:
            self._observation = self._observe()
        return self._observation


class Agent:
    """Chooses an action for one seat. `spec` is the string that builds it again."""

    name = "agent"
    interactive = False

    def __init__(self, seed: int = 0, **options):
        if options:
            raise GaiatableError(f"agent {self.name!r} takes no option {min(options)!r}")
        self.rng = random.Random(seed)
        self.spec = self.name

    def act(self, view: TurnView) -> int:
        raise NotImplementedError

    def observe_action(self, seat: int | None, action: int, view_after: Callable[[], dict]) -> None:
        """Told after every decision (chance included, seat None). Interactive agents show it."""


class RandomAgent(Agent):
    """Uniformly random among the legal actions."""

    name = "random"

    def act(self, view: TurnView) -> int:
        legal = view.legal_actions
        return legal[self.rng.randrange(len(legal))]
