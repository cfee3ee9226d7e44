"""How long games between random seats last, and how many a turn cap cuts (docs/balance/endings.md,
docs/balance/planit.md).

    PYTHONPATH=src python docs/balance/lengths.py GAME PLAYERS GAMES [--seed S] [--workers W]
        [--cap N ...] [--out FILE.json] [-p name=value ...]

Game i is played with chance and choices drawn from random.Random(seed * 1,000,000 + i), with the
uniformly random choices of bench/playout.py, under the parameters given (e.g. `-p max_turns=0` for no
cap). A game cut by a cap plays the same moves as the uncapped game up to it, so uncapped games give the
share any `--cap` would cut exactly. Prints the length percentiles in turns (games that count turns)
and in decisions (chance included), the seats' wins and each cap's cut share; --out keeps every game's
(turns, decisions, truncated, winners).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool

from gaiatable.core.params import parse_params
from gaiatable.core.registry import game_class
from gaiatable.core.seeding import random_step


def play(task: tuple[str, dict, int]) -> tuple[int, int, bool, list[int] | None]:
    name, params, seed = task
    rng = random.Random(seed)
    state = game_class(name)(**params).new_initial_state()
    plies = 0
    while not state.is_terminal():
        random_step(state, rng)
        plies += 1
    turns = state.turn + 1 if hasattr(state, "turn") else -1
    return turns, plies, state.truncated(), state.winners()


def percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("games", type=int)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cap", type=int, action="append", default=[], help="report the share this cap cuts")
    parser.add_argument("--out")
    parser.add_argument("-p", action="append", default=[], dest="params")
    args = parser.parse_args()
    declared = {p.name for p in game_class(args.game).params_spec}
    params = {"players": args.players} if "players" in declared else {}
    params.update(parse_params(args.params))
    started = time.perf_counter()
    tasks = [(args.game, params, args.seed * 1_000_000 + i) for i in range(args.games)]
    with Pool(args.workers) as pool:
        games = pool.map(play, tasks, chunksize=20)
    seconds = time.perf_counter() - started
    summary: dict = {"game": args.game, "params": params, "games": args.games, "seed": args.seed,
                     "seconds": round(seconds, 1), "truncated": sum(g[2] for g in games)}
    for unit, column in (("turns", 0), ("decisions", 1)):
        values = [g[column] for g in games]
        if min(values) < 0:
            continue
        summary[unit] = {"mean": round(sum(values) / len(values)), "p50": percentile(values, 0.5),
                         "p90": percentile(values, 0.9), "p99": percentile(values, 0.99),
                         "p99.9": percentile(values, 0.999), "max": max(values)}
    seats = params.get("players", 2)
    summary["wins_by_seat"] = [sum(1 for g in games if g[3] and seat in g[3]) for seat in range(seats)]
    summary["cut_by_cap"] = {cap: sum(1 for g in games if g[0] > cap) for cap in args.cap}
    print(json.dumps(summary))
    if args.out:
        with open(args.out, "w") as f:
            json.dump({**summary, "results": games}, f)


if __name__ == "__main__":
    main()
