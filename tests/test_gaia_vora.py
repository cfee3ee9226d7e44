"""Gaia-Vora rules, clause by clause (docs/rulings/gaia-vora.md), and the rulebook's worked examples."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_helpers import assert_rejected, builtin_content, final_counts, legal_texts, random_ending

from gaiatable import load_game
from gaiatable.core.conformance import walk
from gaiatable.games.gaia_vora.actions import SETUP_SAND_EVEN, SETUP_STONE_EVEN, WATER, place_id
from gaiatable.games.gaia_vora.content import CARNIVORE, GRASS, HERBIVORE, PLANT, SAND, SNOW, STONE
from gaiatable.games.gaia_vora.rules import EMPTY, F_PLACE

YELLOW, GREEN, WHITE, BLUE = range(4)
N, NE, E, SE, S, SW, W, NW = range(8)
C, H, P = CARNIVORE, HERBIVORE, PLANT


def fresh(players=3, **params):
    """A game set up with Stone on the even positions, seat 0 (yellow) about to rotate."""
    game = load_game("gaia-vora", players=players, **params)
    state = game.new_initial_state()
    state.apply(SETUP_STONE_EVEN)
    return state


def loc(state, position):
    return WATER if position == WATER else state.location_at(position)


def put(state, position, species, colour):
    """Place a life-form from its pool directly (test set-up, not a move)."""
    where = loc(state, position)
    assert state.occ[where * 3 + species] == EMPTY
    state.occ[where * 3 + species] = colour
    state.pool[colour * 3 + species] -= 1
    state._legal = None


def at(state, position, species):
    return state.occ[loc(state, position) * 3 + species]


def make_water(state, position):
    """Remove the tiles at a position (test set-up), leaving Water there."""
    slot = (position - state.offset) & 7
    state.stacks[slot] = ()
    state.home &= ~(1 << slot)
    state._legal = None


def do(state, *texts):
    for text in texts:
        state.apply(state.parse_action(text))



def fossils(state, eater, victim):
    return state.fossils[eater * 4 + victim]


def rejected(state, text, clause):
    return assert_rejected(state, lambda: do(state, text), clause)


# -- GV-1 setup ---------------------------------------------------------------------------------

def test_gv_1_1_pools_and_gv_1_4_stars():
    state = fresh()
    assert state.pool == [3, 4, 5] * 4
    assert state.stars == [4, 4, 4, 4]
    assert fresh(stars=2).stars[0] == 2


def test_gv_1_2_and_1_3_setup_is_a_fair_chance_between_two_alternating_layouts():
    game = load_game("gaia-vora")
    state = game.new_initial_state()
    assert state.is_chance()
    assert state.chance_outcomes() == [(SETUP_STONE_EVEN, 0.5), (SETUP_SAND_EVEN, 0.5)]
    for outcome, even in ((SETUP_STONE_EVEN, STONE), (SETUP_SAND_EVEN, SAND)):
        s = game.new_initial_state()
        s.apply(outcome)
        assert [t[0] for t in s.stacks] == [even, 1 - even] * 4
        assert s.supply[GRASS] == 4 and s.supply[SNOW] == 3


def test_gv_1_5_bots_never_take_turns_but_the_rainbow_places_them():
    state = fresh(players=2)
    seen = set()
    import random
    rng = random.Random(4)
    while not state.is_terminal():
        seen.add(state.current_player())
        state.apply(rng.choice(state.legal_actions()))
    assert seen <= {0, 1}
    assert len(state.returns()) == 2
    state = fresh(players=2)
    do(state, "rotate 2", "rainbow")
    assert any(text.startswith("place blue") for text in legal_texts(state))
    assert any(text.startswith("place white") for text in legal_texts(state))


def test_gv_1_6_seat_order():
    state = fresh(players=4)
    players = []
    for _ in range(5):
        players.append(state.current_player())
        do(state, "rotate 2")
        state.apply(state.parse_action("meteor"))
        state.apply(state.legal_actions()[0])
    assert players == [0, 1, 2, 3, 0]


# -- GV-2 locations -----------------------------------------------------------------------------

def test_gv_2_1_one_of_each_species_per_location():
    state = fresh()
    do(state, "rotate 2")  # positions now show the slots from two steps back
    put(state, NW, C, GREEN)
    do(state, "sun")
    assert "place yellow carnivore NW" not in legal_texts(state)
    rejected(state, "place yellow carnivore NW", "GV-2.1")


def test_gv_2_2_water_is_one_location_touching_everything():
    state = fresh()
    make_water(state, S)
    make_water(state, N)
    put(state, WATER, H, GREEN)
    assert loc(state, S) == loc(state, N) == WATER
    assert at(state, S, H) == GREEN  # the same location, seen from two positions
    do(state, "rotate 2")
    do(state, "sun")
    texts = legal_texts(state)
    assert "place yellow herbivore water" not in texts
    assert "place yellow carnivore water" in texts


def test_gv_2_3_and_5_2_sun_targets_are_its_location_both_neighbours_and_the_water():
    state = fresh()
    do(state, "rotate 2", "sun")
    places = {text.split()[-1] for text in legal_texts(state)}
    assert places == {"NW", "W", "N", "water"}


def test_gv_2_4_no_duplicate_colours_in_a_stack():
    state = fresh()
    do(state, "rotate 2", "meteor")
    target = state.stacks[(NE - state.offset) & 7]
    texts = legal_texts(state)
    for position in range(8):
        slot = (position - state.offset) & 7
        if position != NE and state.stacks[slot][0] in target:
            assert f"drop tile from {state.game.content.positions[position]}" not in texts


# -- GV-3 the turn ------------------------------------------------------------------------------

def test_gv_3_1_rotate_first_then_a_sky_object():
    state = fresh()
    assert legal_texts(state) == {"rotate 1", "rotate 2", "rotate 3"}
    rejected(state, "sun", "GV-3.1")
    do(state, "rotate 2")
    assert legal_texts(state) <= {"sun", "rainbow", "storm", "meteor"}
    rejected(state, "rotate 2", "GV-3.1")


def test_gv_3_2_one_or_three_steps_cost_a_star_two_are_free():
    state = fresh(stars=1)
    do(state, "rotate 2")
    assert state.stars[YELLOW] == 1
    state = fresh(stars=1)
    do(state, "rotate 3")
    assert state.stars[YELLOW] == 0
    state = fresh(stars=0)
    assert legal_texts(state) == {"rotate 2"}
    message = rejected(state, "rotate 1", "GV-3.2")
    assert "Star" in message


def test_gv_3_3_each_step_moves_everything_one_position_clockwise():
    state = fresh()
    put(state, E, P, BLUE)
    do(state, "rotate 3")
    assert at(state, SW, P) == BLUE  # E + 3 steps = SW
    assert state.stacks[(SW - state.offset) & 7] == (STONE,)  # the tile came along


def test_gv_3_4_pass_only_when_no_sky_object_would_change_anything():
    state = fresh(players=2)
    state.pool = [0] * 12  # nobody can place anything
    state.supply = [0, 0, 0, 1]
    state.stacks = [(STONE, SAND, GRASS, SNOW)] * 8  # nothing can drop anywhere
    state.home = 0
    state._legal = None
    do(state, "rotate 2")
    assert legal_texts(state) == {"pass"}
    rejected(state, "meteor", "GV-4.3")
    do(state, "pass")
    assert state.current_player() == 1


# -- GV-4 general rules of the Sky Objects -------------------------------------------------------

def test_gv_4_3_an_object_that_changes_nothing_cannot_be_chosen():
    state = fresh()
    do(state, "rotate 2")
    assert "storm" not in legal_texts(state)  # nothing stands under the Storm
    rejected(state, "storm", "GV-4.3")


def test_gv_4_3_a_sun_whose_placements_are_all_eaten_back_is_a_pass_in_disguise():
    """*Interpretation*: "change" compares the position after the activation. Yellow has one Plant left;
    only N (under the Moon) can take it, where yellow's own HerbiVore eats it back into the pool at once."""
    def position(eater):
        state = fresh()
        do(state, "rotate 2")  # the Sun is over NW: it reaches NW, N, W and the Water
        for where in (NW, W, WATER):
            put(state, where, P, GREEN)
        put(state, N, H, eater)
        put(state, SW, C, WHITE)  # something under the Storm, so the Storm would change something
        state.pool[YELLOW * 3:YELLOW * 3 + 3] = [0, 0, 1]
        return state

    state = position(YELLOW)
    assert "sun" not in legal_texts(state) and "storm" in legal_texts(state)
    rejected(state, "sun", "GV-4.3")
    state = position(GREEN)  # a green HerbiVore eats the Plant: a fossil for green, a real change
    assert "sun" in legal_texts(state)


