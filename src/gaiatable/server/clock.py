"""Time controls for play over hours or days: a person has so long for each decision (`move`), or for
all their decisions together (`game`), or both; who runs out loses, or a bot of the table's choosing
takes the seat (`then`). The deadline of the person to move is stored with the table, so every server
process enforces it, and a restarted server too (upkeep.watch_clocks)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

LOSE = "lose"


@dataclass(frozen=True)
class Clock:
    move: float | None = None  # seconds for each decision
    game: float | None = None  # seconds for the whole game, per person
    then: str = "standard"  # LOSE, or the lobby strength of the bot that takes over

    @classmethod
    def of(cls, stored: dict | None) -> Clock | None:
        return cls(**stored) if stored else None

    def stored(self) -> dict:
        return {"move": self.move, "game": self.game, "then": self.then}

    def deadline(self, since: datetime, time_left: float | None) -> datetime:
        """When a person who started thinking at `since`, with `time_left` on their game clock, runs out."""
        allowed = min(t for t in (self.move, time_left if self.game else None, 10.0**9) if t is not None)
        return since + timedelta(seconds=max(0.0, allowed))


def timing(clock: Clock | None, to_move_person: int | None, time_left: float | None, now: datetime) -> dict:
    """The table's clock columns after a change: the person now to move (a seat number, None when a bot,
    chance or nobody is) starts thinking now."""
    if clock is None or to_move_person is None:
        return {"since": None, "deadline": None}
    return {"since": now, "deadline": clock.deadline(now, time_left)}


def timing_after(room, at: datetime, state=None, claimed: int | None = None) -> dict:
    """A table's clock columns from `at`, once it is at `state` (default: as it is), `claimed` a seat
    just taken."""
    person = room.person_to_move(state, claimed)
    return timing(room.clock, person, room.seats[person].time_left if person is not None else None, at)


def charged_for(room, actor: int, at: datetime) -> tuple[int, float] | None:
    """The game clock of the person who just decided at `at`, less the time they took (None: no charge)."""
    if room.clock is None or room.clock.game is None or actor != room.person_to_move():
        return None
    thought = (at - room.since).total_seconds() if room.since else 0.0
    return actor, max(0.0, (room.seats[actor].time_left or 0.0) - thought)
