"""`gaiatable lab tune`: search a game's declared parameters, or numbers in its content, toward a stated
target with Optuna.

The search space and the target are a TOML file:

    games = 200            # games a trial plays (more: less noise, slower)
    trials = 30
    agents = ["random", "random", "random"]
    base_content = "variant.toml"   # optional, next to this file: the content the numbers change

    [params.stars]         # a declared parameter and its range (integers)
    low = 2
    high = 6

    [numbers."gauges.o2_21"]   # a whole number in the content file, by its dotted path (list items by index)
    low = 6
    high = 10

    [target]
    fairness = 0.02        # every seat's win rate within this of the fair share 1/seats
    length = [120, 180]    # the median game length, in decisions
    truncated = 0.05       # optional: at most this share of games stopped at the turn cap
    draws = 0.10           # optional: at most this share of games drawn (the cap's included)

A trial's loss is how far it misses: the worst seat's distance beyond the fairness band, plus the
median length's distance outside its range as a share of the range, plus each rate's excess over its
ceiling. Optuna's TPE sampler, seeded, is
robust to the noise of a finite sample; the best trial is re-read from the table, not trusted blindly.
A trial's numbers go into a copy of the content (`contents/trial-N.toml`), which the game loads and checks
as any content file; a trial whose content the game refuses is pruned, its reason kept in best.json.
Writes `trials.csv` (one row per trial: parameters, numbers, win rates, length, loss) and `tradeoff.png`
(fairness against length, the best marked) into the output folder.
"""

from __future__ import annotations

import copy
import csv
import difflib
import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..core.content import read_toml
from ..core.errors import ContentError, GaiatableError
from ..core.registry import game_class, load_game
from .run import LabJob, play_one
from .sim import iter_tasks, wilson


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Bounds(_Strict):
    low: int
    high: int

    @model_validator(mode="after")
    def ordered(self) -> Bounds:
        if self.low > self.high:
            raise ValueError(f"low {self.low} is above high {self.high}")
        return self


class Target(_Strict):
    fairness: float = Field(0.02, ge=0, le=1)
    length: list[int] | None = Field(None, min_length=2, max_length=2)
    truncated: float | None = Field(None, ge=0, le=1)
    draws: float | None = Field(None, ge=0, le=1)

    @model_validator(mode="after")
    def ordered(self) -> Target:
        if self.length is not None and self.length[0] >= self.length[1]:
            raise ValueError("length must be [shortest, longest], shortest first")
        return self


class Space(_Strict):
    games: int = Field(200, gt=0)
    trials: int = Field(30, gt=0)
    agents: list[str] | None = None
    base_content: str | None = None
    params: dict[str, Bounds] = {}
    numbers: dict[str, Bounds] = {}
    target: Target = Target()


def read_space(path: Path, game: str) -> dict:
    """The space file, checked whole before any trial: unknown keys (with the nearest known one), types,
    ranges, and each parameter's bounds against the range the game declares."""
    data, where = read_toml(str(path), "gaiatable", "")
    try:
        space = Space.model_validate(data)
    except ValidationError as exc:
        raise GaiatableError(f"{where}: " + "; ".join(_problem(e) for e in exc.errors())) from None
    cls = game_class(game)
    declared = {p.name: p for p in cls.params_spec}
    if not (space.params or space.numbers):
        raise GaiatableError(f"{where}: [params.NAME] or [numbers.\"PATH\"] tables with low and high are needed")
    for name, bounds in space.params.items():
        if name not in declared:
            raise GaiatableError(f"{where}: {game} has no parameter {name!r}{_nearest(name, declared)} "
                                 f"(known: {', '.join(sorted(declared))})")
        p = declared[name]
        if (p.min is not None and bounds.low < p.min) or (p.max is not None and bounds.high > p.max):
            raise GaiatableError(f"{where}: params.{name} spans {bounds.low}..{bounds.high}, but {game} takes "
                                 f"{p.min if p.min is not None else '…'}..{p.max if p.max is not None else '…'}")
    base = str(path.parent / space.base_content) if space.base_content is not None else None
    content = None
    if space.numbers or base:
        if cls.content_file is None:
            raise GaiatableError(f"{where}: {game} has no content file to change")
        try:
            content, content_where = cls.read_content(base)
        except ContentError as exc:
            raise GaiatableError(f"{where}: base_content: {exc}") from None
        for dotted in space.numbers:
            _entry(content, dotted, f"{where}: numbers.{dotted}", content_where)
    ceilings = {key: value for key in ("truncated", "draws") if (value := getattr(space.target, key)) is not None}
    bounds = {kind: {name: b.model_dump() for name, b in getattr(space, kind).items()}
              for kind in ("params", "numbers")}
    return {**bounds, "content": content, "base": base, "fairness": space.target.fairness,
            "length": space.target.length, "ceilings": ceilings,
            "games": space.games, "trials": space.trials, "agents": space.agents, "where": where}