def test_gv_4_4_the_order_must_let_the_most_life_forms_be_placed():
    state = fresh()
    do(state, "rotate 2")
    # yellow has one HerbiVore and Plants; W and the Water can take only a HerbiVore or nothing
    state.pool[YELLOW * 3:YELLOW * 3 + 3] = [0, 1, 5]
    put(state, W, P, GREEN)
    put(state, W, C, GREEN)
    put(state, WATER, P, GREEN)
    put(state, WATER, C, GREEN)
    put(state, WATER, H, WHITE)  # the Water takes nothing of yellow's
    do(state, "sun")
    # NW and N can take a Plant; W only the HerbiVore: spending the HerbiVore elsewhere loses a placement
    assert "place yellow herbivore NW" not in legal_texts(state)
    assert "place yellow herbivore W" in legal_texts(state)
    message = rejected(state, "place yellow herbivore NW", "GV-4.4")
    assert "as many as you can" in message
    do(state, "place yellow herbivore W", "place yellow plant NW", "place yellow plant N")
    assert state.current_player() == 1  # three placed, the activation and the turn are over


def test_gv_4_4_pieces_eaten_back_into_the_pool_count():
    state = fresh()
    do(state, "rotate 2")
    # N is under the Moon: a yellow HerbiVore placed there is eaten by the yellow CarniVore and returns
    put(state, N, C, YELLOW)
    put(state, N, P, GREEN)
    put(state, W, P, GREEN)
    put(state, NW, P, GREEN)
    put(state, WATER, P, GREEN)
    state.pool[YELLOW * 3:YELLOW * 3 + 3] = [0, 1, 0]
    do(state, "sun")
    # every target takes only a HerbiVore; yellow has one, but the Moon gives it back each time at N
    assert legal_texts(state) == {"place yellow herbivore N"}
    do(state, "place yellow herbivore N")
    assert state.pool[YELLOW * 3 + H] == 1
    assert fossils(state, YELLOW, GREEN) == 1  # it ate the green Plant first (GV-8.3)
    assert len(legal_texts(state)) == 3  # and can now go to any of the other three


