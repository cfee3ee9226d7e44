"""Planetarium in the terminal: the orbits with their Matter and Planets, each Planet's row of cards,
the track, every mat, and your hand with what each card needs (fits 80 columns)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from .common import result_lines, table

MATTER = {"gas": ("g", "yellow"), "rock": ("r", "red"), "water": ("w", "cyan"), "metal": ("m", "bold white")}


def token(name: str, board: dict, planets: dict) -> tuple[str, str]:
    if name in planets:
        return planets[name], "bold magenta"
    if name in board["matter"]:
        return MATTER[board["matter"][name]]
    return "·", "dim"


def orbits(board: dict) -> Text:
    """One line per orbit, its spaces clockwise from north (a Planet's letter, a Matter's initial, or ·),
    then the arms of orbit VII on one line, outer to inner."""
    planets = {p["space"]: p["name"] for p in board["planets"]}
    out = Text()
    rows = board["orbits"]
    for spaces in rows[:6]:
        out.append(f"{spaces[0].split('-')[0]:>3} ", style="dim")
        for name in spaces:
            letter, style = token(name, board, planets)
            out.append(letter + " ", style=style)
        out.append("\n")
    out.append("VII ", style="dim")
    for j, arm in enumerate(rows[6:]):
        out.append("| " if j else "", style="dim")
        for name in arm:
            letter, style = token(name, board, planets)
            out.append(letter + " ", style=style)
    out.append("\nspaces clockwise from north, from 0 (II-0); VII: arms 0-3, outer to inner", style="dim")
    return out


def render(obs: dict):
    board = obs["board"]
    track = board["track"]
    filled = min(track["filled"], track["length"])  # the last space holds any number of tokens (PT-5.2)
    title = (f"Planetarium — turn {board['turn'] + 1} · track {filled}/{track['length']} "
             f"(faster at {track['acceleration']})")
    if board["target"] is not None:
        title += f" · beat the target: {board['target']}"
    planets = table()
    for column in ("planet", "at", "side", "cards (marker)"):
        planets.add_column(column, no_wrap=column != "cards (marker)")
    for p in board["planets"]:
        cards = " ".join(f"{c['id']}({'-' if c['marker'] is None else c['marker']})" for c in p["cards"]) or "-"
        planets.add_row(f"{p['name']} {p['kind'][:3]}", p["space"], p["side"], cards)
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
    parts = [Text(title, style="bold"), orbits(board), planets, seats]
    viewer = obs["viewer"]
    mine = obs["seats"][viewer]["private"] if isinstance(viewer, int) else None
    if mine:
        hand = table()
        for column in ("your card", "pts", "side", "needs"):
            hand.add_column(column, no_wrap=column != "needs")
        for c in mine["hand"]:
            icons = (" ↯" if c["gravity"] else "") + (" ⇩" if c["downgrade"] else "")  # Gravity, Downgrade
            hand.add_row(f"{c['id']} {c['name']}{icons}", str(c["points"]), c["side"] or "final", c["needs"])
        parts.append(hand)
    return Group(*parts, *result_lines(obs, nobody="the target"))
