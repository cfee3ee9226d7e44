"""The undo policy: only your own latest decisions, back to the last irreversible point (DESIGN)."""

from typer.testing import CliRunner

from gaiatable import CHANCE, load_game
from gaiatable.cli import app
from gaiatable.core.record import read_record
from gaiatable.core.undo import Step, undo_refusal


def step(actor, reveals=False):
    state = load_game("tictactoe").new_initial_state()
    if reveals:
        state.reveals = lambda action: True
    return Step(actor, 4, state)


def test_policy():
    assert undo_refusal([], 0) == "there is nothing to undo"
    assert undo_refusal([step(0)], 0) is None
    assert "chance" in undo_refusal([step(0), step(CHANCE)], 0)
    assert "another player" in undo_refusal([step(0), step(1)], 0)
    assert undo_refusal([step(1), step(0), step(0)], 0) is None


def test_undo_in_terminal_play(tmp_path):
    record = tmp_path / "u.jsonl"
    moves = "rotate 2\nundo\nundo\nrotate 1\nquit\n"
    result = CliRunner().invoke(app, ["play", "gaia-vora", "--seats", "human,random", "--seed", "4",
                                      "--record", str(record)], input=moves)
    assert "took back 'rotate 2'" in result.output
    assert "chance has spoken" in result.output  # the setup cannot be taken back
    texts = [line.get("text") for line in read_record(record)]
    assert "rotate 2" not in texts and "rotate 1" in texts


def test_no_undo_after_another_player_moved(tmp_path):
    result = CliRunner().invoke(app, ["play", "tictactoe", "--seats", "human,random", "--seed", "1",
                                      "--record", str(tmp_path / "t.jsonl")], input="b2\nundo\nquit\n")
    assert "another player has decided since" in result.output
