"""One seat of a registered game as a Gymnasium environment, the other seats played by bots.

    from gaiatable.rl import gymnasium as gt_gym
    env = gt_gym.env("tictactoe", seat=1, opponents="random")
    obs, info = env.reset(seed=0)
    action = env.action_space.sample(info["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)

The observation is the seat's encoded observation (rl/encoding.py); `info["action_mask"]` and
`env.action_masks()` give the legal actions over the game's fixed action ids. Opponents are agent
specs (docs/bots.md): "default" (each game's default bot), one spec for every other seat, or a list
with one spec per seat (the learner's own entry is ignored); an entry may instead be a policy, a
function `(observation, action_mask) -> action` that sees what that seat sees: `selfplay(game, policy)`
seats the learner's own policy (or a pool of its past selves) everywhere else. `vector_env(game, N)`
steps N games together (Gymnasium's vector API, auto-reset). Chance and the bots' choices come from
the `reset(seed)` stream. The reward is the seat's return at the end (+1 win, -1 loss, 0 draw); a
game stopped by its `max_turns` cap ends in truncation. An illegal action ends the episode as a loss
(reward -1, `info["illegal_action"]`; the next `step()` needs a `reset()`), as PettingZoo's classic games
do, or raises IllegalAction when `illegal="raise"`.

Importing this module registers every game with Gymnasium, one id per game in CamelCase:
`gymnasium.make("gaiatable/GaiaVora-v0", players=3, opponents="random")` (or without the import,
`gymnasium.make("gaiatable.rl.gymnasium:gaiatable/GaiaVora-v0")`).
"""

from __future__ import annotations

import multiprocessing
import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..agents import make_agent
from ..agents.spec import named
from ..core.driver import turn_view
from ..core.game import Game
from ..core.registry import load_game, registered_games
from ..core.seeding import derive_seed
from .common import action_mask, as_game, play_chance
from .encoding import encoder_for


def env(game: str | Game, seat: int = 0, opponents: str | list[str] = "default", illegal: str = "lose",
        render_mode: str | None = None, **params: Any) -> SeatEnv:
    """`game` (a name with its parameters, or a loaded Game) for `seat` against `opponents`."""
    return SeatEnv(as_game(game, params), seat=seat, opponents=opponents, illegal=illegal, render_mode=render_mode)


