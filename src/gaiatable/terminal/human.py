"""People in the terminal: the human agent (sees the board, types a move) and the spectator of a
game of bots. Both read observations and decision texts, never the state."""

from __future__ import annotations

from collections import Counter

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from ..agents import register_agent
from ..core.agent import Agent, TurnView
from ..core.driver import Decision, Observer
from ..core.errors import GaiatableError
from ..core.game import SPECTATOR, normalize_text
from ..core.undo import UndoRequest
from . import describe, render
from .complete import COMMANDS, complete_with, words_in_order, words_start

console = Console()


class QuitGame(Exception):
    """The human left the game; the record so far is saved."""


class Watcher(Observer):
    """Shows every decision as `seat` may see it, with what it brought about. A run of chance decisions
    that bring nothing about (a setup's dozens of deals) shows as one line per kind, 'chance, 6 times:
    seat 1 draws a Low card ×2, …'."""

    seat: int | str = SPECTATOR
    _run: list[str] | None = None  # chance decisions not shown yet, all of one kind
    _since: tuple[Text, ...] = ()  # what was shown since this seat's last decision
    _moved = False  # has this seat decided yet

    def decided(self, decision: Decision) -> None:
        if decision.replayed:  # a resumed game's past: the board shows where it stands
            return
        seen = decision.observe(self.seat)
        log = seen["log"]
        if decision.actor < 0 and not log:
            self.collect(decision.text(self.seat))
            return
        self.flush()
        if decision.actor == self.seat:
            self._since, self._moved = (), True
        else:  # named as the board names the seat ("blue square", "yellow")
            who = "chance" if decision.actor < 0 else seen["seats"][decision.actor]["name"]
            self.say(Text.assemble((f"{who}:", "dim"), f" {decision.text(self.seat)}"))
        for line in log:
            self.say(Text(f"  {line}", style="magenta"))

    def say(self, line: Text) -> None:
        console.print(line, highlight=False)
        self._since = (*self._since, line)

    def collect(self, text: str) -> None:
        if self._run and not same_kind(self._run[0], text):
            self.flush()
        self._run = [*(self._run or []), text]

    def flush(self) -> None:
        """Show the chance decisions held back, as one line."""
        if self._run:
            self.say(chance_line(self._run))
        self._run = None

    def finished(self, result) -> None:
        self.flush()


def same_kind(first: str, text: str) -> bool:
    """Do two chance texts say the same thing of different things: their first words alike, three of them
    where the first has more than three ('seat 0 draws L07 …' and 'seat 0 draws H04 …', not 'seat 1 …')?"""
    a, b = first.split(), text.split()
    return shared(a, b) >= max(1, min(len(a) - 1, 3))


def shared(a: list[str], b: list[str]) -> int:
    """How many first words two lists of words have alike."""
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def chance_line(texts: list[str]) -> Text:
    """Chance decisions of one kind as one line: their common words once, then what differs, each with
    how many times it came ('chance, 68 times: deal gas ×24, water ×20, …')."""
    if len(texts) == 1:
        return Text.assemble(("chance:", "dim"), f" {texts[0]}")
    words = [t.split() for t in texts]
    common = min(min(shared(words[0], w) for w in words), min(map(len, words)) - 1)
    rests = Counter(" ".join(w[common:]) for w in words)  # in the order they first came
    told = ", ".join(rest + (f" ×{n}" if n > 1 else "") for rest, n in rests.items())
    head = " ".join(words[0][:common] + [told])
    return Text.assemble((f"chance, {len(texts)} times:", "dim"), f" {head}")


class Spectator(Watcher):
    """Watches a game of bots: every decision and what came of it."""


HELP = """Type a move as the list shows it, the start of each of its words, a short form, or its number \
in the list; Tab completes. Also:
  board          the board again, with the prompt
  moves          the board and every legal move
  hand           what each card in your hand does
  info NAME      what a card or piece does; info rules: the game in a few lines
  undo           take back your latest decision (not past a roll, a draw or another's move)
  quit           save the record so far and leave (q asks first)
  help, ?        this text"""
