"""A tiny game with secrets, to prove the conformance kit catches leaks.

Chance deals each of two players one card from {0, 1, 2}; player 0 then says 'call' or 'fold'.
A seat sees its own card only; the leaky variant shows both cards to everyone.
"""

from gaiatable.core.actions import ActionSpace
from gaiatable.core.fields import INT, INTS, fields
from gaiatable.core.game import CHANCE, REFEREE, TERMINAL, Game, State
from gaiatable.core.observation import observation, seat

ACTIONS = ActionSpace()
DEAL = ACTIONS.block("deal", 3)
CALL, FOLD = ACTIONS.block("say", 2).start, ACTIONS.size - 1
UNDECIDED = -1


class ToyState(State):
    __slots__ = fields(cards=INTS, done=INT)

    def __init__(self, game):
        self.game, self._legal, self.cards, self.done = game, None, [], UNDECIDED

    def current_player(self):
        if self.done != UNDECIDED:
            return TERMINAL
        return CHANCE if len(self.cards) < 2 else 0

    def chance_outcomes(self):
        left = [c for c in range(3) if c not in self.cards]
        return [(c, 1 / len(left)) for c in left] if len(self.cards) < 2 else []

    def _legal_actions(self):
        if self.done != UNDECIDED:
            return ()
        return tuple(a for a, _ in self.chance_outcomes()) if len(self.cards) < 2 else (CALL, FOLD)

    def explain_illegal(self, action):
        return "not now", "TOY-1"

    def _apply(self, action):
        if len(self.cards) < 2:
            self.cards.append(action)
        else:
            self.done = action

    def scores(self):
        if self.done != CALL:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.cards[0] > self.cards[1] else [-1.0, 1.0]

    def observe(self, viewer=REFEREE):
        def shown(i):
            see = viewer == REFEREE or viewer == i or self.game.leaky or self.done != UNDECIDED
            return self.cards[i] if see else "?"

        return observation(self, viewer, phase="say", prompt="call or fold", log=[],
                           board={"cards": [shown(i) for i in range(len(self.cards))], "done": self.done},
                           seats=[seat(s, f"seat {s}", {}, {}) for s in range(2)], scores=self.scores())

    def determinize(self, seat, rng):
        new = self.copy()
        if self.done == UNDECIDED and len(self.cards) == 2:
            mine = self.cards[seat]
            new.cards[1 - seat] = rng.choice([c for c in range(3) if c != mine])
        return new


class HiddenToy(Game):
    name = "hidden-toy"
    title = "Hidden toy"
    min_players = max_players = 2
    perfect_information = False
    actions = ACTIONS
    state_class = ToyState
    leaky = False

    def _action_text(self, a):
        return f"deal {a}" if a in DEAL else ("call" if a == CALL else "fold")


class LeakyToy(HiddenToy):
    leaky = True
