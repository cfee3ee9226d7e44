"""A recorded game in the terminal (`gaiatable replay show`): every decision as a viewer reads it, the
position at one ply, or one decision at a time, forwards, back or to a decision by its number."""

from __future__ import annotations

from rich.console import Console

from ..core.record import Replay
from . import render
from .views.common import scores_line


def show(console: Console, rep: Replay, eyes: int | str, ply: int | None = None, step: bool = False) -> None:
    if ply is not None:
        console.print(render(rep.states[ply].observe(eyes)))
        return
    game, i = rep.game, 0
    while i < len(rep.decisions):
        line = rep.decisions[i]
        actor = None if line["actor"] == "chance" else line["actor"]
        console.print(f"{i:>4}  {line['actor']!s:>6}  {game.decision_text(line['action'], actor, eyes)}")
        for event in rep.states[i + 1].observe(eyes)["log"]:
            console.print(f"        [magenta]{event}[/magenta]")
        if not step:
            i += 1
            continue
        console.print(render(rep.states[i + 1].observe(eyes)))
        answer = ask(console, "[dim]Enter: the next decision · b: back · a number: that decision · q: stop[/dim] ")
        if answer == "q":
            return
        i = max(0, i - 1) if answer == "b" else int(answer) if answer.isdecimal() and int(answer) < len(
            rep.decisions) else i + 1
    console.print(render(rep.final.observe(eyes)))
    if rep.result:
        console.print(scores_line(rep.final.observe(eyes)))


def ask(console: Console, prompt: str) -> str:
    try:
        return console.input(prompt).strip().lower()
    except EOFError:  # nothing more to read: go on
        return ""
