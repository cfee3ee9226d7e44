"""Planetarium (seed 002): move Matter and Planets around a young star, then play Evolution cards that
turn the Planets Habitable or Hostile; Final cards score on the last turn.

| players                     | chance                                    | information    | actions |
|-----------------------------|-------------------------------------------|----------------|---------|
| 1 (solo, against a target)  | Matter deal, card draws, first player,    | hidden hands   | 6,091   |
| to 4                        | solo dice                                 | (solo: none)   |         |

Rules: docs/rulings/planetarium.md. The board graph, the track and the 52 cards are data
(content/planetarium.toml, `-p content=FILE`). Action ids: actions.py.
"""

from __future__ import annotations

from ...core.game import REFEREE, Game
from ...core.params import CONTENT, Param, turn_cap
from ...core.registry import register
from . import heuristics, view
from .actions import ActionTable
from .content import DECKS, compile_content
from .state import PlanetariumState

SECRET_DRAW = {"low": "a Low card", "high": "a High card", "final": "a Final card"}


@register
class Planetarium(Game):
    name = "planetarium"
    title = "Planetarium"
    how_to_play = """Score the most points by playing cards on four Planets (solo: reach the target score, PT-7).
        The board: Planet tokens (A to D, gaseous or terrestrial, each showing its habitable or hostile side) and
        Matter tokens (gas, rock, water, metal) on seven orbits; clockwise runs from the top of the board to the
        right, as the space numbers on an orbit count up (PT-2). A space is named by its orbit and number: II-5 is
        space 5 of orbit II, counted from 0 at the top; orbit VII is four spiral arms flowing into orbit VI, and
        VII-1.3 is step 3 of arm 1 (PT-2.2). Each player has a mat at each Planet: a Planet
        meeting Matter puts it on the mover's mat for that Planet (PT-2.8). Set-up: each player discards one of
        their two Final cards, and whoever discarded the highest-scoring one starts (PT-1.5). A turn, first: move
        one token, a Planet or a Matter, one space clockwise along its orbit, or along a thin (dashed) line to the
        next orbit in or out, one way only, as its arrow points (a step clockwise too); or sweep a Planet, that is,
        slide it clockwise along its orbit as far as you like, up to the first Matter in its way, which it collects
        (PT-2.7). Matter never moves onto or past other Matter (PT-2.5). The Planets belong to nobody: any player
        may move one away from the Matter you wanted. Then you may play one Low or High card whose needs hold:
        Matter from your mat for that Planet (paid onto the Evolution Track, the game's clock), its kind, orbit and
        side (PT-3.3). The card scores its points and takes one of your eight markers, which a Final on that Planet
        will need; out of markers, you move one from a card you played or play the card without one (PT-3.6). Each
        card counts its points toward the Planet's habitable or hostile side, and the side with more shows; on a tie
        the Planet stays as it is (PT-3.7). Gravity, on some cards: also take one Matter from anywhere on the board
        onto your mat at any Planet (PT-3.8). After a card you draw a Low card, a High card, or two Finals to keep
        one (PT-3.9). Downgrade, on some High cards: instead of playing a card, discard it, lose one point and draw
        a Low card (PT-3.11). With no card to play you may eject a Matter from your mat onto the track: it scores
        nothing and draws nothing, but brings the end nearer (PT-3.12). The end: when a payment fills the track, its
        player plays Final cards at once and is done; every other player then takes one last turn, ending with
        Finals, each paid with Matter from their mat like any card and needing one of their markers on a card of its
        Planet (PT-6). The most points wins. info explains the board's terms (Gravity, Downgrade, orbits)."""
    min_players, max_players = 1, 4
    perfect_information = False
    default_agent = "greedy:beam=3,eval=conditions,seconds=2"  # a move takes a few hundredths of a second
    strong_agent = "greedy:beam=3,eval=conditions,replies=1,top=4,seconds=2"  # judges its turn after the answer
    params_spec = (
        Param("players", 2, "number of players; 1 = the solo game against a target score (PT-7)", min=1, max=4),
        Param("target", 100, "solo: the starting Target Score (90 easy, 100, 110 hard; PT-7.1)",
              choices=(90, 100, 110)),
        turn_cap(500, "PT-8.1"),
        CONTENT,
    )
    state_class = PlanetariumState
    content_file = "planetarium.toml"
    compile_content = staticmethod(compile_content)

    def prepare(self) -> None:
        self.action_table = ActionTable(self.content)
        self.actions = self.action_table.space
        cards = self.content.cards
        self.deck_mask = tuple(sum(1 << i for i, c in enumerate(cards) if c.deck == d) for d in range(len(DECKS)))
        self.downgrade_mask = sum(1 << i for i, c in enumerate(cards) if c.downgrade)
        self.card_views = tuple(view.card_view(c) for c in cards)
        self.solo = self.num_players == 1
        self.track_length = self.content.track[self.num_players - 1]  # PT-5.1, PT-6.1: by player count
        self.acceleration = self.content.acceleration[self.num_players - 1]
        names, orbit = self.content.names, self.content.orbit
        rows = [[n for n, o in zip(names, orbit, strict=True) if o == k] for k in range(1, 7)]
        arms = [n for n, o in zip(names, orbit, strict=True) if o == 7]
        arm_length = len(arms) // 4
        self.orbit_rows = rows + [arms[j * arm_length:(j + 1) * arm_length] for j in range(4)]
        board = self.content_json()["board"]
        self.arm_entries = [rows[5][entry] for entry in board["arm_entry"]]  # where each arm joins orbit VI
        self.thin_lines = [[names[a], names[b]] for a, ends in enumerate(self.content.thin) for b in ends]  # PT-2.2
        self.perfect_information = self.solo  # a solo player's hand hides nothing from anyone

    def decision_text(self, action: int, actor: int | None, viewer) -> str:
        """Another seat's draws, the Final it keeps and its set-up discard (until every seat has chosen:
        the log then shows them all) are shown without the card (PT-8.3, PT-1.4)."""
        t = self.action_table
        block = t.space.find(action)
        if viewer == REFEREE or self.solo:
            return self.action_text(action)
        if block.name == "draw":
            seat, card = block.index(action)
            if seat != viewer:
                return f"seat {seat} draws {SECRET_DRAW[DECKS[self.content.cards[card].deck]]}"
        if block.name == "keep" and actor != viewer:
            return "keeps a Final card"
        if block.name == "discard" and actor != viewer:  # PT-1.4: shown when every seat has chosen
            return "discards a Final card"
        return self.action_text(action)

    def lookup(self, name: str) -> str:
        return view.lookup(self.content, name)

    def cards(self) -> list[dict]:
        return view.card_faces(self.content)

    def heuristic(self, state) -> list[float]:
        return heuristics.heuristic(state)

    def evaluations(self) -> dict:
        return {"conditions": heuristics.conditions}
