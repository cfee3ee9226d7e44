"""Phanerozoic in the terminal: the plant and animal rows, the seats' cards and goals."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...core.game import counted
from .common import result_lines, table

GROWTH = {"sunlight": "sunlight", "plants": "eats plants", "animals": "eats animals", "both": "eats both"}


def row_table(title: str, cards: list[dict]) -> Table:
    rows = table(title=title)
    for column in ("card", "pop", "★", "habitat", "growth", "icons", "mutations"):
        rows.add_column(column, no_wrap=column not in ("icons", "mutations"))
    for card in cards:
        icons = [i for i in card["icons"] if i not in GROWTH]
        rows.add_row(Text(card["card"], style="bold"), str(card["population"]),
                      "★" * card["stars"], card["habitat"], GROWTH[card["growth"]], ", ".join(icons),
                      ", ".join(card["mutations"]) or "-")
    if not cards:
        rows.add_row(Text("(empty)", style="dim"), "", "", "", "", "", "")
    return rows


def listing(cards) -> str:
    if isinstance(cards, int):
        return f"{cards} hidden" if cards else "-"
    return ", ".join(cards) or "-"


def render(obs: dict):
    board = obs["board"]
    parts = [Text(f"Phanerozoic — round {board['round']} of {board['rounds']}: {obs['prompt']}", style="bold"),
             row_table("Plants", board["plants"]), row_table("Animals", board["animals"])]
    seats = table()
    for column in ("seat", "hand", "choice", "chosen (face up)", "kept", "goals"):
        seats.add_column(column)
    for s in obs["seats"]:
        public, private = s["public"], s["private"]
        who = s["name"] + (" (you)" if s["seat"] == obs["viewer"] else "")
        if s["seat"] == obs["to_move"]:
            who = "▶ " + who
        choice = (private["choice"] if private else "chosen") if public["has_chosen"] else "-"
        kept = listing(private["kept"]) if private else listing(public["kept"])
        goals = ", ".join(g["name"] for g in private["goals"]) if private else str(public["goals"])
        seats.add_row(who, str(public["hand"]), choice, listing(public["chosen"]), kept, goals)
    parts.append(seats)
    viewer = obs["viewer"]
    mine = obs["seats"][viewer]["private"] if isinstance(viewer, int) else None
    if mine is not None:
        parts.append(Text(f"Your hand: {listing(mine['hand'])}", style="bold"))
        for g in mine["goals"]:
            parts.append(Text(f"Your goal {g['name']}: {'; '.join(g['lines'])}"))
        parts.append(Text(f"Your goals score {counted(obs['scores'][viewer], 'point')} now."))
    for other in obs["seats"]:  # the referee (and everyone at the end) sees every hand
        if other["private"] is not None and other["seat"] != viewer:
            parts.append(Text(f"{other['name']}'s hand: {listing(other['private']['hand'])}; goals: "
                              + ", ".join(g["name"] for g in other["private"]["goals"])))
    if board["automa"]:
        a = board["automa"]
        goals = "; ".join(f"{g['name']} ({', '.join(g['lines'])})" for g in a["goals"])
        hidden = f" and {a['hidden_goals']} face down" if a["hidden_goals"] else ""
        score = f", {counted(a['score'], 'point')} now" if a["score"] is not None else ""
        parts.append(Text(f"Automa: goals {goals}{hidden}{score}; cards to reveal: {listing(a['cards'])}"))
    if board["pool"]:
        parts.append(Text(f"In the middle: {listing(board['pool'])}"))
    parts.append(Text(f"Deck {counted(board['deck'], 'card')} · discard pile: {listing(board['discard'])} · "
                      f"extinct: {listing(board['extinct'])}", style="dim"))
    if obs["result"]:
        parts.append(Text("Scores " + ", ".join(f"seat {s}: {v:g}" for s, v in enumerate(obs["scores"])), style="bold"))
    return Group(*parts, *result_lines(obs, nobody="the Automa" if board["automa"] else "nobody"))
