"""Play one game: agents choose, the seeded chance stream samples, and observers (a record writer,
a person watching) are told of every step."""

from __future__ import annotations

from dataclasses import dataclass

from .agent import Agent, TurnView
from .errors import GaiatableError
from .game import CHANCE, TERMINAL, Game, State, counted
from .observation import Observation
from .seeding import derive_seed, sample_outcome, stream
from .undo import Step, UndoRequest, undo_refusal


@dataclass
class Decision:
    """One decision just made: by a seat, or by chance (`actor` CHANCE). `state` is the state after
    it, for core's own observers (the record); front ends read `observe(viewer)` and `text(viewer)`."""

    ply: int
    actor: int
    action: int
    state: State
    replayed: bool = False  # a decision of the game before it was resumed (play_game's `history`)

    def observe(self, viewer: int | str) -> Observation:
        return self.state.observe(viewer)

    def text(self, viewer: int | str) -> str:
        return self.state.game.decision_text(self.action, None if self.actor == CHANCE else self.actor, viewer)


@dataclass
class GameResult:
    state: State
    plies: int

    @property
    def returns(self) -> list[float]:
        return self.state.returns()

    @property
    def scores(self) -> list[float]:
        return self.state.scores()

    @property
    def winners(self) -> list[int] | None:
        """The seats that won, None for a draw (a game stopped by the cap included)."""
        return self.state.outcome()


class Observer:
    """Told of each step of a game played by `play_game`. Every method is optional."""

    def started(self, game: Game, seed: int | None, seats: list[str]) -> None:
        pass

    def decided(self, decision: Decision) -> None:
        pass

    def undone(self) -> None:
        """The latest decision was taken back."""

    def finished(self, result: GameResult) -> None:
        pass


def agent_seed(seed: int, seat: int) -> int:
    return derive_seed(seed, "agent", seat)


def turn_view(state: State, seat: int, notice: str | None = None) -> TurnView:
    """What an agent gets for its decision: never the state itself."""
    return TurnView(seat, state.legal_actions(), state.game, _observe=lambda: state.observe(seat),
                    why_illegal=state.illegal, notice=notice, determinize=lambda rng: state.determinize(seat, rng))


def check_seats(game: Game, seats: int) -> None:
    if seats != game.num_players:
        raise GaiatableError(f"{game.name} with {counted(game.num_players, 'player')} needs "
                             f"{counted(game.num_players, 'seat')}, got {seats}")


def play_game(game: Game, agents: list[Agent], seed: int, observers: tuple[Observer, ...] | list[Observer] = (),
              history: list[tuple[int, int]] = ()) -> GameResult:
    """Run a game to the end and tell `observers` of every step. People (interactive agents) may
    undo their own latest decisions (core/undo.py); an agent that stops the game raises out of here,
    and the observers keep what was played. `history`: the (actor, action) decisions of a game
    resumed, replayed first (observers hear them as `replayed`; the chance stream goes on as it would
    have, so a resumed game draws what the whole game would have drawn)."""
    check_seats(game, len(agents))
    state = game.new_initial_state()
    for observer in observers:
        observer.started(game, seed, [a.spec for a in agents])
    chance = stream(seed, "chance")
    for plies, (actor, action) in enumerate(history):
        if actor == CHANCE:
            sample_outcome(state.chance_outcomes(), chance)  # the stream as the first part of the game drew it
        state.apply(action)
        for observer in observers:
            observer.decided(Decision(plies, actor, action, state, replayed=True))
    trail: list[Step] | None = [] if any(a.interactive for a in agents) else None  # no undo into the past
    plies, notice = len(history), None
    while (actor := state.current_player()) != TERMINAL:
        if actor == CHANCE:
            action = sample_outcome(state.chance_outcomes(), chance)
        else:
            view, notice = turn_view(state, actor, notice), None
            try:
                action = agents[actor].act(view)
            except UndoRequest:
                notice = undo_refusal(trail or [], actor)
                if notice is None:
                    step = trail.pop()
                    state, plies = step.before, plies - 1
                    for observer in observers:
                        observer.undone()
                    notice = f"took back {game.action_text(step.action)!r}"
                continue
        if trail is not None:
            trail.append(Step(actor, action, state.copy()))
        state.apply(action)
        decision = Decision(plies, actor, action, state)
        for observer in observers:
            observer.decided(decision)
        plies += 1
    result = GameResult(state, plies)
    for observer in observers:
        observer.finished(result)
    return result
