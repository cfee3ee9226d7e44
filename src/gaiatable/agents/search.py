"""Search agents: greedy one-step lookahead, UCT (mcts) and information-set MCTS (ismcts).

All of them search from `view.determinize(rng)`: a state consistent with what their seat has seen.
In a game with hidden information, mcts searches one such state per move, ismcts a new one every
iteration; neither ever sees the true state. Budgets are in iterations, so strength is the same on
every machine; `seconds=` adds a time limit for play.
"""

from __future__ import annotations

import heapq
import math
import time
from math import log, sqrt

from ..core.agent import Agent, TurnView
from ..core.errors import GaiatableError
from ..core.game import CHANCE, TERMINAL, State, digest
from ..core.seeding import sample_outcome


def _number(name: str, value, kind=float, low: float = 0.0):
    try:
        number = kind(value)
    except (TypeError, ValueError):
        raise GaiatableError(f"agent option {name!r} must be a number, got {value!r}") from None
    if number < low:
        raise GaiatableError(f"agent option {name!r} must be at least {low}, got {value!r}")
    return number


HEURISTIC_WEIGHT = 0.9  # an estimate never looks as good as a real win, nor as bad as a loss


MARGIN_WEIGHT = 0.05  # between ends alike in result, the wider margin: a lost game is still played out well


def evaluate(state: State, heuristic=None) -> list[float]:
    """Terminal returns (each nudged by the seat's score margin, within ±0.05), or the game's heuristic
    estimate per seat (or `heuristic`'s, one of its named evaluations), inside (-0.9, 0.9)."""
    if state.is_terminal():
        return final_values(state)
    return [HEURISTIC_WEIGHT * v for v in (heuristic or state.game.heuristic)(state)]


def evaluation(view: TurnView, name: str):
    """The game's evaluation called `name` (`eval=` of the search agents), or None for its heuristic."""
    if name == "heuristic":
        return None
    named = view.game.evaluations()
    if name not in named:
        known = ", ".join(["heuristic", *named])
        raise GaiatableError(f"{view.game.title} has no evaluation {name!r} (it has: {known})")
    return named[name]


def final_values(state: State) -> list[float]:
    """A finished game's returns, with each seat's lead over the best other seat as a tie-break: a bot
    whose last turn cannot change who wins still scores what it can."""
    returns, scores = state.returns(), state.scores()
    if len(scores) < 2:
        return list(returns)
    spread = sum(abs(s) for s in scores) or 1.0
    return [r + MARGIN_WEIGHT * (s - max(o for j, o in enumerate(scores) if j != i)) / spread
            for i, (r, s) in enumerate(zip(returns, scores, strict=True))]


class Repeats:
    """What a seat chose in each position it has decided in. Met again, a position gets the best
    action not chosen there yet: two bots that undo each other's moves would otherwise go round until
    the cap, which is a draw for all, and a leader that waits for its rival never comes back to the
    same choice. A position is what the seat observes, less the log and the turn counter. The memory
    is the agent's, for the one game it plays (the drivers build an agent per game)."""

    LIMIT = 100_000  # positions remembered; the memory starts again past it

    def __init__(self):
        self.chosen: dict[str, set[int]] = {}

    def choose(self, view: TurnView, ranked: list[int]) -> int:
        """The first action of `ranked` (best first, then the other legal actions) not chosen before
        in this position."""
        board = {k: v for k, v in view.observation["board"].items() if k != "turn"}
        key = digest({**view.observation, "log": None, "board": board})
        if len(self.chosen) > self.LIMIT:
            self.chosen.clear()
        tried = self.chosen.setdefault(key, set())
        if len(tried) >= len(view.legal_actions):
            tried.clear()
        action = next(a for a in [*ranked, *view.legal_actions] if a not in tried)
        tried.add(action)
        return action


