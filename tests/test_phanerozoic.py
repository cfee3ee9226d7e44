"""Phanerozoic rules, clause by clause (docs/rulings/phanerozoic.md), the rulebook's four worked
examples with its numbers, the card data, and the secrets."""

import random
import re
from collections import Counter
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_helpers import assert_rejected, builtin_content, final_counts, legal_texts, random_ending, refuses_content

from gaiatable import load_game
from gaiatable.core.conformance import check_game, walk
from gaiatable.core.game import REFEREE, SPECTATOR
from gaiatable.games.phanerozoic.content import ANIMAL, MUTATION, PLANT, SPECIES, STAR
from gaiatable.games.phanerozoic.heuristics import future
from gaiatable.games.phanerozoic.rules import (
    F_BONUS,
    F_CHOICE,
    F_DISCARD_LATER,
    F_TARGET,
    F_USE,
    P_ACTION,
    P_AUTOMA,
    P_CHOOSE,
    P_DRAFT,
    P_DRAW,
    P_GOAL,
    P_OVER,
)

CONTENT = load_game("phanerozoic").content
C = CONTENT.card_by_loc
GOAL = {g.name: i for i, g in enumerate(CONTENT.goals)}


def card_set(*locs):
    return sum(1 << C(loc) for loc in locs)


def table(living, chosen=((),), tucked=None, players=None, discard=(), goals=None, **params):
    """A game in the action phase: `living` maps location numbers to populations, seat s holds the
    face-up cards `chosen[s]`, and seat 0 is to act."""
    game = load_game("phanerozoic", players=players or max(len(chosen), 2), **params)
    state = game.new_initial_state()
    n = game.num_players
    state.goals = list(goals or [(2 * s, 2 * s + 1) for s in range(n)])
    state.pop = {C(loc): population for loc, population in living.items()}
    state.tucked = {C(loc): tuple(C(m) for m in (tucked or {}).get(loc, ())) for loc in living}
    state.chosen = [card_set(*(chosen[s] if s < len(chosen) else ())) for s in range(n)]
    state.discard = card_set(*discard)
    used = state.discard | sum(state.chosen) | sum(1 << t for t in state.pop)
    used |= sum(1 << m for ms in state.tucked.values() for m in ms)
    state.deck = CONTENT.deck & ~used
    state.phase, state.player, state.step = P_ACTION, 0, 0
    state._legal = None
    return state


def do(state, *texts):
    for text in texts:
        state.apply(state.parse_action(text))


def rejected(state, text, clause):
    return assert_rejected(state, lambda: do(state, text), clause)


def population(state, loc):
    return state.pop.get(C(loc))


def deal(state, goals_by_owner):
    """Deal the named goals: one list per seat (and one for the Automa, solo)."""
    t = state.game.action_table
    for owner, names in enumerate(goals_by_owner):
        for name in names:
            state.apply(t.deal_base(owner if owner < state.game.num_players else -1) + GOAL[name])


def draw(state, seat, *locs):
    for loc in locs:
        state.apply(seat * CONTENT.size + C(loc))


# -- PH-1: data and set-up -------------------------------------------------------------------------

def test_ph_1_1_card_counts_and_unique_location_numbers():
    kinds = Counter(CONTENT.kinds)
    assert (kinds[SPECIES], kinds[MUTATION], kinds[2], len(CONTENT.goals)) == (29, 27, 10, 12)
    assert len(set(CONTENT.locs)) == len(CONTENT.locs) and min(CONTENT.locs) >= 1 and max(CONTENT.locs) <= 76
    plant_sides = Counter(CONTENT.sides[m][PLANT] for m in range(CONTENT.size) if CONTENT.kinds[m] == MUTATION)
    assert plant_sides[STAR] == 7 and len(plant_sides) == 6  # star, leaves, roots, woody, seeds, flowering


def test_ph_1_1_every_species_can_be_evolved_from_the_starting_cards():
    """Breadth first from Algae and Trilobite, at most 4 mutations per step (content.md §4.4): tuck real
    mutation cards under a real parent and ask the engine whether the species may be played on it
    (PH-6.1 to PH-6.4)."""
    mutations = [m for m in range(CONTENT.size) if CONTENT.kinds[m] == MUTATION]
    species = [s for s in range(CONTENT.size) if CONTENT.kinds[s] == SPECIES]
    reached = {CONTENT.start[0][0], CONTENT.start[1][0]}
    grew = True
    while grew:
        grew = False
        for target in species:
            if target in reached:
                continue
            for parent in sorted(reached):
                tucked = _mutations_to_evolve(parent, target, mutations)
                if tucked is None or len(tucked) > 4:
                    continue
                state = table({CONTENT.locs[parent]: 4})
                state.tucked[parent] = tucked
                assert parent in state.options(target), (CONTENT.label(target), CONTENT.label(parent))
                reached.add(target)
                grew = True
                break
    assert reached == set(species)


def _mutations_to_evolve(parent, target, mutations):
    """The fewest real mutation cards that let `parent` evolve into `target`, or None."""
    c = CONTENT
    row = c.row[parent]
    if c.row[target] != row:
        return None
    need = [i for i in range(17) if c.needs[target] >> i & 1 and not c.icons[parent] >> i & 1]
    if c.evolves_with[target] >= 0 and c.evolves_with[target] != c.growth[parent]:
        need.append(c.evolves_with[target])
    need += [STAR] * max(0, c.stars[target] - c.stars[parent])
    free = list(mutations)
    chosen = []
    for icon in need:
        match = next((m for m in free if c.sides[m][row] == icon), None)
        if match is None:
            return None
        free.remove(match)
        chosen.append(match)
    if not chosen:  # PH-6.2: the parent needs a mutation, any star will do
        chosen.append(next(m for m in free if c.sides[m][row] == STAR))
    return tuple(chosen)


