"""What starting an epoch is worth in four-player Earth: Our Home, between random bots.

    python docs/balance/earth-our-home/starters.py SCHEDULE GAMES

SCHEDULE names the first player of each of the five epochs: a digit is a seat ("01230" is the default,
clockwise from seat 0; EO-7.2), "t" the player with the fewest points (nearest clockwise on a tie, as
EO-7.4), or the whole word "random" (a seat drawn for every epoch). Prints each seat's win rate and the χ²
test of equal seats; with "random", also the least-squares value of each place in an epoch's turn order
(the change in win share against starting that epoch). Two worker processes, about 200 games a second.
"""

from __future__ import annotations

import random
import sys
from functools import partial
from multiprocessing import Pool

import numpy as np
from scipy.stats import chisquare

from gaiatable import load_game
from gaiatable.agents import make_agent
from gaiatable.core.driver import agent_seed, play_game
from gaiatable.core.seeding import derive_seed
from gaiatable.games.earth_our_home.rules import Rules

PLAYERS, EPOCHS = 4, 5
clockwise = Rules.start_epoch
firsts: list[int] = []  # this game's first player of each epoch
draw = random.Random()
plan = "r" * EPOCHS  # this process's schedule: a letter per epoch (r: drawn)


def start_epoch(state) -> None:
    """Start the epoch with the scheduled seat: clockwise start_epoch hands it to the seat after `first`."""
    seat = {"r": lambda: draw.randrange(PLAYERS), "t": lambda: trailing(state)}.get(
        plan[state.epoch - 1], lambda: int(plan[state.epoch - 1]))()
    firsts.append(seat)
    state.first = seat if state.epoch == 1 else (seat - 1) % PLAYERS
    clockwise(state)


def trailing(state) -> int:
    after = [(state.first + 1 + i) % PLAYERS for i in range(PLAYERS)]
    return min(after, key=lambda s: state.points[s])


def play(schedule: str, index: int) -> tuple[list[int], list[float]]:
    global plan
    plan = "r" * EPOCHS if schedule == "random" else schedule
    Rules.start_epoch = start_epoch
    firsts.clear()
    seed = derive_seed(7, "game", index)
    draw.seed(seed)
    game = load_game("earth-our-home", players=PLAYERS)
    agents = [make_agent("random", seat=s, seed=agent_seed(seed, s), game=game) for s in range(PLAYERS)]
    winners = play_game(game, agents, seed, []).winners or []
    return list(firsts), winners


def shares(winners: list[int]) -> list[float]:
    return [1 / len(winners) if s in winners else 0.0 for s in range(PLAYERS)]


def place_values(rows) -> np.ndarray:
    """Win share ~ the seat's place (1-3 after the first player) in each epoch's order, least squares."""
    x, y = [], []
    for starts, winners in rows:
        for seat, share in enumerate(shares(winners)):
            places = [(seat - first) % PLAYERS for first in starts]
            x.append([1.0] + [float(p == k) for p in places for k in range(1, PLAYERS)])
            y.append(share)
    coef, *_ = np.linalg.lstsq(np.array(x), np.array(y), rcond=None)
    return coef[1:].reshape(EPOCHS, PLAYERS - 1)


if __name__ == "__main__":
    schedule, games = sys.argv[1], int(sys.argv[2])
    with Pool(2) as pool:
        rows = pool.map(partial(play, schedule), range(games), chunksize=200)
    wins = np.sum([shares(w) for _, w in rows], axis=0)
    print(schedule, "win rate by seat (%):", [round(100 * float(w) / games, 1) for w in wins],
          f"χ² p = {chisquare(wins).pvalue:.2g}")
    if schedule == "random":
        for epoch, values in enumerate(place_values(rows), 1):
            print(f"epoch {epoch}: 2nd {100 * values[0]:+.1f}, 3rd {100 * values[1]:+.1f}, 4th {100 * values[2]:+.1f}")
