"""Lab speed: four-player random games per second through `lab run`, and the report's render time.

    python bench/lab.py [--games 10000] [--workers 2] [--json] [GAME ...]

Floors (issue 18): 10,000 four-player random games of any game in at most 60 s with two workers on
this 2-core machine; the report of 10,000 games renders in under 10 s.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from gaiatable import registered_games
from gaiatable.core.registry import game_class
from gaiatable.lab.report import render
from gaiatable.lab.run import LabJob, run

FLOOR_SECONDS, FLOOR_REPORT = 60.0, 10.0


def four_player_games() -> list[str]:
    return [cls.name for cls in registered_games() if cls.min_players <= 4 <= cls.max_players]


def measure(name: str, games: int, workers: int) -> dict:
    params = {"players": 4} if any(p.name == "players" for p in game_class(name).params_spec) else {}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "run"
        started = time.perf_counter()
        summary = run(LabJob(name, params, ("random",) * 4, 0, games), out, workers)
        seconds = time.perf_counter() - started
        started = time.perf_counter()
        (out / "report.html").write_text(render(out))
        report = time.perf_counter() - started
    return {"game": name, "games": games, "workers": workers, "seconds": round(seconds, 1),
            "games_per_second": round(games / seconds, 1), "report_seconds": round(report, 1),
            "truncated": summary["truncated_games"], "floor_seconds": FLOOR_SECONDS, "floor_report": FLOOR_REPORT}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_of", nargs="*", metavar="GAME", help="default: every game for four players")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    for name in args.games_of or four_player_games():
        result = measure(name, args.games, args.workers)
        print(json.dumps(result) if args.json else
              f"{name:>15}  {result['games']} games in {result['seconds']:>5} s ({result['games_per_second']}/s), "
              f"report {result['report_seconds']} s")


if __name__ == "__main__":
    main()
