"""Planit: The Omni Evolution Board Game (seed 000): fill the O2 sink, survive the Ice Age, and race
through the higher animals to Evolutionary Humans.

| players | chance                        | information                          | actions |
|---------|-------------------------------|--------------------------------------|---------|
| 2-4     | card draws (no order kept), d6 | public (hands are face up)          | 89      |

Rules: docs/rulings/planit.md. Charts and gauges are data (content/planit.toml); a player who owns
the magazine can load the real charts with the `content` parameter. Action ids: actions.py.
"""

from __future__ import annotations

from ...core.errors import ParamError, RecordError
from ...core.game import Game, require_keys
from ...core.params import Param
from ...core.registry import register
from . import actions, heuristics, text
from .content import load_content
from .state import PlanitState

DEFAULT_CONTENT = load_content()


@register
class Planit(Game):
    name = "planit"
    title = "Planit: The Omni Evolution Board Game"
    min_players, max_players = 2, 4
    num_distinct_actions = actions.NUM_ACTIONS
    # random rollouts are noise in a race this long: judge leaves by the plays-to-win estimate, and
    # start from greedy's exact one-turn values (heuristics.py, agents/search.py)
    default_agent = "mcts:iters=200,depth=0,prior=20"
    params_spec = (
        Param("players", 2, "number of players", min=2, max=4),
        Param("names", "", "planet names, comma-separated (default: from the content file)"),
        Param("content", "", "path to a content TOML with your own charts (default: the built-in design)"),
        Param("max_turns", 1000, "safety cap on turns for simulation, not a rule (PL-6.2); 0 = none", min=0),
    )

    def __init__(self, **params):
        path = params.get("content") or ""
        self.content = load_content(path) if path else DEFAULT_CONTENT
        self.costs = heuristics.Costs.of(self.content.charts)  # plays per unit of progress, for the bots
        names = [n.strip() for n in str(params.get("names") or "").split(",") if n.strip()]
        default = list(self.content.planet_names)
        self.planet_names = tuple(names + default[len(names):])
        if len(set(self.planet_names)) != len(self.planet_names):
            raise ParamError(f"planet names must differ: {', '.join(self.planet_names)}")
        super().__init__(**params)

    def content_json(self) -> dict:
        return self.content.as_json()

    def _action_text(self, action: int) -> str:
        return actions.action_text(action, self.planet_names)

    def _action_struct(self, action: int) -> dict:
        return actions.action_struct(action, self.planet_names)

    def _action_aliases(self, action: int) -> tuple[str, ...]:
        return actions.action_aliases(action, self.planet_names)

    def heuristic(self, state) -> list[float]:
        return heuristics.heuristic(state)

    def render(self, observation: dict):
        return text.render(observation)

    def new_initial_state(self) -> PlanitState:
        return PlanitState(self)

    def state_from_json(self, data: dict) -> PlanitState:
        keys = ("temp", "o2", "ice_age", "plant_ok", "animal_ok", "ranks", "ozone", "hands", "pile", "discards",
                "player", "turn", "winner", "frames", "events")
        require_keys(data, keys, "planit state")
        state = PlanitState(self)
        try:
            for key in ("temp", "o2", "ranks", "pile", "discards"):
                setattr(state, key, [int(v) for v in data[key]])
            for key in ("ice_age", "plant_ok", "animal_ok", "ozone"):
                setattr(state, key, [bool(v) for v in data[key]])
            state.hands = [[int(v) for v in h] for h in data["hands"]]
            state.player, state.turn, state.winner = int(data["player"]), int(data["turn"]), int(data["winner"])
            state.frames = [tuple(f) for f in data["frames"]]
            state.events = [tuple(e) for e in data["events"]]
        except (TypeError, ValueError) as exc:
            raise RecordError(f"planit state: malformed field: {exc}") from None
        n = self.num_players
        if len(state.temp) != n or len(state.hands) != n:
            raise RecordError(f"planit state: expected {n} planets")
        return state
