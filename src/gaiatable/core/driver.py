"""Play one game: agents choose, the seeded chance stream samples, and a record is written."""

from __future__ import annotations

from dataclasses import dataclass

from ..agents import Agent, TurnView
from .errors import GaiatableError
from .game import CHANCE, Game, State
from .record import decision_line, header_line, result_line
from .seeding import derive_seed, sample_outcome, stream
from .undo import Step, UndoRequest, undo_refusal


@dataclass
class GameResult:
    state: State
    plies: int
    record: list[dict] | None

    @property
    def returns(self) -> list[float]:
        return self.state.returns()

    @property
    def scores(self) -> list[float]:
        return self.state.scores()


def agent_seed(seed: int, seat: int) -> int:
    return derive_seed(seed, "agent", seat)


def turn_view(state: State, seat: int, notice: str | None = None) -> TurnView:
    """What an agent gets for its decision: never the state itself."""
    return TurnView(seat, state.legal_actions(), state.game, _observe=lambda: state.observe(seat),
                    why_illegal=state.illegal, notice=notice, determinize=lambda rng: state.determinize(seat, rng))


def check_seats(game: Game, seats: int) -> None:
    if seats != game.num_players:
        raise GaiatableError(f"{game.name} with {game.num_players} players needs {game.num_players} seats, got {seats}")


def play_game(game: Game, agents: list[Agent], seed: int, *, record: bool = True,
              lines: list[dict] | None = None, spectators: tuple = ()) -> GameResult:
    """Run a game to the end. The record goes into `lines` if given (so a caller keeps what was
    played even if an agent stops the game), else into a new list when `record` is set.
    Interactive agents and `spectators` (anything with `seat` and `observe_action`) see each decision."""
    check_seats(game, len(agents))
    state = game.new_initial_state()
    out = lines if lines is not None else ([header_line(game, seed, [a.spec for a in agents])] if record else None)
    chance = stream(seed, "chance")
    people = [a for a in agents if a.interactive]
    watchers = [*people, *spectators]
    trail: list[Step] | None = [] if people else None  # only people undo
    plies, notice = 0, None
    while not state.is_terminal():
        actor = state.current_player()
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
                    if out is not None:
                        out.pop()
                    notice = f"took back {game.action_text(step.action)!r}"
                continue
        if trail is not None:
            trail.append(Step(actor, action, state.copy()))
        state.apply(action)
        if out is not None:
            out.append(decision_line(state, plies, actor, action))
        for agent in watchers:
            agent.observe_action(None if actor == CHANCE else actor, action, lambda s=state, a=agent: s.observe(a.seat))
        plies += 1
    if out is not None:
        out.append(result_line(state, plies))
    return GameResult(state, plies, out)
