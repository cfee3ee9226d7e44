"""Gaia-Vora in the terminal: the planet and the colours, from an observation (fits 80 columns)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from .common import result_lines, table

STYLE = {"yellow": "bold yellow", "green": "bold green", "white": "bold white", "blue": "bold blue"}
TILE_STYLE = {"stone": "grey62", "sand": "dark_orange", "grass": "green3", "snow": "bright_white"}
SPECIES = ("carnivore", "herbivore", "plant")


def piece(colour: str | None) -> Text:
    return Text("·", style="dim") if colour is None else Text(colour, style=STYLE.get(colour, ""))


def render(obs: dict):
    board = obs["board"]
    supply = board["supply"]
    planet = table(title=f"Gaia-Vora — turn {board['turn'] + 1} · {supply['grass']} grass and {supply['snow']} "
                         "snow to land")
    for column in ("pos", "sky", "tiles, bottom first", "ht", *SPECIES):
        planet.add_column(column, no_wrap=True)
    for spot in board["positions"]:
        tiles = Text()
        for tile in spot["tiles"]:
            tiles.append(tile + " ", style=TILE_STYLE[tile])
        if not spot["tiles"]:
            tiles = Text("water", style="cyan")
        elif spot["home"]:
            tiles.append("(start)", style="dim")
        sky = Text(spot["object"] or "", style="bold magenta" if spot["object"] == "moon" else "bold")
        life = [piece(spot["life"][s]) for s in SPECIES] if spot["life"] else [Text("(water)", style="dim"), "", ""]
        planet.add_row(spot["position"], sky, tiles, str(spot["height"]), *life)
    planet.add_row("water", "", Text("every exposed water", style="cyan"), "1",
                   *(piece(board["water"][s]) for s in SPECIES))

    people = table(box=None)
    for column in ("colour", "★", "pool C/H/P", "on planet", "score"):
        people.add_column(column, no_wrap=True)
    people.add_column("fossils")
    colours = [(s["seat"], s["public"]) for s in obs["seats"]] + [(None, bot) for bot in board["bots"]]
    for seat, c in colours:
        label = "neutral Bot" if seat is None else "you" if seat == obs["viewer"] else f"seat {seat}"
        who = f"{c['colour']} ({label})"
        who = ("▶ " if seat is not None and seat == obs["to_move"] else "  ") + who
        pool = "/".join(str(c["pool"][s]) for s in SPECIES)
        fossils = ", ".join(f"{n} {v}" for v, n in c["fossils"].items()) or "-"
        people.add_row(Text(who, style=STYLE.get(c["colour"], "")), "-" if c["stars"] is None else str(c["stars"]),
                       pool, str(c["on_planet"]), str(c["score"]), fossils)
    return Group(planet, people, *result_lines(obs))
