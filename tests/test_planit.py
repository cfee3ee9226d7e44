"""Planit rules, clause by clause (docs/rulings/planit.md), and the rulebook's worked example."""


import pytest
from rule_helpers import assert_rejected, builtin_content, legal_texts

from gaiatable import load_game
from gaiatable.core.errors import ContentError
from gaiatable.games.planit.actions import DRAW, ROLL
from gaiatable.games.planit.content import CARDS
from gaiatable.games.planit.rules import F_DRAW, F_HEAL, F_LETHAL, F_PLAY, F_ROLL

CARD = {name: i for i, name in enumerate(CARDS)}
TERRA, THALASSA = 0, 1


def dealt(hands=(("gaia", "gaia", "gaia"), ("gaia", "gaia", "gaia")), **params):
    """A game after the deal, seat 0 about to draw."""
    game = load_game("planit", players=len(hands), **params)
    state = game.new_initial_state()
    for hand in hands:
        for card in hand:
            state.apply(DRAW + CARD[card])
    assert state.frames[-1][0] == F_DRAW
    return state


def draw(state, card):
    state.apply(DRAW + CARD[card])


def do(state, *texts):
    for text in texts:
        if text.startswith("roll "):
            state.apply(ROLL + int(text[5:]) - 1)
        else:
            state.apply(state.parse_action(text))


def rejected(state, text, clause):
    return assert_rejected(state, lambda: do(state, text), clause)



# -- PL-1, PL-2 ---------------------------------------------------------------------------------

def test_pl_1_setup_and_pl_2_1_the_deck():
    game = load_game("planit", players=3, names="Gaia,Vora")
    state = game.new_initial_state()
    assert sum(state.pile) == 55
    assert state.pile[CARD["gaia"]] == 15 and state.pile[CARD["animals"]] == 7 and state.pile[CARD["cfc"]] == 2
    assert state.temp == [5, 5, 5] and state.o2 == [0, 0, 0]
    assert state.plant_ok == state.animal_ok == [True] * 3
    assert game.planet_names[:3] == ("Gaia", "Vora", "Verdant")


def test_pl_2_4_the_deal_redraws_fire_solar_and_salt_and_draws_by_count():
    state = load_game("planit").new_initial_state()
    outcomes = dict(state.chance_outcomes())
    for card in ("fire", "solar_output", "salt_cycle"):
        assert DRAW + CARD[card] not in outcomes
    assert outcomes[DRAW + CARD["gaia"]] == pytest.approx(15 / 52)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_pl_2_2_draw_a_fourth_then_play_or_discard_one():
    state = dealt()
    draw(state, "meteor")
    assert state.frames[-1][0] == F_PLAY and sum(state.hands[0]) == 4
    assert {"discard gaia", "discard meteor"} <= legal_texts(state)
    do(state, "discard meteor")
    assert sum(state.hands[0]) == 3 and state.discards[CARD["meteor"]] == 1
    assert state.player == THALASSA and state.frames[-1][0] == F_DRAW


def test_pl_2_3_fire_and_solar_act_at_once_then_draw_again_salt_ends_the_turn():
    state = dealt()
    draw(state, "fire")
    assert state.temp == [4, 5] and state.player == TERRA and state.frames[-1][0] == F_DRAW
    draw(state, "solar_output")
    assert state.temp == [5, 6] and state.frames[-1][0] == F_DRAW
    draw(state, "salt_cycle")
    assert state.player == THALASSA and sum(state.hands[0]) == 3
    assert state.discards[CARD["fire"]] == state.discards[CARD["salt_cycle"]] == 1


def test_pl_2_5_an_empty_deck_is_refilled_from_the_discards():
    state = dealt()
    draw(state, "meteor")
    state.discards = [a + b for a, b in zip(state.pile, state.discards, strict=True)]
    state.pile = [0] * len(CARDS)
    do(state, "discard meteor")  # the next turn's draw finds the deck empty
    assert sum(state.pile) == 55 - 6 and not any(state.discards)
    assert state.observe(0)["log"][-1] == "the deck ran out: the 49 discarded cards were shuffled into a new deck"


