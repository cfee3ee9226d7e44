"""Earth: Our Home (docs/rulings/earth-our-home.md): every test names the clause it checks."""

import random
import re
from collections import deque
from fractions import Fraction

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from rule_helpers import assert_rejected, legal_texts, random_ending

from gaiatable import load_game
from gaiatable.core.errors import GaiatableError
from gaiatable.core.seeding import random_step, sample_outcome
from gaiatable.games.earth_our_home.content import GENE_A, GENE_C, MARINE, TEMPERATE, TROPICAL
from gaiatable.games.earth_our_home.rules import P_DEAL, P_OVER, P_PLACE, counter

BLUE, RED = 0, 1


def dealt(players=2, seed=0):
    """Epoch 1 after the mutation phase, the first player about to lay a counter."""
    state = load_game("earth-our-home", players=players).new_initial_state()
    rng = random.Random(seed)
    while state.phase == P_DEAL:
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    return state


def h(state, ident):
    return state.game.content.ids.index(ident)


def do(state, *texts):
    for text in texts:
        state.apply(state.parse_action(text))


def gene(state, kind, symbol=-1):
    return next(g for g, card in enumerate(state.game.content.genes) if card == (kind, symbol))


# -- the map and the genes (EO-1.2, EO-2.3) -----------------------------------------------------------

def test_eo_1_2_the_map_and_eo_2_3_the_genes_as_data():
    content = load_game("earth-our-home").content
    types = [content.types[i] for i in range(content.habitats) if content.ids[i] != "PAC"]
    assert (types.count(TEMPERATE), types.count(TROPICAL), types.count(MARINE)) == (24, 17, 25)
    assert content.capacity[content.ids.index("PAC")] == 11 and max(content.capacity) == 11
    kinds = [k for k, _ in content.genes]
    assert len(kinds) == 32 and all(kinds.count(k) == 8 for k in range(4))
    for sea in (True, False):  # the land graph and the sea graph are each connected
        nodes = {i for i in range(content.habitats) if (content.types[i] == MARINE) == sea}
        seen, todo = {min(nodes)}, deque([min(nodes)])
        while todo:
            for j in content.adjacent[todo.popleft()]:
                if j in nodes and j not in seen:
                    seen.add(j)
                    todo.append(j)
        assert seen == nodes


# -- genes and conflict values (EO-2, EO-4.2) -------------------------------------------------------

def test_eo_ex_1_conflict_value_of_a_a_c_in_temperate():
    """The rulebook's example: genes A, A and a C of another genus's symbol, in a temperate habitat: 5."""
    state = dealt()
    state.genes[BLUE] = (gene(state, GENE_A), gene(state, GENE_A) + 1, gene(state, GENE_C, RED))
    assert state.conflict(counter(BLUE, 3), h(state, "W09")) == 2 + 2 + 1
    assert state.conflict(counter(BLUE, 3), h(state, "W14")) == 1  # marine: only C and D count
    state.genes[BLUE] = (gene(state, GENE_C, BLUE),)
    assert state.conflict(counter(BLUE, 1), h(state, "W14")) == 2  # its own symbol


def test_eo_2_2_older_species_keep_only_their_own_genes():
    state = dealt()
    state.genes[BLUE] = (gene(state, GENE_C, BLUE), gene(state, GENE_A))
    assert state.conflict(counter(BLUE, 1), h(state, "W09")) == 2
    assert state.conflict(counter(BLUE, 2), h(state, "W09")) == 4


# -- laying counters (EO-3) ---------------------------------------------------------------------------

def test_eo_3_4_the_first_species_lives_in_the_sea_and_eo_3_3_spreads_next_to_itself():
    state = dealt()
    me = state.player
    assert all(state.game.content.types[a - state.game.action_table.place.start] == MARINE
               for a in state.legal_actions())
    assert "sea only" in assert_rejected(state, lambda: do(state, "place W09"), "EO-3.4")
    do(state, "place W14")
    texts = legal_texts(state)
    assert "place W15 Caribbean Sea" in texts and "place W14 Gulf of Mexico" in texts
    assert "place W30 Drake Passage & Falklands" not in texts  # not next to W14
    assert_rejected(state, lambda: do(state, "place W30"), "EO-3.3")
    do(state, "place W14", "place W14")
    assert "place W14 Gulf of Mexico" not in legal_texts(state)  # three of its own there
    assert state.player == me


