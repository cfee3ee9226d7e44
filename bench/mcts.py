"""MCTS speed: iterations per second per game, and side by side with OpenSpiel's Python MCTSBot.

    python bench/mcts.py [--json] [--iters N]

Each figure times whole decisions from a game's opening position (after any chance setup) with a
fixed iteration budget. Floors: tictactoe at least 14 times OpenSpiel's MCTSBot measured in the same
run (the goal is 20), >= 4,500 iterations/s on tictactoe, >= 500/s on Gaia-Vora,
>= 500/s ISMCTS on Phanerozoic.
The default and strong bots' slowest moves in their first twenty are shown too (goals: under a second,
and under 0.4 s for strong, whose 2 s limit must bind only on a machine five times slower).
OpenSpiel (the optional `bench` extra) runs its MCTSBot on its Python tic-tac-toe with the same
budget and random rollouts.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from gaiatable import load_game, registered_games
from gaiatable.agents import make_agent
from gaiatable.core.driver import turn_view

RATIO_FLOOR = 14  # tictactoe, ours over OpenSpiel's Python MCTSBot, same budget, same process
FLOORS = {
    "tictactoe": {"mcts_iterations_per_second": 4_500},
    "gaia-vora": {"mcts_iterations_per_second": 500},
    "phanerozoic": {"ismcts_iterations_per_second": 500},
    "planetarium": {"ismcts_iterations_per_second": 500},
    "earth-our-home": {"mcts_iterations_per_second": 500},
}


def opening(game, seed: int):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance():
        state.apply(rng.choice(state.legal_actions()))
    return state


def ours(name: str, spec: str, iters: int, rounds: int) -> float:
    game = load_game(name)
    best = 0.0
    for r in range(rounds):
        state = opening(game, r)
        agent = make_agent(f"{spec}:iters={iters}", seat=state.current_player(), seed=r)
        view = turn_view(state, state.current_player())
        start = time.perf_counter()
        agent.act(view)
        best = max(best, iters / (time.perf_counter() - start))
    return best


def worst_seconds(name: str, spec: str = "default", decisions: int = 20) -> float:
    """The slowest of a bot's first decisions in a game against itself."""
    game = load_game(name)
    rng = random.Random(0)
    agent = make_agent(spec, game=game)
    state, worst = game.new_initial_state(), 0.0
    while not state.is_terminal() and decisions:
        if state.is_chance():
            state.apply(rng.choice(state.legal_actions()))
            continue
        start = time.perf_counter()
        action = agent.act(turn_view(state, state.current_player()))
        worst = max(worst, time.perf_counter() - start)
        state.apply(action)
        decisions -= 1
    return worst


def openspiel(iters: int, rounds: int) -> float | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  registers python_tic_tac_toe
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    best = 0.0
    for r in range(rounds):
        rng = np.random.RandomState(r)
        bot = mcts.MCTSBot(game, 1.4, iters, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        state = game.new_initial_state()
        start = time.perf_counter()
        bot.step(state)
        best = max(best, iters / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--iters", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", help="only these games")
    args = parser.parse_args()
    result = {}
    for cls in registered_games():
        if args.game and cls.name not in args.game:
            continue
        row = {"mcts_iterations_per_second": round(ours(cls.name, "mcts", args.iters, args.rounds)),
               "default_agent": cls.default_agent,
               "default_worst_seconds_per_move": round(worst_seconds(cls.name), 3),
               "strong_agent": cls.strong_agent,
               "strong_worst_seconds_per_move": round(worst_seconds(cls.name, "strong"), 3)}
        if not cls.perfect_information:
            row["ismcts_iterations_per_second"] = round(ours(cls.name, "ismcts", args.iters, args.rounds))
        if cls.name in FLOORS:
            row["floors"] = FLOORS[cls.name]
            row["meets_floors"] = all(row[k] >= v for k, v in FLOORS[cls.name].items())
        result[cls.name] = row
    theirs = openspiel(args.iters, args.rounds)
    if theirs and "tictactoe" in result:
        mine = result["tictactoe"]["mcts_iterations_per_second"]
        result["tictactoe"]["openspiel_python_mcts_iterations_per_second"] = round(theirs)
        ratio = result["tictactoe"]["ratio"] = round(mine / theirs, 2)
        result["tictactoe"]["meets_floors"] &= ratio >= RATIO_FLOOR
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        for name, row in result.items():
            print(name, row)


if __name__ == "__main__":
    main()
