"""`gaiatable lab report`: one self-contained HTML page (plots embedded, opens offline) from a run folder.

What a designer reads: who wins from which seat and with which agent (95% Wilson intervals), score and
length distributions, how often the lead changes, which content items go with winning (lift over the
seat's base rate, with intervals, flagged where the sample is small), truncated games, and the exact
job behind it all."""

from __future__ import annotations

import base64
import html
import io
import json
from collections import defaultdict
from pathlib import Path

from ..core.errors import GaiatableError
from .sim import scoreless, wilson

SMALL = 30  # uses below which an item's lift is flagged as too few to tell


def load(folder: Path) -> tuple[dict, list[dict], list[dict]]:
    import pyarrow.parquet as pq

    job_file = folder / "job.json"
    if not job_file.exists() or not (folder / "games").is_dir():
        raise GaiatableError(f"{folder} is not a lab run folder (no job.json and games/): make one with `lab run`")
    job = json.loads(job_file.read_text())
    games = pq.read_table(folder / "games").to_pylist()
    items = pq.read_table(folder / "items").to_pylist() if any((folder / "items").glob("*.parquet")) else []
    if not games:
        raise GaiatableError(f"{folder} has no games yet")
    return job, games, items


def item_lifts(games: list[dict], items: list[dict]) -> list[dict]:
    """Per item: the games where a seat used it, that seat's win rate there, and the lift over the
    win rate of all seats in all games."""
    base = sum(g["win"] for g in games) / len(games)
    used: dict[tuple, dict[tuple, float]] = defaultdict(dict)  # item -> (game, seat) -> win
    for row in items:
        used[(row["verb"], row["kind"], row["item"])][(row["game"], row["seat"])] = row["win"]
    out = []
    for (verb, kind, item), wins in used.items():
        n, won = len(wins), sum(wins.values())
        low, high = wilson(won, n)
        out.append({"verb": verb, "kind": kind, "item": item, "uses": n, "win_rate": won / n,
                    "lift": won / n - base, "lift_low": low - base, "lift_high": high - base, "small": n < SMALL})
    return sorted(out, key=lambda r: -r["lift"])


def _png(fig) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    import matplotlib.pyplot as plt
    plt.close(fig)
    return f'<img alt="" src="data:image/png;base64,{base64.b64encode(buffer.getvalue()).decode()}">'


def _rates(labels: list[str], wins: list[float], counts: list[int], fair: float | None, title: str) -> str:
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 3))
    rates = [w / n for w, n in zip(wins, counts, strict=True)]
    intervals = [wilson(w, n) for w, n in zip(wins, counts, strict=True)]
    errors = [[r - lo for r, (lo, _) in zip(rates, intervals, strict=True)],
              [hi - r for r, (_, hi) in zip(rates, intervals, strict=True)]]
    ax.bar(labels, rates, yerr=errors, capsize=4, color="#4c78a8")
    if fair is not None:
        ax.axhline(fair, color="#d62728", linestyle="--", label=f"fair share {fair:.2f}")
        ax.legend()
    ax.set_ylabel("win rate")
    ax.set_title(title)
    ax.set_ylim(0, 1)
    return _png(fig)


def _histogram(values_by_label: dict[str, list[float]], xlabel: str, title: str) -> str:
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 3))
    for label, values in values_by_label.items():
        ax.hist(values, bins=30, histtype="step" if len(values_by_label) > 1 else "bar", linewidth=1.5, label=label)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    if len(values_by_label) > 1:
        ax.legend()
    return _png(fig)


