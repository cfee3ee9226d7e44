"""Every registered game as an OpenSpiel (pyspiel) Python game (docs/rl.md).

    from gaiatable.rl import openspiel
    game = openspiel.load("phanerozoic", players=3)     # a pyspiel.Game
    state = game.new_initial_state()                     # chance nodes, imperfect information

A game registers under `python_gaiatable_<name>` with its parameters, so `pyspiel.load_game` and
serialized states find it again. Chance decisions are OpenSpiel chance nodes over the game's own
action ids. Observation tensors and strings come from `observe(seat)` (the tensor is rl/encoding.py's
vector); information-state strings add what the seat saw of every decision so far
(`game.decision_text`), which is what ISMCTS keys its nodes by. `resample_from_infostate` is the
game's `determinize`.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache
from typing import Any

import numpy as np
import pyspiel

from ..core.game import CHANCE, TERMINAL, Game, canonical_json
from ..core.registry import game_class, load_game, registered_games
from .common import player_counts
from .encoding import encoder_for

PREFIX = "python_gaiatable_"


def short_name(name: str) -> str:
    return PREFIX + name.replace("-", "_")


def load(game: str, **params: Any) -> pyspiel.Game:
    """The registered gaiatable game `game` with `params`, as a pyspiel game."""
    cls = game_class(game)
    register(cls.name)
    return pyspiel.load_game(short_name(cls.name), params)


def max_game_length(game: Game) -> int:
    """An upper bound on the decisions (chance excluded) of one game, which OpenSpiel requires.
    Games with a turn cap: decisions per turn x the cap; the others: the rules' fixed structure. The
    factors are the longest random games measured (bench/rl.py's seeds) with a margin; tests check it."""
    n, cap = game.num_players, game.max_turns
    per_turn = {"gaia-vora": 12, "planit": 3, "planetarium": 4}
    if game.name in per_turn:
        return per_turn[game.name] * cap if cap else 1_000_000
    fixed = {"tictactoe": 9, "earth-our-home": 100 * n, "phanerozoic": 100 * n + 100}
    return fixed.get(game.name, 1_000_000)


def max_history(game: Game) -> int:
    """An upper bound on the steps of one game's history, chance included, for the games with secrets
    (their information-state tensors hold the history): the decisions' bound and the chance steps the
    content allows (every card drawn once, every token dealt once; measured the same way, tests check it)."""
    chance = {"phanerozoic": 150, "planetarium": 200}
    return max_game_length(game) + chance.get(game.name, 0)


def _spiel_params(cls: type[Game]) -> dict[str, Any]:
    """The game's parameters OpenSpiel can carry (ints, floats, booleans, texts), with their defaults."""
    return {p.name: p.default for p in cls.params_spec if isinstance(p.default, (bool, int, float, str))}


def __getattr__(name: str):
    """A game's pyspiel class by its name, registered on first use: a game or state pickled in one
    process unpickles in a fresh one."""
    for cls in registered_games():
        if name == f"{cls.__name__}SpielGame":
            register(cls.name)
            return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@cache
def register(name: str) -> None:
    """Register the game `name` with pyspiel (once)."""
    cls = game_class(name)
    counts = player_counts(cls.name)
    game_type = _game_type(cls, counts.start, counts.stop - 1, pyspiel.GameType.Utility.GENERAL_SUM,
                           cls.perfect_information)
    # a class, as OpenSpiel's own Python games register: pyspiel keeps the creator until the process
    # ends, and a closure freed that late (without the interpreter) aborts the exit
    creator = type(f"{cls.__name__}SpielGame", (SpielGame,), {"game_name": cls.name, "__module__": __name__})
    globals()[creator.__name__] = creator  # found by name: games and states pickle, as OpenSpiel's own do
    pyspiel.register_game(game_type, creator)


def _game_type(cls: type[Game], low: int, high: int, utility, perfect: bool) -> pyspiel.GameType:
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(cls.name), long_name=f"gaiatable {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.PERFECT_INFORMATION if perfect else info.IMPERFECT_INFORMATION,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=not perfect,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_spiel_params(cls))


@lru_cache(maxsize=64)
def _gaiatable_game(name: str, params: tuple) -> Game:
    return load_game(name, **dict(params))


class SpielGame(pyspiel.Game):
    """A gaiatable game seen by OpenSpiel (a subclass per game sets `game_name`). `self.gaiatable` is the
    gaiatable Game."""

    game_name: str

    def __init__(self, params: dict | None = None):
        params = params or {}
        name = self.game_name
        cls = game_class(name)
        defaults = _spiel_params(cls)
        chosen = tuple(sorted((k, v) for k, v in params.items() if k in defaults))
        game = self.gaiatable = _gaiatable_game(name, chosen)
        n = game.num_players
        # two seats: one's win is the other's loss (a draw is 0 each); otherwise general-sum
        utility = pyspiel.GameType.Utility.ZERO_SUM if n == 2 else pyspiel.GameType.Utility.GENERAL_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions, max_chance_outcomes=game.num_distinct_actions,
            num_players=n, min_utility=-1.0, max_utility=1.0, utility_sum=0.0 if n == 2 else None,
            max_game_length=max_game_length(game))
        # a variant may differ from its class: Planetarium's solo game hides nothing
        game_type = _game_type(cls, n, n, utility, game.perfect_information)
        super().__init__(game_type, info, {**defaults, **dict(chosen)})

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.gaiatable.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return Observer(self.gaiatable, iig_obs_type)


