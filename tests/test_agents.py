"""Agents: specs, determinism, fairness (no peeking) and real strength on small games."""

import random

import pytest
from hidden_toy import HiddenToy

from gaiatable import GaiatableError, load_game
from gaiatable.agents import make_agent
from gaiatable.core.driver import agent_seed, play_game, turn_view
from gaiatable.core.game import canonical_json
from gaiatable.core.record import Recorder


def view_of(state):
    return turn_view(state, state.current_player())


def test_agent_lists_keep_each_agents_options():
    from gaiatable.agents import split_specs
    assert split_specs("ismcts:iters=400,greedy,random") == ["ismcts:iters=400", "greedy", "random"]
    assert split_specs("mcts:iters=300,depth=0, greedy") == ["mcts:iters=300,depth=0", "greedy"]


def test_specs_select_and_tune_agents():
    agent = make_agent("mcts:iters=50,c=0.7,depth=5", seed=1)
    assert (agent.iters, agent.c, agent.depth, agent.spec) == (50, 0.7, 5, "mcts:iters=50,c=0.7,depth=5")
    assert make_agent("default", seed=1, game=load_game("gaia-vora")).spec.startswith("default=")
    with pytest.raises(GaiatableError, match="'rollout' must be random or greedy"):
        make_agent("mcts:rollout=smart", seed=1)


def test_every_game_names_a_strong_bot_within_a_moves_time():
    """`strong` is the game's own spec, with a time limit for play (issue: 2 s on the slowest machine)."""
    from gaiatable import registered_games

    for cls in registered_games():
        agent = make_agent("strong", seed=1, game=load_game(cls.name))
        assert agent.spec == f"strong={cls.strong_agent}" and 0 < agent.seconds <= 2, cls.name


def test_greedy_rollouts_finish_a_turn_as_greedy_would():
    """x to move can win at c1: a greedy rollout takes it, so the leaf is worth a win to x."""
    game = load_game("tictactoe")
    state = game.new_initial_state()
    for cell in ("a1", "a2", "b1", "b2"):
        state.apply(game.parse_action(cell))
    assert make_agent("mcts:rollout=greedy", seed=0)._rollout(state.copy()) == [1.0, -1.0]
    assert {tuple(make_agent("mcts", seed=s)._rollout(state.copy())) for s in range(12)} != {(1.0, -1.0)}
    with pytest.raises(GaiatableError, match="no option 'iterations'"):
        make_agent("mcts:iterations=5", seed=1)
    with pytest.raises(GaiatableError, match="must be a number"):
        make_agent("ismcts:iters=lots", seed=1)
    with pytest.raises(GaiatableError, match="no agent named"):
        make_agent("alphazero", seed=1)


def test_a_strong_prior_makes_mcts_play_a_greedy_move_and_a_weak_one_lets_search_decide():
    from gaiatable.agents.search import turn_values
    from gaiatable.core.conformance import walk

    game = load_game("planit", max_turns=80)
    views = []
    walk(game, 3, visit=lambda state, ply: state.is_chance() or len(state.legal_actions()) < 3
         or views.append(view_of(state.copy())))
    assert len(views) > 20

    def greedy_loss(spec):  # how much worse than greedy's best, by greedy's own values, each choice is
        losses = []
        for view in views:
            legal = view.legal_actions
            values = dict(zip(legal, turn_values(view.determinize(random.Random(0)), legal, view.seat), strict=True))
            losses.append(max(values.values()) - values[make_agent(spec, seed=0).act(view)])
        return losses

    assert max(greedy_loss("mcts:iters=5,prior=100000")) < 1e-9
    assert max(greedy_loss("mcts:iters=100,depth=0")) > 1e-3


@pytest.mark.parametrize("spec", ["greedy", "mcts:iters=60", "ismcts:iters=60"])
def test_the_same_seed_gives_the_same_choice(spec):
    game = load_game("gaia-vora")
    state = game.new_initial_state()
    state.apply(state.legal_actions()[0])
    state.apply(state.parse_action("rotate 2"))
    choices = {make_agent(spec, seed=9).act(view_of(state)) for _ in range(3)}
    assert len(choices) == 1 and choices <= set(state.legal_actions())


@pytest.mark.parametrize("spec", ["mcts:iters=80", "ismcts:iters=80", "greedy", "mcts:iters=20,rollout=greedy,prior=5"])
def test_an_opponents_secret_never_changes_a_bots_choice(spec):
    """Fair by construction: the bot searches determinizations, never the true state."""
    game = HiddenToy()
    choices = set()
    for theirs in (0, 2):
        state = game.new_initial_state()
        state.apply(1)  # seat 0 holds the middle card
        state.apply(theirs)  # seat 1's card, unseen by seat 0
        choices.add(make_agent(spec, seed=5).act(view_of(state)))
    assert len(choices) == 1


