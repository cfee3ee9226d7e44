"""The terminal as a person meets it: Tab completion, the prompt readline keeps, boards that fit 80×24
and read without colour."""

import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from gaiatable import load_game
from gaiatable.cli import app
from gaiatable.core.seeding import random_step
from gaiatable.terminal import human, render
from gaiatable.terminal.complete import completions

runner = CliRunner()
GAIA_VORA = [(f"place yellow {kind} {where}",) for kind in ("carnivore", "herbivore", "plant")
             for where in ("N", "W", "water")]


@pytest.fixture
def screen_80x24(monkeypatch):
    """The human's console as a terminal of 80 columns and 24 rows, whatever runs the tests."""
    monkeypatch.setattr(human.console, "_width", 80)
    monkeypatch.setattr(human.console, "_height", 24)


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


def earth(players: int, decisions: int):
    game = load_game("earth-our-home", players=players)
    state, rng = game.new_initial_state(), random.Random(1)
    for _ in range(decisions):
        random_step(state, rng)
    return state.observe(0)


def test_earth_our_home_reads_without_colour_and_leaves_room_on_24_rows():
    obs = earth(4, 300)  # late in the game: many habitats hold three counters
    lines = plain(render(obs))
    text = "\n".join(lines)
    assert max(map(len, lines)) <= 80
    assert len(lines) <= 20  # with the prompt, two moves, 'and N more' and the input line: 24
    assert not re.search(r"[~T^][WE]\d\d\d", text)  # no level glued to a code ('~E1311')
    w13 = next(h for h in obs["board"]["habitats"] if h["id"] == "W13")
    assert w13["counters"]
    shown = re.search(r"TW13 ?(\S*)", text).group(1)  # each genus's shape, then its counters' levels
    assert sorted(re.sub(r"\D", "", shown)) == sorted(str(c["level"]) for c in w13["counters"])
    assert "■1 blue square" not in text and "■" in text and "value ~" in text


