"""Gaia-Vora (seed 004): rotate the planet, call down a Sky Object, and feed the Moon.

| players | chance                         | information | actions |
|---------|--------------------------------|-------------|---------|
| 2-4     | setup only (Stone/Sand layout) | perfect     | 155     |

Unused colours are Bots (GV-1.5). Rules: docs/rulings/gaia-vora.md. Action ids: actions.py.
"""

from __future__ import annotations

from ...core.errors import RecordError
from ...core.game import Game, require_keys
from ...core.params import Param
from ...core.registry import register
from . import actions, heuristics, text
from .content import load_content
from .state import GaiaVoraState

CONTENT = load_content()


@register
class GaiaVora(Game):
    name = "gaia-vora"
    title = "Gaia-Vora"
    version = "1"
    min_players, max_players = 2, 4
    num_distinct_actions = actions.NUM_ACTIONS
    default_agent = "mcts:iters=200"
    params_spec = (
        Param("players", 3, "number of players; the other colours are Bots (GV-1.5)", min=2, max=4),
        Param("stars", 4, "Stars per player (GV-1.4, an interpretation)", min=0, max=8),
        Param("max_turns", 400, "safety cap on turns for simulation, not a rule (GV-9.5); 0 = none", min=0),
    )

    def __init__(self, content=CONTENT, **params):
        self.content = content
        at = content.object_at
        self.moon, self.meteor, self.rainbow = at["moon"], at["meteor"], at["rainbow"]
        self.storm, self.sun = at["storm"], at["sun"]
        super().__init__(**params)

    def content_json(self) -> dict:
        return self.content.as_json()

    def _action_text(self, action: int) -> str:
        return actions.action_text(action, self.content.colours, self.content.positions)

    def _action_struct(self, action: int) -> dict:
        return actions.action_struct(action, self.content.colours, self.content.positions)

    def _action_aliases(self, action: int) -> tuple[str, ...]:
        return actions.action_aliases(action, self.content.colours, self.content.positions)

    def heuristic(self, state) -> list[float]:
        return heuristics.heuristic(state)

    def render(self, observation: dict):
        return text.render(observation)

    def new_initial_state(self) -> GaiaVoraState:
        return GaiaVoraState(self)

    def state_from_json(self, data: dict) -> GaiaVoraState:
        keys = ("offset", "stacks", "home", "occ", "pool", "stars", "fossils", "supply", "player", "turn",
                "frames", "events")
        require_keys(data, keys, "gaia-vora state")
        state = GaiaVoraState(self)
        try:
            state.offset = int(data["offset"])
            state.stacks = [tuple(int(t) for t in s) for s in data["stacks"]]
            state.home = int(data["home"])
            state.occ = [int(v) for v in data["occ"]]
            state.pool = [int(v) for v in data["pool"]]
            state.stars = [int(v) for v in data["stars"]]
            state.fossils = [int(v) for v in data["fossils"]]
            state.supply = [int(v) for v in data["supply"]]
            state.player = int(data["player"])
            state.turn = int(data["turn"])
            state.frames = [tuple(tuple(x) if isinstance(x, list) else x for x in f) for f in data["frames"]]
            state.events = [tuple(e) for e in data["events"]]
        except (TypeError, ValueError) as exc:
            raise RecordError(f"gaia-vora state: malformed field: {exc}") from None
        if len(state.stacks) != 8 or len(state.occ) != 27 or len(state.pool) != 12:
            raise RecordError("gaia-vora state: stacks, occ or pool has the wrong length")
        return state
