"""Planit in the terminal: every planet's gauges, tokens, higher animals, ozone and hand."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text


def gauge(value: int, spaces: int, mark: int, style: str) -> Text:
    out = Text()
    for i in range(spaces):
        if i == value:
            out.append("●", style=style)
        else:
            out.append("┼" if i == mark else "─", style="dim")
    return out


def render(obs: dict):
    table = Table(title=f"Planit — turn {obs['turn'] + 1}", title_justify="left")
    for column in ("planet", "temperature (ice … hot)", "O2 (sink … 21%)", "carbon cycle", "higher animals",
                   "ozone", "hand (face up)"):
        table.add_column(column)
    for p in obs["planets"]:
        name = Text(("▶ " if p["seat"] == obs["to_move"] else "") + f"{p['name']} ({p['seat']})", style="bold")
        temp = gauge(p["temperature"], 11, p["just_right"], "bold red")
        temp.append(f" {p['temperature_label']}")
        o2 = gauge(p["o2"], 11, 5, "bold cyan")
        o2.append(f" {p['o2_label']}")
        tokens = Text("\n").join(Text(f"{label} {state}", style="green" if state == "healthy" else "bold red")
                                  for label, state in (("plant", p["plant_token"]), ("animal", p["animal_token"])))
        table.add_row(name, temp, o2, tokens, ", ".join(p["higher_animals"]) or "-",
                      "yes" if p["ozone"] else "-", ", ".join(c.replace("_", " ") for c in p["hand"]))
    parts = [table, Text(f"Deck: {obs['deck']} cards.")]
    if obs["winner"] is not None:
        parts.append(Text(f"{obs['planets'][obs['winner']]['name']} evolved Evolutionary Humans and wins!",
                          style="bold"))
    return Group(*parts)
