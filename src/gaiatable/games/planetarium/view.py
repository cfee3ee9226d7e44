"""What a viewer sees of Planetarium: the board, the track, the rows of cards, every mat and score are
public; a hand is seen only by its seat (and everyone once the game is over)."""

from __future__ import annotations

from ...core.game import REFEREE, counted
from ...core.observation import Observation, observation, seat
from .content import DECKS, FINAL, HIGH, KINDS, LOW, MATTER, SIDES, orbits
from .rules import EMPTY, P_FINALS, P_GRAVITY, P_MARKER, P_MOVE, P_OVER, P_PLAY, PHASE_NAMES, bits

PENDING = ("deal the Matter", "deal the cards",
           "discard one of your two Final cards (shown when every player has chosen)", "decide who starts",
           "move a Planet or a Matter token", "play a Low or High card, downgrade one, or play none",
           "take a Matter token with Gravity", "draw a Low card, a High card, or two Finals to keep one",
           "draw", "keep one of the two Finals", "play Final cards, then done", "roll the dice",
           "nothing: the game is over", "out of markers: move one of yours onto the card, or play without")


class View:
    __slots__ = ()

    def pending_text(self, viewer: int | str = REFEREE) -> str:
        """The decision now. At the card step the seat to move (and the referee) read what its hand allows;
        other viewers, who cannot see the hand, read every option the step may offer."""
        if self.phase == P_PLAY:
            if viewer == REFEREE or viewer == self.player or self.game.solo:
                return self._play_prompt()
            if self.final_turn():
                return "play a Low or High card or none, then Final cards (a final turn)"
            return "play a Low or High card, downgrade one, eject a Matter, or play none"
        if self.phase == P_MOVE and self.final_turn():  # PT-6.2: a last turn says so from its first step
            whose = "your final turn" if viewer in (REFEREE, self.player) or self.game.solo else "a final turn"
            return f"{PENDING[P_MOVE]} ({whose}: then a card and Final cards)"
        return PENDING[self.phase]

    def _play_prompt(self) -> str:
        """What the legal actions allow now: a card (PT-3.1), a downgrade (PT-3.11), an ejection (PT-3.12)."""
        find = self.game.action_table.space.find
        kinds = {find(a).name for a in self.legal_actions()}
        none = "choose no card (no Low or High card can be played)"
        if self.final_turn():  # PT-6.2
            first = "play a Low or High card or none" if "play" in kinds else none
            return f"{first}, then your Final cards (your final turn)"
        parts = [text for kind, text in (("play", "play a Low or High card"), ("downgrade", "downgrade one"),
                                          ("eject", "eject a Matter from your mat onto the track")) if kind in kinds]
        if not parts:
            return none
        return ", ".join(parts) + ", or play none" if len(parts) > 1 else f"{parts[0]} or play none"

    def decision_log(self, viewer: int | str = REFEREE) -> list[str]:
        return list(self.log) + (self.final_count() if self.phase == P_OVER else [])

    def observe(self, viewer: int | str = REFEREE) -> Observation:
        n = self.game.num_players
        over = self.phase == P_OVER
        prompt = self.pending_text(viewer)  # whose decision it is: to_move; seats are named by number
        seats = [seat(s, self.seat_name(s), self._public(s),
                      {"hand": [self.card_view(c) for c in bits(self.hands[s])]}
                      if viewer in (REFEREE, s) or over else None) for s in range(n)]
        return observation(self, viewer, phase=PHASE_NAMES[self.phase], prompt=prompt, log=self.decision_log(viewer),
                           board=self._board(), seats=seats, scores=self.scores())

    def previewable(self, action: int) -> bool:
        """A token moved, a card played (face up beside its Planet, PT-3.5), a Gravity's Matter, a marker or a
        Final shows only what the table then shows. Not a move that ends the game: the final count tells every
        hand (PT-6.5)."""
        if self.game.perfect_information:
            return True
        if self.phase not in (P_MOVE, P_PLAY, P_GRAVITY, P_MARKER, P_FINALS):
            return False
        after = self.copy()
        after.apply_legal(action)
        return after.phase != P_OVER

    def foresee(self, after) -> list[str]:
        """A card played that leaves its Planet's side as it was says how near it came (PT-3.7): the next card may
        turn it ("planet B stays hostile: 12 habitable against 13 hostile"); a side turned, the log says so."""
        said = []
        for planet in range(len(self.rows)):
            now = after.side_totals(planet)
            if now != self.side_totals(planet) and after.habitable[planet] == self.habitable[planet]:
                said.append(f"{self.planet_name(planet)} stays {'habitable' if after.habitable[planet] else 'hostile'}:"
                            f" {now[0]} habitable against {now[1]} hostile")
        return said

    def final_count(self) -> list[str]:
        """Once the game is over, each seat's points and where they came from, with what breaks a tie where
        another seat has as many (PT-6.5); solo, against the target (PT-7.1)."""
        lines = []
        for s in range(self.game.num_players):
            tied = self.points.count(self.points[s]) > 1
            lines.append(f"{self.seat_name(s)} {'score' if self.game.solo else 'scores'} {self.points[s]}"
                         + self.earned(s) + (f"; the target is {self.target()}" if self.game.solo else
                            f" (tied: {counted(self.mat_total(s), 'Matter token')} on the mat, "
                            f"{counted(self.markers_on_cards(s), 'marker')} on cards, "
                            f"{counted(self.hands[s].bit_count(), 'card')} in hand break it)" if tied else ""))
        return lines

    def earned(self, seat: int) -> str:
        """Where a seat's points came from: its Low and High cards, its Finals, less a point a downgrade (the only
        other change to points, PT-3.11, so their number is what the cards' points leave)."""
        cards = self.game.content.cards
        mine = [card for card, by in enumerate(self.played_by) if by == seat]
        finals = [card for card in mine if cards[card].deck == FINAL]
        kept = [card for card in mine if cards[card].deck != FINAL]
        downgrades = sum(cards[card].points for card in mine) - self.points[seat]
        if downgrades < 0:
            return ""
        unplayed = sum(cards[card].deck == FINAL for card in bits(self.hands[seat]))  # a hand's decks are public
        parts = [f"{counted(len(kept), 'card')} played {sum(cards[c].points for c in kept)}" if kept else "",
                 f"{counted(len(finals), 'Final')} {sum(cards[c].points for c in finals)}" if finals else "",
                 f"{counted(downgrades, 'downgrade')} -{downgrades}" if downgrades else "",
                 f"{counted(unplayed, 'Final')} never played 0" if unplayed else ""]
        return ": " + ", ".join(filter(None, parts)) if any(parts) else ""

    def _board(self) -> dict:
        content = self.game.content
        planets = []
        for p in range(4):
            space = self.planet_at[p]
            planets.append({
                "name": content.planet_names[p], "kind": KINDS[content.planet_kinds[p]],
                "space": content.names[space], "orbit": content.orbit[space],
                "side": "habitable" if self.habitable[p] else "hostile",
                "cards": [dict(self.game.card_views[card], marker=None if owner == EMPTY else owner,
                               by=self.played_by[card]) for card, owner in self.rows[p]],
            })
        return {
            "turn": self.turn,
            "orbits": self.game.orbit_rows,  # the spaces of each orbit in order: I..VI, then each arm of VII
            "arm_entries": self.game.arm_entries,  # the space of orbit VI each arm's last space leads to
            "thin_lines": self.game.thin_lines,  # the lines between orbits a token may also take, from -> to
            "matter": {content.names[s]: MATTER[m] for s, m in enumerate(self.matter_at) if m != EMPTY},
            "planets": planets,
            "track": {"filled": self.track, "length": self.game.track_length, "acceleration": self.game.acceleration,
                      "facedown": self.facedown},
            "decks": {DECKS[d]: self.decks[d].bit_count() for d in range(3)},
            "discards": {DECKS[d]: [self.card_view(c) for c in bits(self.discards[d])] for d in (HIGH, FINAL)},
            "target": self.target() if self.game.solo else None,
            "final_turns": {"by": self.final_by, "left": list(self.final_left)} if self.final_by != EMPTY else None,
        }

    def _public(self, s: int) -> dict:
        masks = self.game.deck_mask
        names = self.game.content.planet_names
        return {
            "score": self.points[s], "markers": self.markers[s],
            "hand": {DECKS[d]: (self.hands[s] & masks[d]).bit_count() for d in (LOW, HIGH, FINAL)},
            "mat": {names[p]: {MATTER[m]: n for m in range(4) if (n := self.mats[self.mat_index(s, p) + m])}
                    for p in range(4)},
        }

    def card_view(self, card: int) -> dict:
        return dict(self.game.card_views[card])  # a fresh dict: a caller may change what it is given


