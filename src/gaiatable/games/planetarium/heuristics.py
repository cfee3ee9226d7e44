"""Planetarium's evaluation for bots: points scored, plus what the Matter on a seat's mat and the cards
in its hand may still bring, as a lead over the best rival (solo: over the target)."""

from __future__ import annotations

from ...core.outcome import leads, squash
from .content import FINAL
from .rules import bits

SCALE = 10.0  # points: a lead of 10 is worth tanh(1) of a win
MATTER_WORTH = 0.8  # a Matter token on a mat is about a third of a card's points
HELD = 0.25  # a card in hand may never be played


def worth(state, seat: int) -> float:
    cards = state.game.content.cards
    value = state.points[seat] + MATTER_WORTH * state.mat_total(seat)
    for card in bits(state.hands[seat]):
        value += HELD * cards[card].points * (0.5 if cards[card].deck == FINAL else 1.0)
    return value + 0.5 * state.markers_on_cards(seat)


def heuristic(state) -> list[float]:
    values = [worth(state, s) for s in range(state.game.num_players)]
    if state.game.solo:
        return [squash(values[0] - state.target(), SCALE)]
    return leads(values, SCALE)
