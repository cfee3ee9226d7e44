"""Planit in the terminal: every planet's gauges, tokens, higher animals, ozone and hand."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .common import result_lines


def gauge(value: int, spaces: int, mark: int, style: str) -> Text:
    out = Text()
    for i in range(spaces):
        if i == value:
            out.append("●", style=style)
        else:
            out.append("┼" if i == mark else "─", style="dim")
    return out


def render(obs: dict):
    board, gauges = obs["board"], obs["board"]["gauges"]
    table = Table(title=f"Planit — turn {board['turn'] + 1}", title_justify="left")
    for column in ("planet", "temperature (ice … hot)", "O2 (sink … 21%)", "carbon cycle", "higher animals",
                   "ozone", "hand (face up)"):
        table.add_column(column)
    for s in obs["seats"]:
        p = s["public"]
        name = Text(("▶ " if s["seat"] == obs["to_move"] else "") + f"{s['name']} ({s['seat']})", style="bold")
        temp = gauge(p["temperature"], gauges["temperature_spaces"], gauges["just_right"], "bold red")
        temp.append(f" {p['temperature_label']}")
        o2 = gauge(p["o2"], gauges["o2_spaces"], gauges["sink_full"], "bold cyan")
        o2.append(f" {p['o2_label']}")
        tokens = Text("\n").join(Text(f"{label} {state}", style="green" if state == "healthy" else "bold red")
                                  for label, state in (("plant", p["plant_token"]), ("animal", p["animal_token"])))
        table.add_row(name, temp, o2, tokens, ", ".join(p["higher_animals"]) or "-",
                      "yes" if p["ozone"] else "-", ", ".join(c.replace("_", " ") for c in p["hand"]))
    return Group(table, Text(f"Deck: {board['deck']} cards."), *result_lines(obs))
