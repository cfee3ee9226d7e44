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
from .terms import TERMS


@register
class GaiaVora(Game):
    name = "gaia-vora"
    title = "Gaia-Vora"
    how_to_play = """A turn: rotate the planet clockwise 1, 2 or 3 steps (1 or 3 cost a Star), then activate one Sky
        Object on the location beneath it (GV-3.1, GV-4.1). The Sun and the Rainbow add four Life-Forms, one there and
        one on each location touching it (over the Water, or a place that is Water, any four locations), the Sun's all
        yours, the Rainbow's each of a different colour (anyone's, the Bots' too), and you must place as many as can be
        placed, even where they will be eaten (GV-5, GV-4.4); the Storm moves every Life-Form off its location that has
        somewhere to go without its own species (GV-6); the Meteor drops a Snow or Grass tile, or a starting tile that
        never moved (its Life-Forms ride along), onto a stack without that kind of tile, killing what it lands on: the
        others' Life-Forms go to your Fossils, yours back to your pool (GV-7). The Water, the centre, touches every
        location; a place whose tiles have all left is Water too (GV-2.2), so when such a place is under the Moon, the
        Water's Life-Forms eat there (GV-8.1). A location holds at most one Life-Form of each kind, whatever its colour
        (GV-2.1). The Moon is over N (GV-8.6): under it, Life-Forms eat after every rotation step and as soon as one
        arrives there: a HerbiVore eats the Plant, a CarniVore the HerbiVore; what you eat of others goes to your
        Fossils, your own goes back to your pool (GV-8). So a rotation of 1, 2 or 3 steps feeds the stacks at NW, W and
        SW to the Moon in turn, and a Life-Form another colour eats never comes back to your pool. The game ends at the
        end of the turn in which the last of all the Snow and Grass tiles lands (GV-9.1). Score: 1 per Fossil, and each
        of your Life-Forms on the planet 1 per layer under it, the Water included (GV-9.2, GV-9.3)."""
    version = "1"
    terms = TERMS
    min_players, max_players = 2, 4
    default_agent = "mcts:iters=200"
    strong_agent = "mcts:iters=1000,seconds=2"
    params_spec = (
        Param("players", 3, "number of players; with fewer than four, the colours nobody plays are neutral Bots "
              "(GV-1.5)", min=2, max=4),
        Param("stars", 4, "Stars per player (GV-1.4)", min=0, max=8),
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
