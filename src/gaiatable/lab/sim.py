"""Run many seeded games, in parallel if asked, and summarise them.

Game i is seeded with derive_seed(seed, "game", i) and results are gathered in game order, so the
summary is the same whatever the number of workers.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..agents import make_agent
from ..core.driver import agent_seed, play_game
from ..core.game import Game
from ..core.record import Recorder, write_record
from ..core.registry import load_game
from ..core.seeding import derive_seed


@dataclass(frozen=True)
class SimJob:
    game: str
    params: dict
    agents: tuple[str, ...]
    seed: int
    records: str | None = None


@lru_cache(maxsize=8)
def _game(name: str, params: str) -> Game:
    """Each worker process builds a game once (content, action tables) and plays all its games on it."""
    return load_game(name, **json.loads(params))


def run_one(job: SimJob, index: int) -> dict:
    game = _game(job.game, json.dumps(job.params, sort_keys=True))
    seed = derive_seed(job.seed, "game", index)
    agents = [make_agent(spec, seat=seat, seed=agent_seed(seed, seat), game=game)
              for seat, spec in enumerate(job.agents)]
    recorder = Recorder() if job.records is not None else None
    result = play_game(game, agents, seed, [recorder] if recorder else [])
    if recorder:
        write_record(Path(job.records) / f"game-{index:06d}.jsonl", recorder.lines)
    return {"returns": result.returns, "scores": result.scores, "plies": result.plies,
            "winners": result.winners, "truncated": result.state.truncated()}


def _run_index(args: tuple[SimJob, int]) -> dict:
    return run_one(*args)


def iter_tasks(fn: Callable, tasks: list, workers: int = 1, chunksize: int | None = None) -> Iterator:
    """fn(task) for every task, yielded in order as they finish, in `workers` processes."""
    if workers <= 1:
        yield from map(fn, tasks)
        return
    pool = multiprocessing.get_context("spawn").Pool(workers)
    try:
        yield from pool.imap(fn, tasks, chunksize=chunksize or max(1, min(32, len(tasks) // (workers * 8))))
    finally:
        pool.terminate()
        pool.join()


def run_tasks(fn: Callable, tasks: list, workers: int = 1, progress: Callable[[int], None] | None = None) -> list:
    """fn(task) for every task, in order, in `workers` processes; `progress(1)` after each."""
    results = []
    for output in iter_tasks(fn, tasks, workers):
        results.append(output)
        if progress:
            progress(1)
    return results


def simulate(job: SimJob, games: int, workers: int = 1,
             progress: Callable[[int], None] | None = None) -> dict:
    if job.records is not None:
        Path(job.records).mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    results = run_tasks(_run_index, [(job, i) for i in range(games)], workers, progress)
    elapsed = time.perf_counter() - start
    return summarise(job, results, elapsed, workers)


def wilson(wins: float, games: int, z: float = 1.96) -> list[float]:
    """95% Wilson score interval of a win rate (shared wins count as fractions)."""
    if not games:
        return [0.0, 1.0]
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def scoreless(rows: list[dict]) -> int:
    """Games (of a lab run's games table: a row per game and seat) in which every seat scored 0."""
    scored = {r["game"] for r in rows if r["score"]}
    return len({r["game"] for r in rows} - scored)


def summarise(job: SimJob, results: list[dict], elapsed: float, workers: int) -> dict:
    n = len(job.agents)
    games = len(results)
    wins = [0.0] * n
    draws = 0
    for r in results:
        winners = r["winners"]
        if winners is None:
            draws += 1
            continue
        for s in winners:
            wins[s] += 1 / len(winners)
    plies = sum(r["plies"] for r in results)
    mean = (lambda xs: sum(xs) / games) if games else (lambda xs: 0.0)
    return {
        "game": job.game, "params": job.params, "agents": list(job.agents), "seed": job.seed,
        "games": games,
        "wins_by_seat": [round(w, 6) for w in wins],
        "win_rate_by_seat": [round(w / games, 6) if games else 0.0 for w in wins],
        "win_rate_ci95_by_seat": [wilson(w, games) for w in wins],
        "draws": draws,
        "mean_scores": [round(mean([r["scores"][s] for r in results]), 6) for s in range(n)],
        "mean_decisions": round(mean([r["plies"] for r in results]), 6),
        "truncated_games": sum(r["truncated"] for r in results),
        "decisions_per_second": round(plies / elapsed, 1) if elapsed > 0 else None,
        "seconds": round(elapsed, 3),
        "workers": workers,
    }