def card_view(c) -> dict:
    """What anyone who sees a card reads on it (built once per game: Planetarium.card_views)."""
    return {"id": c.id, "name": c.name, "deck": DECKS[c.deck], "points": c.points,
            "side": SIDES[c.side] if c.side >= 0 else None, "needs": c.requirement_text(),
            "gravity": c.gravity, "downgrade": c.downgrade}


def card_faces(content) -> list[dict]:
    """Every Evolution card as printed, keyed by its id: the Matter it costs by kind, the planet it needs
    (kind, orbits, side), its points, the side it turns the planet to, and its icons."""
    return [{"key": c.id, "name": c.name, "kind": DECKS[c.deck], "points": c.points,
             "side": SIDES[c.side] if c.side >= 0 else None,
             "cost": {MATTER[t]: n for t, n in enumerate(c.matter) if n},
             "planet": KINDS[c.kind] if c.kind >= 0 else None,
             "orbits": None if c.orbit == (1, 7) else orbits(c.orbit),
             "state": SIDES[c.state] if c.state >= 0 else None, "remove_marker": c.remove_marker,
             "icons": [icon for icon, has in (("Gravity", c.gravity), ("Downgrade", c.downgrade)) if has],
             "text": c.requirement_text()} for c in content.cards]


TERMS = {  # the words a player meets on the cards and in the moves, with the clause they rest on
    "gravity": "Gravity (a card's icon): after playing it, take one Matter from anywhere on the board to any "
               "Planet on your mat (PT-3.8).",
    "downgrade": "Downgrade (a card's icon): instead of playing a card, discard one with this icon, lose one "
                 "point and draw a Low card (PT-3.11).",
    "eject": "Eject: with no Low or High card you can play, put a Matter from your mat onto the Evolution "
             "Track instead (PT-3.12).",
    "acceleration": "Acceleration (the ▶▶ space of the track): once Matter lies there, a Matter token may move "
                    "one or two spaces (PT-5.1).",
    "habitable": "Habitable/Hostile: after a Low or High card the Planet's Habitable and Hostile points are "
                 "compared and the higher side turns up; cards need a side (PT-3.7).",
    "orbit": "Orbits I (inner) to VI, and VII: the four arms outside. A space is named orbit-space, as in "
             "II-7; a card's 'orbit IV-VII' means orbits IV to VII (PT-3.3).",
    "final": "Final cards: played on your final turn, each needing one of your markers on a card of that "
             "Planet, which is removed (PT-6.3).",
    "marker": "Markers: one goes on each card you play; a Final needs one on its Planet (PT-3.5, PT-6.3). A "
              "card that needs \"remove your marker\" needs one of your markers on a card of that Planet, which "
              "comes off, back to you (PT-3.3). A marker on a card breaks a tie at the end (PT-6.5).",
    "move": "A turn starts by moving one token, a Planet or a Matter, one space clockwise: along its orbit (the "
            "thick ring) or along a thin line to the next orbit in or out; Matter never moves onto or past other "
            "Matter (PT-2.1 to PT-2.5).",
    "sweep": "Sweep: instead of one space, a Planet may run along its own orbit as far as wanted, stopping at "
             "the first Matter it meets, never ending on another Planet (PT-2.7).",
    "mat": "Your mat: the Matter you have collected, kept by Planet. A Planet and a Matter meeting (either "
           "moving) put that Matter on the mover's mat at that Planet; cards played on a Planet are paid from "
           "it (PT-2.8, PT-3.3).",
    "matter": "Matter: gas, rock, water and metal tokens on the board. Collect them onto your mat by moving a "
              "Planet onto them or them onto a Planet (PT-2.8).",
}
TERMS["evolution track"] = ("The Evolution Track (PT-3.3, PT-5, PT-6.1): the Matter paid for cards goes onto it, space "
                            "by space; at the ▶▶ space Matter starts moving faster (PT-5.1); when it fills, the "
                            "final turns begin.")
