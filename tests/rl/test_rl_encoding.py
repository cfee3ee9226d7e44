"""The numeric encoding (rl/encoding.py): fixed layouts of named slices, values in [-1, 1], derived
from the observation alone, and documented in docs/rl.md."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
from rl_helpers import GAME_COUNTS, game_params, loaded, random_states

from gaiatable.rl.encoding import encoder_for

DOCS = Path(__file__).parents[2] / "docs" / "rl.md"


def test_slices_tile_the_vector(game_count):
    enc = encoder_for(loaded(*game_count))
    starts = [s.start for s in enc.slices]
    assert starts[0] == 0
    assert [s.stop for s in enc.slices[:-1]] == starts[1:]
    assert enc.slices[-1].stop == enc.size
    assert len({s.name for s in enc.slices}) == len(enc.slices)


def test_every_observation_of_a_random_game_encodes_in_bounds(game_count):
    game = loaded(*game_count)
    enc = encoder_for(game)
    for state in random_states(game, seed=3, every=3):
        seat = max(state.current_player(), 0)
        vector = enc.encode(state.observe(seat))
        assert vector.shape == (enc.size,) and vector.dtype == np.float32
        assert np.all(np.abs(vector) <= 1.0)
        if not state.is_terminal():
            assert vector[enc.slice("to_move")][0] == 1.0  # the viewer is relative seat 0
        assert vector[enc.slice("phase")].sum() == 1.0


def test_encoding_reads_the_observation_only(game_count):
    """The same vector from a JSON copy of the observation: the encoder needs nothing but the
    JSON-able dict a seat was given."""
    game = loaded(*game_count)
    enc = encoder_for(game)
    for state in random_states(game, seed=5, every=7):
        for seat in range(game.num_players):
            obs = state.observe(seat)
            again = json.loads(json.dumps(obs))
            assert np.array_equal(enc.encode(obs), enc.encode(again))
            assert obs == again  # the encoder did not modify what it read


def test_encoding_is_the_same_whatever_the_seat_cannot_see(game_count):
    """Redraw every secret a seat cannot see (determinize): its encoding does not change."""
    game = loaded(*game_count)
    enc = encoder_for(game)
    rng = random.Random(11)
    checked = 0
    for state in random_states(game, seed=7, every=5):
        for seat in range(game.num_players):
            mine = enc.encode(state.observe(seat))
            for _ in range(2):
                other = state.determinize(seat, rng)
                assert np.array_equal(mine, enc.encode(other.observe(seat))), (game.name, seat)
                checked += 1
    assert checked


def test_hidden_information_differs_between_seats_and_stays_own():
    """Phanerozoic: a seat's own hand is in its vector; another seat's hand is not."""
    game = loaded("phanerozoic", {"players": 2})
    enc = encoder_for(game)
    state = next(s for s in random_states(game, seed=1) if s.observe(0)["phase"] == "choose")
    obs0, obs1 = state.observe(0), state.observe(1)
    hand0 = enc.encode(obs0)[enc.slice("own.hand")]
    hand1 = enc.encode(obs1)[enc.slice("own.hand")]
    assert hand0.sum() == len(obs0["seats"][0]["private"]["hand"]) > 0
    assert hand1.sum() == len(obs1["seats"][1]["private"]["hand"]) > 0
    assert not np.array_equal(hand0, hand1)
    assert obs0["seats"][1]["private"] is None  # and the encoder never read it


def test_seats_are_relative_to_the_viewer():
    """Tic-tac-toe: each seat sees its own marks in board.mine."""
    game = loaded("tictactoe", {})
    enc = encoder_for(game)
    state = game.new_initial_state()
    state.apply(4)  # x in the centre
    x, o = enc.encode(state.observe(0)), enc.encode(state.observe(1))
    assert x[enc.slice("board.mine")][4] == 1 and o[enc.slice("board.theirs")][4] == 1
    assert o[enc.slice("to_move")][0] == 1 and x[enc.slice("to_move")][1] == 1


def test_docs_list_every_slice_of_every_game():
    text = DOCS.read_text()
    for name, n in GAME_COUNTS:
        enc = encoder_for(loaded(name, game_params(name, n)))
        section = text[text.index(f"### {name}"):]
        section = section[:section.find("\n### ", 4) if "\n### " in section[4:] else None]
        sizes = section.split("\n")[2]  # "Vector size: 373 (2p), ...; actions: 170."
        assert f"{enc.size} ({n}p)" in sizes and f"actions: {enc.game.num_distinct_actions}." in sizes, (name, sizes)
        for piece in enc.slices:
            assert f"`{piece.name}`" in section, (name, piece.name)


def test_tictactoe_cached_vectors_equal_a_fresh_encoding():
    """The tic-tac-toe encoder keys its cache on the viewer and the cells: every reachable position
    must encode as the uncached encoder would, for both viewers."""
    from gaiatable.rl.encoding import Encoder

    game = loaded("tictactoe", {})
    enc = encoder_for(game)
    frontier, seen = [game.new_initial_state()], set()
    while frontier:
        state = frontier.pop()
        for viewer in (0, 1):
            obs = state.observe(viewer)
            assert np.array_equal(enc.encode(obs), Encoder.encode(enc, obs))
        for action in state.legal_actions():
            child = state.copy()
            child.apply(action)
            if tuple(child.board) not in seen:
                seen.add(tuple(child.board))
                frontier.append(child)
    assert len(seen) == 5477  # every position after the empty board