def _table(header: list[str], rows: list[list]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def render(folder: Path, skill: Path | None = None) -> str:
    """The report of a run folder, with the luck-versus-skill part of a skill folder (`lab skill`) if
    given; a skill folder alone gives a page of that part."""
    import matplotlib
    matplotlib.use("Agg")
    from .skill import section
    if (folder / "skill.json").exists():
        result = json.loads((folder / "skill.json").read_text())
        return _page(f"{result['game']}: luck and skill", [
            f"<h1>{html.escape(result['game'])}: luck and skill</h1>",
            _table(["", ""], [["bot", result["bot"]], ["parameters", json.dumps(result["params"])],
                              ["content hash", result["content_hash"]]]), section(folder)])
    job, games, items = load(folder)
    seats = len(job["agents"])
    n = len(games) // seats
    per_game = [g for g in games if g["seat"] == 0]
    sections = [f"<h1>{html.escape(job['game'])}: {n} games</h1>",
                _table(["", ""], [["agents", ", ".join(job["agents"])], ["parameters", json.dumps(job["params"])],
                                  ["content hash", job.get("content_hash", "")], ["seed", job["seed"]],
                                  ["command", job.get("command", "")]])]
    seat_wins = [sum(g["win"] for g in games if g["seat"] == s) for s in range(seats)]
    sections += ["<h2>Who wins, by seat</h2>",
                 _rates([f"seat {s}" for s in range(seats)], seat_wins, [n] * seats, 1 / seats if seats > 1 else None,
                        "win rate by seat, 95% intervals"),
                 "<p>Win shares: a win shared by N seats counts 1/N to each.</p>",
                 _table(["seat", "agent", "win shares", "win rate", "95% interval", "mean score"],
                        [[s, job["agents"][s], round(seat_wins[s], 2), f"{seat_wins[s] / n:.3f}",
                          wilson(seat_wins[s], n), f"{sum(g['score'] for g in games if g['seat'] == s) / n:.2f}"]
                         for s in range(seats)])]
    agents = sorted({g["agent"] for g in games})
    if len(agents) > 1:
        agent_wins = [sum(g["win"] for g in games if g["agent"] == a) for a in agents]
        agent_games = [sum(1 for g in games if g["agent"] == a) for a in agents]
        sections += ["<h2>Who wins, by agent (skill)</h2>",
                     "<p>How far an agent moves the win rate from its fair share: the gap is skill; what is left "
                     "when every seat plays the same agent is luck and seat order.</p>",
                     _rates(agents, agent_wins, agent_games, 1 / seats, "win rate by agent, 95% intervals")]
    draws = sum(1 for g in per_game if g["draw"])
    truncated = sum(1 for g in per_game if g["truncated"])
    zeros = scoreless(games)
    plies = sorted(g["plies"] for g in per_game)
    sections += ["<h2>Scores and length</h2>",
                 _histogram({f"seat {s}": [g["score"] for g in games if g["seat"] == s] for s in range(seats)},
                            "score", "final scores"),
                 _histogram({"all games": plies}, "decisions (plies)", "game length"),
                 f"<p>Median length {plies[len(plies) // 2]} decisions (quartiles {plies[len(plies) // 4]}–"
                 f"{plies[3 * len(plies) // 4]}). Drawn: {draws} ({draws / n:.1%}); every seat scored 0: "
                 f"{zeros} ({zeros / n:.1%}). Stopped by the turn cap, not the "
                 f"rules (counted as draws): {truncated} ({truncated / n:.1%}).</p>",
                 "<h2>How often the lead changes</h2>",
                 _histogram({"all games": [g["lead_changes"] for g in per_game]}, "lead changes in a game",
                            f"mean {sum(g['lead_changes'] for g in per_game) / n:.2f} a game")]
    lifts = item_lifts(games, items)
    base = sum(g["win"] for g in games) / len(games)
    if lifts:
        named = item_names(job)
        clear = sum(1 for r in lifts if not r["small"] and (r["lift_low"] > 0 or r["lift_high"] < 0))
        tested = sum(1 for r in lifts if not r["small"])
        rows = [[r["verb"], r["kind"], named(r["item"]), r["uses"], f"{r['win_rate']:.3f}",
                 f"{r['lift']:+.3f}", f"[{r['lift_low']:+.3f}, {r['lift_high']:+.3f}]",
                 "too few to tell" if r["small"] else ""] for r in lifts]
        sections += ["<h2>Content items and winning</h2>",
                     "<p>Each row: the seats that used an item (a card played, an object activated, a chart line, "
                     f"a gene dealt, a habitat settled), their win rate, and its lift over the win rate of every seat "
                     f"({base:.3f}). "
                     f"An interval that holds 0 is no evidence either way; under {SMALL} uses, too few to tell. "
                     + (f"Many items are tested at once: of {tested} with enough uses, {clear} have an interval clear "
                        f"of 0, where chance alone would give about {tested * 0.05:.1f} (5% of them). Read a single "
                        "one as a lead to check on fresh seeds (`lab compare` corrects for many tests), not as a "
                        "finding." if tested else "Many items are tested at once: read an interval clear of 0 as a "
                        "lead to check on fresh seeds, not as a finding.") + "</p>",
                     _table(["decision", "kind", "item", "uses", "win rate", "lift", "95% interval", ""], rows)]
    if skill is not None:
        if not (skill / "skill.json").exists():
            raise GaiatableError(f"{skill} is not a skill folder (no skill.json): make one with `lab skill`")
        sections.append(section(skill))
    return _page(f"{job['game']} balance report", sections)


def item_names(job: dict):
    """item -> "H08 Plate Tectonics" where the game's cards name it, else the item as the tables hold it."""
    from ..core.registry import load_game
    try:
        game = load_game(job["game"], **{k: v for k, v in job["params"].items() if v != ""})
        names = {str(face["key"]): face.get("name") for face in game.cards()}
    except GaiatableError:  # content that no longer loads: the ids alone
        names = {}
    return lambda item: f"{item} {names[item]}" if names.get(item) and names[item] != item else item


def _page(title: str, sections: list[str]) -> str:
    style = ("body{font:15px/1.5 system-ui,sans-serif;max-width:980px;margin:2em auto;color:#1d2433}"
             "table{border-collapse:collapse;margin:.6em 0}td,th{padding:.2em .6em;border-bottom:1px solid #ddd;"
             "text-align:left}img{max-width:100%}h2{margin-top:1.6em}")
    title = html.escape(title)
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>"
            f"<style>{style}</style></head><body>{''.join(sections)}</body></html>\n")
