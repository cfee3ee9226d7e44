"""Gaia-Vora in the terminal: the planet, the colours and what just happened, from an observation."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

STYLE = {"yellow": "bold yellow", "green": "bold green", "white": "bold white", "blue": "bold blue"}
TILE_STYLE = {"stone": "grey62", "sand": "dark_orange", "grass": "green3", "snow": "bright_white"}
SYMBOL = {"carnivore": "C", "herbivore": "H", "plant": "P"}


def piece(colour: str | None, species: str) -> Text:
    if colour is None:
        return Text("·", style="dim")
    return Text(f"{colour} {SYMBOL[species]}", style=STYLE.get(colour, ""))


def render(obs: dict):
    planet = Table(title=f"Gaia-Vora — turn {obs['turn'] + 1}", title_justify="left", expand=False)
    for column in ("pos", "sky", "tiles (bottom → top)", "ht", "carnivore", "herbivore", "plant"):
        planet.add_column(column, no_wrap=True)
    for spot in obs["board"]:
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
                   *(piece(obs["water"][s], s) for s in SYMBOL))

    people = Table(expand=False)
    for column in ("colour", "stars", "pool C/H/P", "fossils", "on planet", "score"):
        people.add_column(column, no_wrap=True)
    for c in obs["colours"]:
        who = f"{c['colour']} (seat {c['seat']})" if not c["bot"] else f"{c['colour']} (Bot)"
        if c["seat"] == obs["to_move"]:
            who = "▶ " + who
        pool = "/".join(str(c["pool"][s]) for s in SYMBOL)
        fossils = ", ".join(f"{n} {v}" for v, n in c["fossils"].items()) or "-"
        people.add_row(Text(who, style=STYLE.get(c["colour"], "")), "-" if c["stars"] is None else str(c["stars"]),
                       pool, fossils, str(c["on_planet"]), str(c["score"]))
    supply = Text(f"Off the board: {obs['supply']['grass']} grass, {obs['supply']['snow']} snow. "
                  "The game ends after the turn in which the last one lands.")
    parts = [planet, people, supply]
    if obs.get("winners") is not None:
        names = [obs["colours"][s]["colour"] for s in obs["winners"]]
        parts.append(Text(f"Game over. Winner: {', '.join(names)}", style="bold"))
    return Group(*parts)
