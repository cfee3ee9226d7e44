"""`gaiatable lab skill`: how far a strong bot moves the result, against random and against itself.

A skill folder holds one lab run per matchup, each with seats swapped as the matchup needs:

- `bot-seat-K`: the bot in seat K, random bots in the others (one run per seat, so no seat is favoured);
- `bot`: the bot in every seat: what is left of the result is luck and seat order;
- `random`: random bots in every seat, the baseline.

`skill.json` sums them up. The skill index is (the bot's win rate against random - fair share) /
(1 - fair share): 1 when the bot always wins, 0 when it does no better than chance. A solo game has
no seats to swap: its index compares the bot's win rate with random's, (bot - random) / (1 - random).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ..core.game import Game
from .run import LabJob, run
from .sim import wilson


def matchups(bot: str, players: int) -> dict[str, tuple[str, ...]]:
    """Run name -> the agent of each seat."""
    plan = {"random": ("random",) * players, "bot": (bot,) * players}
    if players > 1:
        for seat in range(players):
            plan[f"bot-seat-{seat}"] = tuple(bot if s == seat else "random" for s in range(players))
    return plan


def measure(game: Game, bot: str, games: int, out: Path, seed: int = 0, workers: int = 1,
            progress: Callable[[int], None] | None = None) -> dict:
    """Play every matchup (resuming what `out` holds) and write and return skill.json's content."""
    n = game.num_players
    runs = {}
    for name, agents in matchups(bot, n).items():
        job = LabJob(game.name, game.params, agents, seed, games, game.content_hash())
        runs[name] = run(job, out / name, workers, progress)
    result = summarise(bot, n, games, runs)
    (out / "skill.json").write_text(json.dumps(result, indent=1) + "\n")
    return result


def summarise(bot: str, players: int, games: int, runs: dict[str, dict]) -> dict:
    fair = 1 / players
    self_play = runs["bot"]["win_rate_by_seat"]
    baseline = runs["random"]["win_rate_by_seat"]
    if players > 1:
        by_seat = [runs[f"bot-seat-{s}"]["win_rate_by_seat"][s] for s in range(players)]
        rate = sum(by_seat) / players
        index = (rate - fair) / (1 - fair)
    else:
        by_seat, rate = self_play, self_play[0]
        index = (rate - baseline[0]) / (1 - baseline[0]) if baseline[0] < 1 else 0.0
    return {
        "game": runs["bot"]["game"], "params": runs["bot"]["params"], "bot": bot, "players": players,
        "games_per_run": games, "fair_share": fair,
        "bot_vs_random_by_seat": by_seat, "bot_vs_random": round(rate, 6),
        "bot_vs_random_ci95": wilson(rate * games * max(players, 1), games * max(players, 1)),
        "skill_index": round(index, 4),
        "self_play_by_seat": self_play, "self_play_seat_spread": round(max(self_play) - min(self_play), 6),
        "self_play_draws": runs["bot"]["draws"], "random_by_seat": baseline, "random_draws": runs["random"]["draws"],
        "truncated": {name: r["truncated_games"] for name, r in runs.items()},
        "content_hash": runs["bot"]["content_hash"],
    }


def figure(result: dict) -> str:
    """Win rate by seat: the bot against random, the bot against itself, random against random."""
    import matplotlib.pyplot as plt

    from .report import _png
    n, games = result["players"], result["games_per_run"]
    fig, ax = plt.subplots(figsize=(6.5, 3.2))
    width = 0.27
    series = [("bot vs random", result["bot_vs_random_by_seat"], "#4c78a8"),
              ("bot vs itself", result["self_play_by_seat"], "#f58518"),
              ("random vs random", result["random_by_seat"], "#9d9d9d")]
    for i, (label, rates, colour) in enumerate(series):
        xs = [s + (i - 1) * width for s in range(n)]
        intervals = [wilson(r * games, games) for r in rates]
        errors = [[r - lo for r, (lo, _) in zip(rates, intervals, strict=True)],
                  [hi - r for r, (_, hi) in zip(rates, intervals, strict=True)]]
        ax.bar(xs, rates, width, yerr=errors, capsize=3, color=colour, label=label)
    if n > 1:
        ax.axhline(result["fair_share"], color="#d62728", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(n), [f"seat {s}" for s in range(n)])
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("win rate")
    ax.set_title(f"luck and skill: skill index {result['skill_index']:+.2f}")
    # below the plot: the bot's bars against random reach the top
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=4, frameon=False)
    return _png(fig)


def section(folder: Path) -> str:
    """The luck-versus-skill part of a report, from a skill folder."""
    import html

    from .report import _table
    result = json.loads((folder / "skill.json").read_text())
    n = result["players"]
    low, high = result["bot_vs_random_ci95"]
    text = (f"<p>{html.escape(result['bot'])} wins {result['bot_vs_random']:.1%} of its games against random "
            f"bots, seats swapped (95% interval {low:.1%}–{high:.1%}; fair share "
            f"{result['fair_share']:.0%}): skill index {result['skill_index']:+.2f} (1: skill decides every game, "
            f"0: no better than chance). Against itself, the seats' win rates spread over "
            f"{result['self_play_seat_spread']:.1%}: what seat order and luck leave to a game between equals "
            f"({result['self_play_draws']} of {result['games_per_run']} drawn or stopped at the turn cap).</p>")
    rows = [[f"seat {s}", f"{result['bot_vs_random_by_seat'][s]:.3f}", f"{result['self_play_by_seat'][s]:.3f}",
             f"{result['random_by_seat'][s]:.3f}"] for s in range(n)]
    runs = ", ".join(f"{name}: {count}" for name, count in result["truncated"].items())
    return ("<h2>Luck and skill</h2>" + text + figure(result)
            + _table(["seat", "bot vs random", "bot vs itself", "random vs random"], rows)
            + f"<p>{result['games_per_run']} games per run; stopped at the turn cap: {html.escape(runs)}.</p>")