def test_ph_1_2_to_1_4_set_up():
    state = load_game("phanerozoic", players=3).new_initial_state()
    assert population(state, 2) == 3 and population(state, 5) == 1
    assert state.deck.bit_count() == 64 and not state.deck >> C(2) & 1 and not state.deck >> C(5) & 1
    deal(state, [["Coal Forests", "Seed Bank"], ["Deep Roots", "Ocean Giants"], ["Living Fossils", "Age of Mammals"]])
    assert state.goals[0] == (GOAL["Coal Forests"], GOAL["Seed Bank"])
    assert state.phase == P_DRAW and state.current_player() == -1
    assert state.observe(1)["seats"][0]["public"]["goals"] == 2  # PH-1.3: secret
    assert state.observe(1)["seats"][0]["private"] is None
    assert state.game.decision_text(state.game.action_table.deal_base(0) + 3, None, 1) == "seat 0 is dealt a goal"


def test_ph_1_5_rounds_by_player_count():
    for players, rounds in ((1, 8), (2, 8), (3, 6), (4, 6)):
        final = walk(load_game("phanerozoic", players=players), seed=players)
        assert final.round == rounds and final.phase == P_OVER


# -- PH-2: drafting ----------------------------------------------------------------------------------

def two_player_choice(bob=(16, 3, 4, 7, 8), eve=(22, 9, 10, 12, 13)):
    state = load_game("phanerozoic", players=2).new_initial_state()
    deal(state, [["Coal Forests", "Seed Bank"], ["Deep Roots", "Ocean Giants"]])
    draw(state, 0, *bob)
    draw(state, 1, *eve)
    return state


def test_ph_ex_1_drafting_example_eve_22_beats_bob_16():
    """The rulebook's drafting example: Bob chooses Roots (16), Eve the Cicada (22): Eve starts, drafts
    one card, Bob two, then Eve her last; the rest is discarded (PH-2.3 to PH-2.6)."""
    state = two_player_choice()
    assert state.phase == P_CHOOSE and len(state.legal_actions()) == 5  # PH-2.2: 5 cards with 2 players
    do(state, "choose 16")
    assert state.observe(1)["seats"][0]["public"]["has_chosen"]  # PH-2.3: secret until all have chosen
    assert state.observe(1)["seats"][0]["private"] is None
    assert state.observe(0)["seats"][0]["private"]["choice"] == "Roots/Legs (16)"
    assert state.reveals(state.parse_action("choose 22"))
    do(state, "choose 22")
    assert state.phase == P_DRAFT and state.start == 1 and state.current_player() == 1  # PH-2.4
    assert state.pool.bit_count() == 8 and state.observe(0)["board"]["pool"]  # PH-2.5: face up
    order = []
    for loc in (3, 9, 4, 10):
        order.append(state.current_player())
        do(state, f"draft {loc}")
    assert order == [1, 0, 0, 1]
    assert state.phase == P_ACTION and state.current_player() == 1
    assert [c.bit_count() for c in state.chosen] == [3, 3]
    assert state.discard == card_set(7, 8, 12, 13)  # PH-2.6


def test_ph_2_5_snake_draft_with_three_players():
    state = load_game("phanerozoic", players=3).new_initial_state()
    deal(state, [["Coal Forests", "Seed Bank"], ["Deep Roots", "Ocean Giants"], ["Living Fossils", "Age of Mammals"]])
    draw(state, 0, 1, 3, 4, 7)
    draw(state, 1, 8, 9, 10, 76)  # seat 1 will choose 76: it starts
    draw(state, 2, 12, 13, 14, 15)
    do(state, "choose 1", "choose 76", "choose 12")
    order = []
    assert state.pending_text() == "draft a card from the middle (the 1st of 6 picks, in the order: seat 1, seat 2, " \
                                   "seat 0, seat 0, seat 2, seat 1)"  # said where it is played
    while state.phase == P_DRAFT:
        order.append(state.current_player())
        state.apply(state.legal_actions()[0])
    assert order == [1, 2, 0, 0, 2, 1]
    assert state.discard.bit_count() == 9 - 6


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_ph_3_1_the_action_phase_says_the_actions_left_in_the_turns_they_come(seed, players):
    """PH-3.1: clockwise from the starting player, one face-up chosen card a turn, a seat with none passed over;
    the prompt names the turns left, as the draft's says its picks."""
    rng, state = random.Random(seed), load_game("phanerozoic", players=players).new_initial_state()
    foretold, taken = None, []
    while not state.is_terminal():
        acting = state.phase == P_ACTION and not state.frames and not state.is_chance()
        if acting and foretold is None:
            foretold = state.actors_left()
            order = ", ".join(f"seat {s}" for s in foretold)
            assert state.pending_text().endswith(f"(the actions left, in turn: {order})")
        if acting:
            taken.append(state.current_player())
        elif foretold is not None and state.phase != P_ACTION:
            assert taken == foretold
            foretold, taken = None, []
        state.apply(rng.choice(state.legal_actions()) if not state.is_chance() else state.chance_outcomes()[0][0])