# -- GV-5 Sun and Rainbow -----------------------------------------------------------------------

def test_gv_5_3_the_sun_places_only_your_colour():
    state = fresh()
    do(state, "rotate 2", "sun")
    assert all(text.startswith("place yellow") for text in legal_texts(state))
    rejected(state, "place green plant NW", "GV-5.3")


def test_gv_5_4_the_rainbow_places_four_different_colours():
    state = fresh()
    do(state, "rotate 2", "rainbow")
    do(state, "place green plant SE")
    assert not any(text.startswith("place green") for text in legal_texts(state))
    assert "a colour not placed yet" in rejected(state, "place green plant E", "GV-5.4")
    do(state, "place yellow plant E", "place white plant S", "place blue plant water")
    assert state.current_player() == 1


def test_gv_5_1_four_placements_then_the_turn_ends():
    state = fresh()
    do(state, "rotate 2", "sun")
    placed = 0
    while state.current_player() == 0:
        state.apply(state.legal_actions()[0])
        placed += 1
    assert placed == 4
    assert sum(state.pool[0:3]) == 12 - 4


def test_gv_5_5_an_empty_pool_places_nothing():
    state = fresh()
    do(state, "rotate 2")
    state.pool[YELLOW * 3 + C] = 0
    do(state, "sun")
    assert not any("carnivore" in text for text in legal_texts(state))
    rejected(state, "place yellow carnivore NW", "GV-5.5")