def test_mcts_beats_random_at_tictactoe():
    game = load_game("tictactoe")
    wins = 0
    for seed in range(20):
        agents = [make_agent("mcts:iters=300", seat=0, seed=agent_seed(seed, 0)),
                  make_agent("random", seat=1, seed=agent_seed(seed, 1))]
        wins += play_game(game, agents, seed).returns[0] > 0
    assert wins >= 17


def test_greedy_takes_a_win_in_one():
    game = load_game("tictactoe")
    state = game.new_initial_state()
    for cell in ("a1", "a2", "b1", "b2"):
        state.apply(game.parse_action(cell))
    assert game.action_text(make_agent("greedy", seed=0).act(view_of(state))) == "c1"


def test_bots_record_their_spec():
    game = load_game("tictactoe")
    agents = [make_agent("mcts:iters=20", seat=0, seed=1), make_agent("greedy", seat=1, seed=2)]
    recorder = Recorder()
    play_game(game, agents, 3, [recorder])
    assert recorder.lines[0]["seats"] == ["mcts:iters=20", "greedy"]


def test_pair_results_count_each_pair_from_the_later_agents_side():
    from gaiatable.lab.ladder import pair_results
    # (agent first, agent second, first's score): greedy won twice (once from each seat), drew, lost
    results = [(0, 1, 0.0), (1, 0, 1.0), (0, 1, 0.5), (0, 1, 1.0), (0, 2, 0.0), (2, 1, 0.0)]
    greedy_random, default_random, default_greedy = pair_results(results, ["random", "greedy", "default"])
    assert (greedy_random["agent"], greedy_random["opponent"]) == ("greedy", "random")
    assert [greedy_random[k] for k in ("wins", "draws", "losses", "win_rate")] == [2, 1, 1, 0.625]
    low, high = greedy_random["win_rate_ci95"]
    assert 0 < low < 0.625 < high < 1
    assert (default_random["wins"], default_random["losses"]) == (1, 0)
    assert (default_greedy["agent"], default_greedy["wins"], default_greedy["losses"]) == ("default", 0, 1)

    from gaiatable.lab.ladder import bradley_terry
    results = [(0, 1, 0.0)] * 30 + [(0, 1, 1.0)] * 10 + [(1, 2, 0.5)] * 10
    elo = bradley_terry(results, 3)
    assert elo[0] == 0 and elo[1] > 150 and abs(elo[2] - elo[1]) < 100