def test_ph_2_1_empty_rows_get_algae_and_trilobite_back_and_ph_3_2_kept_cards_open_the_hand():
    state = table({41: 2}, chosen=((46,), ()))
    state.extinct = card_set(2, 5)
    do(state, "keep 46")  # PH-3.2: the last action of the round, then nature, then round 2
    assert state.round == 2 and state.phase == P_DRAW
    assert population(state, 2) is None  # a plant lives: Algae stays extinct
    assert population(state, 5) == 1 and not state.extinct >> C(5) & 1
    assert state.hands[0] == card_set(46)  # the kept card is in the hand: 4 more to draw
    assert [a // CONTENT.size for a in state.legal_actions()] == [0] * state.deck.bit_count()
    assert state.observe(1)["seats"][0]["public"]["hand"] == 1 and state.observe(1)["seats"][0]["private"] is None
    assert state.observe(0)["seats"][0]["private"]["hand"] == ["Glossopteris (46)"]
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert state.hands[0].bit_count() == 5 and state.current_player() == -1  # seat 1 draws next


def test_ph_2_7_an_empty_deck_takes_the_shuffled_discard_pile():
    state = two_player_choice()
    state.phase, state.player, state.hands = P_DRAW, 0, [card_set(16, 3, 4), 0]
    state.discard, state.deck = state.deck, 0
    state._advance()
    assert state.deck and not state.discard and "shuffled" in state.log[-1]


# -- PH-3: the action phase ---------------------------------------------------------------------------

def test_ph_3_1_turns_go_clockwise_and_pass_seats_without_cards():
    state = table({41: 2, 5: 1}, chosen=((1, 3), (), (4,)), players=3)
    seen = []
    while state.phase == P_ACTION:
        seen.append(state.current_player())
        do(state, state.action_text(next(a for a in state.legal_actions() if state.action_text(a).startswith("keep"))))
    assert seen == [0, 2, 0]
    rejected(table({41: 2}, chosen=((1,),)), "keep 3", "PH-3.1")


def test_ph_3_3_discard_bonus_is_optional_and_capped():
    state = table({41: 7, 5: 1}, chosen=((57, 36), (64,)))
    do(state, "discard 57")  # Archaeopteryx, 1 star: +2
    assert state.frames[-1][0] == F_BONUS and "decline the discard bonus" in legal_texts(state)
    rejected(state, "target 33", "PH-3.3")
    do(state, "target 41")
    assert population(state, 41) == 8 and state.discard >> C(57) & 1  # PH-5.6: at most 8
    state.player = 0
    do(state, "discard 36", "decline the discard bonus")  # Wattieza, 2 stars: +1, declined
    assert population(state, 5) == 1


# -- PH-4: mutations ---------------------------------------------------------------------------------------

def test_ph_ex_2_mutation_example_roots_and_flowering_under_bryophyta():
    """Bob tucks Roots under the Bryophyta, Eve Flowering: two attributes, size 1 (PH-4.1, PH-4.4)."""
    state = table({41: 3, 5: 1}, chosen=((16,), (13,)))
    do(state, "play 16")
    assert state.frames[-1][0] == F_TARGET
    assert "target Trilobita (5)" in legal_texts(state)  # the animal side (Legs) would go under Trilobite
    do(state, "target 41")
    do(state, "play 13", "target 41")
    moss = C(41)
    icons = {name for name in ("roots", "flowering", "leaves") if state.icons(moss) >> _icon(name) & 1}
    assert icons == {"roots", "flowering"} and state.stars(moss) == 1
    assert state.tucked[moss] == (C(16), C(13))


def _icon(name):
    from gaiatable.games.phanerozoic.content import ICON
    return ICON[name]


def test_ph_4_3_no_icon_twice_except_the_star():
    state = table({41: 3}, chosen=((28, 1, 4),), tucked={41: (16,)})
    do(state, "play 1", "target 41")
    state.player = 0
    do(state, "play 4", "target 41")  # a second star is fine
    assert state.stars(C(41)) == 3
    state.player = 0
    assert "play Roots/Fins (28)" not in legal_texts(state)  # Roots again: no other plant to take it
    assert "no living card can take it" in rejected(state, "play 28", "PH-4.3")


def test_ph_4_3_the_view_names_the_cards_in_the_middle_and_the_hand_that_cannot_be_played_now():
    """A draft pick or a card in the hand is weighed before it is chosen: the observation says which of them could
    not be played as the table stands, and why, each seat's hand to that seat alone."""
    state = table({41: 3}, tucked={41: (16,)})  # one plant, Roots tucked under it; no animal
    state.pool, state.hands[0], state.hands[1] = card_set(28, 4), card_set(1), card_set(57)
    board = state.observe(0)["board"]["unplayable"]
    assert list(board) == ["Roots/Fins (28)"]  # Large/Large (4) gives a star: always welcome
    assert board["Roots/Fins (28)"].endswith("(PH-4.3)")
    mine, theirs = (state.observe(s)["seats"][s]["private"]["unplayable"] for s in (0, 1))
    assert mine == {} and list(theirs) == ["Archaeopteryx (57)"] and theirs["Archaeopteryx (57)"].endswith("(PH-6.3)")
    assert state.observe(0)["seats"][1]["private"] is None


def test_ph_4_5_a_growth_mutation_overrides_the_printed_requirement():
    state = table({5: 2, 41: 3}, chosen=((23, 37),))
    trilobite = C(5)
    assert state.growth(trilobite) == _icon("plants")
    assert "play Seeds/Herbivore (37)" in legal_texts(state)
    do(state, "play 37")
    rejected(state, "target 5", "PH-4.3")  # Trilobite already eats plants: the icon is printed
    do(state, "target 41")  # the plant side (Seeds) under the Moss instead
    state.player = 0
    do(state, "play 23", "target 5")
    assert state.growth(trilobite) == _icon("animals")


# -- PH-5: events ------------------------------------------------------------------------------------------

def test_ph_5_2_meteorite_hits_only_the_land():
    state = table({2: 3, 5: 1, 41: 4, 22: 2}, chosen=((70,),))
    do(state, "play 70")
    assert legal_texts(state) == {"target Bryophyta (41)", "target Cicadidae (22)"}
    assert "habitat" in rejected(state, "target 2", "PH-5.2")
    do(state, "target 22")
    assert population(state, 22) is None and state.extinct >> C(22) & 1  # 2 - 3: extinct (PH-5.6)
    assert state.discard >> C(70) & 1  # PH-5.1


def test_ph_5_3_all_events_and_ph_5_4_genetic_drift():
    state = table({2: 3, 41: 1, 38: 5, 61: 4}, chosen=((62, 56, 34),), tucked={41: (13,), 61: (1,)})
    do(state, "play 62")  # Ice Age: 3 stars or more -1: Lepidodendron and Triceratops
    assert (population(state, 38), population(state, 61), population(state, 41)) == (4, 3, 1)
    state.player = 0
    do(state, "play 56")  # Volcanic Winter: every sunlight card -1; the Moss dies, its mutation is discarded
    assert (population(state, 2), population(state, 38), population(state, 41)) == (2, 3, None)
    assert state.discard >> C(13) & 1
    state.player = 0
    do(state, "play 34")
    assert legal_texts(state) == {"target Large/Large (1)"}
    do(state, "target 1")
    assert state.tucked[C(61)] == () and state.stars(C(61)) == 4


def test_ph_5_5_recover_acts_with_a_discarded_card_then_is_discarded():
    state = table({41: 3}, chosen=((6,),), discard=(16, 74))
    do(state, "play 6")
    assert legal_texts(state) == {"target Roots/Legs (16)", "target Ideal conditions (74)"}
    do(state, "target 16")
    assert state.frames[-1][0] == F_USE and state.frames[-2] == (F_DISCARD_LATER, C(6))
    assert legal_texts(state) == {"keep Roots/Legs (16)", "discard Roots/Legs (16)", "play Roots/Legs (16)"}
    rejected(state, "keep 74", "PH-5.5")
    do(state, "play 16", "target 41")
    assert state.tucked[C(41)] == (C(16),) and state.discard == card_set(6, 74)
    empty = table({41: 3}, chosen=((6,),))
    assert "the discard pile is empty" in rejected(empty, "play 6", "PH-5.5")


# -- PH-6: new species ----------------------------------------------------------------------------------------

def test_ph_ex_3_new_species_example_wattieza_from_the_moss():
    """Moss with Large, Roots, Flowering and Woody at population 5: Wattieza goes left of it, both end
    at 3, and all four mutations go, Flowering too (PH-6.3, PH-6.5, PH-6.6)."""
    state = table({41: 5, 5: 1}, chosen=((36,), (64,)), tucked={41: (1, 16, 13, 7)})
    do(state, "play 36")
    assert legal_texts(state) == {"target Bryophyta (41)"}
    do(state, "target 41")
    assert population(state, 36) == 3 and population(state, 41) == 3
    assert state.row_cards(PLANT) == [C(36), C(41)]
    assert [p["card"] for p in state.observe(0)["board"]["plants"]] == ["Wattieza (36)", "Bryophyta (41)"]
    assert state.tucked[C(41)] == () and state.discard == card_set(1, 16, 13, 7)


def test_ph_6_requirements_of_a_parent():
    no_mutation = table({41: 5}, chosen=((33,),))
    assert "at least one mutation" in rejected(no_mutation, "play 33", "PH-6.3")
    state = table({41: 5, 5: 2, 31: 2}, chosen=((9, 33), (64,)), tucked={41: (3,), 5: (28, 1)})
    do(state, "play 33")  # Cooksonia: 1 star and Leaves; the Moss has both
    rejected(state, "target 5", "PH-6.1")
    do(state, "target 41")
    assert population(state, 33) == 3 and population(state, 41) == 3
    state.player = 0
    # Anomalocaris needs 2 stars, Fins and the growth requirement eats animals: Trilobite eats plants
    assert "play Anomalocaris (9)" not in legal_texts(state)
    assert state._why_not_target(C(9), C(5)) == ("Trilobita (5) does not eat animals", "PH-6.4")  # the cards' words
    state.tucked[C(5)] += (C(23),)  # Carnivore
    state._legal = None
    do(state, "play 9")
    rejected(state, "target 31", "PH-6.2")
    do(state, "target 5")
    assert population(state, 9) == 1


# -- PH-7: nature ------------------------------------------------------------------------------------------------

def test_ph_ex_4_nature_phase_example():
    """Moss 2→4→3→0 extinct, Triamya 1→2, Crow 5→8→6, T-rex 3→2→4 (PH-7.1 to PH-7.9)."""
    state = table({41: 2, 31: 1, 52: 5, 66: 3}, chosen=((1,),))
    forecast = state.observe(0)["board"]["forecast"]  # what the board foretells, before the round's last action
    do(state, "keep 1")  # the round's last action: nature follows
    assert population(state, 41) is None and state.extinct >> C(41) & 1
    assert (population(state, 31), population(state, 52), population(state, 66)) == (2, 6, 4)
    log = state.log
    expected = [
        "Bryophyta (41) grows in the sunlight: 2 → 4",
        "Triamya (31) eats 1 of Bryophyta (41): 4 → 3",
        "Triamya (31) grows after eating enough: 1 → 2",
        "Corvus (52) eats 3 of Bryophyta (41): 3 → 0",
        "Bryophyta (41) goes extinct",
        "Corvus (52) eats 1 of Tyrannosaurus (66): 3 → 2",
        "Corvus (52) grows after eating enough: 5 → 8",
        "Tyrannosaurus (66) eats 2 of Corvus (52): 8 → 6",
        "Tyrannosaurus (66) grows after eating enough: 2 → 4",
    ]
    assert [line for line in log if line in expected] == expected == forecast
    assert "Algae (2) returns to the plant row with population 3" in log  # PH-2.1, next round


def test_ph_7_a_forecast_says_each_cards_end_with_the_move_and_without_it():
    """PH-7: each card whose end of this round's nature a move changes: one it saves, one it dooms, one new (alive
    at the round's end or not), one it takes off the rows; "new, at extinct" had read as nonsense."""
    state = table({41: 2, 52: 5})
    after = state.copy()
    was = {C(41): "extinct", C(52): 6, C(66): 4, C(31): 3}  # by card, as nature leaves them
    will = {C(41): 2, C(52): "extinct", C(66): 4, C(46): 3, C(74): "extinct"}
    label = CONTENT.label
    with patch.object(type(state), "_after_nature", lambda self: was if self is state else will):
        said = state.foresee(after)
    assert said == ["after this round's nature: " + ", ".join([
        f"{label(C(31))} leaves the rows (without this move: 3)", f"{label(C(41))} survives at 2 (without this "
        "move: extinct)", f"{label(C(46))} new, at 3", f"{label(C(52))} dies out (without this move: 6)",
        f"{label(C(74))} new, dying out"])]


def test_ph_7_a_preview_of_a_move_says_what_it_changes_in_this_rounds_nature():
    """PH-7 (the example's board, PH-ex-4): a discard bonus's target, previewed, says what each card will have
    once the round's nature has acted, with the move and without; nature then does as it said."""
    state = table({41: 2, 31: 1, 52: 5, 66: 3}, chosen=((1, 22),))
    do(state, "discard 22")
    after = state.copy()
    do(after, "target 41")
    assert state.previewable(after.parse_action("target 41"))
    assert state.foresee(after) == ["after this round's nature: Bryophyta (41) survives at 2 (without this move: "
                                    "extinct), Corvus (52) at 5 (without this move: 6), Tyrannosaurus (66) at 6 "
                                    "(without this move: 4)"]  # without it, as the example ends: 0, 6, 4
    do(after, "keep 1")  # the round's last action: nature acts
    assert (population(after, 41), population(after, 52), population(after, 66)) == (2, 5, 6)
    no_bonus = state.copy()
    do(no_bonus, "decline the discard bonus")
    assert state.foresee(no_bonus) == []  # nothing changes, nothing said


def test_ph_2_3_a_secret_choice_and_a_move_ending_the_game_are_never_previewed():
    """PH-2.3: a face-down choice is secret; PH-8.2: the move that ends the game reveals every goal. Only a
    chosen card's use (PH-3), which shows nothing the table does not, is previewed, once it acts (a play that
    asks for its target first has brought nothing about)."""
    game, rng = load_game("phanerozoic", players=2), random.Random(5)
    state, seen = game.new_initial_state(), set()
    while not state.is_terminal():
        if state.is_chance():
            state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        for action in state.legal_actions():
            after = state.copy()
            after.apply(action)
            previewed = state.previewable(action)
            asks = len(after.frames) > len(state.frames)
            assert previewed == (state.phase == P_ACTION and after.phase != P_OVER and not asks), \
                state.action_text(action)
            seen.add((state.phase, previewed, after.phase == P_OVER, asks))
        state.apply(rng.choice(state.legal_actions()))
    assert {(P_CHOOSE, False, False, False), (P_ACTION, True, False, False), (P_ACTION, False, True, False),
            (P_ACTION, False, False, True)} <= seen


def test_ph_8_1_no_nature_is_foretold_while_a_goal_is_kept_after_the_rounds_nature_has_acted():
    """PH-7, PH-8.1: the goal is kept between two rounds; the next nature phase follows the next round's cards."""
    game, rng = load_game("phanerozoic", players=2), random.Random(3)
    state = game.new_initial_state()
    while state.observe(0)["phase"] != "goal":
        state.apply(rng.choice(state.legal_actions()))
    assert state.observe(0)["board"]["forecast"] == []
    while state.observe(0)["phase"] == "goal":
        state.apply(rng.choice(state.legal_actions()))
    assert state.observe(0)["board"]["round"] == 5  # the next round, whose nature is foretold again
    assert state.observe(0)["board"]["forecast"] or not state.row_cards(PLANT) + state.row_cards(ANIMAL)


def test_ph_7_a_growth_requirement_is_looked_up_by_the_cards_words():
    game = load_game("phanerozoic", players=2)
    for word in ("eats", "carnivore", "Herbivore", "omnivore"):
        assert game.info(word).startswith("A growth requirement (PH-7)"), word


def test_ph_7_2_a_full_card_grows_no_further_and_the_log_says_so():
    state = table({41: 8}, chosen=((1,),))
    do(state, "keep 1")
    assert population(state, 41) == 8
    assert "Bryophyta (41) grows in the sunlight: 8, the most a card holds" in state.log


def test_ph_7_9_no_food_halves_and_ph_7_4_home_habitat_first():
    state = table({2: 3, 41: 1, 5: 3, 31: 3}, chosen=((1,),))
    assert state.food(C(31), (PLANT,)) == C(2)  # Triamya (water) prefers Algae (water) to the closer Moss
    lonely = table({66: 5, 2: 3}, chosen=((1,),))
    do(lonely, "keep 1")
    assert population(lonely, 66) == 3  # no animal to eat: 5 → 3


# -- PH-8: goals and scoring -------------------------------------------------------------------------------------

def test_ph_8_2_scoring_counts_printed_and_tucked_icons_alive_and_extinct():
    goals = [(GOAL["Coal Forests"],), (GOAL["Mass Extinction"],)]
    state = table({2: 3, 5: 1, 36: 2, 41: 2}, tucked={41: (7,)}, goals=goals)
    state.extinct = card_set(66, 52, 22)
    # Coal Forests: Wattieza and the Moss (tucked Woody) are Woody-cards alive: 2 x 3; no Wings alive
    # Mass Extinction: T-rex and Crow have a Backbone and are extinct: 2 x 3; the Cicada shows neither icon
    assert state.scores() == [6.0, 6.0]
    state.extinct = card_set(66, 22)
    assert state.scores() == [6.0, 3.0]


def test_ph_8_1_goal_choice_after_round_4_with_two_players_and_the_end():
    state = table({2: 3, 5: 1}, chosen=((1,),))
    state.round = 4
    do(state, "keep 1")
    assert state.phase == P_GOAL and state.current_player() == 0
    assert legal_texts(state) == {f"keep goal {CONTENT.goals[g].name}" for g in state.goals[0]}
    do(state, f"keep goal {CONTENT.goals[1].name}")
    assert state.game.decision_text(state.game.action_table.goal + 1, 0, 1) == "keeps a goal"
    do(state, f"keep goal {CONTENT.goals[3].name}")
    assert state.goals == [(1,), (3,)] and state.round == 5 and state.phase == P_DRAW
    end = table({2: 3, 5: 1}, chosen=((1,),), goals=[(1,), (3,)])
    end.round = 8
    do(end, "keep 1")
    assert end.is_terminal() and end.observe(1)["seats"][0]["private"]["goals"][0]["name"] == CONTENT.goals[1].name


# -- PH-9: solo ---------------------------------------------------------------------------------------------------

def solo(automa_goals=("Coal Forests", "Seed Bank"), **params):
    state = load_game("phanerozoic", players=1, **params).new_initial_state()
    deal(state, [["Deep Roots", "Living Fossils"], list(automa_goals)])
    return state


def test_ph_9_2_and_9_3_solo_draft_and_the_automa_turn():
    state = solo()
    draw(state, 0, 16, 13, 36, 41, 1, 4, 70, 74, 11, 6)
    assert state.phase == P_CHOOSE
    do(state, "choose 36", "choose 16", "choose 13")
    assert state.phase == P_AUTOMA and state.automa == card_set(41, 1, 4, 70, 74, 11, 6)
    assert state.chosen[0] == card_set(36, 16, 13)
    assert state.observe(0)["board"]["automa"]["cards"]  # the player saw these cards; only their order is unknown
    reveal = state.game.action_table.reveal
    state.apply(reveal + C(41))  # Bryophyta: no plant has a mutation, it cannot be played
    assert state.discard >> C(41) & 1 and state.step == 1
    state.apply(reveal + C(74))  # Ideal conditions: two targets, so a choice: the next card decides
    assert state.frames[-1][0] == F_CHOICE
    state.apply(reveal + C(4))  # closest to 4 among Algae (2) and Trilobita (5): Trilobita
    assert population(state, 5) == 3
    state.apply(reveal + C(11))  # Algal Bloom: the only Water plant, no choice
    assert population(state, 2) == 6
    assert state.phase == P_ACTION and state.current_player() == 0
    assert state.discard == card_set(41, 74, 4, 11, 1, 70, 6)  # PH-9.5: the rest is discarded


def test_ph_9_4_out_of_cards_the_automa_goes_by_the_played_card():
    state = solo()
    state.phase, state.step, state.automa, state.deck = P_AUTOMA, 0, card_set(74), state.deck & ~card_set(74)
    state.pop = {C(2): 3, C(5): 1, C(76): 2}
    state.chosen[0], state.deck = card_set(64), state.deck & ~card_set(64)  # so nature waits
    state.tucked = {t: () for t in state.pop}
    state._legal = None
    state.apply(state.game.action_table.reveal + C(74))
    assert population(state, 76) == 4  # Mammuthus (76) is closest to 74


def test_ph_9_6_solo_returns_and_the_hidden_automa_goal():
    state = solo(automa_hidden=1)
    assert state.observe(0)["board"]["automa"]["hidden_goals"] == 1
    assert [g["name"] for g in state.observe(0)["board"]["automa"]["goals"]] == ["Seed Bank"]
    other = state.determinize(0, random.Random(3))
    assert other.automa_goals[1] == GOAL["Seed Bank"] and other.goals == state.goals
    final = walk(state.game, seed=5)
    assert final.returns() == [float((final.scores()[0] > final.automa_score()) - (final.scores()[0] <
                                                                                      final.automa_score()))]
    assert final.observe(0)["board"]["automa"]["hidden_goals"] == 0


def test_solo_variants_pass_the_conformance_kit():
    check_game(load_game("phanerozoic", players=1, automa_hidden=1, automa_goals=3), seeds=range(3))


# -- PH-10: information ---------------------------------------------------------------------------------------------

def test_ph_10_1_views_show_secrets_to_their_owner_only():
    state = two_player_choice()
    do(state, "choose 16")
    mine, theirs, public = state.observe(0), state.observe(1), state.observe(SPECTATOR)
    assert mine["seats"][0]["private"]["hand"] == ["Leaves/Fins (3)", "Large/Large (4)", "Woody/Backbone (7)",
                                                   "Seeds/Shell (8)"]
    assert theirs["seats"][0]["public"]["hand"] == 4 and public["seats"][1]["public"]["hand"] == 5
    assert theirs["seats"][0]["private"] is None and public["seats"][1]["private"] is None
    assert public["seats"][0]["public"]["goals"] == 2
    assert isinstance(state.observe(REFEREE)["seats"][0]["private"]["goals"], list)
    game = state.game
    draw_action = 1 * CONTENT.size + C(22)
    assert game.decision_text(draw_action, None, 0) == "seat 1 draws a card"
    assert game.decision_text(draw_action, None, 1) == "seat 1 draws Cicadidae (22)"
    assert game.decision_text(game.action_table.choose + C(22), 1, 0) == "chooses a card"


def test_ph_10_determinize_keeps_what_the_seat_knows_and_redraws_the_rest():
    state = two_player_choice()
    do(state, "choose 16")
    seen = set()
    for seed in range(20):
        other = state.determinize(1, random.Random(seed))
        assert other.hands[1] == state.hands[1] and other.goals[1] == state.goals[1]
        assert other.observe(1) == state.observe(1)
        assert other.hands[0].bit_count() == 4 and other.picks[0] >= 0
        seen.add((other.hands[0], other.picks[0]))
    assert len(seen) > 1


def places(state):
    """Where every card is; frames hold the card being played, which is nowhere else."""
    where = [state.deck, state.discard, state.extinct, state.pool, state.automa, state.spent,
             *state.hands, *state.chosen, *state.kept, sum(1 << t for t in state.pop)]
    where += [1 << p for p in state.picks if p >= 0]
    where += [1 << m for ms in state.tucked.values() for m in ms]
    where += [1 << f[1] for f in state.frames if f[0] in (F_TARGET, F_USE, F_CHOICE, F_DISCARD_LATER)]
    return where


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 4))
def test_every_card_is_in_exactly_one_place(seed, players):
    game = load_game("phanerozoic", players=players)
    everything = (1 << CONTENT.size) - 1

    def visit(state, ply):
        where = places(state)
        union = 0
        for mask in where:
            assert not union & mask, f"ply {ply}: a card is in two places"
            union |= mask
        assert union == everything, f"ply {ply}: a card is missing"
        assert all(1 <= p <= CONTENT.max_population for p in state.pop.values())
        goals = [g for gs in state.goals for g in gs] + list(state.automa_goals)
        assert len(goals) == len(set(goals))

    walk(game, seed, visit=visit)


