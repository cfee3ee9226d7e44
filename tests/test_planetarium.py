"""Planetarium (docs/rulings/planetarium.md): every test names the clause it checks."""

import random
import re
from collections import deque
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_helpers import assert_rejected, builtin_content, final_counts, legal_texts, random_ending

from gaiatable import load_game
from gaiatable.core.errors import ContentError
from gaiatable.core.seeding import sample_outcome
from gaiatable.games.planetarium.content import FINAL, GAS, HABITABLE, HIGH, LOW, METAL, ROCK, WATER
from gaiatable.games.planetarium.heuristics import heuristic, still_to_play
from gaiatable.games.planetarium.rules import (
    EMPTY,
    P_DISCARD,
    P_FINALS,
    P_GRAVITY,
    P_MARKER,
    P_MOVE,
    P_OVER,
    P_PLAY,
    P_TAKE,
    bits,
)

A, B, C, D = range(4)


def ready(players=2, seed=0, **params):
    """A game after the set-up, the first player about to move."""
    game = load_game("planetarium", players=players, **params)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.phase != P_MOVE:
        state.apply(sample_outcome(state.chance_outcomes(), rng) if state.is_chance() else state.legal_actions()[0])
    return state


def card(state, ident):
    return next(i for i, c in enumerate(state.game.content.cards) if c.id == ident)


def space(state, name):
    return state.game.content.space_by_name(name)


def do(state, *texts):
    for text in texts:
        state.apply(state.parse_action(text))


def rejected(state, text, clause):
    return assert_rejected(state, lambda: do(state, text), clause)


def at_play(state, hand=(), planet=B, mat=(0, 0, 0, 0)):
    """Seat to move, about to play a card: its hand and its mat at `planet` as given."""
    me = state.player
    state.hands[me] = sum(1 << card(state, i) for i in hand)
    state.mats[me * 16 + planet * 4:me * 16 + planet * 4 + 4] = list(mat)
    state.phase = P_PLAY
    state._legal = None
    return me


# -- the content (PT-1, PT-2.2, PT-4) ---------------------------------------------------------------

def test_pt_1_2_and_pt_4_1_the_components_as_data():
    content = load_game("planetarium").content
    assert content.matter == (22, 22, 16, 8) and len(content.dots) == 68 and content.spaces == 72
    decks = [c.deck for c in content.cards]
    assert (decks.count(LOW), decks.count(HIGH), decks.count(FINAL)) == (18, 18, 16)
    assert (content.track, content.acceleration) == ((40, 32, 32, 32), (32, 26, 26, 26))  # PT-5.2
    assert [content.names[s] for s in content.starts] == ["II-7", "III-3", "V-1", "VI-7"]


VARIANT = Path(__file__).parent.parent / "docs" / "balance" / "planetarium-downgrade.toml"


def test_pt_4_2_downgrade_stays_on_nine_high_cards_and_the_variant_puts_it_on_all():
    built_in = load_game("planetarium").content.cards
    variant = load_game("planetarium", content=str(VARIANT)).content.cards
    assert sum(c.downgrade for c in built_in) == 9 and all(c.deck == HIGH for c in built_in if c.downgrade)
    assert {c.id for c in variant if c.downgrade} == {c.id for c in variant if c.deck == HIGH}
    assert [(c.id, c.points, c.matter) for c in variant] == [(c.id, c.points, c.matter) for c in built_in]


def test_pt_2_2_every_space_but_the_arms_first_is_reachable_from_every_space():
    content = load_game("planetarium").content
    feeders = {content.space_by_name(f"VII-{j}.0") for j in range(4)}
    for start in range(content.spaces):
        seen, todo = {start}, deque([start])
        while todo:
            s = todo.popleft()
            for d in (content.thick[s], *content.thin[s]):
                if d >= 0 and d not in seen:
                    seen.add(d)
                    todo.append(d)
        assert set(range(content.spaces)) - feeders <= seen, content.names[start]


def test_pt_4_1_every_card_can_be_played_somewhere():
    """For each card: a planet of its kind, moved onto an orbit in its range, showing the side it needs,
    with its Matter on the mat and a marker of the player's on one of its cards."""
    state = ready()
    content, me = state.game.content, state.player
    state.matter_at = [EMPTY] * content.spaces
    for i, c in enumerate(content.cards):
        planet = next(p for p in range(4) if c.kind < 0 or content.planet_kinds[p] == c.kind)
        others = {state.planet_at[p] for p in range(4) if p != planet}
        state.planet_at[planet] = next(s for s in range(content.spaces)
                                       if c.orbit[0] <= content.orbit[s] <= c.orbit[1] and s not in others)
        state.habitable[planet] = int(c.state == 0)
        state.mats[me * 16 + planet * 4:me * 16 + planet * 4 + 4] = list(c.matter)
        state.rows[planet] = ((0, me),)
        assert state.playable(i, planet), c.id