class GreedyAgent(Agent):
    """One-turn lookahead: tries each legal action, finishes its own turn by always taking the
    action the game's heuristic likes best right away, and keeps the action whose end of turn scores
    best. A turn of several small decisions (rotate, then a Sky Object, then its placements) is
    judged by where it ends, not by its first step. With `beam=K` it keeps the K best partial turns at
    each step instead of one (a turn of several placements is planned, not taken step by step). With
    `replies=1` the end of its turn is judged after the other seats have answered, each finishing its
    own turn greedily (chance sampled); `top=K` waits for the answers only after the K actions the plain
    evaluation likes best (each answer costs a turn of every other seat). With `seconds=S` the actions not
    judged within S seconds are passed over, and the one being judged is finished in haste (`_late`); with
    `top`, the plain evaluation gets the first half of them, the answers the rest. `eval=NAME` judges by one
    of the game's named evaluations (`Game.evaluations`) instead of its heuristic."""

    name = "greedy"

    def __init__(self, *, seat: int = 0, seed: int = 0, beam=1, replies=0, top=0, seconds=0, eval="heuristic",
                 **options):
        super().__init__(seat=seat, seed=seed, **options)
        self.eval = eval
        self.beam = _number("beam", beam, int, 1)
        self.seconds = _number("seconds", seconds)
        self.replies = _number("replies", replies, int)
        self.top = _number("top", top, int)
        self.repeats = Repeats()

    def act(self, view: TurnView) -> int:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        judge, heuristic = None, evaluation(view, self.eval)
        if self.replies:
            judge = lambda state: _after_replies(state.copy(), view.seat, self.replies, self.rng, heuristic)  # noqa: E731
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds else None
        root = view.determinize(self.rng)
        if judge and 0 < self.top < len(legal):  # the plain evaluation picks the few worth answering
            halfway = start + self.seconds / 2 if self.seconds else None  # the answers get the other half
            plain = turn_values(root, legal, view.seat, None, self.beam, halfway, heuristic)
            picked = sorted(range(len(legal)), key=lambda i: (-plain[i], i))[:self.top]
            answered = turn_values(root, [legal[i] for i in picked], view.seat, judge, self.beam, deadline, heuristic)
            values = [v - 10.0 for v in plain]  # below every answered one, in their plain order
            for i, value in zip(picked, answered, strict=True):
                if value > -math.inf:
                    values[i] = value
        else:
            values = turn_values(root, legal, view.seat, judge, self.beam, deadline, heuristic)
        # ties, rounding included, drawn by the agent's seed: two greedy bots in mirrored seats mirrored each other
        top = max(values)
        best = self.rng.choice([i for i, value in enumerate(values) if value >= top - 1e-12])
        rest = sorted((i for i in range(len(legal)) if i != best), key=lambda i: (-values[i], i))
        return self.repeats.choose(view, [legal[i] for i in [best, *rest]])


def turn_values(root: State, legal, seat: int, judge=None, beam: int = 1, deadline: float | None = None,
                heuristic=None) -> list[float]:
    """Greedy's value of each legal action: `judge` (by default the evaluation) where `seat`'s turn
    ends, always taking the action the heuristic likes best right away (or the best of `beam` partial
    turns); chance is averaged over its outcomes. Past `deadline` (perf_counter) the actions left are
    worth nothing, and the one being judged is judged in haste (`_late`). `heuristic`: one of the game's
    named evaluations instead of its heuristic."""
    judge = judge or (lambda state: evaluate(state, heuristic)[seat])
    values = []
    for action in legal:
        if values and _late(deadline):
            values.append(-math.inf)
        elif beam > 1:
            values.append(_beam_value(_after(root, action), seat, judge, beam, heuristic, deadline))
        else:
            values.append(_turn_value(_after(root, action), seat, 1, judge, heuristic, deadline))
    return values


def _late(deadline: float | None) -> bool:
    """Past `deadline`: a beam keeps one partial turn and a chance is averaged over the outcomes judged so
    far, so a move's time is bounded by the deadline and one more evaluation, not by the position."""
    return deadline is not None and time.perf_counter() > deadline


def _beam_value(state: State, seat: int, judge, beam: int, heuristic, deadline=None) -> float:
    """The best end of `seat`'s turn among those reached by keeping the `beam` partial turns the
    heuristic likes best at each step; a partial turn that meets chance is valued as greedy would."""
    best, frontier = -math.inf, [state]
    while frontier:
        following = []
        for partial in frontier:
            if partial.is_terminal() or partial.current_player() != seat:
                best = max(best, _turn_value(partial, seat, 1, judge, heuristic, deadline))
            else:
                following.extend(_after(partial, action) for action in partial.legal_actions())
        width = 1 if _late(deadline) else beam
        frontier = heapq.nlargest(width, following, key=lambda s: evaluate(s, heuristic)[seat])
    return best


CHANCE_WIDTH = 36  # greedy follows its turn through chance while this few worlds branch off (two dice)