# -- content errors --------------------------------------------------------------------------------------------------

def test_a_bad_content_file_names_the_entry(tmp_path):
    text = builtin_content("phanerozoic")
    wings = text.replace('attributes = ["roots", "woody"]', 'attributes = ["roots", "wings"]', 1)
    refuses_content("phanerozoic", tmp_path, wings, r"species\[12\] \(location 36\): 'wings' is not a plant attribute")
    twice = text.replace("loc = 76", "loc = 2", 1)
    refuses_content("phanerozoic", tmp_path, twice, "location number 2 is used twice")
    small = text.replace("max_population = 8", "max_population = 2", 1)
    refuses_content("phanerozoic", tmp_path, small, r"max_population \(2\) must be at least the starting populations")
    variant = tmp_path / "variant.toml"
    variant.write_text(text.replace("discard_bonus = 2", "discard_bonus = 3"))
    game = load_game("phanerozoic", content=str(variant))
    assert game.content.bonus[C(41)] == 3 and game.content_hash() != load_game("phanerozoic").content_hash()


def test_the_animal_row_is_sorted_too():
    state = table({66: 2, 5: 1, 52: 3})
    assert state.row_cards(ANIMAL) == [C(5), C(52), C(66)]


# -- the bots' evaluation ---------------------------------------------------------------------------

