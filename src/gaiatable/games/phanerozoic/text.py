"""Phanerozoic in the terminal: the plant and animal rows, the seats' cards and goals, the log."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

GROWTH = {"sunlight": "sunlight", "plants": "eats plants", "animals": "eats animals", "both": "eats both"}


def row_table(title: str, cards: list[dict]) -> Table:
    table = Table(title=title, title_justify="left", expand=False)
    for column in ("card", "pop", "★", "habitat", "growth", "icons", "tucked mutations"):
        table.add_column(column, no_wrap=column not in ("icons", "tucked mutations"))
    for card in cards:
        icons = [i for i in card["icons"] if i not in GROWTH]
        name = card["card"] if card["common"] in card["card"] else f"{card['card']} {card['common']}"
        table.add_row(Text(name, style="bold"), str(card["population"]),
                      "★" * card["stars"], card["habitat"], GROWTH[card["growth"]], ", ".join(icons),
                      ", ".join(card["mutations"]) or "-")
    if not cards:
        table.add_row(Text("(empty)", style="dim"), "", "", "", "", "", "")
    return table


def listing(cards) -> str:
    if isinstance(cards, int):
        return f"{cards} hidden" if cards else "-"
    return ", ".join(cards) or "-"


def render(obs: dict):
    parts = [Text(f"Phanerozoic — round {obs['round']} of {obs['rounds']}: {obs['prompt']}", style="bold"),
             row_table("Plants", obs["plants"]), row_table("Animals", obs["animals"])]
    seats = Table(expand=False)
    for column in ("seat", "hand", "choice", "chosen (face up)", "kept", "goals"):
        seats.add_column(column)
    mine = None
    for s in obs["seats"]:
        who = f"seat {s['seat']}" + (" (you)" if s["seat"] == obs["viewer"] else "")
        if s["seat"] == obs["to_move"]:
            who = "▶ " + who
        if s["seat"] == obs["viewer"]:
            mine = s
        hand = s["hand"] if isinstance(s["hand"], int) else len(s["hand"])
        goals = s["goals"] if isinstance(s["goals"], int) else ", ".join(g["name"] for g in s["goals"])
        seats.add_row(who, str(hand), s["choice"] or "-", listing(s["chosen"]), listing(s["kept"]), str(goals))
    parts.append(seats)
    if mine is not None:
        parts.append(Text(f"Your hand: {listing(mine['hand'])}", style="bold"))
        for g in mine["goals"]:
            parts.append(Text(f"Your goal {g['name']}: {'; '.join(g['lines'])}"))
        parts.append(Text(f"Your goals score {mine['score']} points now."))
    if obs.get("automa"):
        a = obs["automa"]
        goals = "; ".join(f"{g['name']} ({', '.join(g['lines'])})" for g in a["goals"])
        hidden = f" and {a['hidden_goals']} face down" if a["hidden_goals"] else ""
        score = f", {a['score']} points now" if a["score"] is not None else ""
        parts.append(Text(f"Automa: goals {goals}{hidden}{score}; cards to reveal: {listing(a['cards'])}"))
    if obs["pool"]:
        parts.append(Text(f"In the middle: {listing(obs['pool'])}"))
    parts.append(Text(f"Deck {obs['deck']} cards · discard pile: {listing(obs['discard'])} · "
                      f"extinct: {listing(obs['extinct'])}", style="dim"))
    if obs.get("winners") is not None:
        scores = ", ".join(f"seat {s}: {v:g}" for s, v in enumerate(obs["scores"]))
        winners = ", ".join(f"seat {s}" for s in obs["winners"]) or ("the Automa" if obs.get("automa") else "nobody")
        parts.append(Text(f"Game over. Scores {scores}. Winner: {winners}", style="bold"))
    return Group(*parts)