def test_gv_5_6_over_the_water_any_four_locations():
    state = fresh()
    make_water(state, SW)  # after two steps, this slot is under the Sun
    do(state, "rotate 2")
    assert loc(state, NW) == WATER
    do(state, "sun")
    places = {text.split()[-1] for text in legal_texts(state)}
    assert places == {"N", "NE", "E", "SE", "S", "SW", "W", "water"}
    do(state, "place yellow plant S", "place yellow plant E", "place yellow plant SE", "place yellow plant water")
    assert state.current_player() == 1


# -- GV-6 Storm ---------------------------------------------------------------------------------

def test_gv_6_1_and_6_2_the_storm_moves_everything_to_touching_locations():
    state = fresh()
    do(state, "rotate 2")
    put(state, SW, C, GREEN)
    put(state, SW, P, WHITE)
    put(state, S, C, BLUE)  # S already has a CarniVore
    do(state, "storm")
    texts = legal_texts(state)
    assert texts == {"move carnivore W", "move carnivore water", "move plant S", "move plant W", "move plant water"}
    rejected(state, "move carnivore S", "GV-6.2")
    rejected(state, "move carnivore NE", "GV-6.1")
    do(state, "move carnivore W")
    assert state.observe(0)["log"] == ["yellow moved green's carnivore from under the Storm to W"]  # whose, where
    assert legal_texts(state) == {"move plant S", "move plant W", "move plant water"}
    do(state, "move plant S")
    assert at(state, W, C) == GREEN and at(state, S, P) == WHITE
    assert state.current_player() == 1


def test_gv_6_3_a_life_form_with_nowhere_to_go_stays():
    state = fresh()
    do(state, "rotate 2")
    put(state, SW, H, GREEN)
    put(state, SW, P, GREEN)
    for where in (S, W, WATER):
        put(state, where, H, WHITE)
    do(state, "storm")
    assert legal_texts(state) == {"move plant S", "move plant W", "move plant water"}
    do(state, "move plant water")
    assert at(state, SW, H) == GREEN  # stayed
    assert state.current_player() == 1


def test_gv_6_4_a_storm_over_the_water_moves_onto_any_land():
    state = fresh()
    make_water(state, SE)  # two steps later this slot is under the Storm
    put(state, WATER, H, GREEN)
    do(state, "rotate 2")
    assert loc(state, SW) == WATER
    do(state, "storm")
    assert legal_texts(state) == {f"move herbivore {p}" for p in ("N", "NE", "E", "SE", "S", "W", "NW")}


# -- GV-7 Meteor --------------------------------------------------------------------------------

def test_gv_7_1_a_tile_from_the_supply():
    state = fresh()
    do(state, "rotate 2", "meteor")
    assert {"drop snow", "drop grass"} <= legal_texts(state)
    do(state, "drop snow")
    assert state.stacks[(NE - state.offset) & 7][-1] == SNOW
    assert state.supply[SNOW] == 2


def test_gv_7_1_and_7_7_a_starting_tile_carries_its_life_forms_and_leaves_water():
    state = fresh()
    do(state, "rotate 2")
    put(state, E, C, GREEN)
    under = state.stacks[(NE - state.offset) & 7]
    assert state.stacks[(E - state.offset) & 7][0] not in under
    do(state, "meteor", "drop tile from E")
    assert at(state, NE, C) == GREEN
    assert loc(state, E) == WATER
    assert len(state.stacks[(NE - state.offset) & 7]) == 2


