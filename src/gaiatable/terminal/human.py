"""People in the terminal: the human agent (sees the board, types a move) and the spectator of a
game of bots. Both read observations and decision texts, never the state."""

from __future__ import annotations

from rich.columns import Columns
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


HELP = """Type a move as it is listed ("rotate 2"), a short form ("r2", "place y c nw"), the start of \
each word ("pl y p n"), or its number in the list. Also:
  moves          the board and the legal moves again
  info NAME      what a card or piece does (info 35, info volcano, info storm)
  undo           take back your latest decision (not past a roll, a draw or another's move)
  quit           save the record so far and leave
  help, ?        this text"""


@register_agent
class HumanAgent(Agent, Watcher):
    """A person at the terminal: sees the board, types a move's text, its start or its number."""

    name = "human"
    interactive = True

    def act(self, view: TurnView) -> int:
        texts = [view.game.action_text(a) for a in view.legal_actions]
        self.show(view, texts)
        if view.notice:
            console.print(f"[yellow]{view.notice}[/yellow]")
        _complete_with(texts + ["undo", "help", "moves", "info ", "quit"])
        while True:
            try:
                raw = console.input("[bold]> [/bold]").strip()
            except EOFError:
                raise QuitGame from None
            word = raw.lower()
            if word in ("quit", "exit", "q"):
                raise QuitGame
            if word == "undo":
                raise UndoRequest
            if word in ("help", "?"):
                console.print(HELP, highlight=False)
            elif word in ("moves", "board"):
                self.show(view, texts)
            elif word == "info" or word.startswith("info "):
                console.print(view.game.lookup(raw[4:].strip()), highlight=False)
            elif raw:
                choice = choose(raw, view, texts)
                if isinstance(choice, int):
                    return choice
                console.print(f"[red]{choice}[/red]")

    @staticmethod
    def show(view: TurnView, texts: list[str]) -> None:
        console.print(render(view.observation))
        private = view.observation["seats"][view.seat]["private"] or {}
        if isinstance(private.get("hand"), list) and private["hand"]:  # secret cards: what each does
            console.print("\n".join(view.game.lookup(card) for card in private["hand"]), style="dim", highlight=False)
        console.print(f"[bold]Seat {view.seat}[/bold], {view.observation['prompt']} (help: ?):")
        items = [f"[cyan]{i:>2}[/cyan] {text}" for i, text in enumerate(texts, 1)]
        console.print(Columns(items, column_first=True, padding=(0, 3)) if len(items) > 6 else "\n".join(items))


def words_start(raw: str, text: str) -> bool:
    """Does each word of `raw` begin the word of `text` in the same place ('pl y c' ~ 'place yellow carnivore N')?"""
    typed, words = normalize_text(raw).split(), normalize_text(text).split()
    return len(typed) <= len(words) and all(w.startswith(t) for t, w in zip(typed, words, strict=False))


def choose(raw: str, view: TurnView, texts: list[str]) -> int | str:
    """The action meant by `raw` (a number, a form the game parses, the start of one legal move's
    words), or the reason it is not one."""
    legal = view.legal_actions
    if raw.isdigit():
        n = int(raw)
        return legal[n - 1] if 1 <= n <= len(legal) else f"choose a number from 1 to {len(legal)}"
    try:
        action = view.game.parse_action(raw)
    except GaiatableError:
        action = None
    if action in legal:
        return action
    fits = [a for a, t in zip(legal, texts, strict=True) if words_start(raw, t)]
    if len(fits) > 1:  # 'w' means W rather than water: prefer the moves that match more words in full
        typed = normalize_text(raw).split()
        exact = {a: sum(w in typed for w in normalize_text(view.game.action_text(a)).split()) for a in fits}
        fits = [a for a in fits if exact[a] == max(exact.values())]
    if len(fits) == 1:
        return fits[0]
    if fits:
        return f"{raw!r} could mean: " + "; ".join(view.game.action_text(a) for a in fits)
    if action is not None:
        return str(view.why_illegal(action)) if view.why_illegal else "that move is not legal now"
    first = normalize_text(raw).split()[0]
    near = [t for t in texts if normalize_text(t).split()[0] == first]
    if near:
        return f"{raw!r} is not a move now; the moves that start with {first!r}: " + "; ".join(near)
    return f"{raw!r} is not a move of {view.game.title}; type a move from the list, its number, or ? for help"


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
