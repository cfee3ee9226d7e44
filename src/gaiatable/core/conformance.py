"""The conformance kit: checks every game must pass, whatever its rules.

Each check plays seeded random games and raises ConformanceError saying what broke and where.
The test suite applies `check_game` to every registered game; a new game gets it for free.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from .agent import RandomAgent
from .driver import agent_seed, play_game
from .errors import IllegalAction
from .game import REFEREE, SPECTATOR, Game, State, canonical_json
from .observation import Observation
from .record import Recorder, dumps, parse_lines, replay
from .seeding import sample_outcome


class ConformanceError(AssertionError):
    pass


def _fail(game: Game, seed: int, ply: int, what: str) -> ConformanceError:
    return ConformanceError(f"{game.name} {game.params} seed {seed} ply {ply}: {what}")


def walk(game: Game, seed: int, max_plies: int = 100_000, visit: Callable[[State, int], None] | None = None) -> State:
    """Random legal play from the start; `visit(state, ply)` sees each state before its decision."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    ply = 0
    while not state.is_terminal():
        if ply >= max_plies:
            raise _fail(game, seed, ply, f"no end after {max_plies} decisions")
        if visit:
            visit(state, ply)
        legal = state.legal_actions()
        if not legal:
            raise _fail(game, seed, ply, "no legal action, but the game is not over")
        if state.is_chance():
            if not game.chance:
                raise _fail(game, seed, ply, "a chance decision in a game that says it has none (Game.chance)")
            outcomes = state.chance_outcomes()
            if abs(sum(p for _, p in outcomes) - 1.0) > 1e-9:
                raise _fail(game, seed, ply, "chance probabilities do not sum to 1")
            if sorted(a for a, _ in outcomes) != sorted(legal):
                raise _fail(game, seed, ply, "chance outcomes differ from the legal actions")
            action = sample_outcome(outcomes, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        ply += 1
    if visit:
        visit(state, ply)
    returns = state.returns()
    if len(returns) != game.num_players:
        raise _fail(game, seed, ply, f"returns has {len(returns)} entries for {game.num_players} players")
    return state


def check_playouts(game: Game, seeds: range, max_plies: int = 100_000) -> None:
    """Random legal play never crashes and always ends."""
    for seed in seeds:
        walk(game, seed, max_plies)


def check_copies(game: Game, seed: int) -> None:
    """A copy taken before every action never changes afterwards, whatever happens to the original."""
    snapshots: list[tuple[State, str, int]] = []

    def visit(state: State, ply: int) -> None:
        snapshots.append((state.copy(), canonical_json(state.to_json()), ply))

    walk(game, seed, visit=visit)
    for copy, before, ply in snapshots:
        if canonical_json(copy.to_json()) != before:
            raise _fail(game, seed, ply, "a copy changed when its original moved on")
    # and copies play on independently of each other
    for copy, before, ply in snapshots[::7]:
        twin = copy.copy()
        if not copy.is_terminal():
            copy.apply(copy.legal_actions()[0])
        if canonical_json(twin.to_json()) != before:
            raise _fail(game, seed, ply, "a copy changed when the state it was copied from moved on")


def check_determinism(game: Game, seed: int) -> None:
    """The same seed gives a byte-identical record, and the record replays to the same end."""
    def run() -> str:
        agents = [RandomAgent(seat=s, seed=agent_seed(seed, s)) for s in range(game.num_players)]
        recorder = Recorder()
        play_game(game, agents, seed, [recorder])
        return dumps(recorder.lines)

    first, second = run(), run()
    if first != second:
        raise _fail(game, seed, 0, "two runs with the same seed gave different records")
    rep = replay(parse_lines(first), f"{game.name} seed {seed}", game=game)
    if not rep.finished:
        raise _fail(game, seed, 0, "the replayed record has no result")


def check_json(game: Game, seed: int) -> None:
    """State JSON round-trips: the rebuilt state is equal, with the same legal actions and views."""
    def visit(state: State, ply: int) -> None:
        data = json.loads(json.dumps(state.to_json()))
        again = game.state_from_json(data)
        if again.to_json() != state.to_json():
            raise _fail(game, seed, ply, "state_from_json(to_json()) differs")
        if again.legal_actions() != state.legal_actions() or again.current_player() != state.current_player():
            raise _fail(game, seed, ply, "the rebuilt state has other legal actions")
        for viewer in _viewers(game):
            if canonical_json(again.observe(viewer)) != canonical_json(state.observe(viewer)):
                raise _fail(game, seed, ply, f"the rebuilt state shows {viewer!r} something else")

    walk(game, seed, visit=visit)


def check_actions(game: Game) -> None:
    """Every action id has a text form that parses back to it and a JSON-able struct."""
    for action in range(game.num_distinct_actions):
        text = game.action_text(action)
        if game.parse_action(text) != action:
            raise ConformanceError(f"{game.name}: action {action} text {text!r} parses to {game.parse_action(text)}")
        json.dumps(game.action_struct(action))


def check_illegal(game: Game, seed: int, per_state: int = 6) -> None:
    """Illegal actions raise IllegalAction naming a rule, and leave the state unchanged."""
    rng = random.Random(seed)
    every = range(game.num_distinct_actions)

    def visit(state: State, ply: int) -> None:
        legal = set(state.legal_actions())
        illegal = [a for a in every if a not in legal]
        tries = rng.sample(illegal, min(per_state, len(illegal))) + [-1, game.num_distinct_actions, "x"]
        before = canonical_json(state.to_json())
        for action in tries:
            try:
                state.apply(action)
            except IllegalAction as exc:
                if isinstance(action, int) and 0 <= action < game.num_distinct_actions \
                        and not state.is_terminal() and not exc.clause:
                    raise _fail(game, seed, ply, f"rejecting {action} names no rule: {exc}") from None
            else:
                raise _fail(game, seed, ply, f"illegal action {action!r} was accepted")
            if canonical_json(state.to_json()) != before:
                raise _fail(game, seed, ply, f"rejecting {action!r} changed the state")

    walk(game, seed, visit=visit)


def _viewers(game: Game) -> list:
    return [*range(game.num_players), SPECTATOR, REFEREE]


def check_secrecy(game: Game, seed: int, tries: int = 4) -> None:
    """Observations show nothing their viewer may not see.

    determinize(seat) redraws everything `seat` cannot see, so neither that seat's observation nor a
    spectator's may change, nor the seat's legal actions when it is to move. A game with secrets
    must show, over a whole game, that its determinizations really redraw something.
    """
    rng = random.Random(seed)
    redrawn = [False]

    def visit(state: State, ply: int) -> None:
        json.dumps(state.observe(REFEREE))
        for seat in range(game.num_players):
            mine, public = canonical_json(state.observe(seat)), canonical_json(state.observe(SPECTATOR))
            for _ in range(tries):
                other = state.determinize(seat, rng)
                if canonical_json(other.observe(seat)) != mine:
                    raise _fail(game, seed, ply, f"seat {seat}'s observation depends on what it may not see")
                if canonical_json(other.observe(SPECTATOR)) != public:
                    raise _fail(game, seed, ply, "the spectator's observation depends on a seat's secrets")
                if state.current_player() == seat and other.legal_actions() != state.legal_actions():
                    raise _fail(game, seed, ply, f"seat {seat}'s legal actions depend on what it may not see")
                if canonical_json(other.to_json()) != canonical_json(state.to_json()):
                    redrawn[0] = True

    walk(game, seed, visit=visit)
    if not game.perfect_information and not redrawn[0]:
        raise _fail(game, seed, 0, "a game with hidden information never redrew anything in determinize")


def check_observations(game: Game, seed: int) -> None:
    """Every observation has the contract's shape (core/observation.py) for every viewer."""
    keys, seat_keys = set(Observation.__annotations__), {"seat", "name", "public", "private"}

    def visit(state: State, ply: int) -> None:
        for viewer in _viewers(game):
            obs = state.observe(viewer)
            what = f"observe({viewer!r})"
            if set(obs) != keys:
                raise _fail(game, seed, ply, f"{what} has keys {sorted(obs)}, the contract {sorted(keys)}")
            if obs["game"] != game.name or obs["viewer"] != viewer or obs["to_move"] != state.current_player():
                raise _fail(game, seed, ply, f"{what}: game, viewer or to_move is wrong")
            if not all(isinstance(obs[k], str) for k in ("phase", "prompt")) or not isinstance(obs["board"], dict):
                raise _fail(game, seed, ply, f"{what}: phase and prompt must be text, board an object")
            if not isinstance(obs["log"], list) or not all(isinstance(line, str) for line in obs["log"]):
                raise _fail(game, seed, ply, f"{what}: log must be a list of texts")
            if state.decision_log(viewer) != obs["log"]:
                raise _fail(game, seed, ply, f"decision_log({viewer!r}) is not {what}'s log")
            seats = obs["seats"]
            if [s.get("seat") for s in seats] != list(range(game.num_players)) or \
                    any(set(s) != seat_keys for s in seats) or len(obs["scores"]) != game.num_players:
                raise _fail(game, seed, ply, f"{what}: one seat entry and one score per seat, in order")
            if (obs["result"] is None) == state.is_terminal():
                raise _fail(game, seed, ply, f"{what}: result must be given exactly when the game is over")
            json.dumps(obs)

    walk(game, seed, visit=visit)


def check_game(game: Game, seeds: range = range(20)) -> None:
    """All checks on one game with fixed parameters."""
    check_actions(game)
    check_playouts(game, seeds)
    for seed in seeds[:3]:
        check_observations(game, seed)
        check_copies(game, seed)
        check_determinism(game, seed)
        check_json(game, seed)
        check_illegal(game, seed)
        check_secrecy(game, seed)