def test_gv_7_2_a_tile_moves_only_from_its_start_and_never_again():
    state = fresh()
    do(state, "rotate 2", "meteor")
    rejected(state, "drop tile from NE", "GV-7.2")
    do(state, "drop tile from E")
    assert not state.home >> ((NE - state.offset) & 7) & 1  # NE now holds two tiles: neither may move
    assert not state.home >> ((E - state.offset) & 7) & 1


def test_gv_7_3_no_duplicate_tile_colour():
    state = fresh()
    do(state, "rotate 2")
    slot = (NE - state.offset) & 7
    state.stacks[slot] = state.stacks[slot] + (SNOW,)
    state.home &= ~(1 << slot)
    do(state, "meteor")
    assert "drop snow" not in legal_texts(state)
    rejected(state, "drop snow", "GV-7.3")


def test_gv_7_4_7_5_the_meteor_kills_to_the_active_players_fossils_own_pieces_go_home():
    state = fresh()
    do(state, "rotate 2")
    put(state, NE, C, GREEN)
    put(state, NE, H, YELLOW)
    do(state, "meteor", "drop snow")
    assert fossils(state, YELLOW, GREEN) == 1
    assert fossils(state, YELLOW, YELLOW) == 0
    assert state.pool[YELLOW * 3 + H] == 4  # back in the pool
    assert at(state, NE, C) == EMPTY


def test_gv_7_6_life_forms_in_the_water_survive():
    state = fresh()
    make_water(state, NW)  # two steps later it is under the Meteor
    put(state, WATER, C, GREEN)
    do(state, "rotate 2")
    assert loc(state, NE) == WATER
    do(state, "meteor", "drop grass")
    assert at(state, WATER, C) == GREEN
    assert state.stacks[(NE - state.offset) & 7] == (GRASS,)


# -- GV-8 Moon ----------------------------------------------------------------------------------

def test_gv_8_3_herbivore_eats_plant_then_carnivore_eats_herbivore():
    state = fresh()
    put(state, NW, C, GREEN)
    put(state, NW, H, WHITE)
    put(state, NW, P, BLUE)
    do(state, "rotate 1")
    assert fossils(state, WHITE, BLUE) == 1 and fossils(state, GREEN, WHITE) == 1
    assert at(state, N, C) == GREEN and at(state, N, H) == EMPTY and at(state, N, P) == EMPTY


def test_gv_8_4_a_bot_keeps_what_it_eats():
    state = fresh(players=2)
    put(state, NW, H, BLUE)
    put(state, NW, P, YELLOW)
    do(state, "rotate 1")
    assert fossils(state, BLUE, YELLOW) == 1


def test_gv_8_5_eaten_by_your_own_colour_back_to_the_pool():
    state = fresh()
    put(state, NW, C, GREEN)
    put(state, NW, H, GREEN)
    do(state, "rotate 1")
    assert fossils(state, GREEN, GREEN) == 0
    assert state.pool[GREEN * 3 + H] == 4


def test_gv_8_1_eating_after_every_step_not_only_the_last():
    state = fresh()
    put(state, W, H, WHITE)
    put(state, W, P, BLUE)
    do(state, "rotate 3")  # W passes under the Moon on the second step and moves on
    assert fossils(state, WHITE, BLUE) == 1
    assert at(state, NE, H) == WHITE


def test_gv_8_1_eating_at_the_end_of_the_turn():
    state = fresh()
    do(state, "rotate 2")
    # Water with a HerbiVore and a Plant, no Water under the Moon yet
    put(state, WATER, H, WHITE)
    put(state, WATER, P, GREEN)
    assert state.home >> ((N - state.offset) & 7) & 1
    do(state, "meteor", "drop tile from N")  # N becomes Water, under the Moon
    assert loc(state, N) == WATER
    assert fossils(state, WHITE, GREEN) == 1


def test_gv_8_2_placing_under_the_moon_eats_at_once():
    state = fresh()
    do(state, "rotate 2")
    put(state, N, H, GREEN)
    do(state, "sun", "place yellow plant N")
    assert fossils(state, GREEN, YELLOW) == 1
    assert at(state, N, P) == EMPTY


