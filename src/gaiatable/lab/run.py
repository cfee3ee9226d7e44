"""`gaiatable lab run`: many seeded games written as Parquet tables a report can read.

A run folder holds `job.json` (what was asked), `games/part-NNNNN.parquet` (one row per game and
seat), `items/part-NNNNN.parquet` (one row per content item a seat used in a game: a card played, a
Sky Object activated, a chart line, a gene; the ply it was first used and how often) and
`summary.json`. Games are played in chunks; game i is seeded with derive_seed(seed, "game", i), so
the tables are the same for any number of workers, and a run that was interrupted resumes at the
first chunk it has not written.
"""

from __future__ import annotations

import json
import math
import shlex
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from ..agents import make_agent
from ..core.driver import Decision, Observer, agent_seed, play_game
from ..core.errors import GaiatableError
from ..core.game import Game
from ..core.seeding import derive_seed
from .sim import _game, iter_tasks, scoreless, wilson

CHUNK = 50  # games per Parquet file: a resumed run loses at most one chunk, and workers share short runs
ITEM_KEYS = ("card", "object", "use", "gene", "goal", "habitat")  # the parts of an action's JSON form naming content


@dataclass(frozen=True)
class LabJob:
    game: str
    params: dict
    agents: tuple[str, ...]
    seed: int
    games: int
    content_hash: str = ""

    def chunks(self) -> int:
        return math.ceil(self.games / CHUNK)

    def size(self, chunk: int) -> int:
        """How many games chunk number `chunk` holds."""
        return min(CHUNK, self.games - chunk * CHUNK)


_ITEMS: dict[int, tuple[Game, list]] = {}  # id(game) -> (game, per action: its items, or None until seen)


def items_table(game: Game) -> list:
    """Per action id: the content items it names, or None until first asked (items_of)."""
    held = _ITEMS.get(id(game))
    if held is None or held[0] is not game:
        held = _ITEMS[id(game)] = (game, [None] * game.num_distinct_actions)
    return held[1]


def items_of(game: Game, action: int) -> tuple:
    """The content items an action names: (verb, kind, item) for each of ITEM_KEYS in its JSON form."""
    table = items_table(game)
    found = table[action]
    if found is None:
        struct = game.action_struct(action)
        found = table[action] = tuple((str(struct.get("kind", "")), key, str(struct[key]))
                                      for key in ITEM_KEYS if key in struct)
    return found


class Items(Observer):
    """Collects the content items each seat uses, and how often the lead changes hands between turns."""

    def __init__(self, game: Game):
        self.game, self.lead_changes, self._leader, self._actor = game, 0, None, None
        self.used: dict[tuple, list[int]] = {}  # (seat, verb, kind, item) -> [first ply, uses]
        self._items = items_table(game)

    def decided(self, decision: Decision) -> None:
        actor = decision.actor
        if actor < 0:  # chance: what it hands a seat (a gene dealt) counts as that seat's
            receiver = self.game.receiver(decision.state, decision.action)
            if receiver is not None:
                self._count(receiver, decision)
            return
        self._count(actor, decision)
        if actor == self._actor:
            return  # the same seat's turn goes on: the lead is judged when a turn passes
        self._actor = actor
        scores = decision.state.scores()
        top = max(scores)
        if scores.count(top) == 1:  # a tie leads nobody: the lead stays where it was
            leader = scores.index(top)
            if self._leader is not None and leader != self._leader:
                self.lead_changes += 1
            self._leader = leader

    def _count(self, seat: int, decision: Decision) -> None:
        found = self._items[decision.action]
        for triple in items_of(self.game, decision.action) if found is None else found:
            key = (seat, *triple)
            seen = self.used.get(key)
            if seen is None:
                self.used[key] = [decision.ply, 1]
            else:
                seen[1] += 1


def play_one(job: LabJob, index: int) -> tuple[list[dict], list[dict]]:
    game = _game(job.game, json.dumps(job.params, sort_keys=True))
    seed = derive_seed(job.seed, "game", index)
    agents = [make_agent(spec, seat=seat, seed=agent_seed(seed, seat), game=game)
              for seat, spec in enumerate(job.agents)]
    items = Items(game)
    result = play_game(game, agents, seed, [items])
    winners = result.winners
    share = [0.0 if winners is None or s not in winners else 1 / len(winners) for s in range(len(agents))]
    truncated = result.state.truncated()
    games = [{"game": index, "seat": s, "agent": job.agents[s], "score": float(result.scores[s]),
              "return": float(result.returns[s]), "win": share[s], "draw": winners is None, "plies": result.plies,
              "truncated": truncated, "lead_changes": items.lead_changes} for s in range(len(agents))]
    used = [{"game": index, "seat": seat, "ply": first, "uses": uses, "verb": verb, "kind": kind, "item": item,
             "return": float(result.returns[seat]), "win": share[seat]}
            for (seat, verb, kind, item), (first, uses) in items.used.items()]
    return games, used


def play_chunk(args: tuple[LabJob, int]) -> tuple[list[dict], list[dict]]:
    job, chunk = args
    games, items = [], []
    for index in range(chunk * CHUNK, min(job.games, (chunk + 1) * CHUNK)):
        g, i = play_one(job, index)
        games += g
        items += i
    return games, items


def command(job: LabJob) -> str:
    """The command that plays this job again (with its parameters all spelled out)."""
    params = " ".join(f"-p {shlex.quote(f'{k}={v}')}" for k, v in job.params.items() if v != "")
    return (f"gaiatable lab run {job.game} --agents {shlex.quote(','.join(job.agents))} --games {job.games} "
            f"--seed {job.seed} {params} --out DIR").replace("  ", " ")