def test_bots_value_a_held_card_by_what_it_could_add_to_their_goal():
    goals = [(GOAL["Coal Forests"],), (GOAL["Mass Extinction"],)]
    woody = table({2: 3, 5: 1}, chosen=((7,),), goals=goals)  # Woody/Backbone
    leaves = table({2: 3, 5: 1}, chosen=((3,),), goals=goals)  # Leaves/Fins: nothing for Coal Forests
    woody.round = leaves.round = 8  # the last round: only its own nature phase is left
    heuristic = woody.game.heuristic
    assert heuristic(woody)[0] > heuristic(leaves)[0]
    # Tucked under the Algae, which outlives the game, the Woody icon scores in full: better than in hand
    played = woody.copy()
    do(played, "play Woody/Backbone (7)", "target Algae (2)")
    assert future(woody).goal_points(goals[0]) == 0 and future(played).goal_points(goals[0]) == 3
    assert heuristic(played)[0] > heuristic(woody)[0]
    # A card kept in the last round never gets played (PH-1.5, PH-3.2)
    woody.kept, woody.chosen = woody.chosen, [0, 0]
    assert heuristic(woody)[0] == heuristic(leaves)[0]


def test_ph_3_4_bots_count_nothing_for_a_held_card_that_cannot_be_played_now():
    """Triceratops evolves only from an animal the table lacks: held, it adds nothing to Age of Dinosaurs (a bot
    that counted half of it kept it round after round); Woody/Backbone has a target, and still counts."""
    goals = [(GOAL["Age of Dinosaurs"],), (GOAL["Mass Extinction"],)]
    held = table({2: 3, 5: 1}, chosen=((61,),), goals=goals)
    empty = table({2: 3, 5: 1}, goals=goals)
    assert held.options(C(61)) == [] and held.game.promises[GOAL["Age of Dinosaurs"]][C(61)] > 0
    assert held.game.heuristic(held) == empty.game.heuristic(empty)
    goals = [(GOAL["Coal Forests"],), (GOAL["Mass Extinction"],)]
    woody, empty = table({2: 3, 5: 1}, chosen=((7,),), goals=goals), table({2: 3, 5: 1}, goals=goals)
    assert woody.options(C(7)) and woody.game.heuristic(woody)[0] > empty.game.heuristic(empty)[0]


