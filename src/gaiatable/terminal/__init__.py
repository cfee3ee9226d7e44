"""The terminal front end: rich renderers per game (views/), the human agent and the spectator.
Imported only by the command line; the rules never import it."""

from __future__ import annotations

import importlib

from ..core.observation import Observation


def view_of(observation: Observation):
    """The game's own view module, views/<game>.py, or None."""
    module = f"{__name__}.views.{observation['game'].replace('-', '_')}"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return None


def render(observation: Observation):
    """A rich renderable of an observation: the game's own view, or the raw data."""
    view = view_of(observation)
    if view is None:
        from rich.pretty import Pretty
        return Pretty(observation)
    return view.render(observation)


def describe(observation: Observation, text: str) -> str:
    """A move's text as the list shows it: with what it means on the board where the game's view says
    more than the text ('move I-3 II-7 (gas onto Planet B)'), else the text."""
    view = view_of(observation)
    return view.describe(observation, text) if hasattr(view, "describe") else text
