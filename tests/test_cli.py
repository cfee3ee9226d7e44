"""The command line, driven as a user would."""

import json
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gaiatable import GaiatableError, load_game
from gaiatable.cli import app
from gaiatable.core.record import read_record
from gaiatable.lab.sim import SimJob, summarise

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_list_names_the_games_and_player_counts():
    result = run("list", "--json")
    assert result.exit_code == 0
    games = {g["name"]: g for g in json.loads(result.stdout)}
    assert games["gaia-vora"]["players"] == [2, 4]
    assert games["tictactoe"]["players"] == [2, 2]
    assert "gaia-vora" in run("list").stdout


def summary(*extra):
    result = run("sim", "gaia-vora", "--agents", "random,random,random", "--games", "12", "--seed", "5", "--json",
                 *extra)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for timing in ("decisions_per_second", "seconds", "workers"):
        data.pop(timing)
    return data


def test_sim_summary_is_the_same_whatever_the_workers():
    one = summary()
    assert one["games"] == 12 and len(one["wins_by_seat"]) == 3
    assert sum(one["wins_by_seat"]) + one["draws"] == 12
    for rate, (low, high) in zip(one["win_rate_by_seat"], one["win_rate_ci95_by_seat"], strict=True):
        assert 0 <= low <= rate <= high <= 1
    assert one["mean_decisions"] > 0
    assert summary("--workers", "2") == one


def test_sim_writes_records_that_verify(tmp_path):
    result = run("sim", "tictactoe", "--agents", "random,random", "--games", "3", "--records", str(tmp_path), "--json")
    assert result.exit_code == 0
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 3
    assert run("replay", "verify", str(files[0])).exit_code == 0


def test_sim_rejects_bad_input_clearly():
    result = run("sim", "gaia-vora", "--agents", "random,wizard,random", "--games", "2")
    assert result.exit_code == 2 and "no agent named 'wizard'" in result.output
    result = run("sim", "gaia-vora", "--agents", "random", "--games", "2")
    assert result.exit_code == 2 and "players" in result.output
    result = run("sim", "chess", "--games", "2")
    assert result.exit_code == 2 and "no game named 'chess'" in result.output
    result = run("sim", "gaia-vora", "--agents", "random,random", "-p", "stars=99")
    assert result.exit_code == 2 and "at most 8" in result.output


def test_play_against_a_bot_with_bad_input_answered_and_the_record_saved(tmp_path):
    record = tmp_path / "game.jsonl"
    moves = "fly\n42\n" + "1\n" * 9
    result = run("play", "tictactoe", "--seats", "human,random", "--seed", "3", "--record", str(record), input=moves)
    assert result.exit_code == 0, result.output
    assert "'fly' is not a move of Tic-tac-toe" in result.output
    assert "choose a number from 1 to 9" in result.output
    assert record.exists()
    assert "replays exactly" in run("replay", "verify", str(record)).output


def test_play_an_illegal_move_is_explained_with_its_rule(tmp_path):
    record = tmp_path / "g.jsonl"
    result = run("play", "gaia-vora", "--seats", "human,random,random", "--seed", "1", "--record", str(record),
                 input="sun\nquit\n")
    assert "GV-3.1" in result.output  # the Sun before rotating
    assert "record so far" in result.output
    assert "unfinished: the players stopped here" in run("replay", "verify", str(record)).output


def test_a_game_left_is_resumed_from_its_record_where_it_stopped(tmp_path):
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    run("play", "gaia-vora", "--seats", "human,random,random", "--seed", "5", "--record", str(first),
        input="1\n1\nquit\n")
    before = read_record(first)
    assert before[-1]["type"] == "stop"
    result = run("play", "--resume", str(first), "--record", str(second), input="1\nquit\n")
    assert "seed 5, resumed after" in result.output
    after = read_record(second)
    assert after[0] == before[0]  # the same game, seats and seed
    assert after[1:len(before) - 1] == before[1:-1] and len(after) > len(before)  # its past, then more
    assert "unfinished: the players stopped here" in run("replay", "verify", str(second)).output
    again = run("play", "--resume", str(first), "gaia-vora")
    assert again.exit_code == 2 and "give none" in again.output


def test_play_a_whole_gaia_vora_game_by_numbers(tmp_path):
    record = tmp_path / "gv.jsonl"
    result = run("play", "gaia-vora", "--seats", "human,random", "--seed", "2", "--record", str(record),
                 input="1\n" * 400)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Game over" in result.output and "Record saved" in result.output
    shown = run("replay", "show", str(record))
    assert shown.exit_code == 0 and "rotate" in shown.output
    assert run("replay", "show", str(record), "--ply", "5").exit_code == 0