# -- moving (PT-2) -----------------------------------------------------------------------------------

def test_pt_2_5_matter_never_moves_onto_matter_and_pt_2_8_meeting_a_planet_goes_to_the_mat():
    state = ready()
    me = state.player
    state.matter_at = [EMPTY] * state.game.content.spaces
    state.matter_at[space(state, "II-5")] = GAS
    state.matter_at[space(state, "II-6")] = ROCK  # A is on II-7
    state._legal = None
    assert "move II-5 II-6" not in legal_texts(state)
    rejected(state, "move II-5 II-6", "PT-2.5")
    do(state, "move II-6 II-7")  # the Rock runs into planet A
    assert state.matter_at[space(state, "II-6")] == EMPTY and state.mats[me * 16 + A * 4 + ROCK] == 1


def test_pt_2_7_a_sweep_stops_at_the_first_matter_and_passes_planets_without_ending_on_them():
    state = ready()
    me = state.player
    state.matter_at = [EMPTY] * state.game.content.spaces
    state.matter_at[space(state, "III-6")] = WATER
    state.planet_at[A] = space(state, "III-7")  # in B's way, on the same orbit
    state._legal = None
    texts = legal_texts(state)  # B sweeps from III-3: III-4, III-5, III-6 (the Water); never III-7
    assert {"move III-3 III-4", "move III-3 III-5", "move III-3 III-6"} <= texts
    assert "move III-3 III-7" not in texts and "move III-3 III-0" not in texts
    state.matter_at[space(state, "III-6")] = EMPTY
    state._legal = None
    assert {"move III-3 III-0", "move III-3 III-2"} <= legal_texts(state)  # through A, round to its start
    rejected(state, "move III-3 III-7", "PT-2.7")
    do(state, "move III-3 III-5")
    assert state.planet_at[B] == space(state, "III-5") and sum(state.mats[me * 16:me * 16 + 16]) == 0


def test_pt_5_1_after_the_acceleration_matter_moves_two_spaces_but_not_through_a_token():
    state = ready()
    state.matter_at = [EMPTY] * state.game.content.spaces
    state.matter_at[space(state, "IV-1")] = METAL
    state._legal = None
    assert "move IV-1 IV-3" not in legal_texts(state)
    state.track = 32
    state._legal = None
    assert {"move IV-1 IV-2", "move IV-1 IV-3"} <= legal_texts(state)
    state.matter_at[space(state, "IV-2")] = GAS
    state._legal = None
    assert "move IV-1 IV-3" not in legal_texts(state)


def test_pt_5_1_the_log_says_when_the_track_reaches_the_acceleration_space():
    state = ready()
    state.track = state.game.acceleration - 2
    state._fill_track(1)
    assert not any("acceleration space" in line for line in state.log)
    state._fill_track(2)  # past it in one payment: said once
    state._fill_track(1)
    assert [line for line in state.log if "acceleration space" in line] == [
        "the Evolution Track reaches the acceleration space: Matter now moves one or two spaces"]


# -- playing a card (PT-3) ---------------------------------------------------------------------------

def test_pt_ex_1_magnetic_field_on_planet_b():
    """The rulebook: Magnetic Field on B, one Matter of each kind, 11 points; B then has Habitable 11
    against Hostile 10, and its token turns Habitable."""
    state = ready()
    me = at_play(state, hand=("H01", "L05", "L09", "H02", "F01"), mat=(1, 1, 1, 1))
    state.rows[B] = tuple((card(state, i), EMPTY) for i in ("L01", "L02", "L12"))  # 4 + 3 + 3 hostile points
    before = state.points[me]
    do(state, "play H01 Magnetic Field on B")
    assert state.points[me] == before + 11 and state.track == 4
    assert state.mats[me * 16 + B * 4:me * 16 + B * 4 + 4] == [0, 0, 0, 0]
    assert state.habitable[B] == 1 and state.rows[B][-1] == (card(state, "H01"), me)
    assert state.phase == P_TAKE  # PT-3.9: then a card is drawn


def test_pt_3_3_each_requirement_says_what_is_missing():
    state = ready()
    at_play(state, hand=("L03", "L06", "L12", "H15", "F01"), planet=A, mat=(0, 1, 0, 0))
    assert "planet A is not gaseous" in rejected(state, "play L06 on A", "PT-3.3")
    assert "lacks 1 rock" in rejected(state, "play L03 on A", "PT-3.3")  # Crust Formation: 2 Rock
    assert "orbit VI, not I-III" in rejected(state, "play L12 on D", "PT-3.3")  # D starts on orbit VI
    assert "not habitable" in rejected(state, "play H15 on A", "PT-3.3")
    state.habitable[A] = 1
    state.mats[state.player * 16 + A * 4:state.player * 16 + A * 4 + 4] = [1, 1, 1, 0]
    state._legal = None
    assert "no marker" in rejected(state, "play H15 on A", "PT-3.3")
    assert "only on your final turn" in rejected(state, "play F01 on C", "PT-6.2")


