"""Phanerozoic (seed 003): mutate the shared plants and animals, evolve new species, and let nature
decide who eats whom, while your secret goal says which life you want alive or extinct at the end.

| players                  | chance                              | information                           | actions |
|--------------------------|-------------------------------------|---------------------------------------|---------|
| 1 (vs the Automa) to 4   | goal deals, draws, Automa reveals   | hidden: hands, choices, kept, goals   | 799     |

Rules: docs/rulings/phanerozoic.md. Cards are data (content/phanerozoic.toml); a designer can load
another card list with the `content` parameter. Action ids: actions.py.
"""

from __future__ import annotations

from ...core.errors import ParamError
from ...core.game import REFEREE, Game
from ...core.params import CONTENT, Param
from ...core.registry import register
from . import heuristics, view
from .actions import ActionTable
from .content import compile_content
from .state import PhanerozoicState
from .terms import TERMS

SECRET_WHEN_OTHERS = {"choose": "chooses a card", "keep": "keeps a card", "goal": "keeps a goal"}


@register
class Phanerozoic(Game):
    name = "phanerozoic"
    title = "Phanerozoic"
    how_to_play = """A round: draw to 4 cards (5 with two players) and choose one face down, all at once; the rest of
        every hand goes to the middle. The highest card number (the black badge) starts, and the middle is drafted in
        turn until each player holds 3 chosen cards (PH-2). The living plants and animals belong to nobody: every
        player's cards act on them all, and each player scores by the goals they hold (PH-8). Then each player acts
        with each chosen card, in one of three ways (PH-3). Keep it: it is in your hand next round, but if you do not
        choose it then it goes to the middle like the rest. Discard it: a discarded species gives a living card of
        your choice +2 population, or +1 when the discarded species has 2 stars or more. Play it, if its requirements
        are met. A new species evolves from a living parent in its row (plant from plant, animal from animal) that has
        at least one mutation and shows, with its mutations, every icon and star of the new card's bottom row; the
        parent keeps half its population and loses its mutations (PH-6). Stars come from a species' printed stars and
        from Large mutations tucked under it (a size star): a parent for a ★★★ species is built up first. Any player
        may evolve from any living card, so mutations you tucked under one can be lost to another player's evolution.
        Mutations are tucked under a species and add their icons, but never an icon it already shows, printed or from
        a mutation, except a size star (PH-4.3): the middle and your hand say which cards cannot be played now.
        Events act at once (PH-5). A card holds 1 to 8
        population; halves round up. In the nature phase plants that need sunlight double; a hungry card eats its
        population's worth, target after target while it is still hungry: in its own habitat if it can, the closest by
        card number (half as much from one at least its size); fed in full it doubles, else it halves; at 0 a card
        goes extinct (PH-7). An empty row gets Algae (population 3) or Trilobite (1) back at the next round (PH-2.1).
        You hold two secret goals; after round 3 (round 4 with two players) you keep one of them (PH-8.1). After the
        last round your goal scores; the most points wins (PH-8). Solo: beat the Automa (PH-9)."""
    terms = TERMS
    min_players, max_players = 1, 4
    perfect_information = False
    default_agent = "ismcts:iters=300"
    strong_agent = "ismcts:iters=1000,seconds=2"
    params_spec = (
        Param("players", 2, "number of players; 1 = solo against the Automa (PH-9)", min=1, max=4),
        Param("automa_goals", 2, "solo: the Automa's goals (3 = harder, PH-9.1)", min=2, max=3),
        Param("automa_hidden", 0, "solo: 1 = one Automa goal stays face down until the end (PH-9.1)", min=0, max=1),
        CONTENT,
    )
    state_class = PhanerozoicState
    content_file = "phanerozoic.toml"
    compile_content = staticmethod(compile_content)

    def prepare(self) -> None:
        self.action_table = ActionTable(self.content)
        self.actions = self.action_table.space
        self.promises = heuristics.promises(self.content)  # what a held card could add to each goal, for the bots
        self.solo = self.num_players == 1
        if not self.solo and (self.params["automa_goals"] != 2 or self.params["automa_hidden"]):
            raise ParamError("phanerozoic: automa_goals and automa_hidden are for the solo game (players=1)")
        self.automa_goal_count = self.params["automa_goals"] if self.solo else 0
        self.hidden_automa_goals = self.params["automa_hidden"] if self.solo else 0
        # Solo with every Automa goal face up hides nothing: the deck is a known set without order.
        self.perfect_information = self.solo and not self.hidden_automa_goals
        dealt = self.num_players * self.content.goals_dealt + self.automa_goal_count
        if dealt > len(self.content.goals):
            raise ParamError(f"phanerozoic: {dealt} goals are dealt but the content has {len(self.content.goals)}")

    def decision_text(self, action: int, actor: int | None, viewer) -> str:
        """Draws, deals, secret choices and kept cards of others are shown without the card (PH-10.1)."""
        kind, _, seat = self.action_table.decode(action)
        if viewer == REFEREE:
            return self.action_text(action)
        if kind in ("draw", "deal") and seat != viewer and (seat >= 0 or self.hidden_automa_goals):
            who = "the Automa" if seat == -2 else f"seat {seat}"
            return f"{who} {'draws a card' if kind == 'draw' else 'is dealt a goal'}"
        if kind in SECRET_WHEN_OTHERS and actor != viewer and not (self.solo and kind == "choose"):
            return SECRET_WHEN_OTHERS[kind]
        return self.action_text(action)

    def lookup(self, name: str) -> str:
        return view.lookup(self.content, name)

    def cards(self) -> list[dict]:
        return view.card_faces(self.content)

    def heuristic(self, state) -> list[float]:
        return heuristics.heuristic(state)