def test_replay_verify_reports_tampering_with_the_line(tmp_path):
    record = tmp_path / "t.jsonl"
    run("sim", "gaia-vora", "--agents", "random,random", "--games", "1", "--records", str(tmp_path), "--json")
    lines = (tmp_path / "game-000000.jsonl").read_text().splitlines()
    line = json.loads(lines[20])
    line["text"] = "rotate 9"
    lines[20] = json.dumps(line)
    record.write_text("\n".join(lines) + "\n")
    result = run("replay", "verify", str(record))
    assert result.exit_code == 2 and "line 21" in result.output
    result = run("replay", "verify", str(tmp_path / "missing.jsonl"))
    assert result.exit_code == 2 and "cannot read" in result.output


def test_play_with_only_bots_is_watched_decision_by_decision(tmp_path):
    result = run("play", "gaia-vora", "--seats", "random,greedy", "--seed", "6", "--record", str(tmp_path / "w.jsonl"))
    assert result.exit_code == 0, result.output
    assert "chance: setup" in result.output and "green: rotate" in result.output
    assert "Game over" in result.output


def test_phanerozoic_solo_from_the_terminal_and_a_replay_seen_by_one_seat(tmp_path):
    """`play phanerozoic --seats human` is the solo game (PH-9); `replay show --viewer` hides the other
    seat's draws and choices (PH-10.1), the referee sees them."""
    record = tmp_path / "solo.jsonl"
    result = run("play", "phanerozoic", "--seats", "human", "--seed", "2", "--record", str(record),
                 input="1\n1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "choose a card to play (1 of 3)" in result.output and "the Automa reveals" in result.output
    records = tmp_path / "records"
    sim = run("sim", "phanerozoic", "--agents", "random,random", "--games", "1", "--records", str(records))
    assert sim.exit_code == 0
    path = next(records.glob("*.jsonl"))
    seat0 = run("replay", "show", str(path), "--viewer", "0").stdout
    referee = run("replay", "show", str(path), "--viewer", "referee").stdout
    assert "seat 1 draws a card" in seat0 and "seat 1 draws a card" not in referee
    assert "seat 0 draws a card" not in seat0
    assert run("replay", "show", str(path), "--viewer", "7").exit_code != 0


def test_a_solo_summary_counts_wins_draws_and_losses_against_the_game():
    job = SimJob("phanerozoic", {"players": 1}, ("random",), 0)
    results = [{"winners": w, "scores": [0.0], "plies": 1, "truncated": False} for w in ([0], [], None, [])]
    summary = summarise(job, results, 1.0, 1)
    assert summary["wins_by_seat"] == [1] and summary["draws"] == 1


# -- what a new user meets ------------------------------------------------------------------------

def readme_commands():
    """Every `gaiatable ...` line of the README's examples, without its comment."""
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    return [line.strip().split("  #")[0].strip() for line in readme.splitlines()
            if line.startswith("    gaiatable ")]


def test_every_readme_example_runs(tmp_path, monkeypatch):
    """Each example as typed, with fewer games; people quit at their first move."""
    monkeypatch.chdir(tmp_path)
    commands = readme_commands()
    assert len(commands) >= 10
    for command in commands:
        args = shlex.split(re.sub(r"--games \d+", "--games 1", command))[1:]
        if "records/FILE.jsonl" in args:
            # a game of two seats or more (the README's `--viewer 1`): the first Gaia-Vora record
            args[args.index("records/FILE.jsonl")] = str(sorted((tmp_path / "records").glob("gaia-vora-*.jsonl"))[0])
        result = run(*args, input="quit\n")
        assert result.exit_code == 0, f"{command}\n{result.output[-1500:]}"
        assert "error" not in result.output.lower(), f"{command}\n{result.output[-1500:]}"


def test_a_parameter_per_p_and_values_may_hold_commas(tmp_path):
    record = tmp_path / "p.jsonl"
    result = run("play", "planit", "--seats", "human,random", "-p", "names=Gaia,Vora", "--record", str(record),
                 input="quit\n")
    assert result.exit_code == 0 and json.loads(record.read_text().splitlines()[0])["params"]["names"] == "Gaia,Vora"
    result = run("sim", "gaia-vora", "--agents", "random,random", "-p", "stars=3,max_turns=5", "--games", "1")
    assert result.exit_code == 2 and "stars" in result.output and "must be an integer" in result.output
    result = run("sim", "gaia-vora", "--agents", "random,random", "-p", "stars=3", "-p", "stars=2", "--games", "1")
    assert result.exit_code == 2 and "given twice" in result.output
    assert "repeat -p" in run("play", "--help").output


def test_sim_refuses_a_person():
    result = run("sim", "gaia-vora", "--agents", "human,random", "--games", "2")
    assert result.exit_code == 2 and "sim plays bots only" in result.output and "Traceback" not in result.output
    result = run("sim", "tictactoe", "--ladder", "--agents", "human,random", "--games", "2")
    assert result.exit_code == 2 and "bots only" in result.output


def test_a_record_path_in_a_missing_folder_is_refused_before_playing(tmp_path):
    result = run("play", "tictactoe", "--seats", "random,random", "--record", str(tmp_path / "nowhere" / "x.jsonl"))
    assert result.exit_code == 2 and "does not exist" in result.output
    assert not (tmp_path / "nowhere").exists()


def test_a_record_cut_off_before_its_result_and_a_header_of_another_game_say_what_is_wrong(tmp_path):
    records = tmp_path / "r"
    run("sim", "gaia-vora", "--agents", "random,random", "--games", "1", "--records", str(records))
    lines = (records / "game-000000.jsonl").read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-1]) + "\n")
    result = run("replay", "verify", str(cut))
    assert result.exit_code == 2 and "cut off" in result.output
    header = json.loads(lines[0])
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps(dict(header, params={})) + "\n")
    result = run("replay", "verify", str(other))
    assert result.exit_code == 2 and "leaves out" in result.output
    from gaiatable import load_game
    from gaiatable.core.record import parse_lines, replay
    with pytest.raises(GaiatableError, match="names the game 'gaia-vora', but this is 'planit'"):
        replay(parse_lines("\n".join(lines)), game=load_game("planit"))


