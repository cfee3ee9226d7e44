"""The terminal as a person meets it: Tab completion, the prompt readline keeps."""

from typer.testing import CliRunner

from gaiatable.cli import app
from gaiatable.terminal.complete import completions

runner = CliRunner()
GAIA_VORA = [(f"place yellow {kind} {where}",) for kind in ("carnivore", "herbivore", "plant")
             for where in ("N", "W", "water")]


def test_tab_completes_short_forms_to_the_move_they_name():
    assert completions("pl y h", GAIA_VORA) == [f"place yellow herbivore {w}" for w in ("N", "W", "water")]
    assert completions("pl y h w", GAIA_VORA) == ["place yellow herbivore W", "place yellow herbivore water"]
    assert completions("place yellow p", GAIA_VORA) == [f"place yellow plant {w}" for w in ("N", "W", "water")]
    assert len(completions("", GAIA_VORA + [("undo",)])) == 10  # Tab-Tab on nothing lists everything
    assert completions("un", GAIA_VORA + [("undo",)]) == ["undo"]


def test_tab_completes_a_habitat_by_its_code_or_name_and_never_drops_typed_words():
    forms = [("place E12 Sea of Japan & Okhotsk", "place e12"), ("place W14 Gulf of Mexico", "place w14"),
             ("place W05 Sargasso Sea", "place w05")]
    assert completions("place e1", forms) == ["place E12 Sea of Japan & Okhotsk"]  # whatever the case
    assert completions("pl w05", forms) == ["place W05 Sargasso Sea"]  # a short form's start
    assert completions("place gulf", forms) == ["place W14 Gulf of Mexico"]  # the name, the code left out
    # both fit 'pl sea', but readline would put their common start 'place ' in place of the line
    assert completions("pl sea", forms) == []


def test_the_prompt_goes_to_input_so_that_readline_redraws_it(tmp_path, monkeypatch):
    """Printed before input() (as rich's Console.input does), '> ' vanished after Tab-Tab or Ctrl-U."""
    prompts = []
    answers = iter(["b2", "quit"])

    def typed(prompt=""):
        prompts.append(prompt)
        return next(answers)

    monkeypatch.setattr("builtins.input", typed)
    result = runner.invoke(app, ["play", "tictactoe", "--seed", "2", "--record", str(tmp_path / "t.jsonl")])
    assert result.exit_code == 0, result.output
    assert prompts == ["> ", "> "]
