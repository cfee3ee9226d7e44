"""The observation contract: the one top-level shape every game's `observe(viewer)` returns.

The terminal, the browser client, the RL encodings and the lab read observations and nothing else,
so everything a front end shows comes from here, already stripped of what `viewer` may not see.
docs/observation.md describes each key with examples from the games.
"""

from __future__ import annotations

from typing import Any, TypedDict


class Seat(TypedDict):
    seat: int
    name: str  # how the game calls the seat: a colour, a planet, "seat 1"
    public: dict[str, Any]  # what every viewer sees of this seat
    private: dict[str, Any] | None  # what only the seat (and the referee) sees; None when hidden from this viewer


class Result(TypedDict):
    winners: list[int]  # empty in a draw
    draw: bool  # a game stopped by the cap is a draw (core/outcome.py)
    truncated: bool  # stopped by the max_turns cap, not by the rules


class Observation(TypedDict):
    game: str
    viewer: int | str  # a seat, "spectator" or "referee"
    to_move: int  # the seat to decide, CHANCE (-1) or TERMINAL (-2)
    phase: str  # the kind of decision pending, a short stable name ("rotate", "draft", "over")
    prompt: str  # the pending decision in words, for people
    log: list[str]  # what the latest decision brought about, worded for this viewer
    board: dict[str, Any]  # the shared table: game-specific
    seats: list[Seat]  # one per seat, in seat order
    scores: list[float | None]  # each seat's score as far as this viewer may know it
    result: Result | None  # None until the game is over


def result_of(state) -> Result | None:
    """The `result` part of an observation: who won, once the game is over."""
    if not state.is_terminal():
        return None
    winners = state.outcome()
    return {"winners": list(winners or ()), "draw": winners is None, "truncated": state.truncated()}


def observation(state, viewer: int | str, *, phase: str, prompt: str, log: list[str], board: dict,
                seats: list[Seat], scores: list[float | None]) -> Observation:
    """Build an observation; the identity, whose turn and the result come from the state."""
    return {"game": state.game.name, "viewer": viewer, "to_move": state.current_player(), "phase": phase,
            "prompt": prompt, "log": log, "board": board, "seats": seats, "scores": scores,
            "result": result_of(state)}


def seat(number: int, name: str, public: dict[str, Any], private: dict[str, Any] | None) -> Seat:
    return {"seat": number, "name": name, "public": public, "private": private}