# -- PL-3, PL-4.1: plants ----------------------------------------------------------------------

def test_pl_ex_1_lower_temperature_roll_six():
    """The rulebook: announce 'lower temperature', roll a six: down two spaces (PL-4.1)."""
    state = dealt()
    draw(state, "plants")
    do(state, "plants: lower temperature")
    assert state.frames[-1][0] == F_ROLL
    do(state, "roll 6")
    assert state.temp[TERRA] == 5 - 2
    assert "rolled 6 on the plants lower temp chart for Terra: temperature -2" in state.observe(0)["log"]


def test_pl_4_1_plants_raise_o2_only_when_just_right_and_only_with_a_healthy_token():
    state = dealt()
    state.temp[TERRA] = 4
    draw(state, "plants")
    assert "plants: raise o2" not in legal_texts(state)
    rejected(state, "plants: raise o2", "PL-4.1")
    state.temp[TERRA] = 5
    state.plant_ok[TERRA] = False
    state._legal = None
    rejected(state, "plants: lower temperature", "PL-4.1")
    state.plant_ok[TERRA] = True
    state._legal = None
    do(state, "plants: raise o2", "roll 5")
    assert state.o2[TERRA] == 2


def test_pl_3_3_the_sink_fills_once_then_an_ice_age():
    state = dealt()
    state.o2[TERRA] = 4
    draw(state, "plants")
    do(state, "plants: raise o2", "roll 2")
    assert state.o2[TERRA] == 5 and state.temp[TERRA] == 0 and state.ice_age[TERRA]
    state.temp[TERRA] = 5
    state.player = TERRA
    state.frames = [(F_DRAW,)]
    state._legal = None
    draw(state, "plants")
    do(state, "plants: raise o2", "roll 2")
    assert state.temp[TERRA] == 5  # only once


def test_pl_3_6_gauges_are_clamped():
    state = dealt()
    state.temp[THALASSA] = 9
    draw(state, "volcano")
    do(state, "volcano on Thalassa", "roll 6")
    assert state.temp[THALASSA] == 10
    # the log says the roll's move was cut short, not the chart's "+3" alone
    assert state.observe(0)["log"][-1].endswith("temperature +3 (moves +1: the gauge ends there)")


# -- PL-4.2, PL-5: animals and evolution ------------------------------------------------------

def ready_to_evolve(state, seat=TERRA):
    state.o2[seat] = 10
    state.temp[seat] = 5
    state.ice_age[seat] = True
    state._legal = None


def test_pl_4_2_evolve_needs_21_percent_and_just_right():
    state = dealt()
    draw(state, "animals")
    assert "animals: evolve" not in legal_texts(state)
    rejected(state, "animals: evolve", "PL-4.2")
    ready_to_evolve(state)
    do(state, "animals: evolve", "roll 4")
    assert state.observe(0)["seats"][0]["public"]["higher_animals"] == ["reptiles"]


def test_pl_5_1_evolution_adds_the_lowest_missing_rank():
    state = dealt()
    ready_to_evolve(state)
    state.ranks[TERRA] = 0b0101  # reptiles and mammals: birds died out
    draw(state, "gaia")
    do(state, "gaia: evolve", "roll 6")
    assert state.ranks[TERRA] == 0b0111


