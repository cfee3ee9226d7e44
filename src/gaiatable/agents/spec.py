"""Agent specs: the text that names an agent and its options, parsed and checked in one place.

Grammar (spaces around names and values are ignored):

    spec     = name [ ":" option { "," option } ]
    option   = key "=" value
    seats    = spec { "," spec }

    random    greedy    mcts:iters=800,c=1.4    ismcts:iters=300,seconds=1    default    strong

In a list of seats, a part with "=" and no ":" is one more option of the spec before it, so
`mcts:iters=400,c=1,greedy` is two seats. `default` is the game's own choice (`Game.default_agent`),
`strong` its strongest within a move's time (`Game.strong_agent`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.agent import Agent
from ..core.errors import GaiatableError
from ..core.game import Game


@dataclass(frozen=True)
class AgentSpec:
    name: str
    options: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: str) -> AgentSpec:
        name, _, rest = text.strip().partition(":")
        options = []
        for part in filter(None, (p.strip() for p in rest.split(","))):
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise GaiatableError(f"agent {name.strip()!r}: expected option=value, got {part!r}")
            options.append((key.strip(), value.strip()))
        if not name.strip():
            raise GaiatableError(f"an agent spec needs a name, got {text!r}")
        return cls(name.strip().lower(), tuple(options))

    def __str__(self) -> str:
        options = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.name}:{options}" if options else self.name


def split_specs(text: str) -> list[str]:
    """'mcts:iters=400,c=1,greedy,random' -> ['mcts:iters=400,c=1', 'greedy', 'random']."""
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += "," + part
        else:
            specs.append(part)
    return specs


# The agents a game names for itself: its default, and the strongest it plays within a move's time.
NAMED = {"default": "default_agent", "strong": "strong_agent"}


def named(spec: str, game: Game | type[Game]) -> str:
    """The spec behind a game's named agent ('default', 'strong'); any other spec as it is."""
    attribute = NAMED.get(spec.strip().lower())
    return getattr(game, attribute) if attribute else spec


def build(spec: str | AgentSpec, registry: dict[str, type[Agent]], *, seat: int, seed: int,
          game: Game | None = None) -> Agent:
    parsed = spec if isinstance(spec, AgentSpec) else AgentSpec.parse(spec)
    if parsed.name in NAMED:
        if game is None:
            raise GaiatableError(f"the {parsed.name!r} agent depends on the game")
        behind = named(parsed.name, game)
        if parsed.options:
            raise GaiatableError(f"{parsed.name!r} takes no options; name the agent instead ({behind})")
        agent = build(behind, registry, seat=seat, seed=seed)
        agent.spec = f"{parsed.name}={behind}"
        return agent
    if parsed.name not in registry:
        raise GaiatableError(f"no agent named {parsed.name!r} (agents: {', '.join(sorted([*registry, *NAMED]))})")
    agent = registry[parsed.name](seat=seat, seed=seed, **dict(parsed.options))
    agent.spec = str(parsed)
    return agent