def test_pt_3_7_equal_totals_leave_the_token_as_it_is():
    state = ready()
    at_play(state, hand=("L11", "L05", "L09", "H02", "F01"), mat=(0, 0, 0, 1))
    state.rows[B] = ((card(state, "L01"), EMPTY),)  # 4 hostile
    state.habitable[B] = 1
    do(state, "play L11 Iron Core on B")  # 4 habitable: 4 against 4
    assert state.habitable[B] == 1


def test_pt_3_10_a_hand_of_four_finals_cannot_draw_two_more():
    state = ready()
    at_play(state, hand=("L11", "F01", "F02", "F03", "F04"), mat=(0, 0, 0, 1))
    do(state, "play L11 Iron Core on B")
    assert legal_texts(state) == {"take a low card", "take a high card"}
    rejected(state, "take two finals", "PT-3.10")


def test_pt_3_11_a_downgrade_costs_a_point_and_draws_a_low_card():
    state = ready()
    me = at_play(state, hand=("H03", "L05", "L09", "H02", "F01"))
    before, lows = state.points[me], state.decks[LOW].bit_count()
    do(state, "downgrade H03")
    state.apply(state.chance_outcomes()[0][0])
    assert state.points[me] == before - 1 and state.decks[LOW].bit_count() == lows - 1
    assert state.hands[me].bit_count() == 5 and state.discards[HIGH] >> card(state, "H03") & 1
    rejected_state = ready()
    at_play(rejected_state, hand=("H01", "L05", "L09", "H02", "F01"))
    rejected(rejected_state, "downgrade H01", "PT-3.11")


# -- the end (PT-6) ----------------------------------------------------------------------------------

def test_pt_6_1_to_6_3_filling_the_track_starts_the_final_turns():
    state = ready(players=3)
    me = at_play(state, hand=("H01", "F03", "F14", "L09", "L05"), mat=(1, 1, 1, 1))
    state.track = 38
    state.rows[B] = ((card(state, "L01"), me),)  # a marker of the player's on B
    do(state, "play H01 Magnetic Field on B")  # 4 Matter: the track is full, and B turns Habitable
    assert state.phase == P_FINALS and state.final_by == me and state.hands[me].bit_count() == 4  # no draw
    assert "not hostile" in rejected(state, "play F14 Barren Rock on B", "PT-3.3")
    before = state.points[me]
    do(state, "play F03 Cradle of Life on B")  # Terrestrial, orbit III, Habitable, a marker: 20 points
    assert state.points[me] == before + 20 and state.markers_on_cards(me) == 1  # one marker came off
    do(state, "done")
    assert state.phase == P_MOVE and state.player == (me + 1) % 3 and state.final_left == ((me + 2) % 3,)
    nxt = (me + 1) % 3  # its last turn says so from its first step, the move, to it and to the others
    assert state.observe(nxt)["prompt"].endswith("(your final turn: then a card and Final cards)")
    assert state.observe(me)["prompt"].endswith("(a final turn: then a card and Final cards)")


def test_pt_6_2_the_evaluation_gives_a_seat_done_with_its_last_turn_nothing_for_its_hand():
    """Once the track is full a seat past its final turn plays no card again: a bot that counted its hand
    as if it could filled the track while behind, its own cards left unplayed."""
    state = ready(players=3)
    me = at_play(state, hand=("H01", "F03", "L09", "L05"), mat=(1, 1, 1, 1))
    state.track = 38
    do(state, "play H01 Magnetic Field on B", "done")
    nxt = (me + 1) % 3
    assert still_to_play(state) == {nxt, (me + 2) % 3}
    state.hands[nxt] = state.hands[me]
    before = heuristic(state)
    emptied = state.copy()
    emptied.hands[me] = 0
    assert heuristic(emptied)[me] == pytest.approx(before[me])  # its cards are worth nothing now
    emptied.hands[nxt] = 0
    assert heuristic(emptied)[nxt] < before[nxt]  # the next seat's are: its last turn is to come


