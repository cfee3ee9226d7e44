"""The balance lab: `lab run` writes the same tables for any number of workers and resumes where it
stopped; `lab report` reads them into one self-contained page."""

from __future__ import annotations

import csv
import json
import re

import pytest
from typer.testing import CliRunner

from gaiatable import load_game
from gaiatable.agents import make_agent
from gaiatable.cli import app
from gaiatable.core.driver import play_game
from gaiatable.core.errors import GaiatableError
from gaiatable.lab.run import CHUNK, Items, LabJob, run

pq = pytest.importorskip("pyarrow.parquet")
pytest.importorskip("matplotlib")


def tables(folder):
    return pq.read_table(folder / "games").to_pylist(), pq.read_table(folder / "items").to_pylist()


def test_the_tables_are_the_same_for_any_number_of_workers(tmp_path):
    job = LabJob("tictactoe", {}, ("random", "random"), 3, CHUNK * 2 + 17)
    one = run(job, tmp_path / "one", workers=1)
    two = run(job, tmp_path / "two", workers=2)
    assert tables(tmp_path / "one") == tables(tmp_path / "two")
    assert one["win_rate_by_seat"] == two["win_rate_by_seat"] and one["games"] == job.games
    games, _ = tables(tmp_path / "one")
    assert sorted({g["game"] for g in games}) == list(range(job.games))
    assert all(g["win"] in (0.0, 1.0) or g["draw"] for g in games)


def test_an_interrupted_run_resumes_and_another_job_is_refused(tmp_path):
    job = LabJob("tictactoe", {}, ("random", "random"), 5, CHUNK * 3)
    whole = run(job, tmp_path / "whole")
    run(job, tmp_path / "cut")
    (tmp_path / "cut" / "items" / "part-00002.parquet").unlink()  # the last chunk never finished
    (tmp_path / "cut" / "games" / "part-00001.parquet").write_bytes(b"")  # nor did a file half written
    (tmp_path / "cut" / "items" / "part-00001.parquet").unlink()
    seen = []
    resumed = run(job, tmp_path / "cut", progress=seen.append)
    assert seen[0] == CHUNK and sum(seen) == job.games  # one chunk was there already
    assert tables(tmp_path / "cut") == tables(tmp_path / "whole")
    assert resumed["win_rate_by_seat"] == whole["win_rate_by_seat"]
    with pytest.raises(GaiatableError, match="holds another run"):
        run(LabJob("tictactoe", {}, ("random", "random"), 6, CHUNK), tmp_path / "cut")


def test_items_name_the_content_each_seat_used(tmp_path):
    run(LabJob("phanerozoic", {"players": 2}, ("random", "random"), 1, 20), tmp_path / "ph")
    games, items = tables(tmp_path / "ph")
    assert {i["kind"] for i in items} >= {"card"} and {i["verb"] for i in items} >= {"play"}
    wins = {(g["game"], g["seat"]): g["win"] for g in games}
    assert all(i["win"] == wins[(i["game"], i["seat"])] for i in items)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_gene_dealt_by_chance_counts_for_the_genus_that_got_it(seed):
    """Earth: Our Home's genes are dealt, never chosen; its habitats are items too."""
    game = load_game("earth-our-home", players=3)
    items = Items(game)
    agents = [make_agent("random", seat=s, seed=seed + s, game=game) for s in range(3)]
    final = play_game(game, agents, seed, [items]).state
    dealt = {(seat, item) for seat, verb, kind, item in items.used if kind == "gene"}
    assert {verb for _, verb, kind, _ in items.used if kind == "gene"} == {"deal"}
    for seat in range(3):  # every gene a genus holds at the end was dealt to it (some dealt were replaced)
        held = {game.action_table.gene(g) for g in final.genes[seat]}
        assert held and held <= {item for s, item in dealt if s == seat}
    verbs = {verb for _, verb, kind, _ in items.used if kind == "habitat"}
    assert verbs >= {"place"} and verbs <= {"place", "mutate"}


