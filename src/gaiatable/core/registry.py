"""Game registry: `load_game(name, **params)`."""

from __future__ import annotations

import importlib

from .errors import UnknownGame
from .game import Game

_GAMES: dict[str, type[Game]] = {}
_BUILTIN = ("gaiatable.games.tictactoe", "gaiatable.games.gaia_vora", "gaiatable.games.planit",
            "gaiatable.games.phanerozoic")


def register(cls: type[Game]) -> type[Game]:
    _GAMES[cls.name] = cls
    return cls


def _load_builtins() -> None:
    for module in _BUILTIN:
        importlib.import_module(module)


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