class Held:
    """The gaiatable state inside a SpielState. OpenSpiel clones a Python state by deep-copying its
    attributes; this makes that the state's own cheap `copy()`, and pickles it as JSON."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo) -> Held:
        return Held(self.state.copy())

    def __reduce__(self):
        game = self.state.game
        params = tuple(sorted((k, v) for k, v in game.params.items() if k in _spiel_params(type(game))))
        return _restore, (game.name, params, self.state.to_json())


def _restore(name: str, params: tuple, data: dict) -> Held:
    return Held(_gaiatable_game(name, params).state_from_json(data))


class SpielState(pyspiel.State):
    """A gaiatable state behind OpenSpiel's State interface."""

    def __init__(self, game: SpielGame, state):
        super().__init__(game)
        self.held = Held(state)

    @property
    def gaiatable(self):
        return self.held.state

    def current_player(self) -> int:
        player = self.held.state.current_player()
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE if player == CHANCE else player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.held.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted(self.held.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.held.state.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.held.state.game.action_text(int(action))

    def is_terminal(self) -> bool:
        return self.held.state.is_terminal()

    def returns(self) -> list[float]:
        return self.held.state.returns()

    def resample_from_infostate(self, player: int, sampler) -> SpielState:
        """A state consistent with everything `player` has seen (the game's `determinize`)."""
        rng = random.Random(int(sampler() * 2**53))
        resampled = self.clone()
        resampled.held = Held(self.held.state.determinize(player, rng))
        return resampled

    def __str__(self) -> str:
        return canonical_json(self.held.state.to_json())


class Observer:
    """OpenSpiel's observer protocol over `observe(player)`: the encoded vector as the tensor, the
    observation as canonical JSON as the string. With perfect recall (information states) the string
    also lists what the player saw of every decision so far, and in a game with secrets the tensor is the
    observation's followed by the history as the player saw it: two numbers a step, who acted
    ((seat + 1) / (seats + 1), chance 1) and what ((action + 1) / actions, -1 where the player did not see
    it: another's secret draw), zeros after the last step. Games without secrets have the state itself as
    their information state, and OpenSpiel's convention of no information-state tensor."""

    def __init__(self, game: Game, iig_obs_type):
        self.game = game
        self.encoder = encoder_for(game)
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.steps = max_history(game) if self.perfect_recall and not game.perfect_information else 0
        if self.perfect_recall and not self.steps:
            self.tensor, self.dict = None, {}
        else:
            self.tensor = np.zeros(self.encoder.size + 2 * self.steps, np.float32)
            self.dict = {"info_state" if self.steps else "observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        if self.tensor is None:
            return
        size = self.encoder.size
        self.tensor[:size] = self.encoder.encode(state.held.state.observe(player))
        if self.steps:
            self.tensor[size:] = 0.0
            history = state.full_history()
            if len(history) > self.steps:
                raise ValueError(f"{self.game.name}: a history of {len(history)} steps is longer than the "
                                 f"information-state tensor's {self.steps} (rl/openspiel.py max_history)")
            seats, actions, shown = self.game.num_players, self.game.num_distinct_actions, self.game.decision_text
            for i, step in enumerate(history):
                actor = step.player if step.player >= 0 else seats
                seen = shown(step.action, None if step.player < 0 else step.player, player) == \
                    self.game.action_text(step.action)
                self.tensor[size + 2 * i] = (actor + 1) / (seats + 1)
                self.tensor[size + 2 * i + 1] = (step.action + 1) / actions if seen else -1.0

    def string_from(self, state: SpielState, player: int) -> str:
        seen = canonical_json(state.held.state.observe(player))
        if not self.perfect_recall:
            return seen
        text = self.game.decision_text
        past = [text(step.action, None if step.player < 0 else step.player, player) for step in state.full_history()]
        return "\n".join([*past, seen])