def test_the_summary_table_says_when_games_stopped_at_the_turn_cap():
    result = run("sim", "planit", "--agents", "random,random", "-p", "max_turns=5", "--games", "3")
    assert result.exit_code == 0 and "3 of them stopped at the turn cap" in result.output


def test_version_module_and_rules():
    from gaiatable import __version__
    assert run("--version").output.strip() == f"gaiatable {__version__}"
    done = subprocess.run([sys.executable, "-m", "gaiatable", "rules", "planit"], capture_output=True, text=True)
    assert done.returncode == 0 and "max_turns" in done.stdout and "planit.md" in done.stdout
    result = run("play", "tictactoe", "--seats", "wizard,random")
    assert result.exit_code == 2 and "default" in result.output


def test_help_info_hand_and_moves_answer_in_play(tmp_path):
    result = run("play", "phanerozoic", "--seats", "human,random", "--seed", "2", "--record", str(tmp_path / "h.jsonl"),
                 input="?\nhand\ninfo 36\ninfo nothing\nmoves\nquit\n")
    assert result.exit_code == 0
    assert "info NAME" in result.output and "undo" in result.output  # the help text
    assert "mutation, tucked under a living card" in result.output.split("info 36")[0]  # `hand`
    assert "Wattieza (36)" in result.output and "discard bonus" in result.output
    assert "no card, goal or icon 'nothing'" in result.output
    assert "is not a move" not in result.output
    result = run("play", "planit", "--seats", "human,random", "--seed", "2", "--record", str(tmp_path / "p.jsonl"),
                 input="info volcano\nquit\n")
    assert "volcano chart: 1 nothing, 2 temperature +1" in " ".join(result.output.split())
    result = run("play", "tictactoe", "--seed", "2", "--record", str(tmp_path / "t.jsonl"), input="info x\nquit\n")
    assert result.exit_code == 0 and "no cards or pieces to look up" in result.output  # default seats: you and a bot


def test_a_move_that_names_no_legal_move_gets_the_nearest_reason_and_short_forms_list_their_options(tmp_path):
    record = tmp_path / "g.jsonl"
    result = run("play", "gaia-vora", "--seats", "human,random", "--seed", "4", "--record", str(record),
                 input="rotate 5\nrotate 2\nsun\nplace y c\npl y p w\nquit\n")
    said = " ".join(result.output.split())
    assert "the moves that start with 'rotate': rotate 1; rotate 2; rotate 3" in said
    assert "'place y c' could mean: place yellow carnivore N; place yellow carnivore W" in said
    assert "place yellow plant W" in [line.get("text") for line in map(json.loads, record.read_text().splitlines())]