MENU = 18  # moves listed at once; `moves` lists them all
SINCE = 6  # lines of what happened since a seat's last decision shown over its prompt


def height(renderable) -> int:
    """The lines `renderable` takes on the console, however tall."""
    return len(console.render_lines(renderable, console.options.update(height=None), pad=False))


def menu(texts: list[str], total: int):
    """The first of `total` moves, numbered: one a line if they are a few shown whole, else in columns
    (down first)."""
    items = [f"[cyan]{i:>2}[/cyan] {escape(text)}" for i, text in enumerate(texts, 1)]
    return "\n".join(items) if len(texts) == total <= 6 else Columns(items, column_first=True, padding=(0, 3))


def menu_length(texts: list[str], room: int) -> int:
    """How many of the first MENU moves fit in `room` lines with the line saying how many more (two at least)."""
    for n in range(min(MENU, len(texts)), 2, -1):
        if height(menu(texts[:n], len(texts))) + (n < len(texts)) <= room:
            return n
    return min(2, len(texts))


def prompt_line(view: TurnView) -> str:
    """Whose decision and what it is, on one line where it fits: 'Seat 0, ' only where the prompt does not
    name the seat, '(? for help)' only where there is room (the first screen says it too)."""
    text = view.observation["prompt"]
    name = view.observation["seats"][view.seat]["name"]
    if not text.startswith(name):
        text = f"Seat {view.seat}, {text}"
    if len(text) + len(" (? for help):") <= console.width:
        text += " (? for help)"
    return f"[bold]{escape(text)}[/bold]:"


def ask(prompt: str) -> str:
    """A line typed after `prompt`. The prompt goes to input() itself, not printed before it as rich's
    Console.input does: readline redraws only a prompt it knows (after Tab-Tab lists moves, or Ctrl-U)."""
    return input(prompt)


def confirmed(question: str) -> bool:
    """y or yes to go on; a slip of one letter (`q`) should not end a game."""
    try:
        return ask(f"{question} [y/N] ").strip().lower() in ("y", "yes")
    except EOFError:
        return True


@register_agent
class HumanAgent(Agent, Watcher):
    """A person at the terminal: sees the board, types a move's text, its start or its number."""

    name = "human"
    interactive = True

    def act(self, view: TurnView) -> int:
        self.flush()
        texts = [view.game.action_text(a) for a in view.legal_actions]
        self.show(view, texts)
        if view.notice:
            console.print(f"[yellow]{escape(view.notice)}[/yellow]")
        game = view.game
        complete_with([(t, *game.action_aliases(a)) for t, a in zip(texts, view.legal_actions, strict=True)]
                      + [(c,) for c in COMMANDS])
        while True:
            try:
                raw = ask("> ").strip()
            except EOFError:
                raise QuitGame from None
            word = raw.lower()
            if word in ("quit", "exit") or (word == "q" and confirmed("Quit this game? Its record so far is kept.")):
                raise QuitGame
            if word == "q":  # not quitting after all
                continue
            if word == "undo":
                raise UndoRequest
            if word in ("help", "?"):
                console.print(HELP, highlight=False)
            elif word == "moves":
                self.show(view, texts, everything=True)
            elif word == "board":
                self.show(view, texts, listed=False)
            elif word == "hand":
                console.print(self.hand(view), highlight=False, markup=False)
            elif word == "info" or word.startswith("info "):
                console.print(view.game.info(raw[4:].strip()), highlight=False, markup=False)
            elif raw:
                choice = choose(raw, view, texts)
                if isinstance(choice, int):
                    return choice
                console.print(f"[red]{escape(str(choice))}[/red]")

    def show(self, view: TurnView, texts: list[str], everything: bool = False, listed: bool = True) -> None:
        """The board, what happened since this seat's last decision (the board pushed it off the screen),
        the prompt, then the legal moves in columns; a long list shows as many of its first MENU moves as
        leave the board, the prompt and the input line on one screen (at least two)."""
        board, prompt = render(view.observation), prompt_line(view)
        console.print(board)
        room = console.height - height(board) - height(prompt) - 1  # for the summary and the moves
        since = self.since(room - 3)  # two moves and the line saying how many more stay in view
        if since:
            console.print(since)
            room -= height(since)
        console.print(prompt)
        if not listed:
            return
        shown = [describe(view.observation, text) for text in texts]
        count = len(shown) if everything else menu_length(shown, room)
        console.print(menu(shown[:count], len(shown)))
        if count < len(texts):
            console.print(f"[dim]… and {len(texts) - count} more: type the start of a move, or 'moves' for "
                          "all[/dim]")

    def since(self, room: int) -> Text | None:
        """'Since your last move:' (or 'Before your first move:') and as many of its last SINCE lines as fit
        in `room` lines; None when nothing happened or nothing fits."""
        for n in range(min(SINCE, len(self._since)), 0, -1):
            more = f" ({len(self._since)} lines, the last {n} here)" if len(self._since) > n else ""
            head = Text(f"{'Since your last move' if self._moved else 'Before your first move'}{more}:", style="bold")
            told = Text("\n").join([head, *(Text("  ") + line for line in self._since[-n:])])
            if height(told) <= room:
                return told
        return None

    @staticmethod
    def hand(view: TurnView) -> str:
        """What each card this seat holds does (the game's look-up of each)."""
        me = view.observation["seats"][view.seat]
        cards = (me["private"] or {}).get("hand")
        if not isinstance(cards, list):
            cards = me["public"].get("hand")
        if not isinstance(cards, list) or not cards:
            return "you hold no cards"
        return "\n".join(view.game.lookup(card if isinstance(card, str) else card.get("id", "")) for card in cards)


