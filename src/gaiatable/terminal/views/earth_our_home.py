"""Earth: Our Home in the terminal: the two discs of the map and the Pacific box, each habitat with its
type and counters, and every genus's species, genes, conflict values and score (fits 80 columns)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from .common import result_lines, table

STYLE = ("bold blue", "bold red", "bold green", "bold yellow")
KIND = {"marine": ("~", "cyan"), "tropical": ("T", "green"), "temperate": ("^", "white")}
CELL = 8  # a hex: its type, its id, up to three counters


def hexes(habitat: dict | None) -> Text:
    if habitat is None:
        return Text(" " * CELL)
    mark, style = KIND[habitat["type"]]
    cell = Text(mark, style=style).append(f"{habitat['id']:<3}", style="dim")
    for c in habitat["counters"]:
        cell.append(str(c["level"]), style=STYLE[c["seat"]])
    return cell.append(" " * (CELL - 4 - len(habitat["counters"])))


def discs(board: dict) -> Text:
    """Each disc row by row, offset like hexes; each counter a digit, its species level, in its genus's colour."""
    by_id = {h["id"]: h for h in board["habitats"]}
    out = Text()
    for disc in board["layout"]:
        for row in disc:
            out.append(" " * (abs(len(row) - 7) * CELL // 2))
            for hid in row:
                out.append_text(hexes(by_id.get(hid)))
            out.append("\n")
        out.append("\n")
    if "PAC" in by_id:
        out.append_text(hexes({**by_id["PAC"], "counters": []})).append(" Pacific box: ")
        for c in by_id["PAC"]["counters"]:
            out.append(str(c["level"]), style=STYLE[c["seat"]])
    return out


def render(obs: dict):
    board = obs["board"]
    title = Text(f"Earth: Our Home — epoch {board['epoch']} of {board['epochs']}: {obs['prompt']}", style="bold")
    genera = table()
    for column in ("genus", "species", "score", "laid", "value ~/T/^", "genes"):
        genera.add_column(column, no_wrap=column != "genes")
    for s in obs["seats"]:
        pub = s["public"]
        who = ("▶ " if s["seat"] == obs["to_move"] else "  ") + s["name"] + (" (wiped out)" if pub["wiped"] else "")
        value = "/".join(str(pub["conflict"][k]) for k in ("marine", "tropical", "temperate"))
        genera.add_row(Text(who, style=STYLE[s["seat"]]), str(pub["level"]), f"{obs['scores'][s['seat']]:g}",
                       f"{pub['laid']}/18", value, "; ".join(g.split(" (")[0] for g in pub["genes"]) or "-")
    key = Text("~ marine  T tropical  ^ temperate; a digit is a counter: its species level, in its genus's colour",
               style="dim")
    return Group(title, discs(board), key, genera, *result_lines(obs))
