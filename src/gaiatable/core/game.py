"""The protocol every game implements: a Game (rules, content, parameters) and its States (data).

A State holds everything needed to continue a game, including whose decision it is and any
half-finished multi-step turn (its decision stack). Chance is a decision like any other: at a chance
node `current_player()` is CHANCE and `chance_outcomes()` lists the outcomes with their probabilities.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, ClassVar

from .errors import ActionParseError, IllegalAction, RecordError
from .params import Param, resolve_params

CHANCE = -1
TERMINAL = -2
SPECTATOR = "spectator"  # sees only public information
REFEREE = "referee"  # sees everything


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def digest(obj: Any, length: int = 16) -> str:
    return hashlib.sha256(canonical_json(obj).encode()).hexdigest()[:length]


def normalize_text(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


class Game:
    """Rules and content of one game with fixed parameters. Immutable and shared by its states."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    perfect_information: ClassVar[bool] = True
    default_agent: ClassVar[str] = "mcts:iters=400"
    params_spec: ClassVar[tuple[Param, ...]] = ()
    num_distinct_actions: int

    def __init__(self, **params: Any):
        self.params = resolve_params(self.params_spec, params, self.name)
        self.num_players: int = self.params.get("players", self.min_players)
        self._texts = [self._action_text(a) for a in range(self.num_distinct_actions)]
        self._structs = [self._action_struct(a) for a in range(self.num_distinct_actions)]
        self._by_text: dict[str, int] = {}
        for a in range(self.num_distinct_actions):
            for text in (self._texts[a], *self._action_aliases(a)):
                self._by_text.setdefault(normalize_text(text), a)

    # -- content and identity -------------------------------------------------------------------
    def content_json(self) -> Any:
        """The game's content tables as JSON-able data (hashed into every record)."""
        return None

    def content_hash(self) -> str:
        return digest({"game": self.name, "version": self.version, "content": self.content_json()})

    def describe(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "players": [self.min_players, self.max_players],
            "perfect_information": self.perfect_information,
            "actions": self.num_distinct_actions,
            "params": {p.name: {"default": p.default, "doc": p.doc} for p in self.params_spec},
        }

    # -- actions: stable ints with text and JSON forms ---------------------------------------------
    def _action_text(self, action: int) -> str:
        raise NotImplementedError

    def _action_struct(self, action: int) -> dict:
        return {"id": action, "text": self._action_text(action)}

    def _action_aliases(self, action: int) -> tuple[str, ...]:
        return ()

    def action_text(self, action: int) -> str:
        self._check_id(action)
        return self._texts[action]

    def action_struct(self, action: int) -> dict:
        self._check_id(action)
        return dict(self._structs[action])

    def decision_text(self, action: int, actor: int | None, viewer: int | str) -> str:
        """How a decision by `actor` (None: chance) reads to `viewer`. Games with secrets hide them."""
        return self.action_text(action)

    def parse_action(self, text: str) -> int:
        key = normalize_text(text)
        if key in self._by_text:
            return self._by_text[key]
        if key.isdigit() and int(key) < self.num_distinct_actions:
            return int(key)
        raise ActionParseError(f"{self.name}: {text!r} is not an action of this game")

    def _check_id(self, action: int) -> None:
        if not (isinstance(action, int) and 0 <= action < self.num_distinct_actions):
            raise ActionParseError(f"{self.name}: {action!r} is not an action id (0..{self.num_distinct_actions - 1})")

    def heuristic(self, state: State) -> list[float]:
        """Each seat's prospects in [-1, 1], for bots that cannot search to the end. Games override it."""
        return state.returns()

    def render(self, observation: dict):
        """A rich renderable of an observation, for the terminal. Games override this."""
        from rich.pretty import Pretty
        return Pretty(observation)

    # -- states ------------------------------------------------------------------------------------
    def new_initial_state(self) -> State:
        raise NotImplementedError

    def state_from_json(self, data: dict) -> State:
        raise NotImplementedError


class State:
    """One position of a game. Mutable; `copy()` is cheap and independent."""

    __slots__ = ("_legal", "game")

    game: Game

    # -- to implement ------------------------------------------------------------------------------
    def current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self) -> tuple[int, ...]:
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        """Carry out a legal action. Called only after the action was checked."""
        raise NotImplementedError

    def explain_illegal(self, action: int) -> tuple[str, str | None]:
        """Why `action` is illegal here: (reason, clause). Only called on the error path."""
        return "that action is not legal now", None

    def copy(self) -> State:
        raise NotImplementedError

    def returns(self) -> list[float]:
        raise NotImplementedError

    def scores(self) -> list[float]:
        return self.returns()

    def observe(self, viewer: int | str = REFEREE) -> dict:
        raise NotImplementedError

    def to_json(self) -> dict:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def truncated(self) -> bool:
        """Did the game end by a simulation cap rather than by its rules?"""
        return False

    def reveals(self, action: int) -> bool:
        """Does `action` show another seat something it could not see? Then it cannot be undone."""
        return False

    def determinize(self, seat: int, rng) -> State:
        """A state consistent with everything `seat` has seen. Perfect-information games: a copy."""
        return self.copy()

    # -- provided ----------------------------------------------------------------------------------
    def legal_actions(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return legal

    def apply(self, action: int) -> None:
        """Apply `action`, or raise IllegalAction naming the rule and leave the state unchanged."""
        if action not in self.legal_actions():
            raise self.illegal(action)
        self._legal = None
        self._apply(action)

    def illegal(self, action: Any) -> IllegalAction:
        if not (isinstance(action, int) and 0 <= action < self.game.num_distinct_actions):
            return IllegalAction(f"{action!r} is not an action id of {self.game.name}", None, None)
        if self.is_terminal():
            return IllegalAction("the game is over", None, action)
        reason, clause = self.explain_illegal(action)
        return IllegalAction(f"{self.game.action_text(action)!r}: {reason}", clause, action)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    def action_text(self, action: int) -> str:
        return self.game.action_text(action)

    def action_struct(self, action: int) -> dict:
        return self.game.action_struct(action)

    def parse_action(self, text: str) -> int:
        return self.game.parse_action(text)

    def state_hash(self) -> str:
        return digest(self.to_json())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_json() == other.to_json()

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.name} hash={self.state_hash()}>"


def require_keys(data: dict, keys: tuple[str, ...], where: str) -> None:
    """Check a loaded JSON object has the keys a state needs; say which is missing."""
    if not isinstance(data, dict):
        raise RecordError(f"{where}: expected an object, got {type(data).__name__}")
    missing = [k for k in keys if k not in data]
    if missing:
        raise RecordError(f"{where}: missing field {missing[0]!r}")
