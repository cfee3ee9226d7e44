"""The Gymnasium environment: Gymnasium's check_env for every game, one seat against bots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

env_checker = pytest.importorskip("gymnasium.utils.env_checker")

from gaiatable import registered_games  # noqa: E402
from gaiatable.core.errors import IllegalAction  # noqa: E402
from gaiatable.rl import gymnasium as gt_gym  # noqa: E402

GAMES = [cls.name for cls in registered_games()]


def episode(env, seed: int) -> list:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trail, done = [obs.tobytes()], False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        trail.append((obs.tobytes(), reward))
        done = terminated or truncated
    return trail


@pytest.mark.parametrize("name", GAMES)
def test_check_env(name):
    last_seat = 1 if name != "phanerozoic" else 0  # its default is 2 players; any seat but the first
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        env_checker.check_env(gt_gym.env(name, seat=last_seat, opponents="random"), skip_render_check=True)
    assert not [str(w.message) for w in caught]


def test_check_env_against_the_default_bot():
    env_checker.check_env(gt_gym.env("tictactoe", seat=1), skip_render_check=True)
    assert gt_gym.env("tictactoe").specs == [None, "mcts:iters=1000"]


@pytest.mark.parametrize("name", GAMES)
def test_an_episode_ends_with_the_seats_return(name):
    env = gt_gym.env(name, opponents="random")
    trail = episode(env, seed=1)
    assert trail[-1][1] == env.game_state.returns()[0]
    assert env.game_state.is_terminal()


def test_same_seed_same_episode():
    env = gt_gym.env("planit", seat=1, opponents="random", players=3)
    assert episode(env, 9) == episode(env, 9)
    assert episode(env, 9) != episode(env, 10)


def test_illegal_action_loses_or_raises():
    env = gt_gym.env("tictactoe", opponents="random")
    _, info = env.reset(seed=0)
    taken = int(np.flatnonzero(info["action_mask"] == 0)[0]) if not info["action_mask"].all() else None
    obs, info = env.reset(seed=0)
    env.step(4)
    obs, reward, terminated, truncated, info = env.step(4)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(RuntimeError, match="call reset"):  # the episode is over: no playing on
        env.step(0)
    env.reset(seed=1)
    env.step(4)  # a new episode plays
    strict = gt_gym.env("tictactoe", opponents="random", illegal="raise")
    strict.reset(seed=0)
    strict.step(4)
    with pytest.raises(IllegalAction):
        strict.step(4)
    assert taken is None  # a fresh board: every cell is legal


def test_opponents_per_seat_and_bad_arguments():
    env = gt_gym.env("gaia-vora", seat=2, opponents=["random", "greedy", "ignored"], players=3)
    assert env.specs == ["random", "greedy", None]
    with pytest.raises(ValueError):
        gt_gym.env("tictactoe", seat=2)
    with pytest.raises(ValueError):
        gt_gym.env("tictactoe", opponents=["random"])


def test_every_game_is_made_by_its_gymnasium_id_with_parameters():
    import gymnasium

    from gaiatable import registered_games

    for cls in registered_games():
        made = gymnasium.make(gt_gym.gym_id(cls.name), opponents="random")
        assert made.unwrapped.game.name == cls.name
        made.reset(seed=0)
    made = gymnasium.make("gaiatable/GaiaVora-v0", players=3, seat=2, opponents="random")
    assert (made.unwrapped.game.num_players, made.unwrapped.seat) == (3, 2)


def test_a_vector_of_games_steps_together_and_restarts_each_game_that_ends():
    envs = gt_gym.vector_env("tictactoe", 16, opponents="random")
    obs, infos = envs.reset(seed=3)
    assert obs.shape == (16, envs.single_observation_space.shape[0]) and infos["action_mask"].shape == (16, 9)
    rng, ended, rewards = np.random.default_rng(3), 0, []
    for _ in range(40):
        assert infos["action_mask"].any(axis=1).all()  # every game is in play: a legal move in each
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in infos["action_mask"]]
        obs, reward, terminated, truncated, infos = envs.step(actions)
        ended += int(terminated.sum())
        rewards += list(reward[terminated])
    assert ended > 16 and set(rewards) <= {-1.0, 0.0, 1.0}
    again = gt_gym.vector_env("tictactoe", 16, opponents="random")
    assert np.array_equal(again.reset(seed=3)[0], envs.reset(seed=3)[0])


def test_a_vector_of_games_in_two_processes_steps_exactly_as_in_one():
    """vector_env(workers=2): each game seeded and stepped as in one process, infos merged as Gymnasium's."""
    one = gt_gym.vector_env("gaia-vora", 5, opponents="random")
    two = gt_gym.vector_env("gaia-vora", 5, opponents="random", workers=2)
    try:
        (obs, infos), (obs2, infos2) = one.reset(seed=7), two.reset(seed=7)
        rng, ended = np.random.default_rng(7), 0
        for _ in range(150):
            assert np.array_equal(obs, obs2) and np.array_equal(infos["action_mask"], infos2["action_mask"])
            actions = [int(rng.choice(np.flatnonzero(mask))) for mask in infos["action_mask"]]
            obs, reward, terminated, truncated, infos = one.step(actions)
            obs2, reward2, terminated2, truncated2, infos2 = two.step(actions)
            assert np.array_equal(reward, reward2) and np.array_equal(terminated, terminated2)
            none = np.zeros(5, bool)
            assert np.array_equal(infos.get("_final_obs", none), infos2.get("_final_obs", none))
            ended += int(terminated.sum() + truncated.sum())
        assert ended >= 2  # games ended and restarted in both
    finally:
        one.close()
        two.close()
    with pytest.raises(ValueError, match="agent specs"):
        gt_gym.vector_env("tictactoe", 4, opponents=[lambda obs, mask: 0] * 2, workers=2)


def test_self_play_seats_the_learners_policy_everywhere_else():
    seen = []

    def policy(observation, action_mask):  # sees what its seat sees: an encoding and its own legal moves
        seen.append((observation.shape, int(action_mask.sum())))
        return int(np.flatnonzero(action_mask)[0])

    env = gt_gym.selfplay("gaia-vora", policy, seat=1, players=3)
    obs, info = env.reset(seed=0)
    terminated = truncated = False
    while not (terminated or truncated):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert seen and all(shape == obs.shape and legal > 0 for shape, legal in seen)
    cheat = gt_gym.selfplay("tictactoe", lambda observation, mask: int(np.flatnonzero(mask == 0)[0]), seat=0)
    cheat.reset(seed=0)
    with pytest.raises(IllegalAction):  # the policy answers with the learner's cell: an error, not a move
        cheat.step(4)
