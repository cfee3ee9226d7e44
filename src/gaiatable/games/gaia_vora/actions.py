"""Gaia-Vora action ids: stable ints, with text and JSON forms.

Locations in actions are what the players see: the eight sky positions (0..7, clockwise from
north) or the Water (8). Id layout:

    0..2     rotate 1, 2, 3 steps
    3..6     activate sun, rainbow, storm, meteor
    7        pass (no Sky Object would change anything)
    8..9     setup chance: stone or sand on the even positions
    10..117  place: 10 + (location * 3 + species) * 4 + colour
    118..144 storm move: 118 + location * 3 + species
    145..154 meteor drop: 145 snow, 146 grass, 147 + position of a starting Sand/Stone tile
"""

from __future__ import annotations

from ...core.actions import ActionSpace
from .content import SPECIES

WATER = 8
NUM_LOCATIONS = 9

ACTIONS = ActionSpace()
ROTATE = ACTIONS.block("rotate", 3).start
SUN, RAINBOW, STORM, METEOR = range(ACTIONS.block("activate", 4).start, ACTIONS.size)
OBJECT_NAMES = {SUN: "sun", RAINBOW: "rainbow", STORM: "storm", METEOR: "meteor"}
PASS = ACTIONS.block("pass", 1).start
SETUP_STONE_EVEN, SETUP_SAND_EVEN = range(ACTIONS.block("setup", 2).start, ACTIONS.size)
PLACE = ACTIONS.block("place", NUM_LOCATIONS, 3, 4).start  # location, species, colour
MOVE = ACTIONS.block("move", NUM_LOCATIONS, 3).start  # location, species
DROP = ACTIONS.block("drop", 2).start  # snow, grass
DROP_SNOW, DROP_GRASS = DROP, DROP + 1
DROP_FROM = ACTIONS.block("drop from", 8).start  # the position of a starting Sand or Stone tile
NUM_ACTIONS = ACTIONS.size


def place_id(location: int, species: int, colour: int) -> int:
    return PLACE + (location * 3 + species) * 4 + colour


def decode_place(action: int) -> tuple[int, int, int]:
    """-> (location, species, colour)"""
    rest, colour = divmod(action - PLACE, 4)
    location, species = divmod(rest, 3)
    return location, species, colour


def move_id(location: int, species: int) -> int:
    return MOVE + location * 3 + species


def decode_move(action: int) -> tuple[int, int]:
    """-> (location, species)"""
    return divmod(action - MOVE, 3)


def location_name(location: int, positions: tuple[str, ...]) -> str:
    return "water" if location == WATER else positions[location]


def action_struct(action: int, colours: tuple[str, ...], positions: tuple[str, ...]) -> dict:
    if action < SUN:
        return {"kind": "rotate", "steps": action - ROTATE + 1}
    if action in OBJECT_NAMES:
        return {"kind": "activate", "object": OBJECT_NAMES[action]}
    if action == PASS:
        return {"kind": "pass"}
    if action < PLACE:
        return {"kind": "setup", "even": "stone" if action == SETUP_STONE_EVEN else "sand"}
    if action < MOVE:
        location, species, colour = decode_place(action)
        return {"kind": "place", "colour": colours[colour], "species": SPECIES[species],
                "location": location_name(location, positions)}
    if action < DROP:
        location, species = decode_move(action)
        return {"kind": "move", "species": SPECIES[species], "location": location_name(location, positions)}
    if action == DROP_SNOW:
        return {"kind": "drop", "tile": "snow"}
    if action == DROP_GRASS:
        return {"kind": "drop", "tile": "grass"}
    return {"kind": "drop", "tile": "start", "from": positions[action - DROP_FROM]}


def action_text(action: int, colours: tuple[str, ...], positions: tuple[str, ...]) -> str:
    s = action_struct(action, colours, positions)
    kind = s["kind"]
    if kind == "rotate":
        return f"rotate {s['steps']}"
    if kind == "activate":
        return s["object"]
    if kind == "setup":
        return f"setup {s['even']} on even"
    if kind == "place":
        return f"place {s['colour']} {s['species']} {s['location']}"
    if kind == "move":
        return f"move {s['species']} {s['location']}"
    if kind == "drop":
        return f"drop tile from {s['from']}" if s["tile"] == "start" else f"drop {s['tile']}"
    return kind


def action_aliases(action: int, colours: tuple[str, ...], positions: tuple[str, ...]) -> tuple[str, ...]:
    """Short forms a player may type: 'r2', 'place y c nw', 'move h water', 'drop se'."""
    s = action_struct(action, colours, positions)
    kind = s["kind"]
    if kind == "rotate":
        return (f"r{s['steps']}",)
    if kind == "place":
        return (f"place {s['colour'][0]} {s['species'][0]} {s['location']}",
                f"{s['colour'][0]}{s['species'][0]} {s['location']}",
                f"{s['colour']} {s['species']} {s['location']}")
    if kind == "move":
        return (f"move {s['species'][0]} {s['location']}", f"{s['species'][0]} {s['location']}")
    if kind == "drop" and s["tile"] == "start":
        return (f"drop {s['from']}",)
    return ()
