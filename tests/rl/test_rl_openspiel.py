"""The OpenSpiel adapter: pyspiel's random_sim_test for every game and player count, and OpenSpiel's
own MCTS and ISMCTS bots playing the games."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from gaiatable.rl import openspiel  # noqa: E402
from gaiatable.rl.encoding import encoder_for  # noqa: E402


def test_random_sim_test(game_count):
    name, params = game_count
    game = openspiel.load(name, **params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    info = game.get_type().information
    expected = pyspiel.GameType.Information
    assert info == (expected.PERFECT_INFORMATION if game.gaiatable.perfect_information
                    else expected.IMPERFECT_INFORMATION)


def test_observation_tensor_is_the_encoding_and_loads_by_name():
    openspiel.register("planetarium")
    game = pyspiel.load_game("python_gaiatable_planetarium(players=3)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    enc = encoder_for(game.gaiatable)
    for player in range(3):
        tensor = np.array(state.observation_tensor(player), dtype=np.float32)
        assert np.array_equal(tensor, enc.encode(state.gaiatable.observe(player)))
    assert game.observation_tensor_shape() == [enc.size]


def test_information_state_is_kept_by_resampling():
    game = openspiel.load("phanerozoic", players=3)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.move_number() < 40 or state.is_chance_node():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert sample.observation_tensor(player) == state.observation_tensor(player)
    assert sample.information_state_tensor(player) == state.information_state_tensor(player)
    assert str(sample) != str(state)  # the other seats' secrets were redrawn


@pytest.mark.parametrize("name", ["phanerozoic", "planetarium"])
def test_the_information_state_tensor_is_the_observation_and_the_history_as_seen(name):
    """Games with secrets: the observation's tensor, then each step of the history (who, and what where
    the seat saw it; -1 where it did not: another's draw); the same for every seat up to what it saw."""
    game = openspiel.load(name, players=2)
    assert game.get_type().provides_information_state_tensor
    state, rng = game.new_initial_state(), np.random.default_rng(1)
    while state.move_number() < 150:  # past the set-up's deals, into the draws
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    size = encoder_for(game.gaiatable).size
    tensors = [np.array(state.information_state_tensor(p), dtype=np.float32) for p in range(2)]
    assert all(len(t) == game.information_state_tensor_shape()[0] > size for t in tensors)
    assert np.array_equal(tensors[0][:size], state.observation_tensor(0))
    steps = len(state.full_history())
    history = [t[size:].reshape(-1, 2) for t in tensors]
    assert all(not h[steps:].any() and (h[:steps, 0] > 0).all() for h in history)
    assert np.array_equal(history[0][:, 0], history[1][:, 0])  # who acted: seen by all
    hidden = [(h[:steps, 1] == -1).sum() for h in history]
    assert all(n > 0 for n in hidden)  # each seat misses the other's secret draws...
    seen_by_both = (history[0][:steps, 1] != -1) & (history[1][:steps, 1] != -1)
    assert np.array_equal(history[0][:steps, 1][seen_by_both], history[1][:steps, 1][seen_by_both])  # ...not the rest
    assert not openspiel.load("gaia-vora", players=2).get_type().provides_information_state_tensor


def play(game, bots: dict, seed: int) -> list[float]:
    """Play to the end: `bots` by seat, random for the others, chance sampled."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() in bots:
            state.apply_action(bots[state.current_player()].step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.returns()


def test_openspiel_mcts_beats_random_at_tictactoe():
    game = openspiel.load("tictactoe")
    total = 0.0
    for i in range(10):
        rs = np.random.RandomState(i)
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=100,
                           evaluator=mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
        total += play(game, {i % 2: bot}, seed=i)[i % 2]
    assert total >= 6  # of 10: random wins or draws far more often against random


def test_openspiel_mcts_plays_a_game_with_chance_to_the_end():
    game = openspiel.load("earth-our-home", players=2)
    rs = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=mcts.RandomRolloutEvaluator(1, rs),
                       random_state=rs)
    returns = play(game, {0: bot}, seed=1)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiel_ismcts_plays_a_hidden_information_game_to_the_end():
    game = openspiel.load("phanerozoic", players=2)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0, max_simulations=10, random_state=rs)
    returns = play(game, {0: bot}, seed=0)
    assert len(returns) == 2 and all(r in (-1.0, 0.0, 1.0) for r in returns)


def test_games_and_states_pickle_and_unpickle_in_a_fresh_process(tmp_path):
    """As OpenSpiel's own Python games do: a pickled game or state opens in another process (Ray's and
    multiprocessing's workers need it)."""
    import pickle
    import subprocess
    import sys

    game = openspiel.load("gaia-vora", players=3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[0])
    (tmp_path / "game.pkl").write_bytes(pickle.dumps(game))
    (tmp_path / "state.pkl").write_bytes(pickle.dumps(state))
    again = subprocess.run([sys.executable, "-c", (
        "import pickle, sys; folder = sys.argv[1]\n"
        "game = pickle.load(open(folder + '/game.pkl', 'rb'))\n"
        "state = pickle.load(open(folder + '/state.pkl', 'rb'))\n"
        "print(game.num_players(), state.history())"), str(tmp_path)], capture_output=True, text=True, check=True)
    assert again.stdout.strip() == f"3 {state.history()}"
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


@pytest.mark.parametrize("name", ["tictactoe", "gaia-vora", "planit", "planetarium", "phanerozoic", "earth-our-home"])
def test_random_games_stay_within_the_declared_lengths(name):
    """max_game_length bounds the decisions, max_history (games with secrets) every step, chance included,
    of random games with every player count."""
    import random

    from gaiatable import load_game
    from gaiatable.core.registry import game_class
    from gaiatable.core.seeding import random_step
    cls = game_class(name)
    for players in range(max(cls.min_players, 2) if name != "tictactoe" else 2, cls.max_players + 1):
        game = load_game(name, **({} if name == "tictactoe" else {"players": players}))
        for seed in range(8):
            state, rng, decisions, steps = game.new_initial_state(), random.Random(seed), 0, 0
            while not state.is_terminal():
                decisions += not state.is_chance()
                steps += 1
                random_step(state, rng)
            assert decisions <= openspiel.max_game_length(game)
            if not game.perfect_information:
                assert steps <= openspiel.max_history(game)
