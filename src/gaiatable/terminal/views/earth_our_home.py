"""Earth: Our Home in the terminal: the occupied habitats with their counters, and every genus's species,
genes and score (fits 80 columns)."""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Group
from rich.text import Text

from .common import result_lines, table

STYLE = ("bold blue", "bold red", "bold green", "bold yellow")
KIND = {"marine": "~", "tropical": "T", "temperate": "^"}


def render(obs: dict):
    board = obs["board"]
    title = Text(f"Earth: Our Home — epoch {board['epoch']} of {board['epochs']}: {obs['prompt']}", style="bold")
    cells = []
    for habitat in board["habitats"]:
        if not habitat["counters"]:
            continue
        cell = Text(f"{KIND[habitat['type']]}{habitat['id']:<4}")
        for c in habitat["counters"]:
            cell.append(str(c["level"]), style=STYLE[c["seat"]])
        cells.append(cell)
    genera = table()
    for column in ("genus", "species", "score", "laid", "value ~/T/^", "genes"):
        genera.add_column(column, no_wrap=column != "genes")
    for s in obs["seats"]:
        pub = s["public"]
        who = ("▶ " if s["seat"] == obs["to_move"] else "  ") + s["name"] + (" (wiped out)" if pub["wiped"] else "")
        value = "/".join(str(pub["conflict"][k]) for k in ("marine", "tropical", "temperate"))
        genera.add_row(Text(who, style=STYLE[s["seat"]]), str(pub["level"]), str(obs["scores"][s["seat"]]),
                       f"{pub['laid']}/18", value, "; ".join(g.split(" (")[0] for g in pub["genes"]) or "-")
    key = Text("~ marine  T tropical  ^ temperate; each digit a counter, its species level, in its genus's colour",
               style="dim")
    return Group(title, Columns(cells, padding=(0, 2)) if cells else Text("(no counters yet)", style="dim"), key,
                 genera, *result_lines(obs))
