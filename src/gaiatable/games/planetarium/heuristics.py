"""Planetarium's evaluation for bots: points scored, plus what the cards in hand may still score, each
by how close the Matter on the mat comes to paying for it, and a little for loose Matter and markers,
as a lead over the best rival (solo: over the target)."""

from __future__ import annotations

from ...core.outcome import leads, squash
from .content import FINAL
from .rules import bits

SCALE = 10.0  # points: a lead of 10 is worth tanh(1) of a win
MATTER_WORTH = 0.3  # a Matter token no card in hand needs: it may yet serve a card to come
MARKER_WORTH = 0.5  # a marker on a card: a Final may be played there
READY = (0.8, 0.45, 0.25, 0.1)  # share of a card's points, by the Matter still missing (0, 1, 2, more)
FINAL_SHARE = 0.3  # a Final scores only at the end, and only where the player has a marker


def worth(state, seat: int) -> float:
    game = state.game
    cards, kinds = game.content.cards, game.content.planet_kinds
    base = state.mat_index(seat, 0)
    mats = state.mats[base:base + 16]
    value = state.points[seat] + MATTER_WORTH * sum(mats) + MARKER_WORTH * state.markers_on_cards(seat)
    for card in bits(state.hands[seat]):
        c = cards[card]
        fits = [p for p in range(4) if c.kind < 0 or kinds[p] == c.kind]
        missing = min(sum(max(0, n - mats[p * 4 + m]) for m, n in enumerate(c.matter)) for p in fits)
        share = READY[min(missing, len(READY) - 1)]
        if c.deck == FINAL:
            share *= FINAL_SHARE if any(owner == seat for p in fits for _, owner in state.rows[p]) else 0.1
        value += share * c.points
    return value


def heuristic(state) -> list[float]:
    values = [worth(state, s) for s in range(state.game.num_players)]
    if state.game.solo:
        return [squash(values[0] - state.target(), SCALE)]
    return leads(values, SCALE)