def _problem(error: dict) -> str:
    """One pydantic error as the file's words: the entry, the key and what is wrong."""
    at = ".".join(str(part) for part in error["loc"])
    if error["type"] == "extra_forbidden":
        first, depth = error["loc"][0], len(error["loc"])
        known = Target.model_fields if first == "target" else Bounds.model_fields if depth == 3 else Space.model_fields
        return f"unknown key {at!r}{_nearest(str(error['loc'][-1]), known)}"
    table = error["type"] in ("model_type", "dict_type")
    said = "must be a table" if table else error["msg"].removeprefix("Value error, ")
    return f"{at}: {said}" + (f", got {error['input']!r}" if error["type"] not in ("missing", "value_error") else "")


def _nearest(word: str, known) -> str:
    match = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean {match[0]!r}?)" if match else ""


def _entry(data: dict, dotted: str, at: str, content_where: str) -> tuple[dict | list, str | int]:
    """The container and key of the whole number at `dotted` ("gauges.o2_21", "goals.3.lines.0.points")."""
    *path, last = [int(part) if part.isdecimal() else part for part in dotted.split(".")]
    node = data
    try:
        for part in path:
            node = node[part]
        value = node[last]
    except (KeyError, IndexError, TypeError):
        raise GaiatableError(f"{at}: {content_where} has no entry {dotted}") from None
    if not isinstance(value, int) or isinstance(value, bool):
        raise GaiatableError(f"{at}: {content_where}'s {dotted} is {value!r}, not a whole number")
    return node, last


def write_content(space: dict, numbers: dict[str, int], path: Path) -> None:
    """The space's content with `numbers` set, as a TOML file."""
    import tomli_w
    data = copy.deepcopy(space["content"])
    for dotted, value in numbers.items():
        node, key = _entry(data, dotted, "numbers", "the content")
        node[key] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(data))


def _task(args: tuple[LabJob, int]) -> tuple[list[float], int, bool, bool]:
    rows, _ = play_one(*args)
    return [r["win"] for r in rows], rows[0]["plies"], rows[0]["truncated"], rows[0]["draw"]


