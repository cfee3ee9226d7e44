"""Earth: Our Home (seed 001): five epochs of a genus spreading over the map of the world, its species
gaining genes and fighting survival contests for habitats.

| players | chance                 | information | actions |
|---------|------------------------|-------------|---------|
| 2-4     | the genes dealt        | perfect     | 170     |

Rules: docs/rulings/earth-our-home.md. The map and the genes are data (content/earth_our_home.toml,
`-p content=FILE`): the rulebook invites players to modify or improve it. Action ids: actions.py.
"""

from __future__ import annotations

from ...core.game import Game
from ...core.params import CONTENT, Param
from ...core.registry import register
from . import heuristics, view
from .actions import ActionTable
from .content import MARINE, compile_content
from .state import EarthOurHomeState
from .terms import TERMS


@register
class EarthOurHome(Game):
    name = "earth-our-home"
    title = "Earth: Our Home"
    how_to_play = """You play a genus (your colour and shape). Each epoch (five in all) it evolves a new species
        with a new gene, then lays six counters a turn, three turns round, one at a time, starting with the epoch's
        first player, who passes one seat on each epoch (EO-3.1, EO-7.2): so the first player's 18th counter, and
        its score, comes before the others have laid all theirs. Epoch 1's
        species lives in the sea, epoch 2's in the sea or on land, later ones on land; each counter goes in or next
        to a habitat already holding that species. From epoch 2 the first counter is a mutation: one of your older
        counters becomes the new species (EO-3.2). A gene makes your species stronger in some habitats: that is its
        conflict value there (A: +2 in temperate habitats, B: +2 in tropical ones, C and D: +1 anywhere, +2 instead
        for the genus whose symbol the gene shows; in marine habitats only C and D count). A species has the genes
        up to its own epoch only: your newest is your strongest, an older one weaker (EO-2.2, EO-4.2). A 4th counter
        in a habitat (in the Pacific box, the 12th) starts a survival contest: the species with the lowest conflict
        value there loses a counter, tied ones each lose one (EO-4.1). Laying your 18th counter of an epoch scores 2
        for each land habitat and 1 for each marine one holding your current species (EO-5.1). If your current
        species loses its last counter, it goes extinct: -5 points and an older species takes its place (EO-6).
        After epoch 5, each habitat with your hominids (your epoch-5 species) scores 1 more; the most points wins
        (EO-7)."""
    terms = TERMS
    min_players, max_players = 2, 4
    # greedy plays each turn's six counters through: it beat mcts:iters=200 18-2 and the prior-seeded
    # mcts:iters=100,depth=0,prior=20 7-3; judging by the contests a species is about to lose, it beats
    # the plain greedy (docs/bots.md). No stronger bot is known: the lobby's standard and strong are one.
    default_agent = strong_agent = "greedy:eval=contests,seconds=2"
    params_spec = (
        Param("players", 2, "number of players", min=2, max=4),
        Param("first_player", "clockwise", "who starts each epoch: the next seat clockwise from seat 0, the "
              "player with the fewest points (a balance variant, EO-7.4), or the next seat clockwise from a seat "
              "drawn at random (EO-7.5)", choices=("clockwise", "trailing", "random")),
        CONTENT,
    )
    state_class = EarthOurHomeState
    content_file = "earth_our_home.toml"
    compile_content = staticmethod(compile_content)

    def prepare(self) -> None:
        self.action_table = ActionTable(self.content)
        self.actions = self.action_table.space
        c = self.content
        marine = [t == MARINE for t in c.types]
        # the habitats each species level may live in (EO-3.4), and each habitat with its neighbours (EO-3.3)
        self.habitats_for = {level: tuple(h for h in range(c.habitats)
                                          if level in (c.sea_levels if marine[h] else c.land_levels))
                             for level in range(6)}
        self.near = tuple(frozenset((h, *c.adjacent[h])) for h in range(c.habitats))
        # what a species in each habitat scores at the end of the epoch (EO-5.1)
        self.home_points = tuple(c.marine_points if m else c.land_points for m in marine)
        self.habitat_views = tuple(view.habitat_view(c, h) for h in range(c.habitats))
        self.first_player = self.params["first_player"]

    def lookup(self, name: str) -> str:
        return view.lookup(self.content, name)

    def heuristic(self, state) -> list[float]:
        return heuristics.heuristic(state)

    def evaluations(self) -> dict:
        return {"contests": heuristics.contests}

    def receiver(self, state, action: int) -> int | None:
        """A dealt gene's genus: the one holding it now (each gene card is in one place at a time)."""
        if action not in self.action_table.deal:
            return None
        gene = action - self.action_table.deal.start
        return next(seat for seat in range(self.num_players) if gene in state.genes[seat])
