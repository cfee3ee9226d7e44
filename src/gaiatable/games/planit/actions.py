"""Planit action ids: stable ints with text and JSON forms.

    0..15   chance: draw a card of that kind (content.CARDS order)
    16..21  chance: the die shows 1..6
    22..37  discard a card of that kind
    38..46  play on your own planet: plants/animals/gaia in one of their uses, gaia: heal
    47..48  ozone layer, rain forest (own planet)
    49..80  a hazard on a planet: 49 + hazard * 4 + planet
    81..86  a lethal attack's victim: plant token, animal token, or a higher animal
    87..88  heal the plant token / the animal token
"""

from __future__ import annotations

from ...core.actions import ActionSpace
from .content import CARDS

USES = (  # (card, use, chart) for plays on your own planet
    ("plants", "lower temperature", "plants_lower_temp"),
    ("plants", "raise O2", "plants_raise_o2"),
    ("animals", "raise temperature", "animals_raise_temp"),
    ("animals", "evolve", "animals_evolve"),
    ("gaia", "lower temperature", "plants_lower_temp"),
    ("gaia", "raise O2", "plants_raise_o2"),
    ("gaia", "raise temperature", "animals_raise_temp"),
    ("gaia", "evolve", "animals_evolve"),
    ("gaia", "heal", "heal"),
)
HAZARDS = ("volcano", "meteor", "uv_radiation", "mutant", "acid_rain", "methane", "plague", "cfc")
VICTIMS = ("plant token", "animal token", "reptiles", "birds", "mammals", "devolutionary humans")

ACTIONS = ActionSpace()
DRAW = ACTIONS.block("draw", len(CARDS)).start
ROLL = ACTIONS.block("roll", 6).start
DISCARD = ACTIONS.block("discard", len(CARDS)).start
OWN = ACTIONS.block("own", len(USES)).start
OZONE = ACTIONS.block("ozone", 1).start
RAIN_FOREST = ACTIONS.block("rain forest", 1).start
HAZARD = ACTIONS.block("hazard", len(HAZARDS), 4).start  # hazard, planet
LETHAL = ACTIONS.block("lethal", len(VICTIMS)).start
HEAL = ACTIONS.block("heal", 2).start  # the plant token, the animal token
NUM_ACTIONS = ACTIONS.size

RANKS = ("reptiles", "birds", "mammals", "devolutionary humans", "evolutionary humans")
CARD = {name: i for i, name in enumerate(CARDS)}


def card_of(action: int) -> int | None:
    """The card an action plays or discards, if any."""
    if DISCARD <= action < OWN:
        return action - DISCARD
    if OWN <= action < OZONE:
        return CARD[USES[action - OWN][0]]
    if action == OZONE:
        return CARD["ozone"]
    if action == RAIN_FOREST:
        return CARD["rain_forest"]
    if HAZARD <= action < LETHAL:
        return CARD[HAZARDS[(action - HAZARD) // 4]]
    return None


def action_struct(action: int, names: tuple[str, ...]) -> dict:
    if action < ROLL:
        return {"kind": "draw", "card": CARDS[action]}
    if action < DISCARD:
        return {"kind": "roll", "die": action - ROLL + 1}
    if action < OWN:
        return {"kind": "discard", "card": CARDS[action - DISCARD]}
    if action < OZONE:
        card, use, chart = USES[action - OWN]
        return {"kind": "play", "card": card, "use": use, "chart": chart}
    if action in (OZONE, RAIN_FOREST):
        return {"kind": "play", "card": "ozone" if action == OZONE else "rain_forest"}
    if action < LETHAL:
        hazard, planet = divmod(action - HAZARD, 4)
        card = HAZARDS[hazard]  # each rolls on its own chart, but the CFCs, which roll none (PL-4.12)
        return {"kind": "play", "card": card, "planet": planet, "planet_name": names[planet],
                **({"chart": card} if card != "cfc" else {})}
    if action < HEAL:
        return {"kind": "lethal", "victim": VICTIMS[action - LETHAL]}
    return {"kind": "heal", "token": "plant token" if action == HEAL else "animal token"}


def nice(card: str) -> str:
    return card.replace("_", " ")


def action_text(action: int, names: tuple[str, ...]) -> str:
    s = action_struct(action, names)
    kind = s["kind"]
    if kind == "draw":
        return f"draw {nice(s['card'])}"
    if kind == "roll":
        return f"roll {s['die']}"
    if kind == "discard":
        return f"discard {nice(s['card'])}"
    if kind == "play":
        if "use" in s:
            return f"{s['card']}: {s['use'].lower()}"
        if "planet" in s:
            return f"{nice(s['card'])} on {s['planet_name']}"
        return nice(s["card"])
    if kind == "lethal":
        victim = s["victim"]
        return f"lethal: damage {victim}" if victim.endswith("token") else f"lethal: kill {victim}"
    return f"heal {s['token']}"


def action_aliases(action: int, names: tuple[str, ...]) -> tuple[str, ...]:
    s = action_struct(action, names)
    if s["kind"] == "play" and "planet" in s:
        return (f"{nice(s['card'])} {s['planet']}", f"{nice(s['card'])} on {s['planet']}")
    if s["kind"] == "play" and "use" in s:
        return (f"{s['card']} {s['use'].lower()}",)
    return ()