def test_pt_3_3_the_conditions_evaluation_counts_a_planets_wrong_orbit_and_side_as_matter_missing():
    """A held card pays only on a planet of its orbits showing its side: `conditions` values it less the further
    the planet is from them, where the heuristic sees the Matter alone."""
    from gaiatable.games.planetarium.heuristics import farness, planet_facts, tables, unmet, worth

    state = ready()
    content, t = state.game.content, tables(state.game.content)
    cards = [(i, c) for i, c in enumerate(content.cards) if c.deck in (LOW, HIGH) and B in content.fitting[i]
             and not c.remove_marker]
    by_orbit = next(c for _, c in cards if c.orbit[1] <= 4 and c.state < 0)  # a close orbit, any side
    by_side = next(c for _, c in cards if c.orbit == (1, 7) and c.state >= 0)  # any orbit, one side

    def values(c, orbit, habitable):
        me = at_play(state, hand=(c.id,), mat=c.matter)  # its Matter paid: only the other conditions may fail
        there = next(s for s in range(content.spaces) if content.orbit[s] == orbit
                     and (s == state.planet_at[B] or s not in state.planet_at))
        state.planet_at[B], state.matter_at[there] = there, EMPTY
        state.habitable[B] = habitable
        far = farness(state, t)
        return worth(state, me, t, far), worth(state, me, t, far, strict=True), \
            unmet(t, content.cards.index(c), planet_facts(state, me, content.orbit)[B])

    plain, strict, short = values(by_orbit, by_orbit.orbit[1], 0)
    assert strict == pytest.approx(plain) and short == 0  # every condition met: the two agree
    plain_far, strict_far, short_far = values(by_orbit, by_orbit.orbit[1] + 2, 0)
    assert plain_far == pytest.approx(plain) and strict_far < strict and short_far == 2  # two orbits out
    wanted = int(by_side.state == HABITABLE)
    plain, strict, _ = values(by_side, 4, wanted)
    plain_wrong, strict_wrong, short_wrong = values(by_side, 4, 1 - wanted)
    assert plain_wrong == pytest.approx(plain) and strict_wrong < strict and short_wrong > 0  # the other side shows
    assert load_game("planetarium").evaluations()["conditions"](state) != heuristic(state)


def test_pt_6_5_ties_go_to_the_fewest_matter_on_the_mat():
    state = ready()
    state.points = [20, 20]
    state.mats[3] = 1  # seat 0 keeps one Matter
    state.phase, state.final_by = P_OVER, 0
    assert state.winners() == [1] and state.returns() == [-1.0, 1.0]


# -- the solo game (PT-7) ----------------------------------------------------------------------------

def test_pt_ex_2_solo_target_after_twenty_facedown_matter():
    state = ready(players=1)
    state.facedown = 20
    assert state.target() == 60
    assert ready(players=1, target=110).target() == 110


def test_pt_7_2_the_dice_move_planets_on_low_orbits_to_the_first_matter_ahead():
    state = ready(players=1)
    state.matter_at = [EMPTY] * state.game.content.spaces
    state.matter_at[space(state, "II-2")] = GAS  # on A's orbit, ahead of II-7 round the cycle
    state.phase = 11  # P_DICE
    state._legal = None
    state.apply(state.game.action_table.roll.start + 3 - 2)  # a 3: orbits I to III move
    assert state.planet_at[A] == space(state, "II-2") and state.facedown == 1 and state.track == 1
    assert state.target() == 98


# -- information (PT-8.3) ----------------------------------------------------------------------------

def test_pt_8_3_hands_are_secret_and_draws_are_read_without_the_card():
    state = ready(players=2)
    mine, theirs = state.observe(0), state.observe(1)
    assert mine["seats"][0]["private"]["hand"] and theirs["seats"][0]["private"] is None
    assert theirs["seats"][0]["public"]["hand"] == {"low": 2, "high": 2, "final": 1}
    draw = state.game.action_table.draw.start + 0 * len(state.game.content.cards) + card(state, "L01")
    assert state.game.decision_text(draw, None, 1) == "seat 0 draws a Low card"
    assert "L01" in state.game.decision_text(draw, None, 0)


def test_pt_7_6_solo_games_end_by_the_rules():
    """The dice fill the track with face-down Matter, so a solo game ends even if you pay none."""
    from gaiatable.core.conformance import walk
    for seed in range(5):
        end = walk(load_game("planetarium", players=1), seed)
        assert end.phase == P_OVER and not end.truncated() and end.facedown > 0


def test_pt_3_6_out_of_markers_a_player_moves_one_or_plays_without():
    state = ready()
    me = at_play(state, hand=("L11", "L05", "L09", "H02", "F01"), mat=(0, 0, 0, 1))
    state.markers[me] = 0
    state.rows[A] = ((card(state, "L01"), me),)
    state._legal = None
    do(state, "play L11 Iron Core on B")
    assert legal_texts(state) == {"move a marker from planet A", "no marker"}
    do(state, "move a marker from planet A")
    assert state.rows[A] == ((card(state, "L01"), EMPTY),) and state.rows[B][-1] == (card(state, "L11"), me)


def solo_roll(state, total):
    state.phase = 11  # P_DICE, after the player's turn
    state._legal = None
    state.apply(state.game.action_table.roll.start + total - 2)


