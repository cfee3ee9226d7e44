"""Tabular Q-learning on tic-tac-toe through the Gymnasium interface, then a match against random.

    python examples/tictactoe_q_learning.py [--episodes N] [--games N] [--seed S]

The learner plays seat 0 (x) against the random bot. Its table is keyed by the encoded observation
(gaiatable.rl.encoding), and it picks among the legal actions of `info["action_mask"]`. It prints
the learner's results and those of a random player in the same seat, over the same seeds.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import numpy as np

from gaiatable.rl import gymnasium as gt_gym


def masked_argmax(values: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[np.argmax(values[mask == 1])])


def train(episodes: int, seed: int = 0, alpha: float = 0.3, gamma: float = 1.0, epsilon: float = 0.2):
    """A Q-table learned over `episodes` games: state key -> value of each action."""
    env = gt_gym.env("tictactoe", seat=0, opponents="random")
    rng = np.random.default_rng(seed)
    q: dict[bytes, np.ndarray] = defaultdict(lambda: np.zeros(env.action_space.n))
    for episode in range(episodes):
        obs, info = env.reset(seed=seed * 1_000_003 + episode)
        done = False
        while not done:
            key, mask = obs.tobytes(), info["action_mask"]
            if rng.random() < epsilon:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = masked_argmax(q[key], mask)
            obs, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            target = reward if done else gamma * q[obs.tobytes()][info["action_mask"] == 1].max()
            q[key][action] += alpha * (target - q[key][action])
    return q


def play(policy, games: int, seed: int) -> dict[str, int]:
    """Wins, draws and losses of `policy(obs, mask)` in seat 0 against the random bot."""
    env = gt_gym.env("tictactoe", seat=0, opponents="random")
    tally = {"wins": 0, "draws": 0, "losses": 0}
    for game in range(games):
        obs, info = env.reset(seed=10**9 + seed * 1_000_003 + game)
        done, reward = False, 0.0
        while not done:
            obs, reward, terminated, truncated, info = env.step(policy(obs, info["action_mask"]))
            done = terminated or truncated
        tally["wins" if reward > 0 else "losses" if reward < 0 else "draws"] += 1
    return tally


def greedy(q):
    return lambda obs, mask: masked_argmax(q[obs.tobytes()], mask) if obs.tobytes() in q else \
        int(np.flatnonzero(mask)[0])


def random_policy(seed: int):
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    q = train(args.episodes, args.seed)
    learned = play(greedy(q), args.games, args.seed)
    baseline = play(random_policy(args.seed), args.games, args.seed)
    print(f"Q-learning after {args.episodes} episodes ({len(q)} states): {learned}")
    print(f"random in the same seat:                          {baseline}")


if __name__ == "__main__":
    main()