def test_a_long_move_menu_is_set_in_columns_and_the_board_fits_80_columns(tmp_path):
    result = run("play", "gaia-vora", "--seats", "human,random", "--seed", "4", "--record", str(tmp_path / "c.jsonl"),
                 input="rotate 2\nsun\nquit\n")
    screen = result.output.split("> ")[2]  # the board and the menu after choosing the Sun
    assert max(len(line) for line in screen.splitlines()) <= 80 and "…" not in screen
    assert screen.count("place yellow") == 12 and len(screen.splitlines()) <= 24


def test_a_short_form_of_a_move_the_rules_forbid_gets_the_rule(tmp_path):
    result = run("play", "gaia-vora", "--seats", "human,random", "--seed", "4", "--record", str(tmp_path / "s.jsonl"),
                 input="rotate 2\nsun\npl b p n\nquit\n")
    said = " ".join(result.output.split())
    assert "GV-5.3" in said and "all four life-forms must be your own colour" in said


def test_a_long_menu_shows_its_start_and_moves_shows_all(tmp_path):
    result = run("play", "gaia-vora", "--seats", "human,random", "--seed", "4", "--record", str(tmp_path / "m.jsonl"),
                 input="rotate 2\nrainbow\nmoves\nquit\n")
    before, after = result.output.split("> ")[2:4]  # after choosing the Rainbow, then after `moves`
    assert "more: type the start of a move" in before and "19 place" not in before
    assert "19 place" in after


def test_seats_records_and_options_that_cannot_work_are_refused_before_playing(tmp_path):
    done = tmp_path / "done.jsonl"
    done.write_text("{}\n")
    for args, message in [
        (("play", "gaia-vora", "--seats", "human"), "gaia-vora is for 2 to 4 players; --seats names 1"),
        (("play", "gaia-vora", "--seats", "random,,random"), "has an empty seat"),
        (("play", "tictactoe", "--record", str(done)), "already exists"),
        (("play", "tictactoe", "--record", str(tmp_path)), "is a folder"),
        (("sim", "tictactoe", "--ladder", "--agents", "random"), "at least two agents"),
        (("sim", "tictactoe", "--agents", "mcts:bogus=1,random"), "options: iters, c, depth, seconds, prior"),
        (("sim", "phanerozoic", "-p", "automa_hidden=1", "--agents", "random,random"), "for the solo game"),
    ]:
        result = run(*args, input="quit\n")
        assert result.exit_code == 2 and message in " ".join(result.output.split()), (args, result.output)
    assert done.read_text() == "{}\n"


def test_a_game_of_bots_is_announced_as_such(tmp_path):
    result = run("play", "tictactoe", "--seats", "random,random", "--record", str(tmp_path / "b.jsonl"))
    assert result.exit_code == 0 and "A game of bots" in result.output and "Type a move" not in result.output
    assert "Scores: x " in result.output and "returns" not in result.output


def test_words_in_square_brackets_survive_in_errors_and_help(tmp_path):
    """A content file without its [track] table is named with the brackets, and help keeps [params.NAME]."""
    import gaiatable
    text = (Path(gaiatable.__file__).parent / "games/planetarium/content/planetarium.toml").read_text()
    bad = tmp_path / "renamed.toml"
    bad.write_text(text.replace("\n[track]", "\n[trak]"))
    result = run("sim", "planetarium", "-p", f"content={bad}", "--games", "1")
    assert result.exit_code == 2
    assert "missing table [track]" in result.output
    assert "[params.NAME]" in run("lab", "tune", "--help").output
    named = tmp_path / "named.toml"  # a card's name in the board's tables keeps its brackets too
    head, cards = text.split("[[cards]]", 1)
    named.write_text(head + "[[cards]]" + re.sub(r'(?m)^name = "([^"]*)"', r'name = "\1 [draft]"', cards))
    from rich.console import Console

    from gaiatable.core.seeding import random_step
    from gaiatable.terminal import render
    state = load_game("planetarium", players=2, content=str(named)).new_initial_state()
    while state.is_chance():
        random_step(state, random.Random(0))
    shown = Console(width=200, record=True)
    shown.print(render(state.observe(0)))
    hand = [line for line in shown.export_text().splitlines() if re.match(r"[LHF]\d\d ", line)]
    assert hand and all("[draft]" in line for line in hand)


