"""`gaiatable lab compare A B`: which differences between two runs (two variants of a game, two
agents, two content files) are real and which are noise.

Each measure gets the test that suits it: Fisher's exact test for rates (a seat's wins, draws, games
stopped at the cap, an item's wins among the seats that used it), the Mann-Whitney U test for
distributions (scores, length, lead changes). With that many tests some come out small by chance, so
the p-values are adjusted for false discoveries (Benjamini-Hochberg, scipy's false_discovery_control)
and a difference counts as significant when its adjusted p-value is under `alpha`."""

from __future__ import annotations

import html
from collections import defaultdict
from pathlib import Path

from .report import SMALL, _page, _png, _table, item_names, load
from .sim import scoreless


def _rate(name: str, a: tuple[float, int], b: tuple[float, int]) -> dict:
    from scipy.stats import fisher_exact
    (wa, na), (wb, nb) = a, b
    table = [[round(wa), na - round(wa)], [round(wb), nb - round(wb)]]
    return {"measure": name, "test": "Fisher exact", "a": wa / na if na else 0.0, "b": wb / nb if nb else 0.0,
            "p": float(fisher_exact(table)[1])}


def _spread(name: str, a: list[float], b: list[float]) -> dict:
    from scipy.stats import mannwhitneyu
    p = float(mannwhitneyu(a, b).pvalue) if len(set(a) | set(b)) > 1 else 1.0  # all equal: nothing to tell
    return {"measure": name, "test": "Mann-Whitney U", "a": sum(a) / len(a), "b": sum(b) / len(b), "p": p}


def compare(folder_a: Path, folder_b: Path, alpha: float = 0.05) -> dict:
    from scipy.stats import false_discovery_control

    (job_a, games_a, items_a), (job_b, games_b, items_b) = load(folder_a), load(folder_b)
    seats = min(len(job_a["agents"]), len(job_b["agents"]))
    firsts = [[g for g in games if g["seat"] == 0] for games in (games_a, games_b)]
    n = [len(f) for f in firsts]
    rows = []
    for s in range(seats):
        won = [sum(g["win"] for g in games if g["seat"] == s) for games in (games_a, games_b)]
        rows.append(_rate(f"seat {s} win rate", (won[0], n[0]), (won[1], n[1])))
        rows.append(_spread(f"seat {s} score", *[[g["score"] for g in games if g["seat"] == s]
                                                 for games in (games_a, games_b)]))
    for key in ("draw", "truncated"):
        rows.append(_rate(f"{key} rate", *[(sum(1 for g in f if g[key]), len(f)) for f in firsts]))
    rows.append(_rate("scoreless rate (every seat 0)", (scoreless(games_a), n[0]), (scoreless(games_b), n[1])))
    for key, name in (("plies", "length (decisions)"), ("lead_changes", "lead changes")):
        rows.append(_spread(name, *[[g[key] for g in f] for f in firsts]))
    rows += _item_rows(items_a, items_b, item_names(job_a))
    adjusted = false_discovery_control([r["p"] for r in rows], method="bh") if rows else []
    for row, q in zip(rows, adjusted, strict=True):
        row["p_adjusted"] = float(q)
        row["significant"] = bool(q < alpha)
    return {"a": str(folder_a), "b": str(folder_b), "games": n, "alpha": alpha,
            "correction": "Benjamini-Hochberg false discovery rate", "rows": rows}


def _item_rows(items_a: list[dict], items_b: list[dict], name=str) -> list[dict]:
    """An item's win rate among the seats that used it, where both runs used it at least SMALL times."""
    tallies = []
    for items in (items_a, items_b):
        tally: dict[tuple, list[float]] = defaultdict(lambda: [0.0, 0])
        for row in items:
            t = tally[(row["verb"], row["kind"], row["item"])]
            t[0] += row["win"]
            t[1] += 1
        tallies.append(tally)
    return [_rate(f"users of {verb} {name(item)}: win rate", tuple(tallies[0][key]), tuple(tallies[1][key]))
            for key in sorted(set(tallies[0]) & set(tallies[1])) for verb, _kind, item in [key]
            if tallies[0][key][1] >= SMALL and tallies[1][key][1] >= SMALL]


def render(result: dict) -> str:
    """The comparison as an HTML page: every rate of A beside B's (the significant ones in red), then
    every test."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rates = [r for r in result["rows"] if r["test"] == "Fisher exact"]
    fig, ax = plt.subplots(figsize=(7, 0.35 * len(rates) + 1.2))
    for y, row in enumerate(rates):
        colour = "#d62728" if row["significant"] else "#9aa3ad"
        ax.plot([row["a"], row["b"]], [y, y], color=colour, linewidth=2)
        ax.scatter([row["a"]], [y], color="#4c78a8", zorder=3, label="A" if y == 0 else None)
        ax.scatter([row["b"]], [y], color="#f58518", zorder=3, label="B" if y == 0 else None)
    ax.set_yticks(range(len(rates)), [r["measure"] for r in rates])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("rate (a red line: significant after the adjustment)")
    ax.legend(loc="lower right")
    table = _table(["measure", "A", "B", "test", "p", "adjusted p", ""],
                   [[r["measure"], f"{r['a']:.3f}", f"{r['b']:.3f}", r["test"], f"{r['p']:.3g}",
                     f"{r['p_adjusted']:.3g}", "significant" if r["significant"] else ""] for r in result["rows"]])
    found = sum(r["significant"] for r in result["rows"])
    return _page(f"{result['a']} against {result['b']}", [
        f"<h1>A: {html.escape(result['a'])}<br>B: {html.escape(result['b'])}</h1>",
        f"<p>{result['games'][0]} and {result['games'][1]} games. {len(result['rows'])} differences tested; "
        f"p-values adjusted for their number ({html.escape(result['correction'])}); {found} significant under "
        f"{result['alpha']}.</p>", "<h2>Rates</h2>", _png(fig) if rates else "<p>no rates</p>",
        "<h2>Every test</h2>", table])
