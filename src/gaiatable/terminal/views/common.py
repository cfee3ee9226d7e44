"""What every game's terminal view shows alike."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text


class PlainTable(Table):
    """A table whose text cells are shown as written: a designer's card named 'Primordial [draft]' keeps its
    brackets (rich would read them as a style)."""

    def add_row(self, *cells, **options) -> None:
        super().add_row(*(Text(cell) if isinstance(cell, str) else cell for cell in cells), **options)


def table(**options) -> Table:
    """A table without borders: a header rule only, so that boards fit 80 columns and few lines."""
    options = {"box": box.SIMPLE_HEAD, **options}
    return PlainTable(padding=(0, 1), pad_edge=False, show_edge=False, title_justify="left", **options)


def result_lines(obs: dict, nobody: str = "nobody at the table") -> list[Text]:
    """The end of the game, from the observation's `result`: the winners, a draw, or the turn cap.
    `nobody` names who won when no seat did (a solo game's opponent)."""
    result = obs["result"]
    if result is None:
        return []
    names = [obs["seats"][s]["name"] for s in result["winners"]]
    text = "Game over" + (": stopped by the turn cap (max_turns), not by the rules. " if result["truncated"] else ". ")
    if result["draw"]:
        text += "A draw."
    elif names:
        text += f"Winner: {', '.join(names)}."
    else:
        text += f"Winner: {nobody}."
    return [Text(text, style="bold")]


def scores_line(obs: dict) -> str:
    """Every seat's score, and in a solo game what it played against (the Automa's score, the target)."""
    parts = [f"{s['name']} {v:g}" for s, v in zip(obs["seats"], obs["scores"], strict=True) if v is not None]
    board = obs.get("board") or {}
    if (board.get("automa") or {}).get("score") is not None:
        parts.append(f"the Automa {board['automa']['score']:g}")
    if board.get("target") is not None:
        parts.append(f"the target {board['target']:g}")
    return "Scores: " + ", ".join(parts)