# -- GV-9 end and scoring -----------------------------------------------------------------------

def test_gv_9_1_the_game_ends_after_the_turn_of_the_last_snow_or_grass():
    state = fresh()
    state.supply = [0, 0, 0, 1]
    do(state, "rotate 2", "meteor", "drop snow")
    assert state.is_terminal()
    assert not state.truncated()


def test_gv_9_2_9_3_scores_fossils_and_heights():
    state = fresh()
    put(state, WATER, C, YELLOW)  # 1
    put(state, E, H, YELLOW)  # one tile: 2
    state.fossils[YELLOW * 4 + GREEN] = 3
    assert state.all_scores()[YELLOW] == 1 + 2 + 3


def test_gv_ex_2_amys_stack_scores_fifteen():
    state = fresh()
    slot = (E - state.offset) & 7
    state.stacks[slot] = (STONE, SAND, GRASS, SNOW)
    for species in (C, H, P):
        put(state, E, species, YELLOW)
    assert state.height(slot) == 5
    assert state.all_scores()[YELLOW] == 15


def test_gv_9_4_ties_go_to_the_most_life_forms_on_the_planet_bots_cannot_win():
    state = fresh(players=2)
    state.supply = [0, 0, 0, 0]
    state.frames = []
    put(state, E, C, YELLOW)  # 2 points, one life-form
    put(state, WATER, C, GREEN)
    put(state, WATER, H, GREEN)  # 2 points, two life-forms
    state.fossils[BLUE * 4 + YELLOW] = 10  # a Bot's points count for nothing
    assert state.scores() == [2.0, 2.0]
    assert state.winners() == [GREEN]
    assert state.returns() == [-1.0, 1.0]


def test_gv_9_5_max_turns_is_a_safety_cap():
    state = fresh(max_turns=3)
    for _ in range(3):
        do(state, "rotate 2", "sun")
        while state.current_player() in (0, 1, 2) and state.frames and state.frames[-1][0] != 1:
            state.apply(state.legal_actions()[0])
    assert state.is_terminal() and state.truncated()
    # GV-9.7: a game stopped by the cap is a draw, whoever is ahead, so stalling until the cap never pays
    assert state.scores()[0] != state.scores()[1] and state.winners() is not None
    assert state.returns() == [0.0, 0.0, 0.0] and state.outcome() is None
    assert state.observe(1)["result"] == {"winners": [], "draw": True, "truncated": True}


# -- the rulebook's worked example --------------------------------------------------------------

@pytest.mark.parametrize("first", ["carnivore", "plant"])
def test_gv_ex_1_yellow_rotates_three_steps(first):
    """GV-EX-1, through GV-3.2, GV-8.1, GV-8.3, GV-8.4, GV-8.5, GV-6.5."""
    state = fresh()
    put(state, NW, C, GREEN)  # arrives under the Moon on the first step
    put(state, NW, H, WHITE)
    put(state, NW, P, YELLOW)
    put(state, W, C, YELLOW)  # second step
    put(state, W, P, YELLOW)
    make_water(state, SW)  # third step: bare Water
    put(state, WATER, H, YELLOW)
    put(state, WATER, P, GREEN)
    put(state, E, C, YELLOW)  # under the Storm after three steps
    put(state, E, P, WHITE)

    do(state, "rotate 3")
    assert state.stars[YELLOW] == 3
    assert fossils(state, WHITE, YELLOW) == 1  # "The White player is awarded the Yellow Plant"
    assert fossils(state, GREEN, WHITE) == 1  # "the Green player is awarded the White HerbiVore"
    assert state.location_at(N) == WATER
    assert fossils(state, YELLOW, GREEN) == 1  # "Yellow is awarded the Green Plant"
    assert at(state, WATER, H) == YELLOW

    do(state, "storm")
    second = "plant" if first == "carnivore" else "carnivore"
    do(state, f"move {first} water", f"move {second} water")
    assert fossils(state, YELLOW, WHITE) == 1  # the Yellow HerbiVore ate the White Plant
    assert at(state, WATER, H) == EMPTY  # then the Yellow CarniVore ate the Yellow HerbiVore
    assert at(state, WATER, C) == YELLOW
    assert fossils(state, YELLOW, YELLOW) == 0
    assert state.pool[YELLOW * 3 + H] == 4  # returned to the Reincarnation Pool
    assert state.current_player() == 1


