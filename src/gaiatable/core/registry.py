"""Game registry: `load_game(name, **params)`."""

from __future__ import annotations

import importlib
import pkgutil
from importlib.metadata import entry_points

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, type[Game]] = {}
GAMES_PACKAGE = "gaiatable.games"  # every subpackage is a game; other packages add theirs by entry point
ENTRY_POINTS = "gaiatable.games"
_loaded = False


def register(cls: type[Game]) -> type[Game]:
    _GAMES[cls.name] = cls
    return cls


def _load_builtins() -> None:
    """Import every game package once: each registers its Game class with @register."""
    global _loaded
    if _loaded:
        return
    package = importlib.import_module(GAMES_PACKAGE)
    for module in pkgutil.iter_modules(package.__path__, GAMES_PACKAGE + "."):
        if module.ispkg:
            importlib.import_module(module.name)
    for entry in entry_points(group=ENTRY_POINTS):
        entry.load()
    _loaded = True


def game_class(name: str) -> type[Game]:
    _load_builtins()
    key = name.strip().lower().replace("_", "-")
    if key not in _GAMES:
        raise UnknownGame(f"no game named {name!r} (games: {', '.join(sorted(_GAMES))})")
    return _GAMES[key]


def load_game(name: str, **params) -> Game:
    return game_class(name)(**params)


def registered_games() -> list[type[Game]]:
    _load_builtins()
    return [_GAMES[n] for n in sorted(_GAMES)]
