"""The `game_count` fixture: every registered game with every player count it supports."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from rl_helpers import GAME_COUNTS, GAME_IDS, game_params  # noqa: E402


@pytest.fixture(params=GAME_COUNTS, ids=GAME_IDS)
def game_count(request):
    """(name, params) for every registered game and player count."""
    name, n = request.param
    return name, game_params(name, n)