# -- actions ------------------------------------------------------------------------------------

def test_action_text_aliases_and_json():
    game = load_game("gaia-vora")
    assert game.parse_action("R2") == game.parse_action("rotate 2")
    assert game.parse_action("place y c nw") == game.parse_action("place yellow carnivore NW")
    assert game.parse_action("  Move   H water ") == game.parse_action("move herbivore water")
    assert game.action_struct(game.parse_action("drop tile from SE")) == {"kind": "drop", "tile": "start", "from": "SE"}
    with pytest.raises(ValueError, match="not an action"):
        game.parse_action("fly to the moon")


# -- invariants under random play ---------------------------------------------------------------





@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 4))
def test_pieces_tiles_and_stars_are_conserved(seed, players):
    """GV-1.1, GV-1.2, GV-2.1, GV-2.4, GV-3.2 hold in every state of random legal play."""
    game = load_game("gaia-vora", players=players)
    stars = []

    def visit(state, ply):
        if state.is_chance():
            return
        on_planet = state.on_planet()
        for colour in range(4):
            eaten = sum(state.fossils[e * 4 + colour] for e in range(4))
            assert sum(state.pool[colour * 3:colour * 3 + 3]) + on_planet[colour] + eaten == 12
            assert state.fossils[colour * 4 + colour] == 0
        assert min(state.pool) >= 0
        assert sum(len(s) for s in state.stacks) + state.supply[GRASS] + state.supply[SNOW] == 15
        assert all(len(set(s)) == len(s) for s in state.stacks)  # GV-2.4
        for slot in range(8):
            if not state.stacks[slot]:
                assert state.occ[slot * 3:slot * 3 + 3] == [EMPTY] * 3  # Water life lives in WATER
        stars.append(list(state.stars))

    walk(game, seed, visit=visit)
    assert all(a >= b for x, y in itertools.pairwise(stars) for a, b in zip(x, y, strict=True))


def most_by_search(state, frame, memo):
    """The most placements left, by trying every order on real copies of the state."""
    if frame[3] == 0:
        return 0
    key = (tuple(state.occ), tuple(state.pool), frame, state.offset, tuple(state.stacks))
    if key not in memo:
        best = 0
        for loc, s, c in raw_placements(state, frame):
            after, nxt = place_on_copy(state, frame, loc, s, c)
            best = max(best, 1 + most_by_search(after, nxt, memo))
        memo[key] = best
    return memo[key]


def raw_placements(state, frame):
    avail, _, _ = state._piece_kinds(frame)
    return [(loc, s, c) for loc in frame[2] for s, c in state._choices_at(loc, avail)]


def place_on_copy(state, frame, loc, s, c):
    after = state.copy()
    after._put(loc, s, c)
    return after, (frame[0], frame[1], tuple(t for t in frame[2] if t != loc), frame[3] - 1, frame[4] | (1 << c))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gv_4_4_legal_placements_are_exactly_those_that_keep_the_most_by_search(players):
    """Against an exhaustive search over the real rules (eating and returns included)."""
    import random

    game = load_game("gaia-vora", players=players)
    rng, memo, checked = random.Random(players), {}, 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.frames[-1][0] == F_PLACE:  # a Sun or Rainbow placement
                frame = state.frames[-1]
                most = most_by_search(state, frame, memo)
                expected = set()
                for loc, s, c in raw_placements(state, frame):
                    after, nxt = place_on_copy(state, frame, loc, s, c)
                    if 1 + most_by_search(after, nxt, memo) == most:
                        expected.add(place_id(state.position_of(loc), s, c))
                assert set(state.legal_actions()) == expected
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 50


