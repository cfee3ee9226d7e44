"""How a finished game counts, and how bots squash an estimate into [-1, 1]: written once for all games.

A game says who won (`State.winners()`); everything else follows here:

- a list of seats: those seats won (several share a win) and every other seat lost;
- None: a draw, nobody won or lost (every seat tied, or a solo player tied the game's own opponent).

Returns are +1 for a win, -1 for a loss and 0 for a draw, as OpenSpiel and PettingZoo expect.

A game stopped by the `max_turns` cap (a simulation safeguard, not a rule) is a draw for every seat,
whatever the scores (`State.outcome()`): a seat that is ahead gains nothing by holding off the end
until the cap, and the bots, which value a finished game by its returns, see it the same way.
The lab and `sim` count such games apart as truncated.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

WIN, DRAW, LOSS = 1.0, 0.0, -1.0


def returns_from_winners(winners: Sequence[int] | None, players: int) -> list[float]:
    if winners is None:
        return [DRAW] * players
    return [WIN if seat in winners else LOSS for seat in range(players)]


def best(keys: Sequence) -> list[int] | None:
    """The seats with the highest key (a score, or a tuple of score and tie-breaks); None when every
    seat of a game of two or more ties, which is a draw."""
    top = max(keys)
    winners = [seat for seat, key in enumerate(keys) if key == top]
    return None if len(winners) == len(keys) > 1 else winners


def squash(lead: float, scale: float) -> float:
    """A lead of `scale` (in the game's own units) is worth tanh(1) = 0.76 of a win."""
    return math.tanh(lead / scale)


def leads(worth: Sequence[float], scale: float) -> list[float]:
    """Each seat's lead over its best rival, squashed into (-1, 1)."""
    top = max(worth)
    leader = worth.index(top)
    runner_up = max((w for s, w in enumerate(worth) if s != leader), default=top)
    return [squash(w - (runner_up if s == leader else top), scale) for s, w in enumerate(worth)]
