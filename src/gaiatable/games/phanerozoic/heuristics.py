"""Phanerozoic's evaluation for bots: each seat's goal points on the board that the nature phases
left in the game would bring about if nobody played another card, plus a share of what the cards it
holds and could play now could still add, as a lead over the best other seat (or the Automa), squashed
into [-1, 1].
A seat still holding two goals will keep the better one (PH-8.1), so only that one counts. Bots call
this on determinized states: the other seats' goals and cards it reads are guesses, never the secrets."""

from __future__ import annotations

from ...core.outcome import leads, squash
from .content import MUTATION, SPECIES, STAR, Content, bits
from .rules import P_GOAL

SCALE = 6.0
HELD = 0.5  # a card in hand is worth this share of the points it could add: it may never get played, or die
LIFE = 1e-4  # per population point living now, the same for every seat: a tie-break


def promises(content: Content) -> tuple[tuple[float, ...], ...]:
    """Per goal, per card: the points a held card could add to the goal once played (kept on the game
    as `game.promises`, so a designer's cards change it). A mutation adds the icon of its better side
    to a living card; a species is itself alive, with its printed icons. Lines that count extinct
    cards are left out: they take events and luck, not a card in hand."""
    return tuple(_promise(content, [line for line in goal.lines if line.alive]) for goal in content.goals)


def _promise(content: Content, lines) -> tuple[float, ...]:
    def icon_points(icons: int) -> int:
        return sum(line.points for line in lines if line.icon >= 0 and icons >> line.icon & 1)

    values = []
    for card in range(content.size):
        if content.kinds[card] == MUTATION:
            value = max((icon_points(1 << side) for side in content.sides[card] if side != STAR), default=0)
        elif content.kinds[card] == SPECIES:
            value = icon_points(content.icons[card]) + sum(line.points for line in lines if line.species == card)
        else:
            value = 0
        values.append(HELD * max(value, 0))
    return tuple(values)


def held(state, seat: int) -> list[int]:
    """The cards `seat` can still play: its hand, its choice, its face-up cards and (unless the game
    ends this round) the cards it keeps."""
    cards = state.hands[seat] | state.chosen[seat]
    if state.picks[seat] >= 0:
        cards |= 1 << state.picks[seat]
    if state.round < state.game.content.rounds[state.game.num_players - 1]:
        cards |= state.kept[seat]
    return bits(cards)


def prospects(future, goals: tuple[int, ...], cards: list[int]) -> float:
    promise = future.game.promises
    return max((future.goal_points((g,)) + sum(promise[g][card] for card in cards) for g in goals),
               default=0)


def future(state):
    """The rows after every nature phase left in the game if nobody played another card: which life
    the ecosystem alone keeps. Not a game state to play on."""
    new = state.copy()
    rounds = state.game.content.rounds[state.game.num_players - 1]
    for i in range(rounds - state.round + (state.phase < P_GOAL)):
        if i:
            new._return_starts()
        new._nature()
    new.log = []
    return new


def playable(state, cards: list[int]) -> list[int]:
    """The cards among `cards` that could be played now (PH-3.4): one with no target on the table counts
    nothing. Counted at half its promise, such a card was kept round after round and never played."""
    return [card for card in cards if state.options(card)]


def heuristic(state) -> list[float]:
    future_state = future(state)
    points = [prospects(future_state, goals, playable(state, held(state, seat)))
              for seat, goals in enumerate(state.goals)]
    # between moves equal for the goals, the one that leaves more life: a discard bonus on a card already
    # at 8 population, or a card kept in the last round, read as a bot that does not know the rules
    life = LIFE * sum(state.pop.values())
    if state.game.solo:
        return [min(1.0, squash(points[0] - future_state.automa_score(), SCALE) + life)]
    return [min(1.0, lead + life) for lead in leads(points, SCALE)]
