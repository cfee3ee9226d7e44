"""What a viewer sees of Planit: everything (hands are face up, PL-2.2)."""

from __future__ import annotations

from ...core.game import REFEREE
from ...core.observation import Observation, observation, seat
from .actions import RANKS, VICTIMS
from .content import CARDS
from .rules import FRAME_NAMES

PENDING = ("deal", "draw a card", "play or discard a card", "roll the die", "choose the victim of the lethal attack",
           "choose the token to heal")


class View:
    __slots__ = ()

    def observe(self, viewer: int | str = REFEREE) -> Observation:
        """Hands are face up and every pile's contents follow from what is in view: all is public."""
        g = self.game.content.gauges
        names = self.game.planet_names
        board = {"turn": self.turn, "deck": sum(self.pile),
                 "discards": {CARDS[k]: n for k, n in enumerate(self.discards) if n},
                 "gauges": {key: g[key] for key in ("temperature_spaces", "just_right", "o2_spaces", "sink_full",
                                                    "o2_21")}}
        return observation(
            self, viewer, phase=FRAME_NAMES[self.frames[-1][0]] if self.frames else "over",
            prompt=f"{names[self.player]}, {self.pending_text()}", log=[self.event_text(e) for e in self.events],
            board=board, seats=[seat(s, names[s], self._planet(s), {}) for s in range(self.game.num_players)],
            scores=self.scores())

    def _planet(self, s: int) -> dict:
        g = self.game.content.gauges
        return {
            "temperature": self.temp[s],
            "temperature_label": "ICE AGE" if self.temp[s] == 0 else
            ("JUST RIGHT" if self.temp[s] == g["just_right"] else str(self.temp[s] * 10)),
            "o2": self.o2[s], "o2_label": o2_label(self.o2[s], g),
            "ice_age_happened": self.ice_age[s],
            "plant_token": "healthy" if self.plant_ok[s] else "damaged",
            "animal_token": "healthy" if self.animal_ok[s] else "damaged",
            "higher_animals": [RANKS[r] for r in range(len(RANKS)) if self.ranks[s] >> r & 1],
            "ozone": self.ozone[s],
            "hand": [CARDS[k] for k in range(len(CARDS)) for _ in range(self.hands[s][k])],
        }

    def pending_text(self) -> str:
        if not self.frames:
            return "the game is over"
        return PENDING[self.frames[-1][0]]

    def event_text(self, event: tuple) -> str:
        names = self.game.planet_names
        kind = event[0]
        if kind == "roll":
            _, _, chart, die, effect, target = event
            return f"rolled {die} on the {chart.replace('_', ' ')} chart for {names[target]}: {effect}"
        if kind == "immediate":
            return f"{names[event[1]]} drew {CARDS[event[2]].replace('_', ' ')}: played at once"
        if kind == "discard":
            return f"{names[event[1]]} discarded {CARDS[event[2]].replace('_', ' ')}"
        if kind == "cfc":
            return f"{names[event[1]]}'s CFCs destroyed {names[event[2]]}'s ozone layer"
        if kind == "ice age":
            return f"{names[event[1]]}: the O2 sink is full: ICE AGE"
        if kind == "evolve":
            return f"{names[event[1]]} evolved {RANKS[event[2]]}"
        if kind == "lethal":
            return f"lethal attack on {names[event[2]]}: {VICTIMS[event[3]]} destroyed"
        return f"{names[event[1]]} healed its {'plant' if event[2] == 0 else 'animal'} token"


def o2_label(o2: int, g: dict) -> str:
    if o2 < g["sink_full"]:
        return f"sink {o2 * 100 // g['sink_full']}% full"
    if o2 == g["sink_full"]:
        return "SINK FULL"
    if o2 >= g["o2_21"]:
        return "21% O2"
    return f"O2 rising ({o2 - g['sink_full']}/{g['o2_21'] - g['sink_full']})"