def test_pt_7_4_from_an_arms_end_a_planet_steps_onto_orbit_vi_and_collects_once():
    """A roll of 7 moves all four: A and B find no Matter and drift inward, C sweeps to the Gas on V-2,
    then D steps from the end of arm 0 onto VI-5."""
    def position(on_vi_5):
        state = ready(players=1)
        state.matter_at = [EMPTY] * state.game.content.spaces
        state.matter_at[space(state, "V-2")] = GAS  # C's
        state.planet_at[D] = space(state, "VII-0.3")  # flows into VI-5
        if on_vi_5:
            state.matter_at[space(state, "VI-5")] = WATER
        state.matter_at[space(state, "VI-7")] = ROCK
        solo_roll(state, 7)
        return state

    state = position(on_vi_5=True)  # it collects the Water and stops there
    assert state.planet_at[D] == space(state, "VI-5") and state.facedown == 2
    assert state.matter_at[space(state, "VI-7")] == ROCK
    state = position(on_vi_5=False)  # nothing where it lands: it sweeps on to the Rock
    assert state.planet_at[D] == space(state, "VI-7") and state.facedown == 2


def test_pt_7_3_with_no_matter_on_its_orbit_a_planet_takes_the_thin_line_toward_more_matter():
    """Away from a thin line it moves directly forward one space; from the spoke, the line."""
    state = ready(players=1)
    state.matter_at = [EMPTY] * state.game.content.spaces
    for name in ("III-1", "III-4"):
        state.matter_at[space(state, name)] = WATER  # orbit III: 2 Matter; orbit I: none
    solo_roll(state, 2)  # A (II-7) moves; B (III-3) does not
    assert state.planet_at[A] == space(state, "II-0") and state.facedown == 0  # one space on, to its spoke
    solo_roll(state, 2)
    assert state.planet_at[A] == space(state, "III-1")  # then out along the line to orbit III's Water
    assert state.facedown == 1 and state.planet_at[B] == space(state, "III-3")


def test_pt_7_3_a_dice_move_that_would_end_on_a_planet_is_not_made():
    state = ready(players=1)
    state.matter_at = [EMPTY] * state.game.content.spaces
    state.planet_at[B] = space(state, "II-0")  # on A's way forward (no Matter anywhere: A steps on)
    solo_roll(state, 2)
    assert state.planet_at[A] == space(state, "II-7")


def test_pt_5_1_and_pt_6_1_the_track_may_differ_by_player_count(tmp_path):
    text = builtin_content("planetarium")
    lines = [line for line in text.splitlines() if line.startswith(("length =", "acceleration ="))]
    mine = tmp_path / "mine.toml"

    def track(length: str) -> str:
        spaces = "acceleration = [32, 26, 24, 22]"
        mine.write_text(text.replace(lines[0], f"length = {length}").replace(lines[1], spaces))
        return str(mine)

    for players, length, space in ((1, 40, 32), (2, 32, 26), (4, 28, 22)):
        state = load_game("planetarium", players=players, content=track("[40, 32, 30, 28]")).new_initial_state()
        assert state.observe(0)["board"]["track"] == {"filled": 0, "length": length, "acceleration": space,
                                                      "facedown": 0}
    with pytest.raises(ContentError, match="length must be a positive whole number or a list of four"):
        load_game("planetarium", content=track("[40, 32]"))
    with pytest.raises(ContentError, match=r"acceleration must be a space of the track \(1..20\), got 22 for 4 pl"):
        load_game("planetarium", content=track("[40, 32, 30, 20]"))


# -- the end is always in reach (PT-3.12) --------------------------------------------------------------

def test_pt_3_12_with_no_card_to_play_a_matter_may_go_onto_the_track():
    state = ready()
    me = at_play(state, hand=("L03", "H03", "L05", "F01", "F02"), planet=A, mat=(1, 0, 0, 0))  # no card fits
    before, track = state.points[me], state.track
    assert "eject gas from A" in legal_texts(state) and "eject gas from B" not in legal_texts(state)
    assert "eject a Matter" in state.observe(me)["prompt"]
    rejected(state, "eject rock from A", "PT-3.12")
    do(state, "eject gas from A")
    assert state.track == track + 1 and state.points[me] == before and state.mats[me * 16 + A * 4] == 0
    assert state.phase == P_MOVE and state.player != me and state.hands[me].bit_count() == 5  # no draw


def test_pt_3_12_a_player_who_can_play_a_card_ejects_nothing():
    state = ready()
    at_play(state, hand=("L01", "L05", "L09", "H02", "F01"), planet=A, mat=(2, 0, 0, 0))  # L01: 2 Gas, any planet
    assert not any(t.startswith("eject") for t in legal_texts(state))
    assert "can play no Low or High card" in rejected(state, "eject gas from A", "PT-3.12")