@pytest.mark.parametrize(("missing", "args", "extra"), [
    ("pyarrow", ["lab", "run", "tictactoe", "--games", "1", "--out", "{tmp}/run"], "lab"),
    ("matplotlib", ["lab", "report", "{tmp}/nowhere"], "lab"),
    ("uvicorn", ["serve"], "web"),
    ("pydantic", ["lab", "tune", "tictactoe", "--space", "{tmp}/space.toml", "--out", "{tmp}/tune"], "lab"),
])
def test_a_missing_extra_is_one_line_naming_what_to_install(missing, args, extra, tmp_path, monkeypatch, capsys):
    from gaiatable.cli import main
    monkeypatch.setitem(sys.modules, missing, None)  # as if the extra were not installed
    monkeypatch.setattr(sys, "argv", ["gaiatable", *(a.format(tmp=tmp_path) for a in args)])
    with pytest.raises(SystemExit) as stop:
        main()
    assert stop.value.code == 2
    said = capsys.readouterr().err.strip()
    install = f"pip install 'gaiatable[{extra}]'"
    assert said == f"error: this command needs the {extra} extra ({missing} is missing): {install}"


def test_a_player_count_out_of_range_names_the_option_that_gave_it():
    result = run("sim", "tictactoe", "-p", "players=5")
    assert result.exit_code == 2 and "tictactoe is for 2 players; -p players=5 names 5" in result.output


def test_a_solo_game_ends_with_the_score_it_played_against(tmp_path):
    """Phanerozoic's solo game against the Automa: the last line gives both scores, not the player's alone."""
    result = run("play", "phanerozoic", "-p", "players=1", "--seats", "human", "--seed", "3",
                 "--record", str(tmp_path / "solo.jsonl"), input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert re.search(r"Scores: seat 0 \d+, the Automa \d+", result.output)


def test_q_asks_before_it_ends_a_game_and_quit_does_not(tmp_path):
    """A one-letter slip does not end a game: `q` asks first; `quit` (or `exit`) leaves at once."""
    kept = run("play", "tictactoe", "--seed", "2", "--record", str(tmp_path / "a.jsonl"), input="q\nn\nb2\nquit\n")
    assert "Quit this game?" in kept.output and "b2" in (tmp_path / "a.jsonl").read_text()
    assert "not a move" not in kept.output  # a declined q is not taken for a move
    left = run("play", "tictactoe", "--seed", "2", "--record", str(tmp_path / "b.jsonl"), input="q\ny\n")
    assert left.exit_code == 0 and "Left the game" in left.output


def test_short_forms_and_names_may_be_shortened_too():
    """'ch 8'-style starts of a short form, and a habitat by its name with its code left out."""
    from gaiatable.core.driver import turn_view
    from gaiatable.core.seeding import random_step
    from gaiatable.terminal.human import best_fits, choose
    game = load_game("earth-our-home", players=2)
    state = game.new_initial_state()
    while state.is_chance() or "place" not in " ".join(game.action_text(a) for a in state.legal_actions()):
        random_step(state, random.Random(1))
    view = turn_view(state, state.current_player())
    texts = [game.action_text(a) for a in view.legal_actions]
    place = next(t for t in texts if t.startswith("place E"))  # "place E05 Siberian Taiga"
    code, name = place.split()[1], place.split(maxsplit=2)[2]
    assert game.action_text(choose(f"place {name}", view, texts)) == place
    assert game.action_text(choose(f"pl {code.lower()}", view, texts)) == place
    ph = load_game("phanerozoic", players=2)
    every = range(ph.num_distinct_actions)
    assert best_fits("dr 31", every, ph.action_text, ph.action_aliases) == [ph.parse_action("draft 31")]


def test_several_server_processes_ask_for_postgresql(tmp_path):
    result = run("serve", "--workers", "2", "--db", f"sqlite:///{tmp_path / 't.db'}")
    assert result.exit_code == 2 and "--workers 2 needs PostgreSQL" in result.output


def test_replay_show_steps_forwards_back_and_to_a_decision(tmp_path):
    record = tmp_path / "t.jsonl"
    assert run("play", "tictactoe", "--seats", "random,random", "--seed", "3", "--record", str(record)).exit_code == 0
    shown = run("replay", "show", str(record), "--step", input="\nb\n4\nq\n").output
    steps = [int(m) for m in re.findall(r"(\d+) +[01] +[abc][123]\b", shown)]  # "   4       0  c1"
    assert steps == [0, 1, 0, 4]  # Enter, back, then decision 4, then q stops


def test_board_shows_the_board_and_the_prompt_without_the_moves(tmp_path):
    result = run("play", "gaia-vora", "--seats", "human,random", "--seed", "4", "--record", str(tmp_path / "b.jsonl"),
                 input="board\nquit\n")
    again = result.output.split("> ")[1]  # what `board` printed
    assert "turn 1" in again and "rotate the planet" in again and " 1 rotate" not in again