def _turn_value(state: State, seat: int, width: int, judge, heuristic=None, deadline=None) -> float:
    """The first chance decision is averaged over all its outcomes; a die roll that leaves `seat` a
    choice (a lethal attack's victim) is followed to that choice; past that, a chance decision with
    more worlds than CHANCE_WIDTH is judged as it stands, as is the state when the turn has passed."""
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            if width > 1 and width * len(outcomes) > CHANCE_WIDTH:
                break
            width *= len(outcomes)
            value = mass = 0.0
            for outcome, p in outcomes:
                after = _after(state, outcome)
                follow = width <= CHANCE_WIDTH and not after.is_terminal() and after.current_player() == seat
                value += p * (_turn_value(after, seat, width, judge, heuristic, deadline) if follow else judge(after))
                mass += p
                if _late(deadline):
                    break
            return value / mass
        if player != seat:
            break
        state = _greedy_step(state, player, heuristic)
    return judge(state)


def _greedy_step(state: State, player: int, heuristic=None) -> State:
    return max((_after(state, a) for a in state.legal_actions()), key=lambda s: evaluate(s, heuristic)[player])


def _after_replies(state: State, seat: int, turns: int, rng, heuristic=None) -> float:
    """`seat`'s evaluation once the other seats have played `turns` turns each after it, greedily."""
    last = seat  # who decided last: a turn of `seat` begins where another seat's decisions end
    while not state.is_terminal():
        player = state.current_player()
        if player == seat and last != seat:
            turns -= 1
            if turns <= 0:
                break
        if player == CHANCE:
            state.apply_legal(sample_outcome(state.chance_outcomes(), rng))
        else:
            state, last = _greedy_step(state, player, heuristic), player
    return evaluate(state, heuristic)[seat]


def _after(state: State, action: int) -> State:
    after = state.copy()
    after.apply(action)
    return after


class _Node:
    __slots__ = ("children", "visits", "value", "mean", "spread", "untried", "available")

    def __init__(self, untried):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.value = 0.0  # sum of returns for the seat that chose the action leading here
        self.mean = 0.0  # value / visits
        self.spread = 1.0  # 1 / sqrt(visits): UCB's exploration term, kept up to date by each visit
        self.untried = untried
        self.available = 0  # ismcts: how often this node's action was legal when its parent was visited

    def visit(self, visits: int, value: float) -> None:
        self.visits, self.value = visits, value
        self.mean, self.spread = value / visits, 1 / math.sqrt(visits)