def test_pt_3_12_an_ejection_that_fills_the_track_starts_the_final_turns():
    state = ready(players=3)
    me = at_play(state, hand=("L03", "F03", "F14", "L09", "L05"), planet=A, mat=(0, 0, 0, 1))
    state.track = state.game.track_length - 1
    state.rows[A] = ((card(state, "L01"), me),)
    do(state, "eject metal from A")
    assert state.phase == P_FINALS and state.final_by == me and state.final_left == ((me + 1) % 3, (me + 2) % 3)
    do(state, "done")
    assert state.phase == P_MOVE and state.player == (me + 1) % 3 and state.final_turn()
    state.phase, state._legal = P_PLAY, None
    state.mats[state.player * 16:state.player * 16 + 4] = [1, 0, 0, 0]
    assert not any(t.startswith("eject") for t in legal_texts(state))  # the track is full
    assert "already full" in rejected(state, "eject gas from A", "PT-3.12")


def test_pt_3_12_the_stall_of_pt_8_1_now_ends():
    """The position PT-8.1 feared: no Matter on the board, every hand four Finals and a card no Matter on
    its player's mat pays. Ejecting fills the track; the game ends by the rules."""
    state = ready(players=2)
    content = state.game.content
    state.matter_at = [EMPTY] * content.spaces
    state.hands = [sum(1 << card(state, i) for i in ("H02", "F01", "F02", "F03", "F04")),
                   sum(1 << card(state, i) for i in ("H08", "F05", "F06", "F07", "F08"))]
    state.mats = [0] * 32
    state.mats[A * 4 + METAL] = state.mats[16 + C * 4 + ROCK] = 20  # Global Ocean wants Water, Great Storm Gas
    state.track = 10
    state._legal = None
    plies = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert not any(state.action_text(a).startswith("play") for a in legal) or state.phase == P_FINALS
        eject = [a for a in legal if state.action_text(a).startswith("eject")]
        state.apply(eject[0] if eject else legal[-1] if state.phase == P_PLAY else legal[0])
        plies += 1
    assert state.ended_by_rules() and state.track == state.game.track_length and plies < 200


def closer(state, rng):
    """A player who wants the game over: play a card if one fits, else eject a Matter; with an empty mat,
    a move that collects one if there is such a move, else any move."""
    t = state.game.action_table
    legal = state.legal_actions()
    if state.is_chance():
        return sample_outcome(state.chance_outcomes(), rng)
    kinds = {a: t.space.find(a).name for a in legal}
    for kind in ("play", "eject"):
        chosen = [a for a in legal if kinds[a] == kind]
        if chosen:
            return rng.choice(chosen)
    if state.phase == P_MOVE and state.mat_total(state.player) == 0:
        size = state.game.content.spaces
        collects = [a for a in legal if kinds[a] == "move" and _meets(state, *divmod(a - t.move.start, size))]
        if collects:
            return rng.choice(collects)
    if state.phase == P_PLAY or state.phase == P_FINALS:
        return legal[-1]  # no card / done
    return rng.choice(legal)


def _meets(state, source, dest):
    planets = state.planet_at
    return (source in planets and state.matter_at[dest] != EMPTY) or (state.matter_at[source] != EMPTY
                                                                        and dest in planets)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 10**6), plies=st.integers(0, 3000))
def test_pt_3_12_from_every_reachable_position_the_game_can_end_by_the_rules(players, seed, plies):
    """Random play for up to `plies` decisions (no turn cap), then a player who wants the end: the track
    fills and the game ends by the rules, in a bounded number of decisions."""
    game = load_game("planetarium", players=players, max_turns=0)
    state, rng = game.new_initial_state(), random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        state.apply(sample_outcome(state.chance_outcomes(), rng) if state.is_chance() else rng.choice(legal))
    for _ in range(20_000):
        if state.is_terminal():
            break
        state.apply(closer(state, rng))
    assert state.is_terminal() and state.ended_by_rules()


def test_pt_3_12_a_track_longer_than_the_matter_is_refused(tmp_path):
    text = builtin_content("planetarium")
    mine = tmp_path / "long.toml"
    mine.write_text(text.replace("length = [40, 32, 32, 32]", "length = [40, 32, 32, 69]"))
    with pytest.raises(ContentError, match="length 69 is more than the 68 Matter tokens could fill"):
        load_game("planetarium", players=4, content=str(mine))


# -- set-up discards are chosen in secret (PT-1.4, PT-1.5) -------------------------------------------

def test_pt_1_4_set_up_discards_are_hidden_until_every_seat_has_chosen():
    game = load_game("planetarium", players=3)
    state, rng = game.new_initial_state(), random.Random(5)
    while state.phase != P_DISCARD:
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    first = state.legal_actions()[0]
    assert not state.reveals(first)
    state.apply(first)
    assert game.decision_text(first, 0, 1) == "discards a Final card" and "discard F" in game.decision_text(first, 0, 0)
    for viewer in (1, 2, "spectator"):
        assert state.observe(viewer)["board"]["discards"]["final"] == []
    imagined = [state.determinize(1, random.Random(k)) for k in range(30)]  # what seat 1 may think seat 0 laid aside
    assert len({other.setup_discards[0] for other in imagined}) > 1
    assert all(other.hands[1] == state.hands[1] for other in imagined)
    state.apply(state.legal_actions()[0])
    last = state.legal_actions()[0]
    assert state.reveals(last)
    state.apply(last)
    assert len(state.observe(1)["board"]["discards"]["final"]) == 3
    assert state.log[0].startswith("discarded: seat 0 ")


