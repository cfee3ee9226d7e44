"""The protocol every game implements: a Game (rules, content, parameters) and its States (data).

A State holds everything needed to continue a game, including whose decision it is and any
half-finished multi-step turn (its decision stack). Chance is a decision like any other: at a chance
node `current_player()` is CHANCE and `chance_outcomes()` lists the outcomes with their probabilities.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Callable
from typing import Any, ClassVar

from .actions import ActionSpace
from .content import Tracked, read_toml, refuse_unread
from .errors import ActionParseError, IllegalAction, RecordError
from .fields import Fields, fields, make_copy
from .fields import dump as dump_fields
from .fields import load as load_fields
from .observation import Observation
from .outcome import best, returns_from_winners
from .params import Param, resolve_params
from .rulings import NUMBER, clause, clauses, unknown

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


def counted(n: float, noun: str, plural: str | None = None) -> str:
    """'1 point', '3 points', '1 decision': a number with its noun in the right number."""
    return f"{n:g} {noun if n == 1 else plural or noun + 's'}"


class Game:
    """Rules and content of one game with fixed parameters. Immutable and shared by its states.

    A game declares its identity, parameters, action ids and state class, and may load content
    (a TOML file of its own, replaceable with `-p content=FILE`). Everything else is provided.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    how_to_play: ClassVar[str] = ""  # the game in a few lines, citing its clauses (how_to_play_text)
    terms: ClassVar[dict[str, str]] = {}  # the words the rules and the board use, explained (info WORD)
    version: ClassVar[str] = "1"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    perfect_information: ClassVar[bool] = True
    chance: ClassVar[bool] = True  # dice, draws or shuffles: False only where no chance decision ever comes
    default_agent: ClassVar[str] = "mcts:iters=400"
    # The strongest bot within a move's time: iterations for reproducible runs, and a time limit (2 s)
    # that binds only on a machine five times slower than the one that chose the iterations.
    strong_agent: ClassVar[str] = "mcts:iters=2000,seconds=2"
    params_spec: ClassVar[tuple[Param, ...]] = ()
    state_class: ClassVar[type[State]]
    content_file: ClassVar[str | None] = None  # the built-in content, in the game package's content/ folder
    actions: ActionSpace  # the action ids; a class attribute, or built in prepare() from the content

    def __init__(self, **params: Any):
        self.params = resolve_params(self.params_spec, params, self.name)
        self.num_players: int = self.params.get("players", self.min_players)
        self.max_turns: int = self.params.get("max_turns", 0)
        self.content = self._load_content(self.params.get("content") or None) if self.content_file else None
        self.prepare()
        self.num_distinct_actions = self.actions.size
        self._texts = [self._action_text(a) for a in range(self.num_distinct_actions)]
        self._structs = [self._action_struct(a) for a in range(self.num_distinct_actions)]
        self._by_text: dict[str, int] = {}
        for a in range(self.num_distinct_actions):
            for text in (self._texts[a], *self._action_aliases(a)):
                self._by_text.setdefault(normalize_text(text), a)

    def prepare(self) -> None:
        """Derive what the game needs from its parameters and content (called once, before the
        action texts are built). Raise ParamError for a combination that cannot be played."""

    # -- content and identity -------------------------------------------------------------------
    @staticmethod
    def compile_content(data: dict, where: str) -> Any:
        """Validate parsed content (raise ContentError naming `where` and the entry) and compile it
        into frozen tables with an `as_json()`. Games with a `content_file` set this to their compiler."""
        raise NotImplementedError

    @classmethod
    def read_content(cls, path: str | None = None) -> tuple[dict, str]:
        """The content TOML at `path`, or the built-in one, parsed but not compiled, and its name."""
        return read_toml(path, sys.modules[cls.__module__].__package__, cls.content_file)

    def _load_content(self, path: str | None) -> Any:
        cls = type(self)
        if path is None and cls in _BUILTIN_CONTENT:
            return _BUILTIN_CONTENT[cls]
        data, where = cls.read_content(path)
        tracked = Tracked(data)
        content = cls.compile_content(tracked, where)
        refuse_unread(tracked, where)
        if path is None:
            _BUILTIN_CONTENT[cls] = content
        return content

    def content_json(self) -> Any:
        """The game's content tables as JSON-able data (hashed into every record)."""
        return self.content.as_json() if self.content is not None else None

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
    # A game that builds an `action_table` (text, struct, aliases of an id) from its content in
    # prepare() gets these from it; others write them.
    def _action_text(self, action: int) -> str:
        return self.action_table.text(action)

    def _action_struct(self, action: int) -> dict:
        table = getattr(self, "action_table", None)
        return table.struct(action) if table else {"id": action, "text": self._action_text(action)}

    def _action_aliases(self, action: int) -> tuple[str, ...]:
        table = getattr(self, "action_table", None)
        return table.aliases(action) if table else ()

    def action_text(self, action: int) -> str:
        self._check_id(action)
        return self._texts[action]

    def action_struct(self, action: int) -> dict:
        self._check_id(action)
        return dict(self._structs[action])

    def action_aliases(self, action: int) -> tuple[str, ...]:
        """The short forms a player may type for an action ('draft 31', 'place E05')."""
        self._check_id(action)
        return self._action_aliases(action)

    def decision_text(self, action: int, actor: int | None, viewer: int | str) -> str:
        """How a decision by `actor` (None: chance) reads to `viewer`. Games with secrets hide them."""
        return self.action_text(action)

    def parse_action(self, text: str) -> int:
        key = normalize_text(text)
        if key in self._by_text:
            return self._by_text[key]
        if key.isdecimal() and int(key) < self.num_distinct_actions:
            return int(key)
        raise ActionParseError(f"{self.name}: {text!r} is not an action of this game")

    def _check_id(self, action: int) -> None:
        if not (isinstance(action, int) and 0 <= action < self.num_distinct_actions):
            raise ActionParseError(f"{self.name}: {action!r} is not an action id (0..{self.num_distinct_actions - 1})")

    @classmethod
    def how_to_play_text(cls) -> str:
        """The game in a few lines, with the clauses that say it in full (docs/rulings/<game>.md)."""
        joined = re.sub(r"(?<=\w)-\n\s*", "-", cls.how_to_play)  # a word hyphenated at a line's end is one word
        return " ".join(joined.split()) or f"{cls.title}: see its rulings"

    def info(self, name: str) -> str:
        """`lookup`, then what the how-to-play says of it ("score", "fossils" find the rule in words);
        "rules" (or "how to play", "help"): the game in a few lines."""
        key = name.strip().lower()
        if key in ("rules", "how to play", "help", "how"):
            return self.how_to_play_text()
        if NUMBER.fullmatch(key) and (key.split("-")[0] == self.rule_prefix() or not self.rule_prefix()):
            return clause(self.name, key) or unknown(self.name, self.title, key)  # as a refusal names it: "EO-3.4"
        said = [s for s in re.split(r"(?<=\.)\s+", self.how_to_play_text()) if len(key) >= 3 and key in s.lower()]
        answer = self.term(key) or self.lookup(name)
        if answer.startswith(("no ", "nothing ")):  # nothing by that name: words known apart ("healthy token")
            answer = self.term(key, by_word=True) or answer
        return answer + ("\nHow to play: " + " ".join(said) if said else "")

    def rule_prefix(self) -> str:
        """The letters this game's rules are numbered by ("eo" of EO-3.4), lower case; "" without rulings.
        Other names of that shape ("II-7", a Planetarium space) are looked up as names."""
        first = next(iter(clauses(self.name)), "")
        return first.split("-")[0].lower()

    def term(self, key: str, by_word: bool = False) -> str | None:
        """What a word of the game means (`terms`), found by the word, its plural, or a word's start; with
        `by_word`, by each word of `key` it knows."""
        def find(key: str) -> list[str]:
            key = key.replace("-", " ").rstrip("s") if len(key) > 3 else key
            found = [text for term, text in self.terms.items() if term.replace("-", " ").rstrip("s") == key]
            return found or [text for term, text in self.terms.items() if len(key) >= 4 and term.startswith(key)]
        found = [text for word in key.split() if len(word) >= 4 for text in find(word)] if by_word else find(key)
        return "\n".join(dict.fromkeys(found)) or None

    def lookup(self, name: str) -> str:
        """What a card, piece or other named thing of the game is, for a player choosing a move (`info`
        in the terminal). Games with such things override it."""
        return f"{self.title} has no cards or pieces to look up"

    def cards(self) -> list[dict]:
        """Every card face the content prints, the same for every viewer (a card list is no secret): dicts
        with at least `key` (the label observations name the card by), `name`, `kind` and `text`, for the
        boards to draw a named card's face from. Games with cards override it."""
        return []

    def heuristic(self, state: State) -> list[float]:
        """Each seat's prospects in [-1, 1], for bots that cannot search to the end. Games override it."""
        return state.returns()

    def evaluations(self) -> dict[str, Callable[[State], list[float]]]:
        """Other evaluations than `heuristic`, by name, for the search agents' `eval=` option: what a player
        learns beyond the plain count (Earth: Our Home's contests a species would lose). Games add them."""
        return {}

    def receiver(self, state: State, action: int) -> int | None:
        """The seat a chance outcome hands its content to (a gene dealt), judged on the state just after
        it; None when it hands nothing to anyone. The lab counts what each seat was given."""
        return None

    # -- states ------------------------------------------------------------------------------------
    def new_initial_state(self) -> State:
        return self.state_class(self)

    def state_from_json(self, data: dict) -> State:
        """A state saved by `to_json()`; RecordError names the field that is missing or malformed."""
        cls = self.state_class
        state = object.__new__(cls)
        state.game, state._legal = self, None
        load_fields(state, cls._fields, data, f"{self.name} state")
        problem = state.check()
        if problem:
            raise RecordError(f"{self.name} state: {problem}")
        return state