def test_pl_5_2_devolutionary_humans_lose_the_ozone_and_may_not_lay_another():
    state = dealt((("gaia", "ozone", "gaia"), ("gaia", "gaia", "gaia")))
    ready_to_evolve(state)
    state.ozone[TERRA] = True
    state.ranks[TERRA] = 0b0111
    draw(state, "animals")
    do(state, "animals: evolve", "roll 5")
    assert state.ranks[TERRA] == 0b1111 and not state.ozone[TERRA]
    assert state.observe(0)["log"][-1] == "Terra's Devolutionary Humans destroyed its ozone layer"
    state.player, state.frames, state._legal = TERRA, [(F_DRAW,)], None
    draw(state, "meteor")
    assert "ozone" not in legal_texts(state)
    rejected(state, "ozone", "PL-5.2")


@pytest.mark.parametrize("die,outcome", [(5, "win"), (6, "win"), (1, "setback"), (2, "pollution"), (3, "nothing")])
def test_pl_5_3_5_4_the_winning_chart(die, outcome):
    state = dealt()
    ready_to_evolve(state)
    state.ranks[TERRA] = 0b1111
    draw(state, "animals")
    do(state, "animals: evolve")
    assert state.frames[-1] == (F_ROLL, 9, TERRA)  # the Winning chart, not the Animals chart
    do(state, f"roll {die}")
    if outcome == "win":
        assert state.is_terminal() and state.returns() == [1.0, -1.0]
        assert "evolutionary humans" in state.observe(1)["seats"][0]["public"]["higher_animals"]
    else:
        assert not state.is_terminal()
        assert state.ranks[TERRA] == (0b0111 if outcome == "setback" else 0b1111)
        assert state.temp[TERRA] == (7 if outcome == "pollution" else 5)


# -- PL-4.3 Gaia heal --------------------------------------------------------------------------

def test_pl_4_3_heal_only_a_damaged_token_and_choose_when_both_are():
    state = dealt()
    draw(state, "gaia")
    rejected(state, "gaia: heal", "PL-4.3")
    state.plant_ok[TERRA] = state.animal_ok[TERRA] = False
    state._legal = None
    assert "gaia: lower temperature" not in legal_texts(state)  # a Gaia card played as Plants needs the token
    do(state, "gaia: heal", "roll 3")
    assert state.frames[-1][0] == F_HEAL
    do(state, "heal animal token")
    assert state.animal_ok[TERRA] and not state.plant_ok[TERRA]


# -- PL-4.4 to PL-4.16 hazards -------------------------------------------------------------------

def test_pl_4_4_uv_blocked_by_ozone_and_one_makes_a_mutant():
    state = dealt()
    state.ozone[THALASSA] = True
    draw(state, "uv_radiation")
    assert "uv radiation on Thalassa" not in legal_texts(state)
    rejected(state, "uv radiation on Thalassa", "PL-4.4")
    do(state, "uv radiation on Terra", "roll 1")
    assert state.frames[-1] == (F_ROLL, 7, TERRA)  # roll again on the Mutant chart
    do(state, "roll 4")
    assert state.temp[TERRA] == 6


def test_pl_4_5_the_mutant_charts_six_evolves_only_from_21_percent_and_the_log_says_which_way_it_fell():
    state = dealt()
    draw(state, "uv_radiation")
    o2 = state.o2[TERRA]
    do(state, "uv radiation on Terra", "roll 1", "roll 6")
    assert state.o2[TERRA] == o2 + 1 and state.ranks[TERRA] == 0
    assert state.observe(0)["log"][0] == "rolled 6 on the mutant chart for Terra: mutant evolve: O2 +1"
    state = dealt()
    state.o2[TERRA] = state.game.content.gauges["o2_21"]
    draw(state, "uv_radiation")
    do(state, "uv radiation on Terra", "roll 1", "roll 6")
    assert state.ranks[TERRA] == 1
    assert state.observe(0)["log"][0] == "rolled 6 on the mutant chart for Terra: mutant evolve: evolve"