def test_ph_3_3_between_moves_equal_for_the_goals_bots_leave_more_life():
    """PH-3.3, PH-5.6: a discard bonus on a card already at 8 population is lost; a bot whose goals gain
    nothing either way gives it to a card that keeps it (it had given +2 to a card at the cap)."""
    from gaiatable.agents import make_agent
    from gaiatable.core.driver import turn_view
    goals = [(GOAL["Coal Forests"],), (GOAL["Mass Extinction"],)]
    state = table({2: 8, 41: 2, 5: 1}, chosen=((22, 1),), goals=goals)  # (a card left: nature waits)
    do(state, "discard 22")
    capped, grown = state.copy(), state.copy()
    do(capped, "target Algae (2)")
    do(grown, "target Bryophyta (41)")
    assert population(capped, 2) == 8 and population(grown, 41) == 4
    assert state.game.heuristic(grown)[0] > state.game.heuristic(capped)[0]
    for seed in range(5):
        chosen = make_agent("greedy", seat=0, seed=seed, game=state.game).act(turn_view(state, 0))
        assert state.action_text(chosen) != "target Algae (2)"


@pytest.mark.parametrize("players", [1, 2])
def test_the_log_tells_what_a_decision_brought_about_not_the_decision_again(players):
    """The decision is shown by its own text (decision_text); the log adds only its consequences."""
    import re
    restated = re.compile(r"^(seat \d (keeps a card|drafts|discards)|the Automa reveals)")
    lines = []
    walk(load_game("phanerozoic", players=players), 3, visit=lambda state, ply: lines.extend(state.log))
    assert lines and not [line for line in lines if restated.match(line)]