def test_gv_1_5_the_view_names_players_and_bots_even_with_fossils():
    state = fresh(players=3)
    state.fossils[GREEN * 4 + BLUE] = 2
    obs = state.observe(0)
    assert [(s["seat"], s["public"]["bot"]) for s in obs["seats"]] == [(0, False), (1, False), (2, False)]
    assert [(c["colour"], c["bot"]) for c in obs["board"]["bots"]] == [("blue", True)]
    colours = [s["public"] for s in obs["seats"]]
    assert colours[GREEN]["fossils"] == {"blue": 2} and colours[GREEN]["stars"] == 4


# -- content as data -----------------------------------------------------------------------------

def test_gv_1_1_a_designers_content_file_reaches_the_rules_and_the_record(tmp_path):
    """`-p content=FILE` works for Gaia-Vora as for every game with content: the colours and piece
    counts come from the file, and the record header names the file and its content hash."""

    from gaiatable.core.errors import ContentError
    from gaiatable.core.record import header_line

    original = builtin_content("gaia_vora")
    mine = tmp_path / "mine.toml"
    mine.write_text(original.replace('"yellow", "green"', '"red", "green"').replace("carnivore = 3", "carnivore = 2"))
    game = load_game("gaia-vora", players=2, content=str(mine))
    state = game.new_initial_state()
    assert state.pool[:3] == [2, 4, 5] and "place red plant N" in {game.action_text(a) for a in range(155)}
    header = header_line(game, 1, ["random", "random"])
    assert header["params"]["content"] == str(mine) and header["content_hash"] != load_game("gaia-vora").content_hash()
    bad = tmp_path / "bad.toml"
    bad.write_text(original.replace("moon = \"N\"", "moon = \"X\""))
    with pytest.raises(ContentError, match=r"bad.toml: sky.objects.moon = 'X' is not one of sky.positions"):
        load_game("gaia-vora", content=str(bad))


def test_gv_9_7_a_game_nobody_can_end_is_seen_and_the_bots_value_it_as_a_draw():
    """Every Star spent, the Meteor's target keeps to one parity of slots, each already holding Grass,
    one Grass left off the board, no starting tile left to move: the rules let it go on forever."""
    state = fresh(players=2)
    state.stars = [0, 0, 4, 4]  # the Bots' Stars do not count
    state.home = 0
    state.supply = [0, 0, 1, 0]
    parity = (state.game.meteor - state.offset) & 1
    for slot in range(8):
        state.stacks[slot] = (STONE, GRASS) if slot % 2 == parity else (SAND,)
    state.fossils[YELLOW * 4 + GREEN] = 5  # yellow far ahead
    assert state.can_never_end()
    assert state.game.heuristic(state) == [0.0, 0.0]
    state.stars[GREEN] = 1  # one Star left: a rotation of 1 or 3 reaches the other slots
    assert not state.can_never_end() and state.game.heuristic(state)[YELLOW] > 0.4


@pytest.mark.parametrize("players", [2, 4])
def test_the_final_count_says_each_score_as_fossils_and_layers(players):
    """GV-9.2, GV-9.3: once the game is over the log counts every colour's score, and the counts are the scores;
    GV-1.5: a Bot's too (it may outscore a player), said to be a Bot's, which cannot win."""
    game = load_game("gaia-vora", players=players)
    for seed in range(3):
        state = random_ending(game, seed)
        names = game.content.colours
        bots = {f"{names[c]} (a Bot, which cannot win)": score
                for c, score in enumerate(state.all_scores()) if c >= players}
        assert final_counts(state) == {**{names[s]: int(score) for s, score in enumerate(state.scores())}, **bots}
        assert len(bots) == 4 - players
        assert all("for fossils" in line for line in state.observe()["log"] if " scores " in line)
