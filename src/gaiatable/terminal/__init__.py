"""The terminal front end: rich renderers per game (views/), the human agent and the spectator.
Imported only by the command line; the rules never import it."""

from __future__ import annotations

import importlib

from ..core.observation import Observation


def render(observation: Observation):
    """A rich renderable of an observation: the game's own view from views/<game>.py, or the raw data."""
    module = observation["game"].replace("-", "_")
    try:
        view = importlib.import_module(f"{__name__}.views.{module}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.views.{module}":
            raise
        from rich.pretty import Pretty
        return Pretty(observation)
    return view.render(observation)