def test_pl_3_6_the_board_knows_which_charts_only_push_one_marker_one_way():
    """A play whose chart only pushes a marker standing at that end of its gauge changes nothing (PL-3.6): the
    board says so from the chart each play names and each chart's one way, as the content's charts give it."""
    game = load_game("planit")
    assert game.gauge_view["pushes"] == {"plants_lower_temp": "temp-", "plants_raise_o2": "o2+",
                                         "animals_raise_temp": "temp+", "volcano": "temp+", "meteor": "temp-",
                                         "methane": "temp+"}  # the Mutant's, the Heal's and the others' are mixed
    state = dealt()
    draw(state, "meteor")
    plays = {game.action_text(a): game.action_struct(a) for a in state.legal_actions()}
    assert plays["meteor on Thalassa"]["chart"] == "meteor" and plays["gaia: raise o2"]["chart"] == "plants_raise_o2"


def test_pl_4_16_the_attacker_chooses_the_victim():
    state = dealt()
    state.ranks[THALASSA] = 0b1
    draw(state, "plague")
    do(state, "plague on Thalassa", "roll 6")
    assert state.frames[-1] == (F_LETHAL, THALASSA) and state.current_player() == TERRA
    assert legal_texts(state) == {"lethal: damage plant token", "lethal: damage animal token", "lethal: kill reptiles"}
    do(state, "lethal: kill reptiles")
    assert state.ranks[THALASSA] == 0
    assert state.event_text(state.events[-1]) == "lethal attack on Thalassa: reptiles died out"


def test_pl_4_16_a_single_victim_is_hit_without_a_choice_and_a_damaged_token_blocks_its_cards():
    state = dealt()
    state.plant_ok[THALASSA] = False
    draw(state, "acid_rain")
    do(state, "acid rain on Thalassa", "roll 6")
    assert not state.animal_ok[THALASSA] and state.player == THALASSA
    assert state.event_text(state.events[-1]) == "lethal attack on Thalassa: animal token damaged"
    draw(state, "animals")
    assert not any(t.startswith("animals") for t in legal_texts(state))
    rejected(state, "animals: raise temperature", "PL-4.2")


def test_pl_4_8_acid_rain_is_lethal_only_on_six():
    state = dealt()
    draw(state, "acid_rain")
    do(state, "acid rain on Thalassa", "roll 5")
    assert state.plant_ok[THALASSA] and state.animal_ok[THALASSA]


def test_pl_4_9_methane_and_pl_4_10_rain_forest():
    state = dealt()
    draw(state, "methane")
    do(state, "methane on Thalassa", "roll 4")
    assert state.temp[THALASSA] == 7
    draw(state, "rain_forest")
    do(state, "rain forest")
    assert state.temp[THALASSA] == 5
    # the log says what the card did: its own words name only the card
    assert state.observe(0)["log"] == ["Thalassa's temperature is set to JUST RIGHT (was 70)"]


def test_pl_4_11_and_4_12_ozone_and_cfcs():
    state = dealt()
    draw(state, "ozone")
    do(state, "ozone")
    assert state.ozone[TERRA] and state.discards[CARD["ozone"]] == 0  # it lies on the planet
    assert state.observe(0)["log"] == ["Terra has an ozone layer: UV radiation cannot strike it"]
    draw(state, "cfc")
    assert "cfc on Thalassa" not in legal_texts(state)  # no ozone there, and never your own
    do(state, "cfc on Terra")
    assert not state.ozone[TERRA] and state.discards[CARD["ozone"]] == 1 and state.discards[CARD["cfc"]] == 1


def test_pl_4_11_one_ozone_layer_per_planet():
    state = dealt((("ozone", "gaia", "gaia"), ("gaia", "gaia", "gaia")))
    state.ozone[TERRA] = True
    draw(state, "meteor")
    rejected(state, "ozone", "PL-4.11")


# -- content as data ----------------------------------------------------------------------------

