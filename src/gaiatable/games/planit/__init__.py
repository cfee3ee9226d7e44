"""Planit: The Omni Evolution Board Game (seed 000): fill the O2 sink, survive the Ice Age, and race
through the higher animals to Evolutionary Humans.

| players | chance                        | information                          | actions |
|---------|-------------------------------|--------------------------------------|---------|
| 2-4     | card draws (no order kept), d6 | public (hands are face up)          | 89      |

Rules: docs/rulings/planit.md. Charts and gauges are data (content/planit.toml); a player who owns
the magazine can load the real charts with the `content` parameter. Action ids: actions.py.
"""

from __future__ import annotations

from ...core.errors import ParamError
from ...core.game import Game
from ...core.params import CONTENT, MOST_TURNS, Param
from ...core.registry import register
from . import actions, heuristics, view
from .content import compile_content
from .state import PlanitState
from .terms import TERMS

# PL-6.2: the default turn cap by number of players, above the longest uncapped random games measured
# (99.9th percentiles 9,502 / 15,919 / 25,058 turns; docs/balance/planit.md), about 1 in 100,000 beyond
BY_PLAYERS = -1
DEFAULT_CAPS = {2: 15_000, 3: 25_000, 4: 40_000}


@register
class Planit(Game):
    name = "planit"
    title = "Planit: The Omni Evolution Board Game"
    how_to_play = """Each planet has a temperature gauge (Just Right in the middle, Ice Age at the bottom) and an
        O2 gauge: oxygen first fills the sink, then rises to 21% (PL-3). The first time a sink fills, that planet
        has an Ice Age: its temperature drops to the bottom (PL-3.3). A turn: draw a fourth card, then play one or
        discard one, keeping three (PL-2.2); Fire, Solar Output and Salt Cycle act at once when drawn (PL-2.3).
        Most cards roll the die on the chart printed on them (PL-3.5). Plants cool your planet, or
        raise its O2 when the temperature is Just Right; they need your healthy plant token (PL-4.1). Animals
        warm it, or at 21% O2 and Just Right evolve the next higher animal: Reptiles, Birds, Mammals, Devolutionary
        Humans, then Evolutionary Humans, five evolutions in that order (a rank lost is the next to evolve again);
        they need your healthy animal token (PL-4.2, PL-5.1). Gaia plays as either, or heals a damaged token
        (PL-4.3). Hazards (Meteor, Volcano, UV, Acid Rain, Plague, CFCs…) are played on any planet to set it
        back; a lethal roll lets the attacker damage a healthy token or kill a higher animal, which must evolve
        again (PL-4.16). An Ozone Layer shields your planet from UV until CFCs destroy it (PL-4.11, PL-4.12).
        The last evolution, Evolutionary Humans, rolls on the Winning chart, which may win the game or set you back
        (PL-5.3); the first to evolve them wins at once (PL-5.4); the score shown meanwhile is 11 for each
        higher animal plus the O2 marker's space (PL-6.1). A game is a long race: two good players take about 67
        turns each, most of them at 21% O2 and Just Right, rolling to evolve while the others' hazards set them
        back (PL-3.7)."""
    terms = TERMS
    min_players, max_players = 2, 4
    # random rollouts are noise in a race this long: judge leaves by the plays-to-win estimate, and
    # start from greedy's exact one-turn values (heuristics.py, agents/search.py)
    default_agent = "mcts:iters=200,depth=0,prior=20"
    strong_agent = "mcts:iters=400,depth=0,prior=80,seconds=2"
    params_spec = (
        Param("players", 2, "number of players", min=2, max=4),
        Param("names", "", "planet names, comma-separated (empty: the game's own names)"),
        CONTENT,
        Param("max_turns", BY_PLAYERS, "safety cap on turns for simulation, not a rule (PL-6.2); 0 = none; "
              "-1 = by the number of players: " + ", ".join(f"{c:,} for {n}" for n, c in DEFAULT_CAPS.items()),
              min=BY_PLAYERS, max=MOST_TURNS),
    )
    actions = actions.ACTIONS
    state_class = PlanitState
    content_file = "planit.toml"
    compile_content = staticmethod(compile_content)

    def prepare(self) -> None:
        if self.max_turns == BY_PLAYERS:
            self.max_turns = DEFAULT_CAPS[self.num_players]
        self.costs = heuristics.Costs.of(self.content.charts)  # plays per unit of progress, for the bots
        self.gauge_view = view.gauge_view(self.content.gauges, self.content.charts)  # what the board prints
        names = [n.strip() for n in str(self.params["names"]).split(",") if n.strip()]
        default = list(self.content.planet_names)
        self.planet_names = tuple(names + default[len(names):])
        if len(set(self.planet_names)) != len(self.planet_names):
            raise ParamError(f"planet names must differ: {', '.join(self.planet_names)}")

    def _action_text(self, action: int) -> str:
        return actions.action_text(action, self.planet_names)

    def _action_struct(self, action: int) -> dict:
        return actions.action_struct(action, self.planet_names)

    def _action_aliases(self, action: int) -> tuple[str, ...]:
        return actions.action_aliases(action, self.planet_names)

    def lookup(self, name: str) -> str:
        return view.lookup(self.content, name)

    def cards(self) -> list[dict]:
        return view.card_faces(self.content)

    def heuristic(self, state) -> list[float]:
        return heuristics.heuristic(state)
