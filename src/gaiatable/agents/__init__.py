"""Agents and the spec strings that select them: 'random', 'mcts:iters=800,c=1.4'."""

from __future__ import annotations

from ..core.errors import GaiatableError
from ..core.params import parse_param_string
from .base import Agent, RandomAgent, TurnView
from .search import GreedyAgent, ISMCTSAgent, MCTSAgent

AGENTS: dict[str, type[Agent]] = {cls.name: cls for cls in (RandomAgent, GreedyAgent, MCTSAgent, ISMCTSAgent)}


def register_agent(cls: type[Agent]) -> type[Agent]:
    AGENTS[cls.name] = cls
    return cls


def split_specs(text: str) -> list[str]:
    """'mcts:iters=400,c=1,greedy,random' -> ['mcts:iters=400,c=1', 'greedy', 'random']: a part with
    '=' and no ':' is one more option of the agent before it."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


def make_agent(spec: str, seed: int, game=None) -> Agent:
    """Build an agent from its spec, e.g. 'mcts:iters=800,c=1.4'. 'default' is the game's own choice."""
    name, _, options = spec.strip().partition(":")
    name = name.strip().lower()
    if name == "default":
        if game is None:
            raise GaiatableError("the 'default' agent depends on the game")
        agent = make_agent(game.default_agent, seed)
        agent.spec = f"default={game.default_agent}"
        return agent
    if name not in AGENTS:
        raise GaiatableError(f"no agent named {name!r} (agents: {', '.join(sorted(AGENTS))})")
    agent = AGENTS[name](seed=seed, **parse_param_string(options))
    agent.spec = spec.strip()
    return agent


__all__ = ["AGENTS", "Agent", "RandomAgent", "TurnView", "make_agent", "register_agent", "split_specs"]
