"""Our tictactoe against OpenSpiel's Python tic-tac-toe, side by side in one process.

    pip install -e '.[bench]' && python bench/peers.py [--json] [--seconds S]

Both play uniformly random games; the figure is decisions per second (legal actions + apply), best of
a few rounds. Goal (issue 2): ours at least 3x OpenSpiel's Python implementation.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from gaiatable import load_game


def playout_rate(new_state, apply: str, seconds: float, seed: int) -> float:
    """Random games from `new_state()`, moving with the state's method named `apply`."""
    rng = random.Random(seed)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_state()
        move = getattr(state, apply)
        while not state.is_terminal():
            legal = state.legal_actions()
            move(legal[rng.randrange(len(legal))])
            n += 1
    return n / (time.perf_counter() - start)


def ours(seconds: float, seed: int) -> float:
    return playout_rate(load_game("tictactoe").new_initial_state, "apply", seconds, seed)


def openspiel(seconds: float, seed: int) -> float:
    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  registers python_tic_tac_toe

    return playout_rate(pyspiel.load_game("python_tic_tac_toe").new_initial_state, "apply_action", seconds, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    try:
        theirs = max(openspiel(args.seconds, r) for r in range(args.rounds))
    except ImportError:
        raise SystemExit("OpenSpiel is not installed: pip install -e '.[bench]'") from None
    mine = max(ours(args.seconds, r) for r in range(args.rounds))
    result = {
        "tictactoe": {
            "gaiatable_decisions_per_second": round(mine),
            "openspiel_python_decisions_per_second": round(theirs),
            "ratio": round(mine / theirs, 2),
            "goal_ratio": 3.0,
            "meets_goal": mine / theirs >= 3.0,
        }
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        r = result["tictactoe"]
        print(f"gaiatable {r['gaiatable_decisions_per_second']:,}/s  OpenSpiel (Python) "
              f"{r['openspiel_python_decisions_per_second']:,}/s  ratio {r['ratio']}x")


if __name__ == "__main__":
    main()
