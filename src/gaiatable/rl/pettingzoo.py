"""Every registered game as a PettingZoo AEC environment (docs/rl.md).

    from gaiatable.rl import pettingzoo
    env = pettingzoo.env("gaia-vora", players=3)
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Each seat is an agent (`player_0`, ...). An observation is a dict: `observation`, the seat's
observation encoded as a fixed-size float32 vector (rl/encoding.py), and `action_mask` over the game's
fixed action ids (all 0 when it is not the agent's decision). Chance is resolved inside the
environment from the stream `reset(seed)` starts, so the same seed and actions give the same game.
Rewards are the game's returns at the end (+1 win, -1 loss, 0 draw); a game stopped by its
`max_turns` cap ends in truncation. An illegal action raises IllegalAction and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..core.game import CHANCE, TERMINAL, Game
from ..core.seeding import derive_seed
from .common import Masks, as_game, play_chance
from .encoding import Encoder, encoder_for

VERSION_HISTORY = ("v0: first release: every registered game, observations from the observation contract, "
                   "chance resolved from the reset seed (gaiatable 0.1.0)",)
# a game's later versions: any change to its observation or action space
GAME_VERSIONS = {
    "earth-our-home": ("v1: the seat that starts epoch 1 may be drawn (`first_player=\"random\"`, EO-7.5): a "
                       "chance phase, 4 actions (170 in all) and a phase slot (observation +1)",),
    "planetarium": ("v1: a player with no Low or High card to play may eject a Matter of their mat onto the "
                    "Evolution Track (PT-3.12): 16 actions (6,091 in all); set-up discards stay hidden until "
                    "every seat has chosen (PT-1.4)",),
}


def versions(game: Game) -> tuple[str, ...]:
    return VERSION_HISTORY + GAME_VERSIONS.get(game.name, ())


def env(game: str | Game, render_mode: str | None = None, **params: Any) -> GaiatableEnv:
    """The game's environment. It checks the order of calls itself (no `reset()` yet: an error), so it
    needs no PettingZoo wrapper, whose attribute forwarding would cost more than a step of most games."""
    loaded = as_game(game, params)
    cls = _env_class(loaded)
    return cls(loaded, render_mode=render_mode)


raw_env = env  # PettingZoo's name for the unwrapped environment: the same here


_CLASSES: dict[tuple[str, int], type] = {}


def _env_class(game: Game) -> type:
    """A subclass per game and player count, so that each environment's docstring is its own table."""
    key = (game.name, game.num_players)
    if key not in _CLASSES:
        name = "".join(part.title() for part in game.name.split("-")) + f"{game.num_players}PEnv"
        _CLASSES[key] = type(name, (GaiatableEnv,), {"__doc__": docstring(game, encoder_for(game)),
                                                      "__module__": __name__})
    return _CLASSES[key]


def env_name(game: Game) -> str:
    return f"gaiatable_{game.name.replace('-', '_')}_v{len(versions(game)) - 1}"


def docstring(game: Game, encoder: Encoder) -> str:
    """The PettingZoo table (actions, agents, observation, action space) and the version history."""
    n, size = game.num_players, game.num_distinct_actions
    agents = ", ".join(f"'player_{i}'" for i in range(n))
    counted = any(p.name == "players" for p in game.params_spec)
    call = f'env("{game.name}", players={n})' if counted else f'env("{game.name}")'
    rows = [("Import", f"`gaiatable.rl.pettingzoo.{call}`"),
            ("Actions", "Discrete"), ("Parallel API", "Yes: `parallel_env`"), ("Manual Control", "No"),
            ("Agents", f"`agents= [{agents}]`"), ("Agents", str(n)), ("Action Shape", "(1,)"),
            ("Action Values", f"[0, {size - 1}]"), ("Observation Shape", f"({encoder.size},)"),
            ("Observation Values", "[-1, 1]"),
            ("Action Space", f"Discrete({size}), masked by `action_mask`")]
    width = max(len(k) for k, _ in rows)
    lines = [f"| {k:<{width}} | {v} |" for k, v in rows]
    lines.insert(1, f"|{'-' * (width + 2)}|{'-' * (len(rows[0][1]) + 2)}|")
    table = "\n".join(lines)
    return (f"# {game.title} ({n} players)\n\n{table}\n\n"
            f"{game.title} as a PettingZoo AEC environment; the observation's slices are listed in docs/rl.md "
            f"and by `env.unwrapped.encoder.describe()`.\n\n### Version History\n\n"
            + "".join(f"* {line}\n" for line in versions(game)))


class NotReset(RuntimeError):
    """The environment was used before `reset()`."""