FIRST_GOALS = Path(__file__).parent.parent / "docs" / "balance" / "phanerozoic-first-goals.toml"
GOALS_VARIANTS = [FIRST_GOALS, FIRST_GOALS.with_name("phanerozoic-goals.toml")]


@pytest.mark.parametrize("path", GOALS_VARIANTS, ids=lambda p: p.stem)
def test_ph_8_4_goal_variants_change_goal_lines_only(path):
    built_in = load_game("phanerozoic").content
    variant = load_game("phanerozoic", content=str(path)).content
    assert [g.name for g in variant.goals] == [g.name for g in built_in.goals]
    assert (variant.names, variant.icons, variant.events, variant.deck) == \
        (built_in.names, built_in.icons, built_in.events, built_in.deck)
    assert variant.goals != built_in.goals


def test_ph_8_4_no_goal_scores_the_starting_cards_alone_and_every_goal_has_an_icon_line():
    built_in = load_game("phanerozoic").content
    first = load_game("phanerozoic", content=str(FIRST_GOALS)).content
    starting = {built_in.names.index(name) for name in ("Algae", "Trilobita")}
    assert any(line.alive and line.species in starting for g in first.goals for line in g.lines)
    assert not any(line.species in starting and line.alive for g in built_in.goals for line in g.lines)
    assert all(any(line.icon >= 0 and line.alive for line in g.lines) for g in built_in.goals
               if g.name != "Mass Extinction")