class SeatEnv(gymnasium.Env):
    """A game from one seat's point of view; the other seats are bots."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Game, seat: int = 0, opponents: str | list[str] = "default", illegal: str = "lose",
                 render_mode: str | None = None):
        if not 0 <= seat < game.num_players:
            raise ValueError(f"{game.name} with {game.num_players} players has no seat {seat}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.game, self.seat, self.illegal, self.render_mode = game, seat, illegal, render_mode
        self.encoder = encoder_for(game)
        self.specs = self._specs(opponents)
        self.observation_space = spaces.Box(-1.0, 1.0, (self.encoder.size,), dtype=np.float32)
        self.action_space = spaces.Discrete(game.num_distinct_actions)
        self.game_state = None
        self._ended = False  # the episode is over: by the game's end, or by an illegal action
        self._bots: dict[int, Any] = {}
        self._chance = random.Random()

    def _specs(self, opponents: str | list[str]) -> list[str | None]:
        n = self.game.num_players
        if isinstance(opponents, str):
            opponents = [opponents] * n
        if len(opponents) != n:
            raise ValueError(f"{self.game.name} needs {n} opponent specs (one per seat), got {len(opponents)}")
        return [None if s == self.seat else spec if callable(spec) else named(spec, self.game)
                for s, spec in enumerate(opponents)]

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        episode = int(self.np_random.integers(2**62))
        self._chance = random.Random(derive_seed(episode, "chance"))
        self._bots = {s: spec if callable(spec) else make_agent(spec, seat=s, seed=derive_seed(episode, "agent", s),
                                                                 game=self.game)
                      for s, spec in enumerate(self.specs) if spec is not None}
        self.game_state = self.game.new_initial_state()
        self._ended = False
        self._play_others()
        return self._observation(), self._info()

    def step(self, action):
        if self.game_state is None:
            raise RuntimeError("step() before reset()")
        if self._ended or self.game_state.is_terminal():
            raise RuntimeError("step() after the episode ended: call reset()")
        action = int(action)
        if action not in self.game_state.legal_actions():
            if self.illegal == "raise":
                raise self.game_state.illegal(action)
            self._ended = True
            return self._observation(), -1.0, True, False, {**self._info(), "illegal_action": True}
        self.game_state.apply(action)
        self._play_others()
        terminated = self.game_state.is_terminal()
        reward = self.game_state.returns()[self.seat] if terminated else 0.0
        truncated = terminated and self.game_state.truncated()
        return self._observation(), float(reward), terminated and not truncated, truncated, self._info()

    def _play_others(self) -> None:
        """Chance and the bots, until it is this seat's decision or the game is over."""
        state = self.game_state
        while True:
            play_chance(state, self._chance)
            player = state.current_player()
            if player < 0 or player == self.seat:
                return
            bot = self._bots[player]
            if callable(bot):  # a policy: it sees what that seat sees, as the learner does
                action = int(bot(self.encoder.encode(state.observe(player)),
                                 action_mask(state, player, self.game.num_distinct_actions)))
                if action not in state.legal_actions():
                    raise state.illegal(action)
            else:
                action = bot.act(turn_view(state, player))
            state.apply(action)

    def _observation(self) -> np.ndarray:
        return self.encoder.encode(self.game_state.observe(self.seat))

    def _info(self) -> dict:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> np.ndarray:
        """The legal actions of this seat now, as 0/1 over the action ids (MaskablePPO's hook)."""
        return action_mask(self.game_state, self.seat, self.game.num_distinct_actions)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game_state is None:
            return None
        obs = self.game_state.observe(self.seat)
        return f"{self.game.title}, seat {self.seat}: {obs['prompt']}"


def selfplay(game: str | Game, policy, seat: int = 0, **params: Any) -> SeatEnv:
    """The learner at `seat`, every other seat played by `policy(observation, action_mask) -> action`
    (the learner's current policy, or one drawn from a pool of its past selves at each reset)."""
    loaded = as_game(game, params)
    return SeatEnv(loaded, seat=seat, opponents=[policy] * loaded.num_players)


def vector_env(game: str | Game, num_envs: int, seat: int = 0, opponents: str | list = "default",
               workers: int = 1, **params: Any) -> gymnasium.vector.VectorEnv:
    """`num_envs` games stepped together: observations (num_envs × size) and, in `infos`, the action
    masks (num_envs × actions), always of a game in play: a game that ends starts again in the same step
    (Gymnasium's SAME_STEP autoreset; the ended game's observation and info are in `infos["final_obs"]`
    and `infos["final_info"]`). `workers` > 1 steps them in that many processes, a share each
    (`ShardedVectorEnv`: the same results as one process, on more cores)."""
    loaded = as_game(game, params)
    if workers > 1:
        return ShardedVectorEnv(loaded, num_envs, workers, seat=seat, opponents=opponents)
    return gymnasium.vector.SyncVectorEnv([lambda: SeatEnv(loaded, seat=seat, opponents=opponents)] * num_envs,
                                          autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP)


