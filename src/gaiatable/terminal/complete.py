"""How typed words meet move texts: the matching the human agent uses to read a move ('pl y c', 'place
amazonia') and Tab completion, which offers the same moves the matching would accept."""

from __future__ import annotations

import os

from ..core.game import normalize_text

COMMANDS = ("undo", "help", "moves", "board", "hand", "info ", "quit")


def words_start(raw: str, text: str) -> bool:
    """Does each word of `raw` begin the word of `text` in the same place ('pl y c' ~ 'place yellow carnivore N')?"""
    typed, words = normalize_text(raw).split(), normalize_text(text).split()
    return len(typed) <= len(words) and all(w.startswith(t) for t, w in zip(typed, words, strict=False))


def words_in_order(raw: str, text: str) -> bool:
    """Does each word of `raw` begin a word of `text`, in order, the first the first ('place amazonia' ~
    'place E12 Amazonia')?"""
    typed, words = normalize_text(raw).split(), iter(normalize_text(text).split()[1:])
    first = normalize_text(text).split()[:1]
    return bool(typed) and bool(first) and first[0].startswith(typed[0]) and all(
        any(w.startswith(t) for w in words) for t in typed[1:])


def completions(line: str, forms: list[tuple[str, ...]]) -> list[str]:
    """The texts Tab may put in place of `line`, each form being a move's text and then its short forms
    ('place W13 Amazonia', 'place w13'): the texts that begin with `line`; else those whose words (or a
    short form's) it begins, 'pl y h'; else those whose words it begins in order, 'place amaz'. Readline
    puts the common start of several in place of the line, so several count only while that start keeps
    every typed word ('pl sea' must not shrink to 'place '), letter case aside as readline is told."""
    typed = normalize_text(line)
    found = [f[0] for f in forms if normalize_text(f[0]).startswith(typed)]
    if not found:
        found = [f[0] for f in forms if any(words_start(line, form) for form in f)]
    if not found:
        found = [f[0] for f in forms if words_in_order(line, f[0])]
    if len(found) > 1 and not words_start(line, os.path.commonprefix([t.lower() for t in found])):
        return []
    return found


def complete_with(forms: list[tuple[str, ...]]) -> None:
    """Tab completes the line as a whole from `forms` (see completions), where readline exists."""
    try:
        import readline
    except ImportError:
        return
    found: list[str] = []

    def complete(line: str, i: int) -> str | None:
        if i == 0:  # readline asks for the matches one by one: work them out once
            found[:] = completions(line, forms)
        return found[i] if i < len(found) else None

    readline.set_completer_delims("")  # the whole line is the word completed: moves hold spaces
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
    readline.parse_and_bind("set completion-ignore-case on")  # 'w' may go on to W or water