# -- the explanations name the rule applied (PT-2.2, PT-2.6, PT-3.3, PT-6.2, PT-3.11) -----------------

def test_pt_2_2_a_planet_move_along_no_line_is_explained_by_the_lines():
    state = ready()
    assert "no line leads from II-7 to III-3" in rejected(state, "move II-7 III-3", "PT-2.2")


def test_pt_2_6_a_one_step_planet_move_never_ends_on_a_planet():
    """Interpretation: the rulebook says it of sweeps; a single step may not do what a sweep may not."""
    state = ready()
    state.matter_at = [EMPTY] * state.game.content.spaces
    state.planet_at[B] = space(state, "II-0")  # one step ahead of A (II-7)
    state._legal = None
    assert "move II-7 II-0" not in legal_texts(state)
    assert "never ends its move on another Planet" in rejected(state, "move II-7 II-0", "PT-2.6")
    state.planet_at[B] = space(state, "II-2")
    state._legal = None
    assert "pass through another Planet" in rejected(state, "move II-7 II-2", "PT-2.7")


def test_pt_6_2_on_a_final_turn_the_low_or_high_step_comes_before_the_finals():
    state = ready(players=3)
    me = at_play(state, hand=("L05", "F03", "F14", "L09", "H03"))
    state.final_by, state.final_left = (me + 2) % 3, ((me + 1) % 3,)
    state._legal = None
    message = rejected(state, "play F14 Barren Rock on B", "PT-6.2")
    assert "Final cards come after the Low or High card" in message and "only on your final turn" not in message
    prompt = state.observe(me)["prompt"]
    assert "downgrade" not in prompt and "then your Final cards" in prompt  # PT-6.2: no downgrade then
    assert "no cards are drawn on a final turn" in rejected(state, "downgrade H03", "PT-6.2")


def test_pt_3_11_the_prompt_offers_a_downgrade_only_when_one_is_allowed():
    state = ready()
    me = at_play(state, hand=("L05", "L09", "H02", "F01", "F02"))  # no Downgrade icon in hand
    assert "downgrade" not in state.observe(me)["prompt"]
    at_play(state, hand=("L05", "L09", "H03", "F01", "F02"))
    assert "downgrade one" in state.observe(me)["prompt"]
    state.decks[LOW], state._legal = 0, None  # no Low card left to draw
    assert "downgrade" not in state.observe(me)["prompt"]
    assert "downgrade" in state.observe(1 - me)["prompt"]  # a rival reads the options, not the hand


def test_info_explains_the_terms_of_the_cards_and_moves():
    """PT-3.8, PT-3.11, PT-3.12, PT-5.1: the look-up knows the game's words besides its cards."""
    game = load_game("planetarium")
    assert "PT-3.11" in game.lookup("Downgrade") and "lose one point" in game.lookup("downgrade")
    assert "PT-3.8" in game.lookup("gravity") and "PT-3.12" in game.lookup("eject")
    assert "PT-5.1" in game.lookup("▶▶")
    assert game.lookup("habitable").startswith("Habitable/Hostile") and "F11 Habitable Moon" in game.lookup("habitable")
    assert "comes off, back to you (PT-3.3)" in game.lookup("remove your marker")
    assert game.lookup("H01").startswith("H01 ")  # cards first
    assert "gravity" in game.lookup("nothing like it")  # an unknown word lists the terms
    # the words the how-to-play uses, plurals too (PT-2.1, PT-2.7, PT-2.8)
    assert "PT-3.3" in game.lookup("orbits") and "PT-2.8" in game.lookup("mat") and "PT-2.7" in game.lookup("sweep")
    assert "thin line" in game.lookup("move") and "PT-2.8" in game.lookup("Matter")