def evaluate(job: LabJob, workers: int) -> dict:
    wins, plies, truncated, draws = None, [], 0, 0
    for game_wins, length, cut, drawn in iter_tasks(_task, [(job, i) for i in range(job.games)], workers):
        wins = game_wins if wins is None else [a + b for a, b in zip(wins, game_wins, strict=True)]
        plies.append(length)
        truncated += cut
        draws += drawn
    plies.sort()
    return {"win_rates": [w / job.games for w in wins], "median_length": plies[len(plies) // 2],
            "truncated": truncated / job.games, "draws": draws / job.games}


def loss(result: dict, fairness: float, length: list[int] | None, ceilings: dict[str, float] | None = None) -> float:
    fair = 1 / len(result["win_rates"])
    miss = max(0.0, max(abs(rate - fair) for rate in result["win_rates"]) - fairness)
    if length:
        low, high = length
        median = result["median_length"]
        miss += max(0.0, low - median, median - high) / (high - low)
    for key, ceiling in (ceilings or {}).items():
        miss += max(0.0, result[key] - ceiling)
    return miss


def tune(game: str, space_file: Path, out: Path, seed: int = 0, workers: int = 1, base: dict | None = None,
         progress=None) -> dict:
    import optuna

    space = read_space(space_file, game)
    cls = game_class(game)
    agents = tuple(space["agents"] or ["random"] * int((base or {}).get("players", cls.min_players)))
    out.mkdir(parents=True, exist_ok=True)
    rows: list[dict] = []
    pruned: list[str] = []
    tried: dict[int, dict] = {}  # each trial's parameters, to re-check the best

    def objective(trial) -> float:
        params = {**(base or {}), **{name: trial.suggest_int(name, b["low"], b["high"])
                                     for name, b in space["params"].items()}}
        numbers = {path: trial.suggest_int(path, b["low"], b["high"]) for path, b in space["numbers"].items()}
        if numbers:
            params["content"] = str(out / "contents" / f"trial-{trial.number}.toml")
            write_content(space, numbers, Path(params["content"]))
        elif space["base"]:
            params["content"] = space["base"]
        try:
            load_game(game, **params)  # a refused content file prunes the trial before any game is played
        except ContentError as exc:
            pruned.append(f"trial {trial.number}: {exc}")
            if progress:
                progress(1)
            raise optuna.TrialPruned(str(exc)) from None
        tried[trial.number] = params
        job = LabJob(game, params, agents, seed + trial.number, space["games"])
        result = evaluate(job, workers)
        value = loss(result, space["fairness"], space["length"], space["ceilings"])
        rows.append({"trial": trial.number, **{f"param {k}": v for k, v in params.items() if k != "content"},
                     **{f"number {k}": v for k, v in numbers.items()},
                     **{f"seat {s} win rate": round(r, 4) for s, r in enumerate(result["win_rates"])},
                     "median length": result["median_length"], "truncated": result["truncated"],
                     "draws": result["draws"], "loss": round(value, 5)})
        if progress:
            progress(1)
        return value

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
    study.optimize(objective, n_trials=space["trials"])
    if not rows:
        raise GaiatableError(f"every trial's content was refused; the first: {pruned[0]}")
    with (out / "trials.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    best = min(rows, key=lambda r: r["loss"])
    _plot(rows, best, len(agents), out / "tradeoff.png", space["length"])
    summary = {"game": game, "space": str(space_file), "seed": seed, "trials": len(rows), "best": best,
               "tuned": [f"param {name}" for name in space["params"]] + [f"number {n}" for n in space["numbers"]],
               "pruned": pruned}
    if space["numbers"]:
        summary["best_content"] = str(out / "contents" / f"trial-{best['trial']}.toml")
    fresh = LabJob(game, tried[best["trial"]], agents, seed + RECHECK_SEED, space["games"])
    summary["recheck"] = recheck(fresh, space["fairness"], workers)
    (out / "best.json").write_text(json.dumps(summary, indent=1) + "\n")
    return summary


RECHECK_SEED = 1_000_000  # trials play from seed + their number; the re-check from far beyond


def recheck(job: LabJob, fairness: float, workers: int) -> dict:
    """The best trial's settings played again on fresh seeds: the best of many noisy trials is partly
    luck. Each seat's win rate with its 95% interval, and whether that interval is wider than the
    fairness band, when the trials' games are too few to tell settings apart within the band."""
    result = evaluate(job, workers)
    intervals = [wilson(rate * job.games, job.games) for rate in result["win_rates"]]
    noise = max((high - low) / 2 for low, high in intervals)
    return {"seed": job.seed, "games": job.games, "win_rates": [round(r, 4) for r in result["win_rates"]],
            "intervals": [[round(low, 4), round(high, 4)] for low, high in intervals],
            "median_length": result["median_length"], "noise": round(noise, 4), "band": fairness,
            "noise_exceeds_band": noise > fairness}


def recheck_words(check: dict) -> str:
    rates = ", ".join(f"seat {s} {rate:.2f} [{low:.2f}, {high:.2f}]"
                      for s, (rate, (low, high)) in enumerate(zip(check["win_rates"], check["intervals"], strict=True)))
    said = f"re-checked on fresh seeds ({check['games']} games, seed {check['seed']}): {rates}"
    if check["noise_exceeds_band"]:
        said += (f"; these intervals (±{check['noise']:.2f}) are wider than the fairness band (±{check['band']:.2f}):"
                 " with so few games a trial cannot be told from its neighbours within the band; raise `games`")
    return said


def _plot(rows: list[dict], best: dict, seats: int, path: Path, length: list[int] | None) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def unfairness(row: dict) -> float:
        return max(abs(row[f"seat {s} win rate"] - 1 / seats) for s in range(seats))

    fig, ax = plt.subplots(figsize=(6, 4))
    ax.scatter([r["median length"] for r in rows], [unfairness(r) for r in rows], c=[r["loss"] for r in rows],
               cmap="viridis_r")
    ax.scatter([best["median length"]], [unfairness(best)], s=160, facecolors="none", edgecolors="#d62728",
               label="best trial")
    if length:
        ax.axvspan(*length, color="#2ca02c", alpha=0.12, label="target length")
    ax.set_xlabel("median game length (decisions)")
    ax.set_ylabel("worst seat's distance from a fair win rate")
    ax.set_title("trials: fairness against length")
    ax.legend()
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)