class MCTSAgent(Agent):
    """UCT with chance sampling and random rollouts cut off by the game's heuristic. With `prior=N`,
    each root action starts with N virtual visits worth greedy's value of it (`turn_values`): the
    search then departs from greedy's exact one-turn expectation only where its samples insist. `eval=NAME`
    as greedy's."""

    name = "mcts"
    inline_ucb = True  # `_iterate` selects among tried children itself (ISMCTS selects among the legal ones)

    def __init__(self, *, seat: int = 0, seed: int = 0, iters=400, c=1.4, depth=20, seconds=0, prior=0,
                 rollout="random", eval="heuristic", **options):
        super().__init__(seat=seat, seed=seed, **options)
        self.eval, self.heuristic = eval, None
        if rollout not in ("random", "greedy"):
            raise GaiatableError(f"agent option 'rollout' must be random or greedy, got {rollout!r}")
        self.greedy_rollouts = rollout == "greedy"
        self.iters = _number("iters", iters, int, 1)
        self.c = _number("c", c)
        self.depth = _number("depth", depth, int, 0)
        self.seconds = _number("seconds", seconds)
        self.prior = _number("prior", prior, int)
        self.repeats = Repeats()

    def act(self, view: TurnView) -> int:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        root = _Node(list(legal))
        self.heuristic = evaluation(view, self.eval)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        state0 = view.determinize(self.rng)
        if self.prior:
            self._seed_root(root, state0, legal, view.seat, deadline)
        for i in range(self.iters):
            self._iterate(root, self._root_state(view, state0))
            if deadline and i % 16 == 15 and time.perf_counter() > deadline:
                break
        ranked = sorted(root.children.items(), key=lambda kv: (-kv[1].visits, kv[0]))
        return self.repeats.choose(view, [action for action, _ in ranked])

    def _seed_root(self, root: _Node, state: State, legal, seat: int, deadline=None) -> None:
        """Greedy's values as virtual visits; actions it had no time to judge stay untried."""
        root.untried = []
        values = turn_values(state, legal, seat, heuristic=self.heuristic, deadline=deadline)
        for action, value in zip(legal, values, strict=True):
            if value == -math.inf:
                root.untried.append(action)
                continue
            child = root.children[action] = _Node(None)
            child.visit(self.prior, self.prior * value)
            child.available = self.prior
            root.visits += self.prior

    def _root_state(self, view: TurnView, state0: State) -> State:
        return state0.copy()

    def _iterate(self, root: _Node, state: State) -> None:
        rng, c, step, apply, inline = self.rng, self.c, self._step, state.apply_legal, self.inline_ucb
        node, path = root, []
        # selection and expansion
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = sample_outcome(state.chance_outcomes(), rng)
                apply(action)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node(None)
                path.append((child, None))
                node = child
                continue
            if node.untried or node.untried is None or not inline:
                action, node, new = step(node, state, c)
            else:  # every child tried: UCB1, as `_step` does it, written out in the search's hottest loop
                explore, best_score, new = c * sqrt(log(node.visits)), -math.inf, False
                for a, child in node.children.items():
                    score = child.mean + explore * child.spread
                    if score > best_score:
                        action, best, best_score = a, child, score
                node = best
            apply(action)
            path.append((node, player))
            if new:
                break
        # rollout
        returns = self._rollout(state)
        # backpropagation: each node holds the returns of the seat that chose it (chance: none)
        root.visits += 1
        for child, player in path:  # child.visit(), written out in the search's hottest loop
            visits = child.visits = child.visits + 1
            if player is not None:
                child.value += returns[player]
            child.mean, child.spread = child.value / visits, 1 / sqrt(visits)

    def _step(self, node: _Node, state: State, c: float) -> tuple[int, _Node, bool]:
        """The action to follow from `node`, its child and whether the child is new: an action not
        tried yet, at random, else UCB1's best child. One state is searched, so a node's legal actions
        never change: they are drawn without replacement, and then they are its children."""
        untried = node.untried
        if untried is None:
            untried = node.untried = list(state.legal_actions())
        if untried:
            i = int(self.rng.random() * len(untried))
            untried[i], untried[-1] = untried[-1], untried[i]
            action = untried.pop()
            child = node.children[action] = _Node(None)
            return action, child, True
        explore = c * sqrt(log(node.visits))  # every child tried: the node has been visited
        best, best_child, best_score = None, None, -math.inf
        for action, child in node.children.items():
            score = child.mean + explore * child.spread
            if score > best_score:
                best, best_child, best_score = action, child, score
        return best, best_child, False

    def _rollout(self, state: State) -> list[float]:
        if self.greedy_rollouts:
            return self._greedy_rollout(state)
        rng, random = self.rng, self.rng.random
        current, legal_actions, apply = state.current_player, state.legal_actions, state.apply_legal
        for _ in range(self.depth):
            player = current()
            if player == TERMINAL:
                return state.returns()
            if player == CHANCE:
                apply(sample_outcome(state.chance_outcomes(), rng))
            else:
                legal = legal_actions()
                apply(legal[int(random() * len(legal))])
        return evaluate(state, self.heuristic)


    def _greedy_rollout(self, state: State) -> list[float]:
        """`depth` decisions each taking the action the heuristic likes best for its seat right away:
        a turn of many small steps is finished as greedy would, not by chance."""
        for _ in range(self.depth):
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()
            if player == CHANCE:
                state.apply_legal(sample_outcome(state.chance_outcomes(), self.rng))
            else:
                state = _greedy_step(state, player, self.heuristic)
        return evaluate(state, self.heuristic)


class ISMCTSAgent(MCTSAgent):
    """Single-observer information-set MCTS: a fresh determinization every iteration; children are
    chosen among the actions legal in that determinization, with availability counts."""

    name = "ismcts"
    inline_ucb = False

    def _root_state(self, view: TurnView, state0: State) -> State:
        return view.determinize(self.rng)

    def _step(self, node: _Node, state: State, c: float) -> tuple[int, _Node, bool]:
        """An action legal in this determinization and not tried yet from `node`, at random, else
        the best child by UCB1 with availability counts."""
        children, legal = node.children, state.legal_actions()
        untried = [a for a in legal if a not in children]
        if untried:
            action = untried[int(self.rng.random() * len(untried))]
            child = children[action] = _Node(None)
            return action, child, True
        best, best_score = None, -math.inf
        for action in legal:
            child = children[action]
            child.available += 1
            score = child.mean + c * math.sqrt(math.log(max(1, child.available))) * child.spread
            if score > best_score:
                best, best_score = action, score
        return best, children[best], False