@pytest.mark.parametrize("players", [1, 2])
def test_the_final_count_says_each_score_and_what_breaks_a_tie(players):
    """PT-6.5, PT-7.1: once the game is over the log says each seat's points and where they came from (solo: with
    the target), and the tie-breakers of the seats tied on points, only theirs: a player read them at the end of a
    game nobody tied."""
    game = load_game("planetarium", players=players)
    state = random_ending(game, 0)
    names = ["you"] if players == 1 else [f"seat {s}" for s in range(players)]
    assert final_counts(state) == {names[s]: int(score) for s, score in enumerate(state.scores())}
    # and where the points came from, the parts adding up to the score: "12: 3 cards played 13, 1 downgrade -1"
    for line in state.final_count():
        found = re.match(r".+? scores? (-?\d+): ([^;(]+)", line)
        if found:
            assert sum(int(part.split()[-1]) for part in found[2].split(", ")) == int(found[1]), line
    assert any(":" in line for line in state.final_count()) or not any(state.points)
    cards = game.content.cards  # a Final still held at the end scored nothing: said so
    for s, line in enumerate(state.final_count()):
        held = sum(cards[c].deck == FINAL for c in bits(state.hands[s]))
        assert (f"{held} Final{'s' * (held > 1)} never played 0" in line) == (held > 0), line
    if players == 1:
        assert "the target is" in state.final_count()[0]
        return
    state.points = [10, 9]
    assert not any("tied" in line for line in state.final_count())
    state.points = [10, 10]
    assert all(re.search(r"\(tied: \d+ Matter tokens? on the mat, \d+ markers? on cards, \d+ cards? in hand break it\)",
                         line) for line in state.final_count()), state.final_count()


@pytest.mark.parametrize("term, meaning", [
    ("sweep", "sweep a planet, that is, slide it clockwise along its orbit as far as you like, up to the first "
              "matter in its way, which it collects (pt-2.7)"),
    ("marker", "markers, which a final on that planet will need"),
    ("gravity", "gravity, on some cards: also take"),
    ("downgrade", "downgrade, on some high cards: instead of playing"),
    ("evolution track", "evolution track, the game's clock"),
    ("mat", "mat at each planet: a planet meeting matter puts it"),
])
def test_pt_2_7_3_6_3_8_3_11_how_to_play_says_what_a_term_means_where_it_first_uses_it(term, meaning):
    """A newcomer read "sweep", "marker", Gravity and Downgrade in the how-to-play before it said what they are."""
    text = load_game("planetarium").how_to_play_text().lower()
    first = re.search(rf"\b{term}s?\b", text).start()
    assert text.find(meaning) == first, text[first - 60:first + 60]


def test_pt_3_7_a_card_played_is_previewed_with_the_balance_of_its_planets_sides_and_no_secret_ever():
    """PT-3.5, PT-3.7: a token moved or a card played shows only what the table then shows, so it is previewed,
    with how near its Planet came to turning where it did not; a set-up discard (PT-1.4, secret) and a move that ends
    the game (its count tells every hand, PT-6.5) are not."""
    game, rng = load_game("planetarium", players=2, max_turns=40), random.Random(4)
    state, seen, balanced = game.new_initial_state(), set(), []
    while not state.is_terminal():
        if state.is_chance():
            state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        phase = state.phase
        for action in state.legal_actions():
            after = state.copy()
            after.apply(action)
            previewed = state.previewable(action)
            assert previewed == (phase in (P_MOVE, P_PLAY, P_GRAVITY, P_MARKER, P_FINALS) and after.phase != P_OVER)
            seen.add((previewed, phase if after.phase != P_OVER else "the end"))
            if previewed and state.foresee(after):
                balanced.append((state.foresee(after), state.copy(), after))
        plays = [a for a in state.legal_actions() if state.action_text(a).startswith("play ")]
        state.apply(rng.choice(plays or state.legal_actions()))
    assert {(False, P_DISCARD), (True, P_MOVE), (True, P_PLAY), (False, "the end")} <= seen, seen
    said, before, after = balanced[0]
    planet = next(p for p in range(4) if before.side_totals(p) != after.side_totals(p))
    habitable, hostile = after.side_totals(planet)
    side = "habitable" if after.habitable[planet] else "hostile"
    assert after.habitable[planet] == before.habitable[planet]  # a side turned is the log's to say
    assert said == [f"{after.planet_name(planet)} stays {side}: {habitable} habitable against {hostile} hostile"]


def test_pt_3_6_a_card_whose_marker_moved_or_was_spent_still_says_who_played_it():
    """A marker leaves its card (moved, PT-3.6; taken back, PT-3.3), and the card stays the work of the player
    who played it: every card on a Planet names its player, as the log said when it was played."""
    unmarked = set()
    for seed in range(3):
        rng, state, played = random.Random(seed), load_game("planetarium", players=3).new_initial_state(), {}
        while not state.is_terminal():
            outcomes = state.chance_outcomes() if state.is_chance() else None
            state.apply(sample_outcome(outcomes, rng) if outcomes else rng.choice(state.legal_actions()))
            for line in state.log:
                found = re.match(r"seat (\d) plays (\S+) ", line)
                if found:
                    played[found[2]] = int(found[1])
            cards = [c for p in state.observe(0)["board"]["planets"] for c in p["cards"]]
            assert all(c["by"] == played[c["id"]] for c in cards)
            unmarked |= {c["id"] for c in cards if c["marker"] is None and not c["id"].startswith("F")}
    assert unmarked  # markers left Low and High cards, whose players are still named
