"""What a viewer sees of Planit: everything (hands are face up, PL-2.2)."""

from __future__ import annotations

from ...core.game import REFEREE
from ...core.observation import Observation, observation, seat
from .actions import RANKS, VICTIMS
from .content import CARDS
from .rules import F_LETHAL, FRAME_NAMES

PENDING = ("deal", "draw a card", "play or discard a card", "roll the die", "choose the victim of the lethal attack",
           "choose the token to heal")


class View:
    __slots__ = ()

    def observe(self, viewer: int | str = REFEREE) -> Observation:
        """Hands are face up and every pile's contents follow from what is in view: all is public."""
        names = self.game.planet_names
        board = {"turn": self.turn, "deck": sum(self.pile),
                 "discards": {CARDS[k]: n for k, n in enumerate(self.discards) if n},
                 "gauges": self.game.gauge_view}
        return observation(
            self, viewer, phase=FRAME_NAMES[self.frames[-1][0]] if self.frames else "over",
            prompt=f"{names[self.player]}, {self.pending_text()}", log=self.decision_log(viewer),
            board=board, seats=[seat(s, names[s], self._planet(s), {}) for s in range(self.game.num_players)],
            scores=self.scores())

    def decision_log(self, viewer: int | str = REFEREE) -> list[str]:
        return [self.event_text(e) for e in self.events]

    def _planet(self, s: int) -> dict:
        g = self.game.content.gauges
        return {
            "temperature": self.temp[s],
            "temperature_label": temperature_label(self.temp[s], g),
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
        frame = self.frames[-1]
        if frame[0] == F_LETHAL:  # whose piece it is: the attacker may have struck any planet (PL-4.17)
            return f"{PENDING[F_LETHAL]} on {self.game.planet_names[frame[1]]}"
        return PENDING[frame[0]]

    def event_text(self, event: tuple) -> str:
        names = self.game.planet_names
        kind = event[0]
        if kind == "roll":
            _, _, chart, die, effect, target = event
            return f"rolled {die} on the {chart.replace('_', ' ')} chart for {names[target]}: {effect}"
        if kind == "drew":
            return f"{names[event[1]]} drew {CARDS[event[2]].replace('_', ' ')}"
        if kind == "immediate":
            card = CARDS[event[2]]
            return f"{names[event[1]]} drew {card.replace('_', ' ')}, played at once: {PLAYED_AT_ONCE[card]}"
        if kind == "cfc":
            return f"{names[event[1]]}'s CFCs destroyed {names[event[2]]}'s ozone layer"
        if kind == "ice age":
            return f"{names[event[1]]}: the O2 sink is full: ICE AGE"
        if kind == "evolve":
            return f"{names[event[1]]} evolved {RANKS[event[2]]}"
        if kind == "ozone":
            return f"{names[event[1]]} has an ozone layer: UV radiation cannot strike it"
        if kind == "rain forest":
            g = self.game.content.gauges
            before = temperature_label(event[2], g)
            return f"{names[event[1]]}'s temperature is set to {temperature_label(g['just_right'], g)} (was {before})"
        if kind == "ozone lost":
            return f"{names[event[1]]}'s Devolutionary Humans destroyed its ozone layer"
        if kind == "reshuffle":
            return f"the deck ran out: the {event[1]} discarded cards were shuffled into a new deck"
        if kind == "lethal":
            harm = "damaged" if event[3] < 2 else "died out"  # PL-4.16: a token is damaged, a higher animal dies out
            return f"lethal attack on {names[event[2]]}: {VICTIMS[event[3]]} {harm}"
        return f"{names[event[1]]} healed its {'plant' if event[2] == 0 else 'animal'} token"


def gauge_view(g: dict, charts: dict) -> dict:
    """The gauges as the board prints them: their sizes, marks and the name of every space (built once);
    `pushes`: each chart that can only push one marker one way ('temp-', 'temp+', 'o2+'), so a board can
    say a roll on it changes nothing where that marker is at its end (PL-3.6)."""
    return {**{key: g[key] for key in ("temperature_spaces", "just_right", "o2_spaces", "sink_full", "o2_21")},
            "temperature_scale": [temperature_label(t, g) for t in range(g["temperature_spaces"])],
            "o2_scale": [o2_label(o, g) for o in range(g["o2_spaces"])],
            "pushes": {name: push for name, chart in charts.items() if (push := one_way(chart))}}


def one_way(chart) -> str | None:
    """'temp-', 'temp+' or 'o2+' if every result of `chart` is nothing or that marker's move; else None."""
    ways = {f"{e.kind}{'+' if e.amount > 0 else '-'}" for e in chart if e.kind != "none"}
    return ways.pop() if len(ways) == 1 and ways <= {"temp-", "temp+", "o2+"} else None


def temperature_label(temp: int, g: dict) -> str:
    return "ICE AGE" if temp == 0 else "JUST RIGHT" if temp == g["just_right"] else str(temp * 10)


def o2_label(o2: int, g: dict) -> str:
    if o2 < g["sink_full"]:
        return f"sink {o2 * 100 // g['sink_full']}% full"
    if o2 == g["sink_full"]:
        return "SINK FULL"
    if o2 >= g["o2_21"]:
        return "21% O2"
    return f"O2 rising ({o2 - g['sink_full']}/{g['o2_21'] - g['sink_full']})"


CARD_TEXT = {
    "gaia": "play as Plants or Animals (needs the matching healthy token), or Heal a damaged token (PL-4.3)",
    "plants": "on your planet: lower the temperature, or raise O2 when it is Just Right; needs a healthy plant "
              "token (PL-4.1)",
    "animals": "on your planet: raise the temperature, or evolve a higher animal once O2 has reached 21% and the "
               "temperature is Just Right; needs a healthy animal token (PL-4.2)",
    "volcano": "on any planet: raises its temperature (PL-4.6)", "meteor": "on any planet: lowers its temperature "
    "(PL-4.7)", "uv_radiation": "on a planet without an ozone layer; 1 makes a mutant (PL-4.4)",
    "mutant": "on any planet: temperature, O2 or evolution (PL-4.5)", "acid_rain": "on any planet (PL-4.8)",
    "plague": "on any planet (PL-4.8)", "methane": "on any planet: raises its temperature (PL-4.9)",
    "rain_forest": "sets your temperature to Just Right (PL-4.10)",
    "ozone": "lay it on your planet: protects against UV; one per planet, none while Devolutionary Humans live "
             "there (PL-4.11, PL-5.2)",
    "cfc": "destroys an opponent's ozone layer (PL-4.12)",
    "fire": "played at once when drawn: your temperature -1, then draw again (PL-4.13)",
    "solar_output": "played at once when drawn: every planet's temperature +1, then draw again (PL-4.14)",
    "salt_cycle": "played at once when drawn: you lose this turn (PL-4.15)",
}


PLAYED_AT_ONCE = {"fire": "its temperature -1; it draws again",
                  "solar_output": "every planet's temperature +1; it draws again",
                  "salt_cycle": "it loses this turn"}  # PL-4.13 to PL-4.15


def card_faces(content) -> list[dict]:
    """Every card kind as printed, keyed by its name as the hands list it, with how many the deck holds and
    the odds of each dice chart it rolls on."""
    return [{"key": card, "name": card.replace("_", " "), "kind": "card", "count": content.deck[i],
             "text": CARD_TEXT[card], "charts": [{"name": chart.replace("_", " "), "odds": odds(content.charts[chart])}
                                                 for chart in charts_of(content, card)]}
            for i, card in enumerate(CARDS)]


def charts_of(content, card: str) -> list[str]:
    """The dice charts a card rolls on (PL-3): its own, and Gaia's healing, the Animals' winning chart."""
    extra = {"gaia": ("heal",), "animals": ("winning",)}.get(card, ())
    return [c for c in content.charts if c == card or c.startswith(card + "_") or c in extra]


EFFECT_WORDS = {"none": "nothing", "evolve": "evolve", "lethal": "a lethal attack", "mutant": "the Mutant chart",
                "heal": "heal a token", "win": "win", "lose-devolutionary": "Devolutionary Humans die out",
                "mutant-evolve": "evolve at 21% O2, else O2 +1"}

# A chart result, explained, for a look-up of the words a roll's log line uses ("mutant evolve").
EFFECT_HELP = {
    "evolve": "the planet evolves its next higher animal (PL-4.2, PL-5.1)",
    "lethal": "a lethal attack: the attacker damages a healthy token or kills a higher animal (PL-4.16)",
    "mutant": "roll again on the Mutant chart (PL-4.4, PL-4.5)",
    "mutant evolve": "the Mutant chart's 6: the planet evolves its next higher animal if its O2 has reached 21% "
                     "(never Evolutionary Humans); otherwise its O2 rises by 1 (PL-4.5, a design ruling)",
    "heal": "Gaia heals one of the planet's damaged tokens (PL-4.3)",
    "win": "the Winning chart's win: Evolutionary Humans evolve and the game is won (PL-5.3, PL-5.4)",
    "lose devolutionary": "a Winning chart setback: Devolutionary Humans die out on the planet (PL-5.3)",
}


def effect_words(effect) -> str:
    """A chart result in words: 'temperature -1', 'evolve at 21% O2, else O2 +1'."""
    if effect.kind in ("temp", "o2"):
        return f"{'temperature' if effect.kind == 'temp' else 'O2'} {effect.amount:+d}"
    return EFFECT_WORDS.get(effect.kind, effect.kind)


def odds(chart) -> str:
    """A chart's six results as odds: '2 in 6 nothing, 3 in 6 temperature -1, 1 in 6 temperature -2'."""
    counts: dict[str, int] = {}
    for effect in chart:
        counts[effect_words(effect)] = counts.get(effect_words(effect), 0) + 1
    return ", ".join(f"{n} in 6 {effect}" for effect, n in counts.items())


def lookup(content, name: str) -> str:
    """A card's text, with the dice charts it rolls on as the content gives them."""
    key = name.strip().lower().replace(" ", "_")
    said = name.strip().lower().replace("-", " ")
    if said in EFFECT_HELP and said != "mutant":  # "mutant" is also a card: the card's answer says its chart
        return f"{said} (a dice chart's result): {EFFECT_HELP[said]}"
    cards = [card for card in CARDS if card.startswith(key)] if key else []
    if not cards:
        return f"no card named {name!r}; the cards: {', '.join(c.replace('_', ' ') for c in CARDS)}"
    lines = []
    for card in cards:
        count = content.deck[CARDS.index(card)]
        lines.append(f"{card.replace('_', ' ')} ({count} in the deck): {CARD_TEXT[card]}")
        for chart in charts_of(content, card):
            rows = ", ".join(f"{die} {effect_words(effect)}" for die, effect in enumerate(content.charts[chart], 1))
            lines.append(f"  {chart.replace('_', ' ')} chart: {rows}")
    return "\n".join(lines)
