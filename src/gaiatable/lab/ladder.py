"""A round robin of agents in two-player games, rated by Bradley–Terry on the Elo scale.

Each pair plays `games` games, seats alternated. Ties count half a win each. Ratings are anchored
at 0 for the first agent; 95% intervals come from a seeded bootstrap over the games.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

from .sim import SimJob, run_one, run_tasks, wilson


def _play(task: tuple[SimJob, int, int, int]) -> tuple[int, int, float]:
    job, index, a, b = task
    winners = run_one(job, index)["winners"]
    first = 0.5 if winners is None else float(0 in winners)
    return a, b, first  # the score of agent a, which sat first


def ladder(game: str, params: dict, specs: list[str], games: int, seed: int, workers: int = 1,
           progress: Callable[[int], None] | None = None) -> dict:
    params = dict(params, players=2) if "players" in params else params
    tasks = []
    for i, j in itertools.combinations(range(len(specs)), 2):
        for k in range(games):
            a, b = (i, j) if k % 2 == 0 else (j, i)
            job = SimJob(game, params, (specs[a], specs[b]), seed)
            tasks.append((job, len(tasks), a, b))
    results = run_tasks(_play, tasks, workers, progress)
    ratings = bradley_terry(results, len(specs))
    rng = random.Random(seed)
    samples = [bradley_terry([rng.choice(results) for _ in results], len(specs)) for _ in range(200)]
    rows = []
    for i, spec in enumerate(specs):
        spread = sorted(s[i] for s in samples)
        played = [r for r in results if i in r[:2]]
        score = sum(r[2] if r[0] == i else 1 - r[2] for r in played)
        rows.append({"agent": spec, "elo": round(ratings[i], 1), "elo_low": round(spread[4], 1),
                     "elo_high": round(spread[-5], 1), "games": len(played), "score": score})
    rows.sort(key=lambda r: -r["elo"])
    return {"game": game, "params": params, "seed": seed, "games_per_pair": games, "ladder": rows,
            "pairs": pair_results(results, specs)}


def pair_results(results: list[tuple[int, int, float]], specs: list[str]) -> list[dict]:
    """Each pair's games from the stronger-listed agent's side (the later in `specs`): wins, draws,
    losses, and its win rate with a draw as half a win, with a 95% Wilson interval."""
    rows = []
    for i, j in itertools.combinations(range(len(specs)), 2):
        scores = [s if a == j else 1 - s for a, b, s in results if {a, b} == {i, j}]
        wins, draws = scores.count(1.0), scores.count(0.5)
        rate = (wins + draws / 2) / len(scores)
        rows.append({"agent": specs[j], "opponent": specs[i], "wins": wins, "draws": draws,
                     "losses": len(scores) - wins - draws, "win_rate": round(rate, 4),
                     "win_rate_ci95": wilson(wins + draws / 2, len(scores))})
    return rows


def bradley_terry(results: list[tuple[int, int, float]], n: int, rounds: int = 200) -> list[float]:
    """Maximum-likelihood strengths by the MM algorithm, as Elo points relative to agent 0."""
    wins = [0.5] * n  # half a win and half a loss against a virtual peer keep every rating finite
    pairs = [[0.0] * n for _ in range(n)]
    for a, b, score in results:
        wins[a] += score
        wins[b] += 1 - score
        pairs[a][b] += 1
        pairs[b][a] += 1
    strength = [1.0] * n
    for _ in range(rounds):
        new = []
        for i in range(n):
            denominator = 1.0 / (strength[i] + 1.0)  # the virtual peer of strength 1
            denominator += sum(pairs[i][j] / (strength[i] + strength[j]) for j in range(n) if pairs[i][j])
            new.append(wins[i] / denominator)
        strength = new
    return [400 * math.log10(s / strength[0]) for s in strength]


def ladder_tables(result: dict) -> list:
    """The ratings and each pair's results, as rich tables for the terminal."""
    from rich.table import Column, Table

    def name(header):  # a spec is folded onto more lines, never cut: two specs may share their start
        return Column(header, overflow="fold")

    ratings = Table(name("agent"), "Elo", "95% interval", "games", "score")
    for row in result["ladder"]:
        ratings.add_row(row["agent"], f"{row['elo']:+.0f}", f"{row['elo_low']:+.0f} … {row['elo_high']:+.0f}",
                        str(row["games"]), f"{row['score']:g}")
    pairs = Table(name("agent"), name("against"), "won", "drawn", "lost", "win rate", "95% interval")
    for row in result["pairs"]:
        low, high = row["win_rate_ci95"]
        pairs.add_row(row["agent"], row["opponent"], str(row["wins"]), str(row["draws"]), str(row["losses"]),
                      f"{row['win_rate']:.1%}", f"{low:.1%} … {high:.1%}")
    return [ratings, pairs]