def test_ladder_command_rates_mcts_above_random():
    import json

    from typer.testing import CliRunner

    from gaiatable.cli import app
    result = CliRunner().invoke(app, ["sim", "tictactoe", "--ladder", "--games", "10", "--agents",
                                      "random,mcts:iters=200", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["ladder"]
    assert rows[0]["agent"] == "mcts:iters=200" and rows[0]["elo"] > rows[1]["elo"] + 100
    assert all(row["games"] == 10 for row in rows)
    [pair] = json.loads(result.stdout)["pairs"]
    assert pair["agent"] == "mcts:iters=200" and pair["wins"] + pair["draws"] + pair["losses"] == 10
    assert pair["losses"] == 0 and pair["win_rate_ci95"][0] < pair["win_rate"] <= pair["win_rate_ci95"][1]


def test_ladder_tables_keep_two_specs_that_start_alike_apart_in_a_narrow_terminal():
    from rich.console import Console

    from gaiatable.lab.ladder import ladder_tables
    first, second = "greedy:eval=contests,beam=2,seconds=2", "greedy:eval=contests,seconds=2"
    result = {"ladder": [{"agent": a, "elo": 0.0, "elo_low": 0.0, "elo_high": 0.0, "games": 4, "score": 2}
                         for a in (first, second)],
              "pairs": [{"agent": first, "opponent": second, "wins": 2, "draws": 0, "losses": 2,
                         "win_rate": 0.5, "win_rate_ci95": [0.1, 0.9]}]}
    console = Console(width=80, record=True)
    for table in ladder_tables(result):
        console.print(table)
    text = console.export_text()
    assert "…" not in text.replace(" … ", ""), text  # only an interval's ellipsis, never a cut spec
    pair_table = text[text.rindex("┡"):]
    cells = [line.split("│")[1:3] for line in pair_table.splitlines() if line.startswith("│")]
    assert ["".join(cell.strip() for cell in column) for column in zip(*cells, strict=True)] == [first, second], text


@pytest.mark.parametrize("spec", ["mcts:iters=40", "ismcts:iters=40", "greedy", "ismcts:iters=20,rollout=greedy"])
def test_phanerozoic_secrets_of_the_opponent_never_change_a_bots_choice(spec):
    """Seat 1's hand, kept cards and goals and the deck redealt (determinize for seat 0): same choice."""
    from gaiatable.core.conformance import walk

    game = load_game("phanerozoic", players=2)
    found = []

    def visit(state, ply):
        if not found and state.round == 2 and state.current_player() == 0 and len(state.legal_actions()) > 3:
            found.append(state.copy())

    walk(game, 11, visit=visit)
    state = found[0]
    rng = random.Random(0)
    worlds = [state] + [state.determinize(0, rng) for _ in range(4)]
    assert len({canonical_json(w.to_json()) for w in worlds}) > 1  # the secrets really differ
    choices = {make_agent(spec, seed=5).act(view_of(world)) for world in worlds}
    assert len(choices) == 1


def test_agent_specs_follow_one_grammar_and_say_what_is_wrong():
    from gaiatable.agents import AgentSpec

    assert AgentSpec.parse(" MCTS : iters = 80 , c=1 ") == AgentSpec("mcts", (("iters", "80"), ("c", "1")))
    assert str(AgentSpec.parse("mcts:iters=80,c=1")) == "mcts:iters=80,c=1"
    with pytest.raises(GaiatableError, match="expected option=value, got 'iters'"):
        AgentSpec.parse("mcts:iters")
    with pytest.raises(GaiatableError, match="needs a name"):
        AgentSpec.parse(":iters=3")
    with pytest.raises(GaiatableError, match="'default' takes no options"):
        make_agent("default:iters=3", game=load_game("tictactoe"))
    agent = make_agent("greedy", seat=1, seed=3)
    assert (agent.seat, agent.spec) == (1, "greedy")  # an agent knows its seat from the start


def test_a_bot_chooses_differently_in_a_position_it_meets_again():
    """Repeats: the best action first, then each other legal action once, then round again."""
    state = load_game("tictactoe").new_initial_state()
    bot = make_agent("greedy", seed=0)
    choices = [bot.act(view_of(state)) for _ in range(18)]
    assert sorted(choices[:9]) == sorted(choices[9:]) == sorted(state.legal_actions())
    mcts = make_agent("mcts:iters=50", seed=0)
    assert len({mcts.act(view_of(state)) for _ in range(9)}) == 9


def test_greedy_draws_among_equally_good_actions_by_its_seed():
    """Two greedy bots in mirrored seats mirrored each other move for move: ties go by the agent's seed."""
    state = load_game("tictactoe").new_initial_state()  # every first move is worth the same to greedy
    firsts = {make_agent("greedy", seed=seed).act(view_of(state)) for seed in range(20)}
    assert len(firsts) > 3
    assert make_agent("greedy", seed=7).act(view_of(state)) == make_agent("greedy", seed=7).act(view_of(state))


@pytest.mark.parametrize(("game", "seed", "index"), [("planetarium", 900, 18), ("gaia-vora", 5, 3)])
def test_default_bots_finish_games_where_they_used_to_undo_each_others_moves(game, seed, index):
    """Two games of the default bots that once ran to the cap (PT-8.1, GV-9.5): Planetarium's pair moved
    one planet back and forth for 800 decisions; Gaia-Vora's leader never landed the last tile."""
    from gaiatable.lab.sim import SimJob, run_one
    result = run_one(SimJob(game, {"players": 2}, ("default", "default"), seed), index)
    assert not result["truncated"]


def test_an_unbounded_beam_finds_the_best_way_to_finish_a_turn():
    """greedy:beam=K keeps K partial turns a step; with room for every one it is the exhaustive best
    end of the turn, where one step at a time is not (Gaia-Vora: a Sky Object and placements make a turn)."""
    from gaiatable.agents.search import evaluate, turn_values

    def after(state, action):
        state = state.copy()
        state.apply(action)
        return state

    def best_end(state, seat, budget):
        """The best evaluation at the end of `seat`'s turn over every way to play it (None: chance inside
        the turn, or more than `budget` ways)."""
        if state.is_terminal() or state.current_player() >= 0 and state.current_player() != seat:
            budget[0] -= 1
            return evaluate(state)[seat] if budget[0] > 0 else None
        if state.current_player() < 0:
            return None
        ends = [best_end(after(state, a), seat, budget) for a in state.legal_actions()]
        return None if None in ends else max(ends)

    game, rng = load_game("gaia-vora", players=2), random.Random(4)
    state, planned = game.new_initial_state(), 0
    while planned < 2 and not state.is_terminal():
        if state.current_player() >= 0 and len(state.legal_actions()) > 1:
            seat, legal = state.current_player(), state.legal_actions()
            exhaustive = [best_end(after(state, a), seat, [3000]) for a in legal]
            if None not in exhaustive:
                assert turn_values(state, legal, seat, beam=10**6) == pytest.approx(exhaustive)
                planned += turn_values(state, legal, seat) != pytest.approx(exhaustive)  # greedy falls short
        state.apply(rng.choice(state.legal_actions()))
    assert planned == 2


def test_greedy_out_of_time_passes_over_the_actions_it_has_not_judged():
    game = load_game("gaia-vora", players=2)
    state = game.new_initial_state()
    while state.is_chance():
        state.apply(state.legal_actions()[0])
    legal = state.legal_actions()
    hurried = make_agent("greedy:beam=3,seconds=0.000001", seed=1)
    assert len(legal) > 1 and hurried.act(view_of(state)) == legal[0]  # only the first was judged in time
    searched = make_agent("mcts:iters=50,prior=5,seconds=0.000001", seed=1)  # greedy's values seed its root
    assert searched.act(view_of(state)) in legal  # the actions greedy had no time for are searched as untried



def test_a_time_limit_binds_inside_the_judging_of_one_action():
    """Past the deadline a chance is averaged over the outcomes judged so far and a beam keeps one partial
    turn: a Planetarium draw (a chance over the deck) under a judge taking 20 ms an outcome still answers
    near its 0.1 s, and with a value inside the judge's range."""
    import time

    from gaiatable.agents.search import turn_values

    game = load_game("planetarium", players=2)
    state, rng = game.new_initial_state(), random.Random(4)
    while True:  # the first decision with an action that meets a chance of many outcomes
        if state.is_chance():
            state.apply(rng.choice(state.legal_actions()))
            continue
        wide = [a for a in state.legal_actions() if len(_next_chance(state, a)) >= 10]
        if wide:
            break
        state.apply(rng.choice(state.legal_actions()))

    def slow_judge(_state):
        time.sleep(0.02)
        return 0.5

    for beam in (1, 3):
        start = time.perf_counter()
        values = turn_values(state, wide[:2], state.current_player(), slow_judge, beam, start + 0.1)
        assert time.perf_counter() - start < 0.1 + 0.1, beam  # at most one judged outcome past the deadline
        assert values[0] == pytest.approx(0.5) and values[1] == float("-inf")  # the second had no time


def _next_chance(state, action) -> list:
    """The outcomes of the chance the seat meets after `action` in its own turn (greedily), or none."""
    after = state.copy()
    after.apply(action)
    seat = state.current_player()
    while not after.is_terminal() and after.current_player() == seat:
        after.apply(after.legal_actions()[0])
    return after.chance_outcomes() if after.is_chance() else []

def test_greedy_with_replies_sees_the_answer_coming():
    """o threatens b1-b2-b3. Greedy sees no difference a move ahead (tic-tac-toe has no heuristic) and
    takes the first cell; with replies=1 it sees o's greedy answer win, and blocks."""
    game = load_game("tictactoe")
    state = game.new_initial_state()
    for cell in ("a1", "b2", "c3", "b1"):
        state.apply(game.parse_action(cell))
    assert game.action_text(make_agent("greedy", seed=0).act(view_of(state))) != "b3"
    assert game.action_text(make_agent("greedy:replies=1", seed=0).act(view_of(state))) == "b3"


def test_greedy_answers_only_its_top_actions():
    """top=K: only the K actions the plain evaluation likes best are judged after the answer (all alike in
    tic-tac-toe: the first K). o threatens b2-c1 and c1 is the second cell: top=2 sees the threat, top=1 not."""
    game = load_game("tictactoe")
    state = game.new_initial_state()
    for cell in ("a1", "a3", "a2", "b2"):
        state.apply(game.parse_action(cell))
    assert [game.action_text(a) for a in state.legal_actions()][:2] == ["b1", "c1"]
    assert game.action_text(make_agent("greedy:replies=1,top=1", seed=0).act(view_of(state))) == "b1"
    assert game.action_text(make_agent("greedy:replies=1,top=2", seed=0).act(view_of(state))) == "c1"


@pytest.mark.parametrize("name, players", [("gaia-vora", 3), ("earth-our-home", 2), ("planit", 2)])
def test_a_finished_game_is_judged_by_its_result_first_and_its_margin_second(name, players):
    """A bot whose last turn cannot change who wins still plays for points: among ends with the same
    result, the one where the seat leads by more (or trails by less) is worth more; a win always beats a
    loss (agents/search.py final_values)."""
    from gaiatable.agents.search import final_values

    game, rng = load_game(name, players=players), random.Random(7)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            outcomes = state.chance_outcomes()
            state.apply(rng.choice([a for a, _ in outcomes]) if outcomes else rng.choice(state.legal_actions()))
        values, returns, scores = final_values(state), state.returns(), state.scores()
        for i in range(players):
            assert abs(values[i] - returns[i]) <= 0.05
            for j in range(players):
                lead = [scores[k] - max(s for m, s in enumerate(scores) if m != k) for k in (i, j)]
                if returns[i] > returns[j] or (returns[i] == returns[j] and lead[0] > lead[1]):
                    assert values[i] > values[j]
