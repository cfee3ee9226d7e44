"""A tiny game with secrets, to prove the conformance kit catches leaks.

Chance deals each of two players one card from {0, 1, 2}; player 0 then says 'call' or 'fold'.
A seat sees its own card only; the leaky variant shows both cards to everyone.
"""

from gaiatable.core.game import CHANCE, REFEREE, TERMINAL, Game, State

CALL, FOLD = 3, 4


class HiddenToy(Game):
    name = "hidden-toy"
    title = "Hidden toy"
    min_players = max_players = 2
    perfect_information = False
    num_distinct_actions = 5
    leaky = False

    def _action_text(self, a):
        return f"deal {a}" if a < 3 else ("call" if a == CALL else "fold")

    def new_initial_state(self):
        return ToyState(self)

    def state_from_json(self, data):
        s = ToyState(self)
        s.cards, s.done = list(data["cards"]), data["done"]
        return s


class LeakyToy(HiddenToy):
    leaky = True


class ToyState(State):
    __slots__ = ("cards", "done")

    def __init__(self, game):
        self.game, self._legal, self.cards, self.done = game, None, [], None

    def current_player(self):
        if self.done is not None:
            return TERMINAL
        return CHANCE if len(self.cards) < 2 else 0

    def chance_outcomes(self):
        left = [c for c in range(3) if c not in self.cards]
        return [(c, 1 / len(left)) for c in left] if len(self.cards) < 2 else []

    def _legal_actions(self):
        if self.done is not None:
            return ()
        return tuple(a for a, _ in self.chance_outcomes()) if len(self.cards) < 2 else (CALL, FOLD)

    def explain_illegal(self, action):
        return "not now", "TOY-1"

    def _apply(self, action):
        if len(self.cards) < 2:
            self.cards.append(action)
        else:
            self.done = action

    def copy(self):
        new = ToyState(self.game)
        new.cards, new.done = self.cards[:], self.done
        return new

    def returns(self):
        if self.done is None or self.done == FOLD:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.cards[0] > self.cards[1] else [-1.0, 1.0]

    def observe(self, viewer=REFEREE):
        shown = [c if (viewer == REFEREE or viewer == i or self.game.leaky or self.done is not None) else "?"
                 for i, c in enumerate(self.cards)]
        return {"cards": shown, "done": self.done}

    def determinize(self, seat, rng):
        new = self.copy()
        if self.done is None and len(self.cards) == 2:
            mine = self.cards[seat]
            new.cards[1 - seat] = rng.choice([c for c in range(3) if c != mine])
        return new

    def to_json(self):
        return {"cards": list(self.cards), "done": self.done}
