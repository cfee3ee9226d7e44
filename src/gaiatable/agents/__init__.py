"""Agents and the spec strings that select them: 'random', 'mcts:iters=800,c=1.4'."""

from __future__ import annotations

from ..core.errors import GaiatableError
from ..core.params import parse_param_string
from .base import Agent, RandomAgent, TurnView

AGENTS: dict[str, type[Agent]] = {RandomAgent.name: RandomAgent}


def register_agent(cls: type[Agent]) -> type[Agent]:
    AGENTS[cls.name] = cls
    return cls


def make_agent(spec: str, seed: int) -> Agent:
    name, _, options = spec.strip().partition(":")
    name = name.strip().lower()
    if name not in AGENTS:
        raise GaiatableError(f"no agent named {name!r} (agents: {', '.join(sorted(AGENTS))})")
    agent = AGENTS[name](seed=seed, **parse_param_string(options))
    agent.spec = spec.strip()
    return agent


__all__ = ["AGENTS", "Agent", "RandomAgent", "TurnView", "make_agent", "register_agent"]
