"""Gaia-Vora's evaluation for bots: the score race once the Moon has fed, squashed into [-1, 1]."""

from __future__ import annotations

from ...core.outcome import leads

SCALE = 8.0  # a lead of this many points is worth about 0.76


def after_the_feast(state) -> list[int]:
    """Scores as if every location had passed under the Moon: each will, as the planet turns, so a
    HerbiVore beside a CarniVore is as good as eaten already."""
    feast = state.copy()
    feast.events = []
    for loc in range(9):
        feast._eat(loc)
    return feast.all_scores()


def heuristic(state) -> list[float]:
    """Each seat's lead over its best rival (Bots cannot win, so they are no rivals), plus a little
    for life-forms still in the pool (future placements) and Stars (future choices). A game that can
    never end is worth a draw to everyone: so a leader keeps a Star rather than lock the Meteor out."""
    n = state.game.num_players
    if state.can_never_end():  # it will stop at the turn cap, which is a draw (GV-9.7)
        return [0.0] * n
    scores = after_the_feast(state)
    worth = [scores[s] + 0.15 * sum(state.pool[s * 3:s * 3 + 3]) + 0.3 * state.stars[s] for s in range(n)]
    return leads(worth, SCALE)
