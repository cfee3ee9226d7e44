"""Planetarium in the terminal: the orbits with their Matter and Planets, each Planet's row of cards,
the track, every mat, and your hand with what each card needs (fits 80 columns)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .common import result_lines, table

MATTER = {"gas": ("g", "yellow"), "rock": ("r", "red"), "water": ("w", "cyan"), "metal": ("m", "bold white")}


STEP = 3  # columns per space of the largest orbits


def token(name: str, board: dict, planets: dict) -> tuple[str, str]:
    if name in planets:
        return planets[name], "bold magenta"
    if name in board["matter"]:
        return MATTER[board["matter"][name]]
    return "·", "dim"


def orbits(board: dict) -> Text:
    """Orbits I-VI unrolled, clockwise from north at the left, each space (a Planet's letter, a Matter's
    initial, or ·) in the column of its angle; between two orbits, each thin line as ╲ (outwards) or ╱
    (inwards), ╳ where two meet."""
    planets = {p["space"]: p["name"] for p in board["planets"]}
    rows = board["orbits"][:6]
    width = max(map(len, rows)) * STEP
    where = {name: (k, round(i * width / len(spaces)))  # its orbit, its column
             for k, spaces in enumerate(rows) for i, name in enumerate(spaces)}
    out = Text(no_wrap=True)
    for k, spaces in enumerate(rows):
        out.append(f"{spaces[0].split('-')[0]:>3} ", style="dim")
        cells = {where[name][1]: token(name, board, planets) for name in spaces}
        row = Text.assemble(*(cells.get(x, " ") for x in range(width)))
        row.rstrip()
        out.append_text(row).append("\n")
        lines: dict[int, str] = {}
        for a, b in board["thin_lines"]:
            if a in where and b in where and {where[a][0], where[b][0]} == {k, k + 1}:
                xa, xb = where[a][1], where[b][1] + (width if where[b][1] < where[a][1] - width // 2 else 0)
                x, mark = (xa + xb) // 2 % width, "╲" if where[a][0] == k else "╱"  # a line may pass north
                lines[x] = "╳" if lines.get(x, mark) != mark else mark
        if lines:
            out.append("    " + "".join(lines.get(x, " ") for x in range(width)).rstrip() + "\n", style="dim")
    out.rstrip()  # no empty line under orbit VI
    return out


def arms(board: dict) -> Text:
    """Orbit VII's arms, outer space to inner, each with the orbit VI space it leads to, then the thin
    lines from orbit VI into them."""
    planets = {p["space"]: p["name"] for p in board["planets"]}
    out = Text("VII", style="dim")
    for j, (arm, entry) in enumerate(zip(board["orbits"][6:], board["arm_entries"], strict=True)):
        out.append(f" {j}:", style="dim")
        for name in arm:
            out.append_text(Text(*token(name, board, planets))).append(" ")
        out.append(f"›{entry} ", style="dim")
    inward = [f"{a}›{b.split('-')[1]}" for a, b in board["thin_lines"] if b.startswith("VII")]
    out.rstrip()
    return out.append("\n    ╲╱╳ thin lines; to the arms: " + ", ".join(inward), style="dim")


LEGEND = "· empty  g gas  r rock  w water  m metal  A-D Planets  ↯ Gravity  ⇩ Downgrade"


def render(obs: dict):
    board = obs["board"]
    track = board["track"]
    filled = min(track["filled"], track["length"])  # the last space holds any number of tokens (PT-5.2)
    title = (f"Planetarium — turn {board['turn'] + 1} · track {filled}/{track['length']} "
             f"(faster at {track['acceleration']})")
    if board["target"] is not None:
        title += f" · beat the target: {board['target']}"
    beside = Table.grid(padding=(0, 2))  # the map and the Planets side by side: fewer rows
    beside.add_row(orbits(board), planets_table(board))
    parts = [Text(title, style="bold"), beside, arms(board), Text(LEGEND, style="dim"), seats_table(obs)]
    viewer = obs["viewer"]
    mine = obs["seats"][viewer]["private"] if isinstance(viewer, int) else None
    if mine:
        parts.append(hand_table(mine["hand"]))
    return Group(*parts, *result_lines(obs, nobody="the target"))


def describe(obs: dict, text: str) -> str:
    """A token's move with what the token is and whether a Planet and a Matter meet (PT-2.8: the Matter
    goes to the mover's mat): 'move I-3 II-7 (gas onto Planet B)', 'move II-7 II-0 (Planet A onto
    rock)', 'move V-1 V-2 (Planet C)', 'gravity V-2 to C (metal)'."""
    words = text.split()
    if words[0] not in ("move", "gravity") or len(words) < 3:
        return text
    board = obs["board"]
    planets = {p["space"]: p["name"] for p in board["planets"]}
    start = words[1]
    what = f"Planet {planets[start]}" if start in planets else board["matter"].get(start)
    if what is None:
        return text
    end = words[2]
    if words[0] == "move" and end in planets:
        what += f" onto Planet {planets[end]}"
    elif words[0] == "move" and start in planets and end in board["matter"]:
        what += f" onto {board['matter'][end]}"
    return f"{text} ({what})"


def planets_table(board: dict) -> Table:
    planets = table()
    for column in ("planet", "at", "side", "cards(marker)"):
        planets.add_column(column, no_wrap=column != "cards(marker)")
    for p in board["planets"]:
        cards = " ".join(f"{c['id']}({'-' if c['marker'] is None else c['marker']})" for c in p["cards"]) or "-"
        planets.add_row(f"{p['name']} {p['kind'][:3]}", p["space"], p["side"], cards)
    return planets


def seats_table(obs: dict) -> Table:
    seats = table()
    for column in ("seat", "score", "markers", "hand L/H/F", "mat"):
        seats.add_column(column, no_wrap=column != "mat")
    for s in obs["seats"]:
        pub = s["public"]
        mat = "; ".join(f"{planet}: " + " ".join(f"{n}{MATTER[kind][0]}" for kind, n in stock.items())
                        for planet, stock in pub["mat"].items() if stock) or "-"
        who = ("▶ " if s["seat"] == obs["to_move"] else "  ") + s["name"]
        seats.add_row(who, str(pub["score"]), str(pub["markers"]),
                      "/".join(str(pub["hand"][d]) for d in ("low", "high", "final")), mat)
    return seats


def hand_table(cards: list[dict]) -> Table:
    hand = table()
    for column in ("your card", "pts", "side", "needs"):
        hand.add_column(column, no_wrap=column != "needs")
    for c in cards:
        icons = (" ↯" if c["gravity"] else "") + (" ⇩" if c["downgrade"] else "")  # Gravity, Downgrade
        hand.add_row(f"{c['id']} {c['name']}{icons}", str(c["points"]), c["side"] or "final", c["needs"])
    return hand
