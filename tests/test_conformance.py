"""The conformance kit on every registered game, and on a toy game with secrets."""

import pytest
from hidden_toy import HiddenToy, LeakyToy
from hypothesis import given, settings
from hypothesis import strategies as st

from gaiatable import GaiatableError, registered_games
from gaiatable.core import conformance
from gaiatable.core.conformance import ConformanceError
from gaiatable.core.registry import game_class


def configurations():
    """Every game at every player count. The turn cap (a simulation setting, not a rule) keeps the
    long random games of some games short enough to check every state of."""
    for cls in registered_games():
        declared = {p.name for p in cls.params_spec}
        for n in range(cls.min_players, cls.max_players + 1):
            params = {"players": n} if "players" in declared else {}
            if "max_turns" in declared:
                params["max_turns"] = 120
            yield pytest.param(cls, params, id=f"{cls.name}-{n}p")
    # variants that add phases or chance of their own
    yield pytest.param(game_class("earth-our-home"), {"players": 3, "first_player": "random"},
                       id="earth-our-home-3p-random-first")


CONFIGS = list(configurations())


@pytest.mark.parametrize("cls,params", CONFIGS)
def test_conformance_kit(cls, params):
    conformance.check_game(cls(**params), seeds=range(4))


@pytest.mark.parametrize("cls,params", CONFIGS)
def test_hundreds_of_random_games_end(cls, params):
    conformance.check_playouts(cls(**params), range(200), max_plies=20_000)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**40), which=st.sampled_from(CONFIGS))
def test_copies_are_independent(seed, which):
    cls, params = which.values
    conformance.check_copies(cls(**params), seed)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**40), which=st.sampled_from(CONFIGS))
def test_same_seed_same_record(seed, which):
    cls, params = which.values
    conformance.check_determinism(cls(**params), seed)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**40), which=st.sampled_from(CONFIGS))
def test_illegal_actions_change_nothing(seed, which):
    cls, params = which.values
    conformance.check_illegal(cls(**params), seed, per_state=3)


ODD_TEXTS = ["²", "①", "٣", "³", "x²", "1²", "move ²", "Ⅻ", "٣٣", "\x00", " ", "🂡", "-1", "1e9", "9" * 40]


@settings(max_examples=80, deadline=None)
@given(which=st.sampled_from(CONFIGS), text=st.one_of(st.sampled_from(ODD_TEXTS), st.text(max_size=12)))
def test_any_typed_text_is_an_action_or_a_clear_refusal(which, text):
    """A move or a look-up typed by a player (non-ASCII digits included) is understood or refused with
    a message; nothing else escapes (a ValueError would reach the server as a 500)."""
    cls, params = which.values
    game = cls(**params)
    try:
        action = game.parse_action(text)
    except GaiatableError as refusal:
        assert str(refusal)
    else:
        assert 0 <= action < game.num_distinct_actions
    assert isinstance(game.lookup(text), str)


def test_kit_accepts_a_game_that_keeps_its_secrets():
    conformance.check_game(HiddenToy(), seeds=range(3))


def test_kit_catches_a_leaking_observation():
    with pytest.raises(ConformanceError, match="observation depends on what it may not see"):
        conformance.check_secrecy(LeakyToy(), seed=1)
