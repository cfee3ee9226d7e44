"""MaskablePPO (sb3-contrib) learns one seat of a gaiatable game against random bots, through the Gymnasium
interface as it is: the env's `action_masks()` is the hook MaskablePPO calls, so no wrapper is needed.

    pip install -e '.[rl]' torch sb3-contrib
    python examples/maskable_ppo.py --game gaia-vora --steps 100000

Prints the seat's results against random before training (an untrained policy) and after, each over the same
seeded games: won, drawn, lost and the win rate with its 95% interval."""

from __future__ import annotations

import argparse

from gaiatable.lab.sim import wilson
from gaiatable.rl import gymnasium as gt_gym


def evaluate(model, game: str, games: int, seed: int, **params) -> dict:
    """`model` plays seat 0 of `games` games against random bots (the same seeds every time)."""
    env = gt_gym.env(game, seat=0, opponents="random", **params)
    won = drawn = lost = illegal = 0
    for i in range(games):
        obs, _ = env.reset(seed=seed + i)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        won, drawn, lost = won + (reward > 0), drawn + (reward == 0), lost + (reward < 0)
        illegal += bool(info.get("illegal_action"))
    rate = (won + drawn / 2) / games
    low, high = wilson(won + drawn / 2, games)
    return {"won": won, "drawn": drawn, "lost": lost, "illegal": illegal, "win_rate": rate, "interval": [low, high]}


def learner(game: str, seed: int, **params):
    """An untrained MaskablePPO on seat 0 of `game` against random bots."""
    from sb3_contrib import MaskablePPO
    env = gt_gym.env(game, seat=0, opponents="random", **params)
    return MaskablePPO("MlpPolicy", env, seed=seed, n_steps=1024, batch_size=256, gamma=0.995, verbose=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="gaia-vora")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=200, help="evaluation games, before and after")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    model = learner(args.game, args.seed, players=args.players)
    say = "{won}-{drawn}-{lost}, win rate {win_rate:.1%} [{interval[0]:.1%}, {interval[1]:.1%}]"
    before = evaluate(model, args.game, args.games, 10_000, players=args.players)
    print(f"before training: {say.format(**before)}")
    model.learn(total_timesteps=args.steps)
    after = evaluate(model, args.game, args.games, 10_000, players=args.players)
    print(f"after {args.steps} steps: {say.format(**after)}")


if __name__ == "__main__":
    main()
