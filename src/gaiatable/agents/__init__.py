"""Agents and the specs that select them ('random', 'mcts:iters=800,c=1.4': grammar in spec.py).

The agent protocol itself (Agent, TurnView) is in core/agent.py; agents see a TurnView, never a state.
"""

from __future__ import annotations

from ..core.agent import Agent, RandomAgent, TurnView
from ..core.game import Game
from .search import GreedyAgent, ISMCTSAgent, MCTSAgent
from .spec import AgentSpec, build, split_specs

AGENTS: dict[str, type[Agent]] = {cls.name: cls for cls in (RandomAgent, GreedyAgent, MCTSAgent, ISMCTSAgent)}


def register_agent(cls: type[Agent]) -> type[Agent]:
    AGENTS[cls.name] = cls
    return cls


def make_agent(spec: str | AgentSpec, *, seat: int = 0, seed: int = 0, game: Game | None = None) -> Agent:
    """Build the agent `spec` names for `seat`, e.g. make_agent('mcts:iters=800', seat=1, seed=7, game=g)."""
    return build(spec, AGENTS, seat=seat, seed=seed, game=game)


__all__ = ["AGENTS", "Agent", "AgentSpec", "RandomAgent", "TurnView", "make_agent", "register_agent", "split_specs"]