_BUILTIN_CONTENT: dict[type[Game], Any] = {}


class State:
    """One position of a game. Mutable; `copy()` is cheap and independent.

    A state class declares its fields once (`__slots__ = fields(...)`, core/fields.py): copy(),
    to_json() and loading a saved state follow from that declaration.
    """

    __slots__ = ("_legal", "game")

    game: Game
    _fields: ClassVar[Fields] = fields()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        spec = cls.__dict__.get("__slots__")
        if isinstance(spec, Fields):
            cls._fields = spec
            if "copy" not in cls.__dict__:
                cls.copy = make_copy(cls, spec)

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

    def winners(self) -> list[int] | None:
        """Who won, once the game is over (core/outcome.py): a list of seats, or None for a draw.
        The default: the highest scores."""
        return best(self.scores())

    def scores(self) -> list[float]:
        raise NotImplementedError

    def observe(self, viewer: int | str = REFEREE) -> Observation:
        """What `viewer` may see, in the shape of core/observation.py."""
        raise NotImplementedError

    def decision_log(self, viewer: int | str = REFEREE) -> list[str]:
        """The observation's `log` alone (what the latest decision brought about, worded for `viewer`): a
        server keeps it for every decision. Games override it to build it without the rest."""
        return self.observe(viewer)["log"]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def ended_by_rules(self) -> bool:
        """Has the game reached an end its rules define? Games with a turn cap answer this, so that
        a game stopped by the cap reads as truncated."""
        return self.is_terminal()

    def reveals(self, action: int) -> bool:
        """Does `action` show another seat something it could not see? Then it cannot be undone."""
        return False

    def simultaneous(self) -> tuple[int, ...]:
        """The seats deciding together now, the seat to move first: the engine asks them one after the
        other, but none sees another's choice and none's legal choices depend on another's (Phanerozoic's
        secret picks). Otherwise the seat to move alone, or none (chance, the end)."""
        player = self.current_player()
        return (player,) if player >= 0 else ()

    def previewable(self, action: int) -> bool:
        """Whether `action`, played now, would show its player nothing they cannot see already, so that a
        preview of what it brings about keeps every secret. Games with secrets say which moves are."""
        return self.game.perfect_information

    def foresee(self, after: State) -> list[str]:
        """What a preview adds to the log of a move that led from this state to `after`: how the move changes
        what the game foretells for all to see (Phanerozoic: what this round's nature phase will do)."""
        return []

    def determinize(self, seat: int, rng) -> State:
        """A state consistent with everything `seat` has seen. Perfect-information games: a copy."""
        return self.copy()

    def check(self) -> str | None:
        """What is inconsistent in a state loaded from JSON, or None. Games check what a field's kind
        cannot (lengths, ranges)."""
        return None

    # -- provided ----------------------------------------------------------------------------------
    def copy(self) -> State:
        raise NotImplementedError  # generated from the field declarations

    def to_json(self) -> dict:
        return dump_fields(self, self._fields)

    def legal_actions(self) -> tuple[int, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return legal

    def known_legal(self, legal: tuple[int, ...]) -> None:
        """Inside `_apply`: hand over the next decision's legal actions when the rules computed them
        anyway, so that `legal_actions()` need not compute them again."""
        self._legal = legal

    def apply(self, action: int) -> None:
        """Apply `action`, or raise IllegalAction naming the rule and leave the state unchanged."""
        if action not in self.legal_actions():
            raise self.illegal(action)
        self._legal = None
        self._apply(action)

    def apply_legal(self, action: int) -> None:
        """Apply an action taken from `legal_actions()` (or `chance_outcomes()`) without checking it
        again: the search agents' hot path."""
        self._legal = None
        self._apply(action)

    def illegal(self, action: Any) -> IllegalAction:
        if not (isinstance(action, int) and 0 <= action < self.game.num_distinct_actions):
            return IllegalAction(f"{action!r} is not an action id of {self.game.name}", None, None)
        if self.is_terminal():
            return IllegalAction("the game is over", None, action)
        reason, clause = self.explain_illegal(action)
        return IllegalAction(f"{self.game.action_text(action)!r}: {reason}", clause, action)

    def outcome(self) -> list[int] | None:
        """Who won as the engine counts it: `winners()`, except that a game stopped by the `max_turns`
        cap is a draw whatever the scores (core/outcome.py), so that stalling until the cap never pays."""
        return None if self.truncated() else self.winners()

    def returns(self) -> list[float]:
        """+1 for a win, -1 for a loss, 0 for a draw; 0 for every seat before the end."""
        if self.current_player() != TERMINAL:
            return [0.0] * self.game.num_players
        outcome = self.winners() if self.ended_by_rules() else None  # outcome(), in the search's hot path
        return returns_from_winners(outcome, self.game.num_players)

    def truncated(self) -> bool:
        """Did the game end at the `max_turns` cap (a simulation setting) rather than by its rules?"""
        return self.is_terminal() and not self.ended_by_rules()

    def cap_reached(self, turn: int) -> bool:
        """For a game's end of turn: does the `max_turns` cap stop the game after `turn` (from 0)?"""
        cap = self.game.max_turns
        return bool(cap) and turn + 1 >= cap

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