def best_fits(raw: str, actions, text, aliases=lambda a: ()) -> list[int]:
    """The actions whose words `raw` begins (or a short form's: 'ch 8' ~ 'choose 8'), else whose words it
    begins in order skipping some ('place amazonia'); where several fit, those matching more words in
    full ('w' means W rather than water)."""
    actions = list(actions)
    fits = [a for a in actions if any(words_start(raw, t) for t in (text(a), *aliases(a)))]
    if not fits:
        fits = [a for a in actions if words_in_order(raw, text(a))]
    if len(fits) > 1:
        typed = normalize_text(raw).split()
        exact = {a: sum(w in typed for w in normalize_text(text(a)).split()) for a in fits}
        fits = [a for a in fits if exact[a] == max(exact.values())]
    return fits


def choose(raw: str, view: TurnView, texts: list[str]) -> int | str:
    """The action meant by `raw` (a number, a form the game parses, the start of one legal move's
    words), or the reason it is not one."""
    legal, game = view.legal_actions, view.game
    if raw.isdecimal():
        n = int(raw)
        return legal[n - 1] if 1 <= n <= len(legal) else f"choose a number from 1 to {len(legal)}"
    try:
        action = game.parse_action(raw)
    except GaiatableError:
        action = None
    if action in legal:
        return action
    fits = best_fits(raw, legal, game.action_text, game.action_aliases)
    if len(fits) == 1:
        return fits[0]
    if fits:
        return f"{raw!r} could mean: " + "; ".join(game.action_text(a) for a in fits)
    if action is None:  # not a legal move: is it one the rules forbid now?
        others = best_fits(raw, range(game.num_distinct_actions), game.action_text)
        action = others[0] if len(others) == 1 else None
    if action is not None:
        return str(view.why_illegal(action)) if view.why_illegal else "that move is not legal now"
    first = normalize_text(raw).split()[0]
    near = [t for t in texts if normalize_text(t).split()[0] == first]
    if near:
        return f"{raw!r} is not a move now; the moves that start with {first!r}: " + "; ".join(near[:MENU])
    return f"{raw!r} is not a move of {game.title} now; type a move from the list, its number, or ? for help"
