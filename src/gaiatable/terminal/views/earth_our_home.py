"""Earth: Our Home in the terminal: the two discs of the map and the Pacific box, each habitat with its
type, id and counters, and every genus's species, score, genes and conflict values. It fits 80 columns
and, with a few moves and the prompt, 24 rows; colour helps but nothing needs it (a counter is its
genus's shape and its species level, '■2')."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from .common import result_lines, table

STYLE = ("bold blue", "bold red", "bold green", "bold yellow")
KIND = {"marine": ("~", "cyan"), "tropical": ("T", "green"), "temperate": ("^", "white")}
SHAPES = {"square": "■", "circle": "●", "triangle": "▲", "star": "★"}
CELL = 11  # a hex: type, id, up to three counters in at most 6 characters, a space; seven fill 77 columns
PER_EPOCH = 18  # counters a genus lays in an epoch (EO-5.1)


def shapes(obs: dict) -> list[str]:
    """Each seat's mark on the map: its genus's shape ('blue square' -> ■), else its name's initial."""
    return [SHAPES.get(s["name"].split()[-1], s["name"][:1]) for s in obs["seats"]]


def counters(found: list[dict], marks: list[str]) -> Text:
    """A habitat's counters, each genus's shape once, then its counters' species levels: '■11●2'."""
    levels: dict[int, str] = {}
    for c in found:
        levels[c["seat"]] = levels.get(c["seat"], "") + str(c["level"])
    out = Text()
    for seat, digits in levels.items():
        out.append(marks[seat] + digits, style=STYLE[seat])
    return out


def hexes(habitat: dict | None, marks: list[str]) -> Text:
    """One cell: '~W13 ■1●2 ' (three genera in one habitat leave out the space after the id)."""
    if habitat is None:
        return Text(" " * CELL)
    mark, style = KIND[habitat["type"]]
    held = counters(habitat["counters"], marks)
    cell = Text(mark, style=style).append(f"{habitat['id']:<3}", style="dim")
    cell.append(" " if len(held) < CELL - 5 else "").append_text(held)
    return cell.append(" " * (CELL - len(cell)))


def discs(board: dict, marks: list[str]) -> Text:
    """Each disc row by row, offset like hexes, one disc under the other."""
    by_id = {h["id"]: h for h in board["habitats"]}
    rows = [row for disc in board["layout"] for row in disc]
    out = Text()
    for i, row in enumerate(rows):
        out.append(" " * (abs(len(row) - 7) * CELL // 2))
        for hid in row:
            out.append_text(hexes(by_id.get(hid), marks))
        out.rstrip()
        if i < len(rows) - 1:
            out.append("\n")
    return out


def title(obs: dict) -> Text:
    """The epoch and what the map's signs mean: a habitat's type, a counter."""
    board = obs["board"]
    out = Text(f"Earth: Our Home · epoch {board['epoch']} of {board['epochs']}", style="bold")
    out.append(" · ")
    for kind, (mark, style) in KIND.items():
        out.append(mark, style=style).append(f" {kind}  ")
    out.rstrip()
    return out


def pacific(obs: dict, marks: list[str]) -> Text:
    """The Pacific box's counters and how to read a counter."""
    box = next((h for h in obs["board"]["habitats"] if h["id"] == "PAC"), None)
    out = Text()
    if box is not None:
        out.append("~", style="cyan").append("PAC", style="dim").append(" Pacific box: ")
        out.append_text(counters(box["counters"], marks) if box["counters"] else Text("empty")).append(" · ")
    return out.append(f"{marks[0]}2: a counter of the {obs['seats'][0]['name']}'s species 2", style="dim")


def genera(obs: dict, marks: list[str]):
    """A line per genus: the counter it lays now (shape and species level, as on the map), its score,
    counters laid this epoch, conflict values by habitat type, genes."""
    rows = table(show_header=False, box=None)
    for column in range(5):
        rows.add_column(no_wrap=column < 4)
    for s in obs["seats"]:
        pub, n = s["public"], s["seat"]
        who = ("▶ " if n == obs["to_move"] else "  ") + f"{marks[n]}{pub['level']} {s['name']}"
        value = "wiped out" if pub["wiped"] else "value " + " ".join(KIND[k][0] + str(pub["conflict"][k])
                                                                      for k in KIND)
        score = obs["scores"][n]
        rows.add_row(Text(who, style=STYLE[n]), f"{score:g} point{'s' * (score != 1)}",
                     f"laid {pub['laid']}/{PER_EPOCH}", value,
                     "genes " + (" ".join(gene_mark(g) for g in pub["genes"]) or "-"))
    return rows


def gene_mark(gene: str) -> str:
    """A gene as its kind and the shape of the genus it names: 'D blue square (+1 ...)' -> 'D■'."""
    kind, _, genus = gene.split(" (")[0].partition(" ")
    return kind + (SHAPES.get(genus.split()[-1], genus) if genus else "")


def render(obs: dict):
    marks = shapes(obs)
    board = obs["board"]
    return Group(title(obs), discs(board, marks), pacific(obs, marks), genera(obs, marks),
                 *result_lines(obs))