def test_a_key_the_content_does_not_know_is_refused_by_name(tmp_path):
    """A typo is never taken silently: an unknown key is named with its place and the nearest known key, and a
    misspelt required key says which key it may have meant (the same for every game: core/content.py)."""
    text = builtin_content("phanerozoic")
    unknown = text.replace("discard_bonus = 2", "discard_bonus = 2\nbonus = 3", 1)
    refuses_content("phanerozoic", tmp_path, unknown, r"bad.toml: unknown key 'species\[Algae\]\.bonus'$")
    near = text.replace("discard_bonus = 2", "discard_bonus = 2\ndiscard_bonsu = 1", 1)
    refuses_content("phanerozoic", tmp_path, near,
                    r"'species\[Algae\]\.discard_bonsu' \(did you mean 'discard_bonus'\?\)")
    misspelt = builtin_content("planetarium").replace("length = [40, 32, 32, 32]", "lenght = [40, 32, 32, 32]")
    refuses_content("planetarium", tmp_path, misspelt, r"\[track\]: length is missing \(is 'lenght' a typo for it\?\)")


@pytest.mark.parametrize("players", [1, 3])
def test_the_final_count_scores_each_goal_and_the_automa(players):
    """PH-8.2, PH-9.6: once the game is over the log counts each seat's goals (and the Automa's, solo), each goal with
    the cards each of its lines counted."""
    game = load_game("phanerozoic", players=players)
    for seed in range(3):
        state = random_ending(game, seed)
        expected = {f"seat {s}": int(score) for s, score in enumerate(state.scores())}
        if players == 1:
            expected["the Automa"] = state.automa_score()
        assert final_counts(state) == expected
        # each goal's points come with what made them: the cards each line counts, and their sum is the goal's
        for line in state.observe()["log"][-len(expected):]:
            for part in line.split(": ", 1)[1].split(" · "):
                goal, points, made = re.fullmatch(r"(.+?) (-?\d+) \((.*)\)", part).groups()
                terms = [] if made == "nothing it counts" else made.split("; ")
                counted = [re.search(r"(?:(\d+) × )?([+-]\d+)$", term).groups() for term in terms]
                assert sum(int(n or 1) * int(p) for n, p in counted) == int(points), (goal, made)
                for term, (n, _) in zip(terms, counted, strict=True):  # the card's line's words, the cards it counted
                    named = re.match(r"(alive|extinct) ([a-z]+-cards: (.*) [+-]|[A-Z])", term)
                    assert named, term
                    if named[3]:
                        assert len(re.findall(r"\(\d+\)", named[3])) == int(n or 1), term


def test_a_final_count_names_every_card_a_line_counts():
    """PH-8.2: a line counting two or more cards names each, and its points as count × points."""
    game = load_game("phanerozoic", players=3)
    lines = (line for seed in range(60) for line in random_ending(game, seed).observe()["log"] if " scores " in line)
    many = next(line for line in lines if " × " in line)
    term = re.search(r"[a-z]+-cards: ([^;)]*\(\d+\)[^;]*?) (\d+) × [+-]\d+", many)
    assert term and len(re.findall(r"\(\d+\)", term[1])) == int(term[2]) >= 2, many