def test_eo_3_2_from_epoch_2_the_first_counter_mutates_an_older_one():
    state = dealt()
    me = state.player
    state.epoch, state.level[me], state.mutating = 2, 2, 1
    state.genes[me] += (0,)
    state.board[h(state, "W14")] = (counter(me, 1),)
    state._legal = None
    assert legal_texts(state) == {"mutate W14 Gulf of Mexico"}
    assert_rejected(state, lambda: do(state, "place W15"), "EO-3.2")
    do(state, "mutate W14")
    assert state.board[h(state, "W14")] == (counter(me, 2),) and not state.mutating


def test_eo_3_5_a_counter_with_nowhere_to_go_is_lost_and_counts_as_laid():
    state = dealt()
    me, other = state.player, 1 - state.player
    sea = state.game.habitats_for[1]
    for habitat in sea:  # three of its own in every sea habitat, but two in W14
        state.board[habitat] = (counter(me, 1),) * 3
    state.board[h(state, "W14")] = (counter(me, 1),) * 2
    state._legal = None
    assert legal_texts(state) == {"place W14 Gulf of Mexico"}
    do(state, "place W14")  # the other five counters of the turn have nowhere to go
    lost = [line for line in state.log if "nowhere to put a counter: it is lost" in line]
    assert len(lost) == 5
    assert state.laid[me] == 6 and state.turns[me] == 1 and state.player == other


def test_eo_3_3_a_new_species_may_enter_a_habitat_its_relatives_fill_and_kill_one_to_find_space():
    state = epoch_2()
    me = state.player
    state.mutating = 0
    state.genes[me] = (gene(state, GENE_C, 1 - me), gene(state, GENE_C, me))  # values 1 and 3 at sea
    state.board[h(state, "W14")] = (counter(me, 1),) * 3  # three of its own, all older
    state.board[h(state, "W15")] = (counter(me, 2),)
    state._legal = None
    assert "place W14 Gulf of Mexico" in legal_texts(state)
    do(state, "place W14")  # a 4th counter: a relative dies
    assert sorted(state.board[h(state, "W14")]) == sorted([counter(me, 1), counter(me, 1), counter(me, 2)])
    assert not any("extinct" in line or "wiped" in line for line in state.log)


def test_eo_3_3_the_pacific_takes_three_of_a_species_and_is_contested_with_two_players():
    state = epoch_2()
    me, other = state.player, 1 - state.player
    state.mutating = 0
    pacific = h(state, "PAC")
    state.genes[me] = (gene(state, GENE_C, other), gene(state, GENE_C, me))  # values 1 and 3 at sea
    state.genes[other] = (gene(state, GENE_C, me) + 1, gene(state, GENE_C, other) + 1)  # 1 and 3
    state.board[pacific] = (counter(me, 1),) * 3 + (counter(other, 1),) * 3 + (counter(other, 2),) * 3 \
        + (counter(me, 2),) * 2
    state._legal = None
    assert "place PAC Pacific Ocean box" in legal_texts(state)
    do(state, "place PAC")  # the 12th counter: a survival contest
    assert "survival contest at Pacific Ocean box" in state.log[0]
    assert sorted(state.board[pacific]) == sorted((counter(me, 1),) * 2 + (counter(other, 1),) * 2
                                                  + (counter(other, 2),) * 3 + (counter(me, 2),) * 3)
    assert state.player == me and "place PAC Pacific Ocean box" not in legal_texts(state)
    assert "3 counters of species 2" in assert_rejected(state, lambda: do(state, "place PAC"), "EO-3.3")


def test_eo_3_6_with_nothing_to_mutate_the_first_counter_goes_next_to_any_older_counter():
    """Species 3 lives on land; the genus has only species-1 counters, at sea (none of species 2): nothing
    mutates, and the first counter goes on land next to one of them."""
    state = epoch_2()
    me = state.player
    state.epoch, state.level[me] = 3, 3
    state.genes[me] += (gene(state, GENE_A) + 2,)
    gulf = h(state, "W14")
    state.board[gulf] = (counter(me, 1),)
    state._legal = None
    assert state.mutating and state.mutations() is None
    content, place = state.game.content, state.game.action_table.place
    coast = {content.ids[j] for j in content.adjacent[gulf] if state.allowed(3, j)}
    assert coast and {content.ids[a - place.start] for a in state.legal_actions()} == coast
    message = assert_rejected(state, lambda: do(state, "mutate W14"), "EO-3.2")
    assert "none of your older counters stands where species 3 may live" in message
    far = next(x for x in state.game.habitats_for[3] if content.ids[x] not in coast)
    message = assert_rejected(state, lambda: state.apply(place.start + far), "EO-3.6")
    assert "spreads from your older counters" in message


