"""Planit in the terminal: every planet's gauges, tokens, higher animals, ozone and hand (fits 80 columns)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from ...core.game import counted
from .common import result_lines, table


def gauge(value: int, spaces: int, mark: int, style: str, goal: int | None = None) -> Text:
    """A gauge of `spaces` cells, the marker on `value`, the marked space (Just Right, sink full) as ┼,
    the space to reach (21% O2) as ◎."""
    out = Text()
    for i in range(spaces):
        if i == value:
            out.append("●", style=style)
        else:
            out.append("┼" if i == mark else "◎" if i == goal else "─", style="dim")
    return out


def planet_lines(p: dict, gauges: dict) -> Group:
    temp = Text("temp ").append(gauge(p["temperature"], gauges["temperature_spaces"], gauges["just_right"],
                                      "bold red")).append(f" {p['temperature_label']}")
    o2 = Text("O2   ").append(gauge(p["o2"], gauges["o2_spaces"], gauges["sink_full"], "bold cyan", gauges["o2_21"]))
    o2.append(f" {p['o2_label']} ({p['o2'] + 1}/{gauges['o2_spaces']}; ◎ 21% O2, the goal)")
    tokens = Text("tokens: ")
    for label, state in (("plant", p["plant_token"]), ("animal", p["animal_token"])):
        tokens.append(f"{label} {state}  ", style="green" if state == "healthy" else "bold red")
    tokens.append(f"ozone layer: {'yes' if p['ozone'] else 'no'}")
    animals = Text(f"higher animals: {', '.join(p['higher_animals']) or '-'}")
    hand = Text(f"hand: {', '.join(c.replace('_', ' ') for c in p['hand']) or '-'}")
    return Group(temp, o2, tokens, animals, hand)


def render(obs: dict):
    board, gauges = obs["board"], obs["board"]["gauges"]
    title = f"Planit — turn {board['turn'] + 1}, deck {counted(board['deck'], 'card')}"
    planets = table(title=title, show_header=False)
    planets.add_column("planet", no_wrap=True)
    planets.add_column("state")
    for s in obs["seats"]:
        name = Text(("▶ " if s["seat"] == obs["to_move"] else "  ") + f"{s['name']} ({s['seat']})", style="bold")
        planets.add_row(name, planet_lines(s["public"], gauges))
    return Group(planets, *result_lines(obs))
