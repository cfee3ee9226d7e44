"""Helpers shared by the games' clause tests."""

import pytest

from gaiatable import IllegalAction


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
