"""Environment steps per second through PettingZoo, next to the raw engine, for every game.

    python bench/rl.py [--json] [--seconds S] [--rounds R] [--game NAME] [--vector N,N,...] [--workers W]

Three loops play random games with the same seeded choices:
- engine: `legal_actions()` and `apply()` only, chance sampled (as bench/playout.py);
- engine+observe: the same, and the seat to move reads `observe(seat)` each decision, as an agent
  that looks at the table must, and every seat reads it once more at the end (the PettingZoo loop gives
  each agent its final observation too: a learner needs it);
- pettingzoo: `env.last()` (the encoded observation and action mask), a random legal action from
  the mask, `env.step()`, through `gaiatable.rl.pettingzoo.env` (unwrapped, as it is returned).
  The legal actions are read from the 0/1 mask viewed as booleans: numpy finds the non-zeros of a
  bool array several times faster than of an int8 one (10 us against 1.5 us for Planetarium's 6,075
  actions), and an agent pays that, not the environment.
Both observing loops build the same observations for the same decisions, so the cost of the wrapper
(the encoding, the mask, the bookkeeping) is engine+observe / pettingzoo, the median over the rounds
(each round runs the three loops back to back); the floor is 2 (MAX_COST). The rates are each loop's best.
The ratio to the bare engine is printed too: it also counts the observations themselves, which the
bare engine never builds.

`--vector 1,64,1024` adds Gymnasium's batched env (`gaiatable.rl.gymnasium.vector_env`): seat 0
against random bots, every env stepped together with a random legal action from its mask; the rate is
the learner's steps per second summed over the envs (bots' moves and auto-resets inside);
`--workers 2` measures each size stepped in two processes too (`vector_env(..., workers=2)`).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from gaiatable import load_game, registered_games
from gaiatable.core.seeding import sample_outcome
from gaiatable.rl import gymnasium as gt_gym
from gaiatable.rl import pettingzoo

MAX_COST = 2.0


def engine_rate(game, seconds: float, observe: bool, seed: int = 0) -> float:
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            if observe:
                state.observe(state.current_player())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        if observe:
            for seat in range(game.num_players):
                state.observe(seat)
    return decisions / (time.perf_counter() - start)


def pettingzoo_rate(game, seconds: float, seed: int = 0) -> float:
    """Agent decisions per second (the steps that finish a game for each agent are not counted)."""
    env = pettingzoo.env(game)
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    episode = seed
    while time.perf_counter() - start < seconds:
        env.reset(seed=episode)
        episode += 1
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].view(bool).nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def vector_rate(game, envs: int, seconds: float, seed: int = 0, workers: int = 1) -> float:
    """Learner steps per second through `vector_env(game, envs, workers=workers)`, summed over the envs."""
    vector = gt_gym.vector_env(game, envs, opponents="random", workers=workers)
    _obs, infos = vector.reset(seed=seed)
    rng = random.Random(seed)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        legal = [mask.view(bool).nonzero()[0] for mask in infos["action_mask"]]
        _obs, _reward, _end, _cut, infos = vector.step([int(m[rng.randrange(len(m))]) for m in legal])
        steps += envs
    vector.close()
    return steps / (time.perf_counter() - start)


def measure(game, seconds: float, rounds: int) -> dict:
    """Each round runs the three loops one after the other; the cost is the median of the rounds'
    ratios, so that a slow spell of a shared machine falls on both sides of a ratio."""
    engine_rate(game, min(0.5, seconds), False, seed=99)  # warm the rules' caches
    engine, observed, env = [], [], []
    for r in range(rounds):
        engine.append(engine_rate(game, seconds, False, r))
        observed.append(engine_rate(game, seconds, True, r))
        env.append(pettingzoo_rate(game, seconds, r))
    cost = statistics.median(o / e for o, e in zip(observed, env, strict=True))
    cost_bare = statistics.median(b / e for b, e in zip(engine, env, strict=True))
    return {
        "engine_decisions_per_second": round(max(engine)),
        "engine_observe_decisions_per_second": round(max(observed)),
        "pettingzoo_steps_per_second": round(max(env)),
        "cost": round(cost, 2),
        "cost_vs_bare_engine": round(cost_bare, 2),
        "max_cost": MAX_COST,
        "meets_floor": cost <= MAX_COST,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one loop in a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--vector", default="", help="batched env sizes to measure, e.g. 1,64,1024")
    parser.add_argument("--workers", type=int, default=0,
                        help="also measure each batched size in this many processes (vector_env(workers=N))")
    args = parser.parse_args()
    sizes = [int(n) for n in args.vector.split(",") if n]
    results = {}
    for cls in registered_games():
        if args.game and cls.name not in args.game:
            continue
        results[cls.name] = measure(load_game(cls.name), args.seconds, args.rounds)
        for n in sizes:
            results[cls.name][f"vector_{n}_steps_per_second"] = round(vector_rate(load_game(cls.name), n, args.seconds))
            if args.workers > 1:
                results[cls.name][f"vector_{n}_workers_{args.workers}_steps_per_second"] = round(
                    vector_rate(load_game(cls.name), n, args.seconds, workers=args.workers))
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'game':15s} {'engine/s':>10s} {'+observe/s':>11s} {'pettingzoo/s':>13s} {'cost':>6s} {'vs bare':>8s}")
    for name, row in results.items():
        status = "  ok" if row["meets_floor"] else "  OVER 2x"
        print(f"{name:15s} {row['engine_decisions_per_second']:>10,} "
              f"{row['engine_observe_decisions_per_second']:>11,} {row['pettingzoo_steps_per_second']:>13,} "
              f"{row['cost']:>6.2f} {row['cost_vs_bare_engine']:>8.2f}{status}"
              + "".join(f"  vector {n}: {row[f'vector_{n}_steps_per_second']:,}/s" for n in sizes)
              + "".join(f" ({args.workers} processes: {row[f'vector_{n}_workers_{args.workers}_steps_per_second']:,}/s)"
                        for n in sizes if args.workers > 1))


if __name__ == "__main__":
    main()
