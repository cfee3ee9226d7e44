"""Random-playout speed per game: decisions per second and copy() calls per second.

    python bench/playout.py [--json] [--seconds S] [--game NAME]

Each figure is the best of several rounds (the machine's other load only ever slows a round).
Floors: FLOORS below (Gaia-Vora, Planit and Planetarium >= 20,000 decisions/s and >= 100,000 copies/s).
"""

from __future__ import annotations

import argparse
import json
import random
import time

from gaiatable import registered_games
from gaiatable.core.seeding import sample_outcome

FLOORS = {
    "gaia-vora": {"decisions_per_second": 20_000, "copies_per_second": 100_000},
    "planit": {"decisions_per_second": 20_000, "copies_per_second": 100_000},
    "phanerozoic": {"decisions_per_second": 10_000, "copies_per_second": 50_000},
    "planetarium": {"decisions_per_second": 20_000, "copies_per_second": 100_000},
    "earth-our-home": {"decisions_per_second": 20_000, "copies_per_second": 100_000},
}


def playout_rate(game, seconds: float, seed: int = 0) -> float:
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def copy_rate(game, seconds: float, seed: int = 0) -> float:
    """Copies of mid-game states (a random playout stopped half-way)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    copies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(1000):
            state.copy()
        copies += 1000
    return copies / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args()
    results = {}
    for cls in registered_games():
        if args.game and cls.name not in args.game:
            continue
        game = cls()
        # warm caches (rules memoise small sub-problems) before timing
        playout_rate(game, min(1.0, args.seconds), seed=99)
        row = {
            "decisions_per_second": round(max(playout_rate(game, args.seconds, r) for r in range(args.rounds))),
            "copies_per_second": round(max(copy_rate(game, args.seconds / 2, r) for r in range(args.rounds))),
        }
        floors = FLOORS.get(cls.name)
        if floors:
            row["floors"] = floors
            row["meets_floors"] = all(row[k] >= v for k, v in floors.items())
        results[cls.name] = row
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for name, row in results.items():
            status = "" if "meets_floors" not in row else ("  ok" if row["meets_floors"] else "  BELOW FLOOR")
            print(f"{name:12s} {row['decisions_per_second']:>9,} decisions/s "
                  f"{row['copies_per_second']:>10,} copies/s{status}")


if __name__ == "__main__":
    main()
