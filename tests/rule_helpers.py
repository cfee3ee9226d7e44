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
