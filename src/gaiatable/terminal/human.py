"""People in the terminal: the human agent (sees the board, types a move) and the spectator of a
game of bots. Both read observations and decision texts, never the state."""

from __future__ import annotations

from rich.console import Console

from ..agents import register_agent
from ..core.agent import Agent, TurnView
from ..core.driver import Decision, Observer
from ..core.errors import GaiatableError
from ..core.game import SPECTATOR, normalize_text
from ..core.undo import UndoRequest
from . import render

console = Console()


class QuitGame(Exception):
    """The human left the game; the record so far is saved."""


class Watcher(Observer):
    """Shows every decision as `seat` may see it, with what it brought about."""

    seat: int | str = SPECTATOR

    def decided(self, decision: Decision) -> None:
        if decision.actor != self.seat:
            who = "chance" if decision.actor < 0 else f"seat {decision.actor}"
            console.print(f"[dim]{who}:[/dim] {decision.text(self.seat)}")
        for line in decision.observe(self.seat)["log"]:
            console.print(f"  [magenta]{line}[/magenta]")


class Spectator(Watcher):
    """Watches a game of bots: every decision and what came of it."""


@register_agent
class HumanAgent(Agent, Watcher):
    """A person at the terminal: sees the board, types a move's text, its start or its number."""

    name = "human"
    interactive = True

    def act(self, view: TurnView) -> int:
        game, legal = view.game, view.legal_actions
        console.print(render(view.observation))
        texts = [game.action_text(a) for a in legal]
        console.print(f"[bold]Seat {view.seat}[/bold], {view.observation['prompt']}:")
        for i, text in enumerate(texts, 1):
            console.print(f"  [cyan]{i:>2}[/cyan]  {text}")
        if view.notice:
            console.print(f"[yellow]{view.notice}[/yellow]")
        _complete_with(texts + ["undo"])
        while True:
            try:
                raw = console.input("[bold]> [/bold]").strip()
            except EOFError:
                raise QuitGame from None
            if raw.lower() in ("quit", "exit", "q"):
                raise QuitGame
            if raw.lower() == "undo":
                raise UndoRequest
            if not raw:
                continue
            choice = choose(raw, view, texts)
            if isinstance(choice, int):
                return choice
            console.print(f"[red]{choice}[/red]")


def choose(raw: str, view: TurnView, texts: list[str]) -> int | str:
    """The action meant by `raw` (a number, the start of one legal move's text, or any form the game
    parses), or the reason it is not one."""
    legal = view.legal_actions
    if raw.isdigit():
        n = int(raw)
        return legal[n - 1] if 1 <= n <= len(legal) else f"choose a number from 1 to {len(legal)}"
    key = normalize_text(raw)
    prefixed = [a for a, t in zip(legal, texts, strict=True) if normalize_text(t).startswith(key)]
    if len(prefixed) == 1:
        return prefixed[0]
    try:
        action = view.game.parse_action(raw)
    except GaiatableError as exc:
        if prefixed:
            return f"{raw!r} could mean: " + ", ".join(view.game.action_text(a) for a in prefixed)
        return str(exc)
    if action in legal:
        return action
    return str(view.why_illegal(action)) if view.why_illegal else "that move is not legal now"


def _complete_with(texts: list[str]) -> None:
    """Tab completion of the legal moves' texts, where readline exists."""
    try:
        import readline
    except ImportError:
        return
    options = sorted(texts)

    def complete(prefix: str, i: int):
        line = readline.get_line_buffer().lower()
        matches = [t[len(line) - len(prefix):] for t in options if t.startswith(line)]
        return matches[i] if i < len(matches) else None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
