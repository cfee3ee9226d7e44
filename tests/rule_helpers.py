"""Helpers shared by the games' clause tests."""

from importlib import resources

import pytest

from gaiatable import IllegalAction, load_game
from gaiatable.core.errors import ContentError


def assert_rejected(state, move, clause):
    """`move()` must raise IllegalAction citing `clause` and leave the state as it was; returns the message."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        move()
    assert info.value.clause == clause, str(info.value)
    assert state.to_json() == before
    return str(info.value)


def legal_texts(state):
    return {state.action_text(a) for a in state.legal_actions()}


def builtin_content(package: str) -> str:
    """The text of a game's built-in content file (games/<package>/content/<package>.toml)."""
    return resources.files(f"gaiatable.games.{package}").joinpath(f"content/{package}.toml").read_text()


def refuses_content(game: str, folder, text: str, match: str) -> None:
    """`text` as a content file (folder/bad.toml) makes `game` refuse to load, saying `match`."""
    bad = folder / "bad.toml"
    bad.write_text(text)
    with pytest.raises(ContentError, match=match):
        load_game(game, content=str(bad))


def random_ending(game, seed: int):
    """The last state of a game played by uniformly random choices (chance by its odds) from `seed`."""
    import random
    rng, state = random.Random(seed), game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def final_counts(state) -> dict[str, int]:
    """The score each line of the game's final count gives a seat, by the seat's name ('yellow', 'seat 0')."""
    import re
    found = (re.match(r"(.+?) scores? (-?\d+)", line) for line in state.observe()["log"])
    return {m[1]: int(m[2]) for m in found if m}