def _plain_placements(state) -> list[int]:
    """EO-3.3 and EO-3.6 as the rulings state them, habitat by habitat."""
    content, me = state.game.content, state.player
    level = state.level[me]
    own = counter(me, level)
    open_ = [x for x in range(content.habitats) if state.allowed(level, x)
             and state.board[x].count(own) < content.own_per_habitat]
    homes = {x for x in range(content.habitats) if own in state.board[x]}
    fallback = not homes  # EO-3.6: next to any of the genus's older counters, or else anywhere
    if fallback:
        homes = {x for x in range(content.habitats) if any(c // 8 == me and c % 8 < level for c in state.board[x])}
    near = [x for x in open_ if x in homes or homes & set(content.adjacent[x])]
    return (near or open_) if fallback else near


def random_positions(players: int, games: int):
    """Every position of `games` games between random players, seeded by the player count."""
    game, rng = load_game("earth-our-home", players=players), random.Random(players)
    for _ in range(games):
        state = game.new_initial_state()
        yield state
        while not state.is_terminal():
            random_step(state, rng)
            yield state


@pytest.mark.parametrize("players", [2, 4])
def test_eo_3_3_placements_match_the_rule_as_stated_in_every_position_of_random_games(players):
    for state in random_positions(players, 3):
        if state.phase == P_PLACE and state.mutations() is None:
            assert state.placements() == _plain_placements(state)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
@example(players=4, seed=5348)  # a species whose only counter, laid that very turn, loses the contest
def test_eo_3_3_eo_3_4_eo_6_1_invariants_through_whole_random_games(players, seed):
    """In every position of a random game: a current species stands only where it may live (EO-3.4, the
    predecessor that turns in EO-6.1 included), at most three of it in a habitat (EO-3.3); a species goes
    extinct only in the contest that takes a counter of that very species, one it had on the map, perhaps
    the one just laid (EO-6.1); the game ends by its rules."""
    game, rng = load_game("earth-our-home", players=players), random.Random(seed)
    state, cap = game.new_initial_state(), game.content.own_per_habitat
    for _ in range(5000):
        if state.is_terminal():
            break
        random_step(state, rng)
        for line in state.log:
            if "goes extinct" in line:
                species = line.split(" goes extinct")[0].replace("'s species", " species")  # "yellow star species 3"
                assert any(c.startswith("survival contest") and species in c for c in state.log), state.log
        for s in range(players):
            own = counter(s, state.level[s])
            for habitat, counters in enumerate(state.board):
                if own in counters:
                    assert state.allowed(state.level[s], habitat) and counters.count(own) <= cap
    assert state.is_terminal() and state.returns() is not None


# -- survival contests (EO-4.1) -----------------------------------------------------------------------

def test_eo_4_1_a_fourth_counter_starts_a_contest_the_weakest_loses_one():
    state = dealt()
    me = state.player
    other = 1 - me
    state.genes[me], state.genes[other] = (gene(state, GENE_C, me),), (gene(state, GENE_A),)
    state.board[h(state, "W14")] = (counter(me, 1), counter(other, 1), counter(other, 1))
    state._legal = None
    do(state, "place W14")  # a 4th counter: value 2 against 0 in the sea
    assert sorted(state.board[h(state, "W14")]) == sorted([counter(me, 1), counter(me, 1), counter(other, 1)])
    mine, theirs = (f"{state.genus(seat)} species 1" for seat in (me, other))  # the log says why (EO-4.2)
    assert state.log[0].endswith(f"{theirs} loses a counter (conflict values: {mine}: 2, {theirs}: 0)")
    state.genes[other] = (gene(state, GENE_C, other),)  # now a tie: both lose one
    do(state, "place W14")
    assert sorted(state.board[h(state, "W14")]) == sorted([counter(me, 1), counter(me, 1)])


# -- scoring, extinction, the end (EO-5 to EO-7) -----------------------------------------------------

def test_eo_5_1_the_18th_counter_scores_the_species_habitats():
    state = dealt()
    me = state.player
    state.turns[me], state.laid[me], state.placed = 2, 17, 5
    state.board[h(state, "W14")] = (counter(me, 1),)
    state.board[h(state, "PAC")] = (counter(me, 1),)
    state._legal = None
    do(state, "place W15")
    assert state.points[me] == 3  # three marine habitats, 1 each


def test_eo_5_1_the_habitats_points_in_the_observation_add_up_to_what_the_18th_counter_scores():
    """The board's "scoring now" line (web: earth-our-home.js) sums the observation's `points` of the habitats
    holding each species; that is what EO-5.1 would score it in every position."""
    for state in random_positions(3, 2):
        seats = state.observe(0)["seats"]
        for seat in seats:
            shown = sum(x["points"] for x in state.observe(0)["board"]["habitats"]
                        if {"seat": seat["seat"], "level": seat["public"]["level"]} in x["counters"])
            scored = state.copy()
            scored._score(seat["seat"])
            assert scored.points[seat["seat"]] - state.points[seat["seat"]] == shown


def epoch_2(seed=0):
    """Epoch 2 dealt: each genus's species 1 in the sea, species 2 evolved and not laid yet."""
    state = dealt(seed=seed)
    state.epoch, state.level = 2, [2, 2]
    state.genes = [state.genes[0] + (gene(state, GENE_A),), state.genes[1] + (gene(state, GENE_A) + 1,)]
    state.mutating = 1
    state._legal = None
    return state


def test_eo_6_1_extinction_turns_a_predecessor_costs_5_and_deals_a_new_gene():
    state = epoch_2()
    me, other = state.player, 1 - state.player
    state.points[other], state.laid[other] = 10, 4
    state.genes[me] = (gene(state, GENE_C, me), gene(state, GENE_C, me) + 1)
    state.board[h(state, "W14")] = (counter(other, 2), counter(other, 2), counter(me, 2))  # its last species-2
    state.board[h(state, "W15")] = (counter(other, 1),)
    state.mutating = 0
    state._legal = None
    do(state, "place W14", "place W14")  # the second of these beats species 2 off W14 for good
    assert counter(other, 2) not in state.board[h(state, "W14")]
    assert state.board[h(state, "W15")] == (counter(other, 2),) and state.points[other] == 5
    assert "species 2 goes extinct: a predecessor at" in state.log[-1]
    assert state.phase == P_DEAL and state.chance_outcomes()
    state.apply(state.chance_outcomes()[0][0])
    assert state.phase == P_PLACE and state.genes[other][-1] != gene(state, GENE_A) + 1


def test_eo_6_1_a_species_not_laid_yet_cannot_go_extinct():
    """Epoch 2 has begun and the other genus has not laid its species 2: the contest that takes its last
    species-1 counter from W14 is a former species vanishing, "sad but has no game effect"."""
    state = epoch_2()
    me, other = state.player, 1 - state.player
    state.points[other] = 10
    state.genes[me] = (gene(state, GENE_C, me), gene(state, GENE_C, me) + 1)
    state.board[h(state, "W14")] = (counter(other, 1), counter(me, 1), counter(me, 1))
    state.board[h(state, "W18")] = (counter(other, 1),)
    state.board[h(state, "W09")] = (counter(me, 2),)  # my species 2 has evolved already
    state.mutating = 0
    state._legal = None
    do(state, "place W14")
    assert counter(other, 1) not in state.board[h(state, "W14")]
    assert state.points[other] == 10 and state.phase == P_PLACE and not state.pending
    assert not any("extinct" in line for line in state.log)
    assert state.board[h(state, "W18")] == (counter(other, 1),)  # nothing turned


def test_eo_6_1_extinction_after_the_18th_counter_too():
    state = epoch_2()
    me, other = state.player, 1 - state.player
    state.points[other], state.laid[other], state.turns[other] = 10, 18, 3
    state.genes[me] = (gene(state, GENE_C, me), gene(state, GENE_C, me) + 1)
    state.board[h(state, "W14")] = (counter(other, 2), counter(me, 2), counter(me, 2))
    state.board[h(state, "W15")] = (counter(other, 1),)
    state.mutating = 0
    state._legal = None
    do(state, "place W14")
    assert state.board[h(state, "W15")] == (counter(other, 2),) and state.points[other] == 5


def epoch_3():
    """Epoch 3, both genera at species 3 (land only), the other with 10 points; mine has an A gene."""
    state = epoch_2()
    me, other = state.player, 1 - state.player
    state.epoch, state.level, state.points[other] = 3, [3, 3], 10
    state.genes[other] += (gene(state, GENE_A) + 2,)
    state.genes[me] = (gene(state, GENE_C, me), gene(state, GENE_C, me) + 1, gene(state, GENE_A) + 3)
    return state


def test_eo_6_1_the_predecessor_that_turns_stands_where_the_species_may_live():
    """Species 3 lives on land (EO-3.4): of a species-2 counter at sea and a species-1 counter at sea and a
    species-1 counter on land, the land one turns, though it is of a lower level."""
    state = epoch_3()
    me, other = state.player, 1 - state.player
    land = h(state, "W09")  # temperate: my A gives me 2 more
    state.board[land] = (counter(other, 3), counter(me, 3), counter(me, 3))
    state.board[h(state, "W15")] = (counter(other, 2),)
    state.board[h(state, "W14")] = (counter(other, 1),)
    state.board[h(state, "W04")] = (counter(other, 1),)
    state.mutating = 0
    state._legal = None
    assert state.conflict(counter(me, 3), land) > state.conflict(counter(other, 3), land)
    do(state, "place W09")
    assert state.board[h(state, "W04")] == (counter(other, 3),)
    assert state.board[h(state, "W15")] == (counter(other, 2),) and state.board[h(state, "W14")] == (counter(other, 1),)


def test_eo_6_1_when_no_predecessor_may_turn_none_does_and_eo_3_6_places_the_next_counter():
    state = epoch_3()
    me, other = state.player, 1 - state.player
    state.board[h(state, "W09")] = (counter(other, 3), counter(me, 3), counter(me, 3))
    state.board[h(state, "W15")] = (counter(other, 2),)  # only at sea: species 3 may not live there
    state.mutating = 0
    state._legal = None
    do(state, "place W09")
    assert state.board[h(state, "W15")] == (counter(other, 2),) and state.points[other] == 5
    assert "no predecessor stands where it may live" in state.log[-1]
    state.apply(state.chance_outcomes()[0][0])  # the replacement gene
    state.player, state.placed = other, 0
    state._legal = None
    near = {state.game.content.ids[j] for j in state.game.content.adjacent[h(state, "W15")]}
    placed = {state.game.content.ids[a - state.game.action_table.place.start] for a in state.legal_actions()}
    assert placed and placed <= near and all(state.allowed(3, h(state, x)) for x in placed)


def test_eo_6_2_a_genus_wiped_out_is_halved_and_does_not_evolve():
    state = dealt()
    me, other = state.player, 1 - state.player
    state.points[other] = 11
    state.genes[me], state.genes[other] = (gene(state, GENE_C, me),), (gene(state, GENE_A),)
    state.board[h(state, "W14")] = (counter(other, 1), counter(me, 1), counter(me, 1))
    state._legal = None
    do(state, "place W14")
    assert state.points[other] == 5 and state.wiped[other] == 1


def test_eo_7_1_hominids_score_one_more_per_habitat_at_the_end():
    state = dealt()
    me, other = state.player, 1 - state.player
    state.epoch, state.level = 5, [5, 5]
    state.genes = [tuple(range(5)), tuple(range(5, 10))]
    state.turns[other], state.turns[me], state.laid[me], state.placed = 3, 2, 17, 5
    state.board[h(state, "W09")] = (counter(me, 5),)
    state.board[h(state, "W10")] = (counter(me, 5),)
    state.board[h(state, "E16")] = (counter(other, 5), counter(other, 4))
    state._legal = None
    do(state, "place W04")  # the 18th: 3 land habitats, 6 points; then the end: 1 more for each
    assert state.phase == P_OVER and state.points == ([9, 1] if me == 0 else [1, 9])


def test_eo_4_2_five_beats_four_whatever_the_number_of_counters():
    """The rulebook: a species of value 5 beats one of value 4, even against two of its counters."""
    state = dealt()
    me, other = state.player, 1 - state.player
    place = state.game.content.ids.index("W09")  # temperate
    a1, a2, a3 = [g for g, card in enumerate(state.game.content.genes) if card[0] == GENE_A][:3]
    state.level[other], state.genes[other] = 2, (a1, a2)  # A, A: 4
    state.level[me], state.genes[me] = 3, (gene(state, GENE_C, other), a3, gene(state, GENE_C, me))  # 1 + 2 + 2
    assert state.conflict(counter(me, 3), place) == 5 and state.conflict(counter(other, 2), place) == 4
    state.board[place] = (counter(other, 2), counter(other, 2), counter(me, 3))
    state._legal = None
    state.apply(state.game.action_table.place.start + place)  # a 4th counter: 5 against 4
    assert sorted(state.board[place]) == sorted([counter(other, 2), counter(me, 3), counter(me, 3)])


def test_eo_1_2_every_letter_pair_spans_both_discs_and_the_pacific_touches_every_p_habitat():
    content = load_game("earth-our-home").content
    raw = {hab["id"]: hab for hab in content.raw["habitats"]}
    for letter in "ABCD":
        sides = {content.ids[j][0] for j in content.adjacent[content.ids.index(letter)] if content.ids[j][0] in "WE"}
        assert sides == {"W", "E"}, letter
    rim = {hid for hid, hab in raw.items() if hab.get("pacific_rim")}
    assert {content.ids[j] for j in content.adjacent[content.ids.index("PAC")]} == rim


def _plain_worth(state, seat: int) -> float:
    """The bots' evaluation as docs/bots.md states it, seat by seat and exactly (heuristics.worths does
    one pass in tenths)."""
    content = state.game.content
    own = seat * 8 + state.level[seat]
    value = Fraction(state.points[seat])
    for h, counters in enumerate(state.board):
        if own in counters:
            value += Fraction(6, 10) * (content.marine_points if content.types[h] == MARINE else content.land_points)
        value += Fraction(1, 10) * sum(1 for c in counters if c // 8 == seat)
    return float(value)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bots_evaluation_matches_its_plain_statement_exactly(players):
    from gaiatable.games.earth_our_home.heuristics import worths
    for state in random_positions(players, 2):
        assert worths(state) == [_plain_worth(state, s) for s in range(players)]


def test_eo_4_1_the_contests_evaluation_sees_a_habitat_the_next_counter_takes_away():
    """EO-4.1 as the default bot sees it: a full habitat where a species has its only counter, among another
    genus's, with no lower conflict value there, is lost to the next counter laid; the evaluation counts it
    at a third (2 tenths of 6 a point), the plain one in full. A stronger species there, or a second
    counter, keeps it."""
    from gaiatable.games.earth_our_home.heuristics import losable, worths
    state = dealt()
    me, other = state.player, 1 - state.player
    state.genes[me], state.genes[other] = (gene(state, GENE_A),), (gene(state, GENE_C, other),)
    w14 = h(state, "W14")  # marine: A counts nothing there, C gives its own genus 2
    state.board[w14] = (counter(me, 1), counter(other, 1), counter(other, 1))
    assert losable(state, counter(me, 1)) == [w14] and losable(state, counter(other, 1)) == []
    plain, seen = worths(state), worths(state, exposed=True)
    assert seen[me] == pytest.approx(plain[me] - 0.4) and seen[other] == plain[other]  # a marine habitat: 1 point
    state.genes[me] = (gene(state, GENE_C, me),)  # a tie: both would lose a counter, the other keeps one
    assert losable(state, counter(me, 1)) == [w14] and losable(state, counter(other, 1)) == []
    state.genes[other] = (gene(state, GENE_A),)  # now it is the stronger there: the other loses
    assert losable(state, counter(me, 1)) == []
    state.board[w14] = (counter(me, 1), counter(me, 1), counter(other, 1))  # two of its counters: one survives
    assert losable(state, counter(me, 1)) == []
    state.board[w14] = (counter(me, 1), counter(other, 1))  # room for one more: no contest yet
    assert losable(state, counter(me, 1)) == []


def test_the_default_bot_judges_by_the_contests_evaluation_and_greedy_by_the_plain_one():
    game = load_game("earth-our-home")
    assert game.default_agent.startswith("greedy") and "eval=contests" in game.default_agent
    from gaiatable.agents import make_agent
    from gaiatable.core.driver import turn_view
    state = dealt()
    view = turn_view(state, state.player, None)
    for spec in ("greedy", "greedy:eval=contests", game.default_agent):
        assert make_agent(spec, seat=state.player, game=game).act(view) in view.legal_actions
    with pytest.raises(GaiatableError, match="has no evaluation 'nope' .it has: heuristic, contests."):
        make_agent("greedy:eval=nope", seat=state.player, game=game).act(view)


def test_eo_7_4_the_trailing_variant_gives_the_epoch_to_the_fewest_points_nearest_clockwise():
    clockwise = load_game("earth-our-home", players=4).new_initial_state()
    trailing = load_game("earth-our-home", players=4, first_player="trailing").new_initial_state()
    assert clockwise.first == trailing.first == 0  # epoch 1: seat 0 (EO-7.2)
    for state in (clockwise, trailing):
        state.points, state.epoch = [10, 7, 3, 3], 2
        state.start_epoch()
    assert clockwise.first == 1 and trailing.first == 2  # seats 2 and 3 tie: 2 is nearer after seat 0
    trailing.epoch = 3
    trailing.start_epoch()
    assert trailing.first == 3 and trailing.player == 3  # the tie again, now counted after seat 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_eo_7_5_the_random_variant_draws_epoch_1s_first_player_then_passes_clockwise(players):
    game = load_game("earth-our-home", players=players, first_player="random")
    state = game.new_initial_state()
    first = game.action_table.first
    assert state.chance_outcomes() == [(first.start + s, 1 / players) for s in range(players)]
    assert state.observe()["phase"] == "first" and not state.pending  # nothing is dealt before the draw
    assert state.observe()["board"]["first"] is None  # nobody starts before the draw
    assert_rejected(state, lambda: state.apply(game.action_table.deal.start), "EO-7.5")
    if players < 4:
        assert "no seat 3" in assert_rejected(state, lambda: state.apply(first.start + 3), "EO-7.5")
    last = players - 1
    said = f"{game.content.genera[last]} starts"
    assert game.parse_action(said) == game.parse_action(f"seat {last} starts") == first.start + last
    state.apply(first.start + last)
    assert state.first == state.player == state.observe()["board"]["first"] == last and state.log == [said]
    assert [p // 2 for p in state.pending] == [(last + i) % players for i in range(players)]  # dealt in turn order
    state.epoch = 2
    state.start_epoch()
    assert state.first == 0  # clockwise from the drawn seat (EO-7.2)


def test_the_board_says_where_the_counter_to_place_may_go():
    """EO-3.3, EO-3.4, EO-3.6 in words: the first counter anywhere its species lives, the next ones in or next
    to a habitat holding the species; nothing to say while a gene is dealt."""
    game = load_game("earth-our-home", players=2)
    state, rng = game.new_initial_state(), random.Random(2)
    assert state.observe(0)["board"]["placing"] is None  # the deal comes first
    while state.is_chance():
        random_step(state, rng)
    assert state.observe(0)["board"]["placing"] == "anywhere in the sea, at most 3 of it in a habitat"
    state.apply(state.legal_actions()[0])
    while state.is_chance() or state.current_player() != 0:
        random_step(state, rng) if state.is_chance() else state.apply(state.legal_actions()[0])
    assert state.observe(0)["board"]["placing"] == ("in the sea, in or next to a habitat holding species 1, "
                                                    "at most 3 of it in a habitat")


@pytest.mark.parametrize("players", [2, 4])
def test_eo_5_1_the_final_count_says_where_each_genus_s_points_came_from(players):
    """EO-5.1, EO-6, EO-7.1: once the game is over the log says each genus's habitats at each epoch's count, its
    hominids' last count and what extinctions and wipe-outs took, adding up to its score (a player could not
    make the total from the last few lines)."""
    for seed in range(3):
        state = random_ending(load_game("earth-our-home", players=players), seed)
        lines = state.decision_log()[-players:]
        for s, line in enumerate(lines):
            found = re.match(r"(.+?) scores (-?\d+): habitats by epoch ([\d + ]+)(?:, hominids (\d+))?"
                             r"(?:, extinctions and wipe-outs -(\d+))?$", line)
            assert found and found[1] == state.genus(s) and int(found[2]) == state.points[s], line
            epochs = [int(n) for n in found[3].split(" + ")]
            assert len(epochs) == state.game.content.epochs
            assert sum(epochs) + int(found[4] or 0) - int(found[5] or 0) == state.points[s], line