class GaiatableEnv(AECEnv):
    """A registered game as an AEC environment; `env(game)` builds the subclass for its game."""

    def __init__(self, game: Game, render_mode: str | None = None):
        super().__init__()
        self.game = game
        self.encoder = encoder_for(game)
        self.metadata = {"render_modes": ["ansi"], "name": env_name(game), "is_parallelizable": False}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(game.num_players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._actions = game.num_distinct_actions
        self.observation_spaces = {agent: self._observation_space() for agent in self.possible_agents}
        self.state_space = spaces.Box(-1.0, 1.0, (self.encoder.size * game.num_players,), dtype=np.float32)
        self.action_spaces = {agent: spaces.Discrete(self._actions) for agent in self.possible_agents}
        self._masks = Masks(self._actions)
        self._no_actions = np.zeros(self._actions, dtype=np.int8)  # the mask of a seat not to decide
        self._chance: random.Random | None = None
        self._chance_seed: int | None = None  # of the stream `_chance` will be, until it is started
        self._seen: dict[str, dict] = {}  # observations since the last step, by agent
        self._over = False  # the game has ended: every agent is terminated or truncated
        self._skip_agent_selection: str | None = None
        self.game_state = None

    def _observation_space(self) -> spaces.Dict:
        return spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (self.encoder.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self._actions,), dtype=np.int8),
        })

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._chance, self._chance_seed = None, seed
        self.game_state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._seen = {}
        self._over = False
        self._advance(self.possible_agents[0])

    def observe(self, agent: str) -> dict:
        return self._seen.get(agent) or self._observe(agent)

    def _observe(self, agent: str) -> dict:
        state = self.game_state
        if state is None:
            raise NotReset("observe() before reset()")
        seat = self._seat[agent]
        # Masks.of, written out: this runs once a step
        if state.current_player() == seat:
            legal = state.legal_actions()
            mask = self._masks.cache.get(legal)
            if mask is None:
                mask = self._masks.legal(legal)
        else:
            mask = self._no_actions
        seen = self._seen[agent] = {"observation": self.encoder.encode(state.observe(seat)),
                                    "action_mask": mask.copy()}
        return seen

    def step(self, action: int | None) -> None:
        state = self.game_state
        if state is None:
            raise NotReset("step() before reset()")
        agent = self.agent_selection
        if self._over:  # every agent ends with the game, so every agent is dead
            self._was_dead_step(action)
            return
        state.apply(int(action))
        self._seen = {}
        if self._advance(agent):
            self._accumulate_rewards()  # the rewards (and so the sums) are all 0 until the end

    def state(self) -> np.ndarray:
        """PettingZoo's global state: every seat's encoded observation, in seat order (what a centralised
        critic may see; no agent's policy should)."""
        if self.game_state is None:
            raise NotReset("state() before reset()")
        return np.concatenate([self.encoder.encode(self.game_state.observe(seat))
                               for seat in range(self.game.num_players)])

    def last(self, observe: bool = True) -> tuple:
        """The selected agent's observation, reward since it last acted, termination, truncation, info."""
        agent = self.agent_selection
        seen = (self._seen.get(agent) or self._observe(agent)) if observe else None
        if not self._over:  # no reward, termination or truncation before the end
            return seen, 0.0, False, False, self.infos[agent]
        return (seen, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def _was_dead_step(self, action: None) -> None:
        """PettingZoo's, for the only case here (every agent ends with the game, so the next dead agent
        is simply the next one left), with the same order of agents and the same rewards."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        del self.terminations[agent], self.truncations[agent], self.rewards[agent]
        del self._cumulative_rewards[agent], self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        if agents:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = agent
            self.agent_selection = agents[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self.rewards = dict.fromkeys(self.rewards, 0)

    def _advance(self, last: str) -> bool:
        """Resolve chance, then hand the turn to the seat to decide, or end the game for every agent
        (and say so)."""
        state = self.game_state
        player = state.current_player()
        if player >= 0:  # the common case first: a seat to decide
            self.agent_selection = self.possible_agents[player]
            return False
        if player == CHANCE:
            play_chance(state, self._stream())
            player = state.current_player()
            if player != TERMINAL:
                self.agent_selection = self.possible_agents[player]
                return False
        self._over = True
        returns, truncated = state.returns(), state.truncated()
        for agent in self.agents:
            self.rewards[agent] = returns[self._seat[agent]]
            self.terminations[agent] = not truncated
            self.truncations[agent] = truncated
        self.agent_selection = last
        return True

    def _stream(self) -> random.Random:
        """The chance stream of the last seed, started at the first chance decision after it, so that
        a game without chance never pays for seeding one."""
        if self._chance is None:
            seed = self._chance_seed
            self._chance = random.Random() if seed is None else random.Random(derive_seed(seed, "chance"))
        return self._chance

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """PettingZoo's agent_iter as a generator, which costs less per step than its iterator class."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self) -> str | None:
        """The pending decision and the scores, as a spectator sees them."""
        if self.render_mode is None or self.game_state is None:
            return None
        obs = self.game_state.observe("spectator")
        scores = ", ".join("?" if s is None else f"{s:g}" for s in obs["scores"])
        return f"{self.game.title}: {obs['prompt']} (scores {scores})"

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return self.metadata["name"]


def parallel_env(game: str | Game, render_mode: str | None = None, **params: Any) -> GaiatableParallelEnv:
    """The game as a PettingZoo ParallelEnv: the seats that decide together (Phanerozoic's secret picks,
    `State.simultaneous`) act in one step; elsewhere the seat to move acts alone and the others' actions
    are ignored (their masks are all 0). An illegal action ends the game as a loss for its agent (reward
    -1, the others 0, `infos[agent]["illegal_action"]`), as PettingZoo's classic games do."""
    return GaiatableParallelEnv(as_game(game, params), render_mode=render_mode)


class GaiatableParallelEnv(ParallelEnv):
    """Every seat an agent, acting together where the rules have them choose at the same time."""

    def __init__(self, game: Game, render_mode: str | None = None):
        self.game, self.render_mode = game, render_mode
        self.encoder = encoder_for(game)
        self.metadata = {"render_modes": ["ansi"], "name": env_name(game).replace("_v", "_parallel_v")}
        self.possible_agents = [f"player_{i}" for i in range(game.num_players)]
        self.agents: list[str] = []
        self._actions = game.num_distinct_actions
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (self.encoder.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self._actions,), dtype=np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._actions) for a in self.possible_agents}
        self._masks = Masks(self._actions)
        self._chance = random.Random()
        self.game_state = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        if seed is not None:
            self._chance = random.Random(derive_seed(seed, "chance"))
        self.game_state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        play_chance(self.game_state, self._chance)
        return self._observations(), {a: {} for a in self.agents}

    def _acting(self) -> dict[int, tuple[int, ...]]:
        """Each seat deciding now, with its legal actions: a later seat of a simultaneous step is asked on a
        copy where the earlier ones took any legal choice (its own do not depend on theirs)."""
        state, legal = self.game_state, {}
        seats = state.simultaneous()
        probe = state.copy() if len(seats) > 1 else state
        for seat in seats:
            legal[seat] = probe.legal_actions()
            if seat != seats[-1]:
                probe.apply(legal[seat][0])
        return legal

    def _observations(self) -> dict:
        acting = self._acting()
        return {f"player_{s}": {"observation": self.encoder.encode(self.game_state.observe(s)),
                                "action_mask": self._masks.legal(acting[s]).copy() if s in acting
                                else np.zeros(self._actions, dtype=np.int8)}
                for s in range(self.game.num_players)}

    def step(self, actions: dict) -> tuple[dict, dict, dict, dict, dict]:
        state = self.game_state
        if state is None:
            raise NotReset("step() before reset()")
        for seat in state.simultaneous():  # in the engine's order; each checked as it is taken
            action = actions.get(f"player_{seat}")
            if action is None:
                raise ValueError(f"player_{seat} decides now: its action is missing")
            if int(action) not in state.legal_actions():
                return self._illegal(f"player_{seat}")
            state.apply(int(action))
        play_chance(state, self._chance)
        over, truncated = state.is_terminal(), state.truncated()
        returns = state.returns() if over else [0.0] * self.game.num_players
        observations = self._observations()
        rewards = {a: float(returns[i]) for i, a in enumerate(self.possible_agents) if a in self.agents}
        terminations = {a: over and not truncated for a in self.agents}
        truncations = {a: over and truncated for a in self.agents}
        infos = {a: {} for a in self.agents}
        observations = {a: observations[a] for a in self.agents}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _illegal(self, offender: str) -> tuple[dict, dict, dict, dict, dict]:
        observations, agents = self._observations(), self.agents
        self.agents = []
        return ({a: observations[a] for a in agents}, {a: -1.0 if a == offender else 0.0 for a in agents},
                dict.fromkeys(agents, True), dict.fromkeys(agents, False),
                {a: {"illegal_action": True} if a == offender else {} for a in agents})

    def state(self) -> np.ndarray:
        if self.game_state is None:
            raise NotReset("state() before reset()")
        return np.concatenate([self.encoder.encode(self.game_state.observe(s)) for s in range(self.game.num_players)])

    def render(self) -> str | None:
        if self.render_mode is None or self.game_state is None:
            return None
        obs = self.game_state.observe("spectator")
        return f"{self.game.title}: {obs['prompt']}"

    def close(self) -> None:
        pass
