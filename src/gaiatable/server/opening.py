"""What a table may be on this server: its game and parameters, its bots, and what a rated table needs.
Each check raises Refused (422) saying what is wrong; nothing is stored before they all pass."""

from __future__ import annotations

import json
from functools import lru_cache

from ..core.errors import GaiatableError
from ..core.registry import game_class, load_game
from .bots import STRENGTHS, check_agent, strength_of
from .clock import LOSE, Clock
from .storage import BOT, PERSON
from .table import Refused


@lru_cache(maxsize=64)
def _shared(name: str, params: str):
    return load_game(name, **json.loads(params))


def shared_game(name: str, params: dict):
    """A game is immutable and shared by its states: one per name and parameters serves every table."""
    return _shared(name, json.dumps(params, sort_keys=True))


def game_params(cls, params: dict, seats: int) -> dict:
    """The parameters as given, with the player count from the seats where the game has one."""
    given = dict(params)
    if "players" in {p.name for p in cls.params_spec}:
        given.setdefault("players", seats)
    return given


def game_for(name: str, params: dict, seats: int):
    """The game a new table of `seats` seats plays."""
    if "content" in params:
        raise Refused(422, "custom content files cannot be used on this server: 'content' is not allowed")
    if params.get("max_turns") == 0:
        raise Refused(422, "max_turns 0 (no cap) is not allowed on this server")
    try:
        game = shared_game(name, game_params(game_class(name), params, seats))
    except GaiatableError as exc:
        raise Refused(422, str(exc)) from None
    if seats != game.num_players:
        raise Refused(422, f"{game.title} with these parameters has {game.num_players} seats, got {seats}")
    return game


def agent_for(spec: str, game, where: str = "") -> str:
    """A bot seat's spec, by lobby strength or spec, within the server's limits."""
    try:
        return check_agent(spec, game)
    except GaiatableError as exc:
        raise Refused(422, f"{where}{exc}") from None


def check_rated(game, params: dict, seats: list[dict], companion: bool, clock: Clock | None) -> None:
    """A rated table plays the standard rules, each taken person seat signed in by a different account,
    bots of the lobby's strengths (each once), no companion mode, and who runs out of time loses:
    nothing lets a bot play for a person's rating."""
    if companion:
        raise Refused(422, "a rated table cannot be in companion mode (chance comes from the server)")
    changed = sorted(set(params) - {"players"})
    if changed:
        raise Refused(422, f"a rated table plays the standard rules: remove {', '.join(changed)}")
    if clock and clock.then != LOSE:
        raise Refused(422, "on a rated table, who runs out of time loses (clock 'then': 'lose')")
    people = [s.get("account") for s in seats if s.get("kind", PERSON) == PERSON and not s.get("open")]
    if None in people or len(set(people)) < len(people):
        raise Refused(422, "a rated table's taken seats each name a different account (open seats are "
                           "taken by signing in)")
    strengths = [strength_of(agent_for(s.get("agent") or "strong", game), game) for s in seats if s.get("kind") == BOT]
    if None in strengths:
        raise Refused(422, f"a rated table's bots are the lobby's: {', '.join(STRENGTHS)}")
    if len(set(strengths)) < len(strengths):
        raise Refused(422, "a rated table's bots are each of another strength (each is one rated player)")
