"""The PettingZoo AEC environments: PettingZoo's own api_test and seed_test for every game and
player count, the docstring tables, chance from the seed, rewards, truncation, and secrecy."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from rl_helpers import loaded  # noqa: E402

from gaiatable.core.errors import IllegalAction  # noqa: E402
from gaiatable.rl import pettingzoo  # noqa: E402
from gaiatable.rl.encoding import encoder_for  # noqa: E402

# PettingZoo warns about these for every dict observation not on its own list of classic games
EXPECTED_WARNINGS = ("Observation is not a NumPy array",
                     "Observation space for each agent probably should be gymnasium.spaces.box")


def play(env, seed: int, limit: int = 100_000) -> list:
    """Random legal actions from the mask (seeded), and what last() said at each step."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trail = []
    for agent in env.agent_iter(limit):
        obs, reward, terminated, truncated, _ = env.last()
        trail.append((agent, obs["observation"].tobytes(), reward, terminated, truncated))
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return trail


def test_api_test_and_seed_test(game_count):
    name, params = game_count
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pettingzoo_test.api_test(pettingzoo.env(name, **params), num_cycles=30)
        pettingzoo_test.seed_test(lambda: pettingzoo.env(name, **params), num_cycles=30)
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected


def test_docstring_opens_with_the_table_and_has_a_version_history(game_count):
    name, params = game_count
    env = pettingzoo.env(name, **params)
    doc = type(env).__doc__
    agent = env.possible_agents[0]
    assert doc.startswith(f"# {env.game.title}")
    table = dict(re.findall(r"^\| (.+?) +\| (.+) \|$", doc, re.M))
    assert table["Actions"] == "Discrete"
    assert table["Observation Shape"] == str(env.observation_space(agent)["observation"].shape)
    assert table["Action Values"] == f"[0, {env.action_space(agent).n - 1}]"
    assert table["Action Space"].startswith(f"Discrete({env.game.num_distinct_actions})")
    assert f"'player_{env.game.num_players - 1}'" in table["Agents"] + doc
    history = re.findall(r"^\* (v\d+):", doc, re.M)
    assert history == [f"v{i}" for i in range(len(history))] and history[0] == "v0"
    assert env.metadata["name"].endswith(f"_{history[-1]}")  # the name carries the latest version
    call = re.fullmatch(r"`gaiatable\.rl\.pettingzoo\.(env\(.*\))`", table["Import"]).group(1)
    assert type(eval(call, {"env": pettingzoo.env})) is type(env)  # the import line works as written


def test_the_global_state_is_every_seats_observation_and_rendering_prints_nothing(capsys):
    env = pettingzoo.env("phanerozoic", players=3, render_mode="ansi")
    env.reset(seed=3)
    for _ in range(5):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    state = env.state()
    encode = env.unwrapped.encoder.encode
    assert env.state_space.contains(state)
    assert np.array_equal(state, np.concatenate([encode(env.game_state.observe(s)) for s in range(3)]))
    assert capsys.readouterr().out == ""  # ansi rendering is asked for, never printed
    assert env.render().startswith("Phanerozoic:")


def test_same_seed_same_game_other_seed_other_game():
    make = lambda: pettingzoo.env("planit", players=3)  # noqa: E731 (chance: draws and dice)
    first = play(make(), seed=4)
    assert first == play(make(), seed=4)
    assert first != play(make(), seed=5)


def test_rewards_are_the_returns_and_every_agent_ends():
    env = pettingzoo.env("gaia-vora", players=3)
    trail = play(env, seed=1)
    ended = {agent: reward for agent, _, reward, terminated, truncated in trail if terminated or truncated}
    assert set(ended) == set(env.possible_agents) and env.agents == []
    returns = env.unwrapped.game_state.returns()
    assert [ended[a] for a in env.possible_agents] == returns
    assert sorted(returns)[-1] == 1.0


def test_a_game_stopped_by_its_cap_is_truncated():
    env = pettingzoo.env("planit", players=2, max_turns=3)
    trail = play(env, seed=0)
    last = {agent: (terminated, truncated) for agent, _, _, terminated, truncated in trail}
    assert all(value == (False, True) for value in last.values())
    assert env.game_state.truncated()


def test_each_agent_sees_its_own_observation_and_no_other_mask():
    env = pettingzoo.env("phanerozoic", players=3)
    env.reset(seed=2)
    enc = encoder_for(env.game)
    for _ in range(40):
        for agent in env.agents:
            seat = env.possible_agents.index(agent)
            obs = env.observe(agent)
            assert np.array_equal(obs["observation"], enc.encode(env.game_state.observe(seat)))
            assert obs["action_mask"].any() == (agent == env.agent_selection)
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_secret_choices_do_not_show_in_the_next_seats_observation():
    """Phanerozoic's simultaneous choice is sequentialised: after seat 0 chooses, seat 1's vector is
    the same whichever card seat 0 chose."""
    game = loaded("phanerozoic", {"players": 2})
    env = pettingzoo.env(game)
    env.reset(seed=3)
    while env.game_state.observe(0)["phase"] != "choose" or env.agent_selection != "player_0":
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    seen = set()
    for action in np.flatnonzero(env.observe("player_0")["action_mask"]):
        state = env.game_state.copy()
        state.apply(int(action))
        if state.current_player() == 1:
            seen.add(encoder_for(game).encode(state.observe(1)).tobytes())
    assert len(seen) == 1


def test_illegal_actions_raise_and_change_nothing():
    env = pettingzoo.env("tictactoe")
    env.reset(seed=0)
    env.step(4)
    before = env.game_state.to_json()
    with pytest.raises(IllegalAction):
        env.step(4)
    assert env.game_state.to_json() == before


def test_use_before_reset_is_an_error():
    env = pettingzoo.env("tictactoe")
    with pytest.raises(pettingzoo.NotReset):
        env.step(0)


def test_parallel_api_test_and_parallel_seed_test(game_count):
    name, params = game_count
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pettingzoo_test.parallel_api_test(pettingzoo.parallel_env(name, **params), num_cycles=40)
        pettingzoo_test.parallel_seed_test(lambda: pettingzoo.parallel_env(name, **params))
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected


def test_the_secret_picks_are_one_parallel_step_and_a_whole_game_ends_with_its_returns():
    """PH-2.3: every seat picks at the same time; elsewhere one seat acts and the others' masks are 0."""
    env = pettingzoo.parallel_env("phanerozoic", players=3)
    obs, _ = env.reset(seed=4)
    rng, together, steps = np.random.default_rng(4), 0, 0
    while env.agents:
        acting = [a for a in env.agents if obs[a]["action_mask"].any()]
        assert acting, "somebody decides at every step"
        together = max(together, len(acting))
        if len(acting) > 1:  # a pick: what each sees is what it saw before anyone picked
            state = env.unwrapped.game_state
            assert all(np.array_equal(obs[a]["observation"], env.unwrapped.encoder.encode(state.observe(int(a[-1]))))
                       for a in acting)
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) if a in acting else 0 for a in env.agents}
        obs, rewards, terminations, truncations, infos = env.step(actions)
        steps += 1
    assert together == 3 and steps > 10
    assert sorted(rewards.values()) == sorted(env.game_state.returns()) and all(terminations.values())