def test_real_charts_can_be_typed_in_and_are_validated(tmp_path):
    source = load_game("planit").content.raw
    original = builtin_content("planit")
    mine = tmp_path / "mine.toml"
    mine.write_text(original.replace('plants_lower_temp = ["-", "-", "temp-1", "temp-1", "temp-1", "temp-2"]',
                                     'plants_lower_temp = ["temp-3", "-", "-", "-", "-", "-"]'))
    state = dealt(content=str(mine))
    draw(state, "plants")
    do(state, "plants: lower temperature", "roll 1")
    assert state.temp[TERRA] == 2
    assert load_game("planit", content=str(mine)).content_hash() != load_game("planit").content_hash()
    assert source["deck"]["gaia"] == 15
    bad = tmp_path / "bad.toml"
    bad.write_text(original.replace('"o2+2", "o2+3"]', '"o2+2", "sunshine"]'))
    with pytest.raises(ContentError, match=r"charts.plants_raise_o2, roll 6: unknown effect 'sunshine'"):
        load_game("planit", content=str(bad))
    with pytest.raises(ContentError, match="cannot read"):
        load_game("planit", content=str(tmp_path / "missing.toml"))


# -- the bots' evaluation (games/planit/heuristics.py) -------------------------------------------

def test_heuristic_counts_plays_from_the_chart_averages():
    game = load_game("planit")
    costs = game.costs
    assert costs.o2 == pytest.approx(6 / 9)  # raise O2 yields 0,1,1,2,2,3: 9/6 a play
    # evolving succeeds on 4 rolls in 6, winning on 3 in 6 (PL-3.7)
    assert costs.warm == pytest.approx(6 / 5) and costs.evolve == pytest.approx(1.5) and costs.win == 2


def test_heuristic_filling_the_sink_is_progress_despite_the_ice_age():
    """PL-3.3: the Ice Age is certain to come, so the estimate counts it from the start."""
    from gaiatable.games.planit.heuristics import plays_to_win
    state = dealt()
    state.o2[TERRA] = 4
    before = plays_to_win(state, TERRA)
    draw(state, "plants")
    do(state, "plants: raise o2", "roll 2")
    assert state.temp[TERRA] == 0
    assert plays_to_win(state, TERRA) == pytest.approx(before - state.game.costs.o2)
    assert state.game.heuristic(state)[TERRA] > 0


def test_heuristic_values_a_gaia_card_in_hand_above_a_hazard():
    """Gaia plays as Plants, Animals or Heal (PL-4.3): the card to keep when nothing is worth playing."""
    state = dealt(hands=(("gaia", "gaia", "meteor"), ("gaia", "gaia", "gaia")))
    draw(state, "acid_rain")
    value = {}
    for card in ("gaia", "meteor", "acid_rain"):
        after = state.copy()
        do(after, f"discard {card.replace('_', ' ')}")
        value[card] = after.game.heuristic(after)[TERRA]
    assert value["acid_rain"] > value["meteor"] > value["gaia"]


def test_greedy_follows_a_lethal_roll_to_the_victim_it_would_choose():
    """PL-4.16: the attacker picks the victim after the roll, so a Plague is worth playing."""
    from gaiatable.agents.search import evaluate, turn_values
    state = dealt(hands=(("plague", "meteor", "meteor"), ("gaia", "gaia", "gaia")))
    state.ranks[THALASSA] = 0b11  # reptiles and birds: four possible victims
    draw(state, "meteor")
    plague, discard = state.parse_action("plague on thalassa"), state.parse_action("discard plague")
    on_thalassa, discarded = turn_values(state, (plague, discard), TERRA)
    expected = 0.0
    for die in range(1, 7):
        after = state.copy()
        do(after, "plague on thalassa", f"roll {die}")
        if die >= 5:
            assert after.frames[-1][0] == F_LETHAL
            kills = [after.copy() for _ in after.legal_actions()]
            for kill, action in zip(kills, after.legal_actions(), strict=True):
                kill.apply(action)
            after = max(kills, key=lambda s: evaluate(s)[TERRA])
        expected += evaluate(after)[TERRA] / 6
    assert on_thalassa == pytest.approx(expected)
    assert on_thalassa > discarded


