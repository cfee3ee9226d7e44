"""gaiatable: rules engines, bots, play and a balance lab for five board games about living planets."""

from .core.errors import ActionParseError, GaiatableError, IllegalAction, ParamError, RecordError, UnknownGame
from .core.game import CHANCE, REFEREE, SPECTATOR, TERMINAL, Game, State
from .core.registry import load_game, registered_games

__version__ = "0.1.0"
__all__ = [
    "CHANCE",
    "REFEREE",
    "SPECTATOR",
    "TERMINAL",
    "ActionParseError",
    "GaiatableError",
    "Game",
    "IllegalAction",
    "ParamError",
    "RecordError",
    "State",
    "UnknownGame",
    "load_game",
    "registered_games",
]
