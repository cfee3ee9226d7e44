"""Gaia-Vora (seed 004): rotate the planet, call down a Sky Object, and feed the Moon.

| players | chance                         | information | actions |
|---------|--------------------------------|-------------|---------|
| 2-4     | setup only (Stone/Sand layout) | perfect     | 155     |

Unused colours are Bots (GV-1.5). Rules: docs/rulings/gaia-vora.md. Action ids: actions.py. The
colours, life-forms, tiles and sky are data (content/gaia_vora.toml, `-p content=FILE`).
"""

from __future__ import annotations

from ...core.game import Game
from ...core.params import CONTENT, Param, turn_cap
from ...core.registry import register
from . import actions, heuristics, view
from .content import compile_content
from .state import GaiaVoraState


@register
class GaiaVora(Game):
    name = "gaia-vora"
    title = "Gaia-Vora"
    version = "1"
    min_players, max_players = 2, 4
    default_agent = "mcts:iters=200"
    strong_agent = "mcts:iters=1000,seconds=2"
    params_spec = (
        Param("players", 3, "number of players; the other colours are Bots (GV-1.5)", min=2, max=4),
        Param("stars", 4, "Stars per player (GV-1.4, an interpretation)", min=0, max=8),
        turn_cap(400, "GV-9.5"),
        CONTENT,
    )
    actions = actions.ACTIONS
    state_class = GaiaVoraState
    content_file = "gaia_vora.toml"
    compile_content = staticmethod(compile_content)

    def prepare(self) -> None:
        at = self.content.object_at
        self.moon, self.meteor, self.rainbow = at["moon"], at["meteor"], at["rainbow"]
        self.storm, self.sun = at["storm"], at["sun"]

    def _action_text(self, action: int) -> str:
        return actions.action_text(action, self.content.colours, self.content.positions)

    def _action_struct(self, action: int) -> dict:
        return actions.action_struct(action, self.content.colours, self.content.positions)

    def _action_aliases(self, action: int) -> tuple[str, ...]:
        return actions.action_aliases(action, self.content.colours, self.content.positions)

    def lookup(self, name: str) -> str:
        return view.lookup(name)

    def heuristic(self, state) -> list[float]:
        return heuristics.heuristic(state)