def test_the_cli_runs_and_reports_a_self_contained_page(tmp_path):
    runner = CliRunner()
    out = tmp_path / "run"
    result = runner.invoke(app, ["lab", "run", "gaia-vora", "--out", str(out), "--games", "60", "--seed", "2",
                                 "-p", "players=3"])
    assert result.exit_code == 0, result.output
    job = json.loads((out / "job.json").read_text())
    assert job["agents"] == ["random"] * 3 and "lab run gaia-vora" in job["command"]
    result = runner.invoke(app, ["lab", "report", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") >= 4 and "http://" not in page and "https://" not in page
    for heading in ("Who wins, by seat", "Scores and length", "How often the lead changes", "Content items"):
        assert heading in page
    missing = runner.invoke(app, ["lab", "report", str(tmp_path / "nothing")])
    assert missing.exit_code == 2 and "not a lab run folder" in missing.output


def test_a_report_names_cards_by_name_counts_win_shares_and_warns_of_many_tests(tmp_path):
    from gaiatable.lab.report import render
    run(LabJob("planetarium", {"players": 2}, ("random", "random"), 1, 20), tmp_path / "run")
    page = render(tmp_path / "run")
    assert re.search(r"<td>[LHF]\d\d [A-Z][a-z]+", page)  # "L01 Primordial Atmosphere", not "L01"
    assert "win shares" in page and "Many items are tested at once" in page


def test_compare_finds_a_real_difference_and_none_between_a_run_and_itself(tmp_path):
    from gaiatable.lab.compare import compare
    run(LabJob("tictactoe", {}, ("random", "random"), 1, 300), tmp_path / "random")
    run(LabJob("tictactoe", {}, ("mcts:iters=50", "random"), 1, 300), tmp_path / "stronger")
    found = {r["measure"]: r for r in compare(tmp_path / "random", tmp_path / "stronger")["rows"]}
    assert found["seat 0 win rate"]["significant"] and found["seat 0 win rate"]["test"] == "Fisher exact"
    assert found["seat 0 win rate"]["b"] > found["seat 0 win rate"]["a"]
    # a tic-tac-toe draw is the only game where every seat scores 0
    assert found["scoreless rate (every seat 0)"]["a"] == found["draw rate"]["a"] > 0
    summary = json.loads((tmp_path / "random" / "summary.json").read_text())
    assert summary["scoreless_games"] == summary["draws"] == round(found["draw rate"]["a"] * 300)
    itself = compare(tmp_path / "random", tmp_path / "random")
    assert not any(r["significant"] for r in itself["rows"]) and "Benjamini-Hochberg" in itself["correction"]
    page = tmp_path / "compare.html"  # the same as a page, with its plot
    result = CliRunner().invoke(app, ["lab", "compare", str(tmp_path / "random"), str(tmp_path / "stronger"),
                                      "--html", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text()
    assert "data:image/png;base64," in text and "<td>seat 0 win rate</td>" in text and "significant" in text


SPACE = """games = 12
trials = 4
agents = ["random", "random"]

[params.stars]
low = 2
high = 5

[target]
fairness = 0.05
length = [60, 120]
"""


def test_tune_searches_the_declared_range_and_is_reproducible(tmp_path):
    pytest.importorskip("optuna")
    from gaiatable.lab.tune import RECHECK_SEED, loss, recheck_words, tune
    space = tmp_path / "space.toml"
    space.write_text(SPACE)
    first = tune("gaia-vora", space, tmp_path / "a", seed=4, base={"players": 2})
    again = tune("gaia-vora", space, tmp_path / "b", seed=4, base={"players": 2})
    rows = (tmp_path / "a" / "trials.csv").read_text().splitlines()
    assert len(rows) == 1 + 4 and rows == (tmp_path / "b" / "trials.csv").read_text().splitlines()
    assert all(2 <= int(row.split(",")[2]) <= 5 for row in rows[1:])  # the stars column stays in its range
    assert first["best"] == again["best"] and first["best"]["loss"] == min(float(r.split(",")[-1]) for r in rows[1:])
    assert (tmp_path / "a" / "tradeoff.png").stat().st_size > 1000
    check = first["recheck"]  # the best trial's settings again, on seeds no trial played
    assert check == again["recheck"] and check["seed"] == 4 + RECHECK_SEED and check["games"] == 12
    assert all(low <= rate <= high for rate, (low, high) in zip(check["win_rates"], check["intervals"], strict=True))
    assert check["noise_exceeds_band"]  # 12 games cannot resolve a band of ±0.05
    assert "wider than the fairness band (±0.05)" in recheck_words(check)
    assert loss({"win_rates": [0.5, 0.5], "median_length": 90}, 0.05, [60, 120]) == 0
    assert loss({"win_rates": [0.6, 0.4], "median_length": 150}, 0.05, [60, 120]) == pytest.approx(0.05 + 0.5)
    capped = {"win_rates": [0.5, 0.5], "median_length": 90, "truncated": 0.3, "draws": 0.1}
    assert loss(capped, 0.05, None, {"truncated": 0.1, "draws": 0.1}) == pytest.approx(0.2)
    space.write_text(SPACE + "truncated = 1.5\n")
    with pytest.raises(GaiatableError, match="target.truncated: Input should be less than or equal to 1, got 1.5"):
        tune("gaia-vora", space, tmp_path / "d")
    space.write_text("target = 3\n" + SPACE.replace("[target]", "[other]"))
    with pytest.raises(GaiatableError, match="target: must be a table, got 3; unknown key 'other'"):
        tune("gaia-vora", space, tmp_path / "e")
    space.write_text(SPACE.replace("games = 12", "games = 'many'"))
    with pytest.raises(GaiatableError, match="games: Input should be a valid integer, got 'many'"):
        tune("gaia-vora", space, tmp_path / "f")
    space.write_text(SPACE.replace("stars", "moons"))
    with pytest.raises(GaiatableError, match="no parameter 'moons'"):
        tune("gaia-vora", space, tmp_path / "c")


@pytest.mark.parametrize(("change", "said"), [
    (("fairness", "fairnes"), "unknown key 'target.fairnes' (did you mean 'fairness'?)"),
    (("games = 12", "game = 20"), "unknown key 'game' (did you mean 'games'?)"),
    (("high = 5", "hgh = 5"),
     "params.stars.high: Field required; unknown key 'params.stars.hgh' (did you mean 'high'?)"),
    (("high = 5", "high = 12"), "params.stars spans 2..12, but gaia-vora takes 0..8"),
    (("[60, 120]", "[160, 120]"), "target: length must be [shortest, longest], shortest first"),
])
def test_a_tune_space_is_checked_whole_before_any_trial(change, said, tmp_path):
    """Typos are named with the nearest known key, and a range outside the game's own is refused up front."""
    pytest.importorskip("optuna")
    from gaiatable.lab.tune import tune
    space = tmp_path / "space.toml"
    space.write_text(SPACE.replace(*change))
    with pytest.raises(GaiatableError) as refused:
        tune("gaia-vora", space, tmp_path / "out")
    assert str(refused.value) == f"{space}: {said}"
    assert not (tmp_path / "out" / "trials.csv").exists()


@pytest.mark.slow
def test_a_ray_run_writes_the_same_tables_as_a_local_one(tmp_path):
    ray = pytest.importorskip("ray")
    job = LabJob("gaia-vora", {"players": 3}, ("random",) * 3, 9, CHUNK + 30)
    run(job, tmp_path / "local", workers=1)
    try:
        run(job, tmp_path / "ray", workers=2, backend="ray")
    finally:
        ray.shutdown()
    assert tables(tmp_path / "local") == tables(tmp_path / "ray")


def test_more_games_extend_a_run_as_if_it_had_asked_for_them_at_first(tmp_path):
    short = LabJob("tictactoe", {}, ("random", "random"), 8, CHUNK + 7)
    longer = LabJob("tictactoe", {}, ("random", "random"), 8, CHUNK * 3)
    run(short, tmp_path / "grown")
    run(longer, tmp_path / "grown")
    run(longer, tmp_path / "fresh")
    assert tables(tmp_path / "grown") == tables(tmp_path / "fresh")
    with pytest.raises(GaiatableError, match="holds another run"):
        run(short, tmp_path / "grown")  # fewer games than it holds


def test_skill_shows_a_search_bot_beating_random_from_both_seats_and_joins_the_report(tmp_path):
    """Luck versus skill: the bot against random in every seat, against itself, random against random."""
    run(LabJob("tictactoe", {}, ("random", "random"), 0, 20), tmp_path / "run")
    result = CliRunner().invoke(app, ["lab", "skill", "tictactoe", "--bot", "mcts:iters=60", "--games", "20",
                                      "--out", str(tmp_path / "skill")])
    assert result.exit_code == 0, result.output
    skill = json.loads((tmp_path / "skill" / "skill.json").read_text())
    assert sorted(p.name for p in (tmp_path / "skill").iterdir() if p.is_dir()) == [
        "bot", "bot-seat-0", "bot-seat-1", "random"]
    assert all(rate > 0.5 for rate in skill["bot_vs_random_by_seat"])  # it wins from either seat
    assert skill["skill_index"] == pytest.approx((skill["bot_vs_random"] - 0.5) / 0.5, abs=1e-3)
    assert skill["skill_index"] > 0.3
    assert skill["self_play_draws"] > skill["random_draws"]  # equal searchers draw more than random players
    page = CliRunner().invoke(app, ["lab", "report", str(tmp_path / "run"), "--skill", str(tmp_path / "skill")])
    assert page.exit_code == 0, page.output
    html = (tmp_path / "run" / "report.html").read_text()
    assert "Luck and skill" in html and "skill index" in html and "tictactoe: 20 games" in html
    refused = CliRunner().invoke(app, ["lab", "report", str(tmp_path / "run"), "--skill", str(tmp_path / "run")])
    assert refused.exit_code != 0 and "not a skill folder" in refused.output


def test_a_solo_games_skill_index_compares_the_bot_with_random():
    from gaiatable.lab.skill import matchups, summarise

    assert set(matchups("greedy", 1)) == {"random", "bot"}
    run_of = {"game": "g", "params": {}, "draws": 0, "truncated_games": 0, "content_hash": ""}
    runs = {"bot": {**run_of, "win_rate_by_seat": [0.6]}, "random": {**run_of, "win_rate_by_seat": [0.2]}}
    assert summarise("greedy", 1, 100, runs)["skill_index"] == pytest.approx((0.6 - 0.2) / 0.8)


NUMBERS = """games = 4
trials = 3
agents = ["random", "random"]

[numbers."rules.max_population"]
low = 6
high = 9

[numbers."goals.0.lines.0.points"]
low = 1
high = 4
"""


def test_tune_changes_numbers_in_the_content_and_prunes_content_the_game_refuses(tmp_path):
    pytest.importorskip("optuna")
    from gaiatable import load_game
    from gaiatable.lab.tune import tune
    space = tmp_path / "space.toml"
    space.write_text(NUMBERS)
    result = tune("phanerozoic", space, tmp_path / "out", seed=1, base={"players": 2})
    rows = list(csv.DictReader((tmp_path / "out" / "trials.csv").open()))
    for row in rows:
        trial = tmp_path / "out" / "contents" / f"trial-{row['trial']}.toml"
        content = load_game("phanerozoic", content=str(trial)).content
        assert content.max_population == int(row["number rules.max_population"])
        assert content.goals[0].lines[0].points == int(row["number goals.0.lines.0.points"])
    assert result["tuned"] == ["number rules.max_population", "number goals.0.lines.0.points"]
    assert result["best_content"].endswith(f"trial-{result['best']['trial']}.toml")
    space.write_text(NUMBERS.replace("rules.max_population", "rules.max_populace"))
    with pytest.raises(GaiatableError, match="has no entry rules.max_populace"):
        tune("phanerozoic", space, tmp_path / "bad")
    space.write_text(NUMBERS.replace("low = 6", "low = -3").replace("high = 9", "high = 0"))
    with pytest.raises(GaiatableError, match="every trial's content was refused"):
        tune("phanerozoic", space, tmp_path / "refused", seed=1, base={"players": 2})
