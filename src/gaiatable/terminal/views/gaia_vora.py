"""Gaia-Vora in the terminal: the planet and the colours, from an observation."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .common import result_lines

STYLE = {"yellow": "bold yellow", "green": "bold green", "white": "bold white", "blue": "bold blue"}
TILE_STYLE = {"stone": "grey62", "sand": "dark_orange", "grass": "green3", "snow": "bright_white"}
SYMBOL = {"carnivore": "C", "herbivore": "H", "plant": "P"}


def piece(colour: str | None, species: str) -> Text:
    if colour is None:
        return Text("·", style="dim")
    return Text(f"{colour} {SYMBOL[species]}", style=STYLE.get(colour, ""))


def render(obs: dict):
    board = obs["board"]
    planet = Table(title=f"Gaia-Vora — turn {board['turn'] + 1}", title_justify="left", expand=False)
    for column in ("pos", "sky", "tiles (bottom → top)", "ht", "carnivore", "herbivore", "plant"):
        planet.add_column(column, no_wrap=True)
    for spot in board["positions"]:
        tiles = Text(" ")
        for tile in spot["tiles"]:
            tiles.append(tile + " ", style=TILE_STYLE[tile])
        if not spot["tiles"]:
            tiles = Text("water", style="cyan")
        elif spot["home"]:
            tiles.append("(start)", style="dim")
        sky = Text(spot["object"] or "", style="bold magenta" if spot["object"] == "moon" else "bold")
        if spot["life"]:
            life = [piece(spot["life"][s], s) for s in SYMBOL]
        else:
            life = [Text("see water", style="dim"), Text(""), Text("")]
        planet.add_row(spot["position"], sky, tiles, str(spot["height"]), *life)
    planet.add_row("water", "", Text("all exposed water", style="cyan"), "1",
                   *(piece(board["water"][s], s) for s in SYMBOL))

    people = Table(expand=False)
    for column in ("colour", "stars", "pool C/H/P", "fossils", "on planet", "score"):
        people.add_column(column, no_wrap=True)
    colours = [(s["seat"], s["public"]) for s in obs["seats"]] + [(None, bot) for bot in board["bots"]]
    for seat, c in colours:
        who = f"{c['colour']} (Bot)" if seat is None else f"{c['colour']} (seat {seat})"
        if seat is not None and seat == obs["to_move"]:
            who = "▶ " + who
        pool = "/".join(str(c["pool"][s]) for s in SYMBOL)
        fossils = ", ".join(f"{n} {v}" for v, n in c["fossils"].items()) or "-"
        people.add_row(Text(who, style=STYLE.get(c["colour"], "")), "-" if c["stars"] is None else str(c["stars"]),
                       pool, fossils, str(c["on_planet"]), str(c["score"]))
    supply = Text(f"Off the board: {board['supply']['grass']} grass, {board['supply']['snow']} snow. "
                  "The game ends after the turn in which the last one lands.")
    return Group(planet, people, supply, *result_lines(obs))
