"""Tic-tac-toe, the template game (docs/rulings/tictactoe.md)."""

import pytest

from gaiatable import IllegalAction, load_game


def play(*cells):
    game = load_game("tictactoe")
    state = game.new_initial_state()
    for cell in cells:
        state.apply(game.parse_action(cell))
    return state


def test_ttt_1_crosses_move_first_and_players_alternate():
    state = play()
    assert state.current_player() == 0
    state = play("b2")
    assert state.current_player() == 1


def test_ttt_2_a_marked_cell_cannot_be_marked_again():
    state = play("b2")
    with pytest.raises(IllegalAction) as info:
        state.apply(state.parse_action("b2"))
    assert info.value.clause == "TTT-2"


def test_ttt_3_three_in_a_row_wins():
    state = play("a1", "a2", "b1", "b2", "c1")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_ttt_4_a_full_board_without_a_line_is_a_draw():
    state = play("a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