TERMS["planet"] = ("Planets A to D: each terrestrial or gaseous, with its Habitable or Hostile side up (PT-3.7); "
                   "a Planet moves as a token does, or sweeps (PT-2.6, PT-2.7); cards are played on Planets, "
                   "paid from the Matter on your mat at that Planet (PT-3.3).")
TERMS["terrestrial"] = ("Terrestrial and Gaseous: the two kinds of Planet (A and B terrestrial, C and D gaseous, "
                        "PT-1.1); a card names the kind it needs (PT-3.3). On the board a gaseous Planet is drawn "
                        "with a ring.")
TERMS["hostile"], TERMS["▶▶"], TERMS["track"] = TERMS["habitable"], TERMS["acceleration"], TERMS["evolution track"]
TERMS["side"] = TERMS["habitable"]
TERMS["remove your marker"] = TERMS["marker"]
TERMS["gaseous"] = TERMS["terrestrial"]
TERMS["thin line"] = TERMS["dashed line"] = TERMS["move"]


def lookup(content, name: str) -> str:
    """A card by its id or the start of its name (what it needs, scores and does), or a term of the game."""
    key = " ".join(name.strip().lower().split())
    planet = key.removeprefix("planet ").upper()
    if planet in content.planet_names and (key.startswith("planet ") or len(key) == 1):  # "info Planet A", "info A"
        p = content.planet_names.index(planet)
        return (f"Planet {content.planet_names[p]}: {KINDS[content.planet_kinds[p]]}, started on "
                f"{content.names[content.starts[p]]}; the board shows where it is and which side is up.\n"
                + TERMS["planet"])
    space = key.upper()
    if space in content.names:  # "info II-7": a space of the board, as the moves name it
        orbit, number = space.split("-")
        where = (f"space {number.split('.')[1]} of arm {number.split('.')[0]} of orbit VII" if "." in number
                 else f"space {number} of orbit {orbit}")
        return (f"{space}: {where}. Spaces are numbered clockwise from the top of the board; a token on a space "
                f"wears its name.\n" + TERMS["orbit"])
    if key in MATTER:  # "info rock": what Matter is, and the cards that need that kind
        needing = [c for c in content.cards if c.matter[MATTER.index(key)]]
        return "\n".join([TERMS["matter"], f"Cards that need {key}: " + ", ".join(f"{c.id} {c.name}" for c in needing)])
    terms = [text for term, text in TERMS.items() if key and (term.startswith(key) or key == term + "s")]
    found = [c for c in content.cards if key and (c.id.lower() == key or c.name.lower().startswith(key))]
    if terms:  # the word, and any card whose name starts with it ("habitable": the side, then Habitable Moon)
        return "\n".join([*dict.fromkeys(terms), *(card_line(c) for c in found[:6])])
    if not found:
        return (f"no card or term {name!r}: name a card by its id (info H01) or its name (info magnetic), or a "
                f"term ({', '.join(t for t in TERMS if t.isalpha())})")
    return "\n".join(card_line(c) for c in found[:6])


def card_line(c) -> str:
    """A card in a line: what it is, scores and needs, its icons."""
    icons = [icon for icon, has in (("Gravity", c.gravity), ("Downgrade", c.downgrade)) if has]
    side = f", turns it {SIDES[c.side]}" if c.side >= 0 else ""
    return (f"{c.id} {c.name} ({DECKS[c.deck]}, {c.points} points{side}): needs {c.requirement_text()}"
            + (f"; {', '.join(icons)}" if icons else ""))