# -- a designer's charts and gauges (-p content=FILE): the engine does what they say ----------------

def designed(tmp_path, **lines):
    """A content file like the built-in one with some lines replaced (name=new line); a chart's name
    means its line in [charts]."""
    text = builtin_content("planit")
    head, charts = text.split("[charts]")
    for key, line in lines.items():
        part = charts if f"\n{key} " in charts else head
        old = next(row for row in part.splitlines() if row.split("=")[0].strip() == key)
        if part is charts:
            charts = charts.replace(old, line)
        else:
            head = head.replace(old, line)
    text = head + "[charts]" + charts
    path = tmp_path / "designed.toml"
    path.write_text(text)
    return str(path)


def test_pl_4_2_past_the_21_percent_mark_animals_still_evolve(tmp_path):
    content = designed(tmp_path, o2_spaces="o2_spaces = 14")
    state = dealt(hands=(("animals", "gaia", "gaia"), ("gaia", "gaia", "gaia")), content=content)
    state.o2[TERRA] = 12  # past the mark (o2_21 = 10): O2 has reached 21%
    state._legal = None
    draw(state, "plants")
    assert "animals: evolve" in legal_texts(state)
    from gaiatable.games.planit.heuristics import plays_to_win
    assert plays_to_win(state, TERRA) < plays_to_win(dealt(content=content), TERRA)


def test_pl_4_3_a_heal_effect_on_a_hazard_chart_heals_the_target(tmp_path):
    content = designed(tmp_path, volcano='volcano = ["heal", "heal", "heal", "heal", "heal", "heal"]')
    state = dealt(content=content)
    state.plant_ok[THALASSA] = state.animal_ok[THALASSA] = False
    state.plant_ok[TERRA] = False
    draw(state, "volcano")
    do(state, "volcano on Thalassa", "roll 3")
    do(state, "heal plant token")  # the roller chooses which of Thalassa's two tokens
    assert state.plant_ok[THALASSA] and not state.animal_ok[THALASSA] and not state.plant_ok[TERRA]


def test_pl_5_3_only_the_winning_chart_gives_evolutionary_humans(tmp_path):
    content = designed(tmp_path, uv_radiation='uv_radiation = ["mutant", "mutant", "mutant", "mutant", "mutant", '
                       '"mutant"]', mutant='mutant = ["evolve", "evolve", "evolve", "evolve", "evolve", "evolve"]')
    state = dealt(content=content)
    state.ranks[THALASSA] = 0b1111  # up to Devolutionary Humans
    draw(state, "uv_radiation")
    do(state, "uv radiation on Thalassa", "roll 1", "roll 2")
    assert state.ranks[THALASSA] == 0b1111 and state.winner == -1 and not state.is_terminal()


def test_pl_1_1_a_hazard_on_a_planet_not_in_the_game_says_so():
    state = dealt()
    draw(state, "uv_radiation")
    message = rejected(state, "uv radiation on 3", "PL-1.1")
    assert "no planet 3" in message


def test_the_terminal_draws_the_gauges_the_content_gives(tmp_path):
    from rich.console import Console

    from gaiatable.terminal import render
    content = designed(tmp_path, o2_spaces="o2_spaces = 14")
    console = Console(width=200, record=True)
    console.print(render(dealt(content=content).observe(0)))
    lines = console.export_text().splitlines()
    o2 = lines[next(i for i, line in enumerate(lines) if "Terra" in line) + 1].split("O2")[1].split()[0]
    assert len(o2) == 14 and set(o2) <= set("●─┼◎") and o2.count("◎") <= 1
    assert "/14; ◎ 21% O2, the goal" in lines[next(i for i, line in enumerate(lines) if "Terra" in line) + 1]


# -- PL-6.2: the turn cap sits above the longest random games -------------------------------------