class ShardedVectorEnv(gymnasium.vector.VectorEnv):
    """`num_envs` games in `workers` processes, each stepping its share as a `SyncVectorEnv`: a game's
    seed, and so its every step, is what it would be in one process (env i is seeded `seed + i`).
    Opponents are agent specs here (a policy would have to cross to the workers)."""

    def __init__(self, game: Game, num_envs: int, workers: int, seat: int = 0, opponents: str | list = "default"):
        if callable(opponents) or not isinstance(opponents, str) and any(callable(o) for o in opponents):
            raise ValueError("workers > 1 take opponents as agent specs, not policies")
        probe = SeatEnv(game, seat=seat, opponents=opponents)  # checks the seat and specs here, not in a worker
        self.num_envs, self.metadata = num_envs, {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}
        self.single_observation_space, self.single_action_space = probe.observation_space, probe.action_space
        self.observation_space = gymnasium.vector.utils.batch_space(probe.observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(probe.action_space, num_envs)
        workers = max(1, min(workers, num_envs))
        self.sizes = [num_envs // workers + (k < num_envs % workers) for k in range(workers)]
        context = multiprocessing.get_context("spawn")
        self.pipes, self.processes = [], []
        for size in self.sizes:
            mine, theirs = context.Pipe()
            process = context.Process(target=_shard, args=(theirs, game.name, game.params, size, seat, opponents),
                                      daemon=True)
            process.start()
            theirs.close()
            self.pipes.append(mine)
            self.processes.append(process)

    def _ask(self, requests: list[tuple[str, Any]]) -> list:
        for pipe, request in zip(self.pipes, requests, strict=True):
            pipe.send(request)
        try:
            answers = [pipe.recv() for pipe in self.pipes]
        except (EOFError, OSError) as exc:
            raise RuntimeError(f"a worker process of the vector env ended: {exc!r}") from None
        for answer in answers:
            if isinstance(answer, BaseException):
                raise answer
        return answers

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        starts = np.cumsum([0, *self.sizes[:-1]])
        answers = self._ask([("reset", {"seed": None if seed is None else seed + int(start), "options": options})
                             for start in starts])
        return np.concatenate([obs for obs, _ in answers]), _merge([info for _, info in answers], self.sizes)

    def step(self, actions):
        cuts = np.cumsum(self.sizes[:-1])
        answers = self._ask([("step", part) for part in np.split(np.asarray(actions), cuts)])
        obs, rewards, terminated, truncated, infos = zip(*answers, strict=True)
        return (np.concatenate(obs), np.concatenate(rewards), np.concatenate(terminated), np.concatenate(truncated),
                _merge(list(infos), self.sizes))

    def close_extras(self, **kwargs: Any) -> None:
        for pipe in self.pipes:
            pipe.send(("close", None))
        for process in self.processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()


def _shard(pipe, name: str, params: dict, size: int, seat: int, opponents) -> None:
    """A worker of `ShardedVectorEnv`: its share of the games, stepped on request until "close"."""
    envs = vector_env(load_game(name, **params), size, seat=seat, opponents=opponents)
    while True:
        command, argument = pipe.recv()
        if command == "close":
            envs.close()
            return
        try:
            pipe.send(envs.reset(**argument) if command == "reset" else envs.step(argument))
        except Exception as exc:  # the caller raises it
            pipe.send(exc)


def _merge(parts: list[dict], sizes: list[int]) -> dict:
    """The shards' vector infos as one: each key's arrays end to end, with its `_key` mask; a shard
    without the key gets blanks and False, as Gymnasium's own `_add_info` would have left them."""
    merged: dict = {}
    for key in dict.fromkeys(k for part in parts for k in part if not k.startswith("_")):
        like = next(part[key] for part in parts if key in part)
        if isinstance(like, dict):
            merged[key] = _merge([part.get(key, {}) for part in parts], sizes)
        else:
            merged[key] = np.concatenate([part[key] if key in part else np.full(n, None, object) if like.dtype == object
                                          else np.zeros((n, *like.shape[1:]), like.dtype)
                                          for part, n in zip(parts, sizes, strict=True)])
        merged[f"_{key}"] = np.concatenate([part.get(f"_{key}", np.zeros(n, bool))
                                            for part, n in zip(parts, sizes, strict=True)])
    return merged


def gym_id(name: str) -> str:
    """A game's Gymnasium id: "gaia-vora" is "gaiatable/GaiaVora-v0"."""
    return f"gaiatable/{''.join(part.title() for part in name.split('-'))}-v0"


for _cls in registered_games():
    if gym_id(_cls.name) not in gymnasium.registry:
        gymnasium.register(id=gym_id(_cls.name), entry_point=env, kwargs={"game": _cls.name})