def test_earth_our_home_board_prompt_and_moves_fit_80x24(tmp_path, screen_80x24):
    result = runner.invoke(app, ["play", "earth-our-home", "--seats", "human,default,default,default", "--seed",
                                 "3", "--record", str(tmp_path / "e.jsonl")], input="quit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    screen = out[out.index("Earth: Our Home ·"):out.index("> ")].rstrip("\n").splitlines()
    assert len(screen) + 1 <= 24 and max(map(len, screen)) <= 80  # + the input line
    assert " 1 place" in screen[-2] and " 2 place" in screen[-2] and "more" in screen[-1]


def test_the_others_moves_since_the_players_last_are_told_again_over_the_prompt(tmp_path, monkeypatch):
    """The board pushes the bots' moves off the screen: they are summed up between it and the prompt."""
    monkeypatch.setattr(human.console, "_height", 40)
    result = runner.invoke(app, ["play", "gaia-vora", "--seats", "human,random", "--seed", "4", "--record",
                                 str(tmp_path / "s.jsonl")], input="1\n" * 6 + "board\nquit\n")
    screens = result.output.split("> ")
    assert "Before your first move:" in screens[0] and "setup" in screens[0]  # the chance that set the table
    told = [screen.split("Since your last move")[1].split("(? for help)")[0] for screen in screens
            if "Since your last move" in screen]
    assert told and all("green: rotate" in since and "green: place green" in since for since in told)
    assert "Since your last move" in screens[-2]  # `board` tells it again
    seats = re.findall(r"(yellow|green|white|blue) \(([^)]*)\)", screens[0])
    assert set(seats) >= {("yellow", "you"), ("green", "seat 1"), ("white", "neutral Bot"), ("blue", "neutral Bot")}


def test_a_run_of_chance_decisions_shows_as_one_line_per_kind():
    from gaiatable.terminal.human import chance_line, same_kind
    drawn = ["seat 0 draws L07 Ring System", "seat 0 draws H04 Giant Impact"]
    assert str(chance_line(drawn)) == "chance, 2 times: seat 0 draws L07 Ring System, H04 Giant Impact"
    hidden = ["seat 1 draws a Low card"] * 2 + ["seat 1 draws a High card"]
    assert str(chance_line(hidden)) == "chance, 3 times: seat 1 draws a Low card ×2, High card"
    assert str(chance_line(["deal gas"])) == "chance: deal gas"
    assert same_kind("deal gas", "deal rock") and same_kind(drawn[0], drawn[1])
    assert not same_kind(drawn[0], hidden[0]) and not same_kind("deal gas", "seat 0 draws L07 Ring System")


def test_planetarium_setup_deals_are_grouped_not_dozens_of_lines(tmp_path):
    result = runner.invoke(app, ["play", "planetarium", "--seats", "human,random", "--seed", "8", "--record",
                                 str(tmp_path / "p.jsonl")], input="quit\n")
    assert result.exit_code == 0, result.output
    setup = result.output.split("Planetarium —")[0].splitlines()
    assert not any(line.startswith("chance: deal") for line in setup)
    deals = [line for line in setup if line.startswith("chance, ") and " deal " in line]
    assert len(deals) == 1 and "deal gas ×" in deals[0]
    assert sum(line.startswith("chance, 6 times: seat") for line in setup) == 2  # each seat's six cards


def planetarium(players: int):
    game = load_game("planetarium", players=players)
    state, rng = game.new_initial_state(), random.Random(1)
    while state.is_chance():
        random_step(state, rng)
    return state.observe(0)


def plain(renderable) -> list[str]:
    console = Console(width=80, color_system=None, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text().rstrip("\n").splitlines()


def test_planetarium_draws_the_thin_lines_and_says_what_its_signs_mean():
    obs = planetarium(2)
    lines = plain(render(obs))
    assert max(map(len, lines)) <= 80
    text = "\n".join(lines)
    for sign in ("↯ Gravity", "⇩ Downgrade", "· empty", "g gas", "A-D Planets", "╲╱╳ thin lines"):
        assert sign in text
    between = [line[:41] for line in lines[1:12] if not line[:4].strip()]  # the rows between orbits I to VI
    drawn = sum(line.count("╲") + line.count("╱") + 2 * line.count("╳") for line in between)
    inner = [ab for ab in obs["board"]["thin_lines"] if not any(s.startswith("VII") for s in ab)]
    assert len(between) == 5 and drawn == len(inner)
    into_arms = [f"{a}›{b[4:]}" for a, b in obs["board"]["thin_lines"] if b.startswith("VII")]
    assert all(line in text for line in into_arms)


def test_planetarium_header_stops_at_the_track_and_the_solo_game_names_its_target():
    obs = planetarium(2)
    track = obs["board"]["track"]
    obs["board"]["track"] = {**track, "filled": track["length"] + 1}  # the last space holds any number
    assert f"track {track['length']}/{track['length']} " in plain(render(obs))[0]
    solo = planetarium(1)
    assert f"beat the target: {solo['board']['target']}" in plain(render(solo))[0]


def test_counts_take_their_noun_in_the_right_number(tmp_path):
    """'deck 1 card' in Planit's and Phanerozoic's headers, 'you already have 1 counter' (EO-3.3)."""
    from gaiatable.terminal.views import phanerozoic, planit
    for name, view in (("planit", planit), ("phanerozoic", phanerozoic)):
        obs = load_game(name, players=2).new_initial_state().observe(0)
        obs["board"]["deck"] = 1
        text = "\n".join(plain(view.render(obs))).lower()
        assert "deck 1 card" in text and "deck 1 cards" not in text
    rules = (Path(__file__).parent.parent / "src/gaiatable/games/earth_our_home/content/earth_our_home.toml")
    content = tmp_path / "one_a_habitat.toml"
    content.write_text(re.sub(r"(?m)^own_per_habitat = 3", "own_per_habitat = 1", rules.read_text()))
    game = load_game("earth-our-home", players=2, content=str(content))
    state, rng = game.new_initial_state(), random.Random(1)
    while state.is_chance():
        random_step(state, rng)
    first = state.legal_actions()[0]
    state.apply(first)
    while state.is_chance():
        random_step(state, rng)
    assert "you already have 1 counter of species 1 in" in str(state.illegal(first))


def test_a_seat_count_that_does_not_fit_says_so_in_the_right_number():
    result = CliRunner().invoke(app, ["play", "phanerozoic", "-p", "players=1", "--seats", "human,random"])
    assert "phanerozoic with 1 player needs 1 seat, got 2" in result.output, result.output


def test_planetarium_moves_say_what_moves_and_which_land_on_a_planet():
    """The menu names the token a move takes and where a Planet and a Matter meet (PT-2.8: the Matter goes
    to the mover's mat), while the move's own text stays the one the reader accepts."""
    from gaiatable.core.seeding import random_step
    from gaiatable.terminal import describe
    game = load_game("planetarium", players=2)
    state = game.new_initial_state()
    while state.is_chance() or "move" not in game.action_text(state.legal_actions()[0]):
        random_step(state, random.Random(5))
    obs = state.observe(state.current_player())
    planets = {p["space"]: p["name"] for p in obs["board"]["planets"]}
    for action in state.legal_actions():
        text = game.action_text(action)
        words = text.split()
        if words[0] != "move":
            continue
        said = describe(obs, text)
        assert said.startswith(text + " (")
        start, end = words[1], words[2]
        what = f"Planet {planets[start]}" if start in planets else obs["board"]["matter"][start]
        assert said[len(text) + 2:].startswith(what)
        assert (f"onto Planet {planets.get(end)})" in said) == (end in planets)
        meets = start in planets and end in obs["board"]["matter"]
        assert (f"onto {obs['board']['matter'].get(end)})" in said) == meets
    assert describe(obs, "no card") == "no card"