def random_game(seed, **params):
    """A game between uniformly random seats, chance drawn from random.Random(seed); the final state.
    The loop of docs/balance/lengths.py, so its seeds name the same games."""
    import random

    from gaiatable.core.seeding import random_step
    rng = random.Random(seed)
    state = load_game("planit", **params).new_initial_state()
    while not state.is_terminal():
        random_step(state, rng)
    return state


# the longest of the measured uncapped random games at each player count (20,000 / 20,000 / 10,000 games)
LONGEST = {2: (7_018_397, 12_462), 3: (7_015_634, 24_783), 4: (7_000_559, 30_951)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pl_6_2_the_default_cap_lets_the_longest_measured_random_game_end_by_the_rules(players):
    seed, turns = LONGEST[players]
    state = random_game(seed, players=players)
    assert state.ended_by_rules() and not state.truncated() and state.turn + 1 == turns
    # the test can fail: a cap one turn short stops that same game without a winner
    cut = random_game(seed, players=players, max_turns=turns - 1)
    assert cut.truncated() and cut.winners() is None and cut.turn + 1 == turns - 1


def test_pl_6_2_a_sample_of_random_games_ends_by_the_rules_under_the_default_cap():
    for players in (2, 3, 4):
        ends = [random_game(seed, players=players) for seed in range(8)]
        assert all(state.ended_by_rules() for state in ends), players
        # under the old default cap of 1,000 turns most of these very games were cut
        assert max(state.turn + 1 for state in ends) > 1000


def test_pl_6_2_the_default_cap_depends_on_the_player_count_and_may_be_set_or_removed():
    assert [load_game("planit", players=n).max_turns for n in (2, 3, 4)] == [15_000, 25_000, 40_000]
    assert load_game("planit", players=3, max_turns=0).max_turns == 0  # no cap
    assert load_game("planit", players=3, max_turns=300).max_turns == 300


def test_each_card_face_gives_the_odds_of_the_charts_it_rolls_on():
    """PL-3 (the charts as the content gives them): a card's face says what each die result does, as odds
    that add up to six in six; a designer's charts change them."""
    faces = {f["key"]: f for f in load_game("planit").cards()}
    plants = {c["name"]: c["odds"] for c in faces["plants"]["charts"]}
    assert plants["plants lower temp"] == "2 in 6 nothing, 3 in 6 temperature -1, 1 in 6 temperature -2"
    assert [c["name"] for c in faces["animals"]["charts"]] == ["animals raise temp", "animals evolve", "winning"]
    assert faces["ozone"]["charts"] == []  # a card without a roll
    for face in faces.values():
        for chart in face["charts"]:
            assert sum(int(part.split(" in 6")[0]) for part in chart["odds"].split(", ") if " in 6 " in part) == 6


def test_pl_4_5_the_look_up_explains_a_chart_result_in_the_words_a_roll_is_logged_with():
    """PL-4.5: a roll's log line says "mutant evolve"; looking those words up says what the result does, and
    the Mutant card's chart reads in words, not the effect's code."""
    game = load_game("planit")
    said = game.lookup("mutant evolve")
    assert "O2 has reached 21%" in said and "otherwise its O2 rises by 1" in said and "PL-4.5" in said
    assert "6 evolve at 21% O2, else O2 +1" in game.lookup("mutant")
    assert "3 nothing" in game.lookup("mutant") and "no card named" in game.lookup("mutant evolution")


def test_pl_2_2_the_log_says_who_drew_the_fourth_card():
    """The draw is a chance outcome ("draw volcano"); the log says whose hand it went to, as a table would see."""
    state = dealt()
    draw(state, "volcano")
    names = state.game.planet_names
    assert state.decision_log() == [f"{names[0]} drew volcano"]
    do(state, "discard volcano")
    draw(state, "meteor")
    assert state.decision_log() == [f"{names[1]} drew meteor"]