def iter_ray(fn: Callable, tasks: list, workers: int, address: str | None) -> Iterator:
    """fn(task) for every task on a Ray cluster (`address`, or a local Ray of `workers` CPUs), in order.
    Every node needs gaiatable installed, as it is here."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, num_cpus=None if address else workers, include_dashboard=False,
                 log_to_driver=False, configure_logging=False)
    remote = ray.remote(fn)
    pending = [remote.remote(task) for task in tasks]
    for ref in pending:
        yield ray.get(ref)


def run(job: LabJob, out: Path, workers: int = 1, progress: Callable[[int], None] | None = None,
        backend: str = "local", address: str | None = None) -> dict:
    """Play the job's games into `out` (resuming what is there) and return its summary. `backend` is
    "local" (worker processes) or "ray" (a Ray cluster at `address`, or one started here)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    out.mkdir(parents=True, exist_ok=True)
    (out / "games").mkdir(exist_ok=True)
    (out / "items").mkdir(exist_ok=True)
    _claim(out, job)
    todo = [c for c in range(job.chunks()) if not (out / "items" / _part(c)).exists()]
    if progress:
        progress(sum(job.size(c) for c in range(job.chunks()) if c not in todo))
    started = time.perf_counter()

    games_schema, items_schema = schemas()
    tasks = [(job, c) for c in todo]
    if backend == "ray":
        results = iter_ray(play_chunk, tasks, workers, address)
    elif backend == "local":
        results = iter_tasks(play_chunk, tasks, workers, 1)
    else:
        raise GaiatableError(f"backend must be 'local' or 'ray', got {backend!r}")
    for chunk, (games, items) in zip(todo, results, strict=True):
        pq.write_table(pa.Table.from_pylist(games, schema=games_schema), out / "games" / _part(chunk))
        pq.write_table(pa.Table.from_pylist(items, schema=items_schema), out / "items" / _part(chunk))  # last
        if progress:
            progress(job.size(chunk))
    summary = summarise(job, pq.read_table(out / "games").to_pylist(), time.perf_counter() - started, workers)
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    return summary


def _part(chunk: int) -> str:
    return f"part-{chunk:05d}.parquet"


def _claim(out: Path, job: LabJob) -> None:
    """Write job.json, or check that the folder holds this job (to resume it) or the same job with fewer
    games (to add games: game i is the same game whatever the total)."""
    path = out / "job.json"
    wanted = {**asdict(job), "agents": list(job.agents)}
    if path.exists():
        try:
            held = json.loads(path.read_text())
        except ValueError:
            raise GaiatableError(f"{path} is not JSON: is this a lab run folder?") from None
        held.pop("command", None)
        if {**held, "games": job.games} != wanted or held.get("games", 0) > job.games:
            raise GaiatableError(f"{out} holds another run ({held.get('game')}, {held.get('games')} games, "
                                 f"seed {held.get('seed')}): choose another --out to start a new one")
        last = (held["games"] - 1) // CHUNK
        if held["games"] % CHUNK and held["games"] < job.games:  # its last chunk was short: play it whole
            for table in ("items", "games"):
                (out / table / _part(last)).unlink(missing_ok=True)
    path.write_text(json.dumps({**wanted, "command": command(job)}, indent=1) + "\n")


def summarise(job: LabJob, rows: list[dict], elapsed: float, workers: int) -> dict:
    seats = len(job.agents)
    games = len(rows) // seats if seats else 0
    wins = [sum(r["win"] for r in rows if r["seat"] == s) for s in range(seats)]
    plies = sorted(r["plies"] for r in rows if r["seat"] == 0)
    by_agent: dict[str, list[float]] = {}
    for r in rows:
        by_agent.setdefault(r["agent"], []).append(r["win"])
    return {
        "game": job.game, "params": job.params, "agents": list(job.agents), "seed": job.seed, "games": games,
        "content_hash": job.content_hash,
        "win_rate_by_seat": [round(w / games, 6) if games else 0.0 for w in wins],
        "win_rate_ci95_by_seat": [wilson(w, games) for w in wins],
        "win_rate_by_agent": {a: round(sum(v) / len(v), 6) for a, v in by_agent.items()},
        "draws": sum(1 for r in rows if r["seat"] == 0 and r["draw"]),
        "scoreless_games": scoreless(rows),
        "truncated_games": sum(1 for r in rows if r["seat"] == 0 and r["truncated"]),
        "mean_scores": [round(sum(r["score"] for r in rows if r["seat"] == s) / games, 6) if games else 0.0
                        for s in range(seats)],
        "median_plies": plies[len(plies) // 2] if plies else 0,
        "seconds": round(elapsed, 3), "workers": workers,
        "games_per_second": round(games / elapsed, 1) if elapsed else None,
    }


def schemas():
    """The Parquet schemas of the games and items tables."""
    import pyarrow as pa
    games = pa.schema([("game", pa.int64()), ("seat", pa.int8()), ("agent", pa.string()), ("score", pa.float64()),
                       ("return", pa.float64()), ("win", pa.float64()), ("draw", pa.bool_()), ("plies", pa.int32()),
                       ("truncated", pa.bool_()), ("lead_changes", pa.int32())])
    items = pa.schema([("game", pa.int64()), ("seat", pa.int8()), ("ply", pa.int32()), ("uses", pa.int32()),
                       ("verb", pa.string()),
                       ("kind", pa.string()), ("item", pa.string()), ("return", pa.float64()), ("win", pa.float64())])
    return games, items

