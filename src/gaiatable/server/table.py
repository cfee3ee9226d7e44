"""One live table in memory, and everything a viewer may be shown of it.

Every payload about a table is built here for one viewer from the observation contract
(docs/observation.md): a seat sees its own secrets, a spectator none, so no payload carries what its
receiver may not see."""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime

from ..core.errors import GaiatableError
from ..core.game import CHANCE, SPECTATOR, Game, State
from ..core.record import decision_line, header_line, result_line, seal_of
from .clock import Clock
from .storage import BOT, PERSON, token_hash

HISTORY = 80  # decisions shown in a view's log; the replay has them all


class Refused(Exception):
    """A request that changes nothing: `status` is the HTTP status, the message says why."""

    def __init__(self, status: int, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.status, self.retry_after = status, retry_after


@dataclass
class Seat:
    seat: int
    kind: str
    agent: str | None
    name: str
    token: str  # the credential's hash
    claimed: bool
    reserved_for: str | None = None  # a rematch seat: the hash of the credential that may take it
    account: int | None = None  # the signed-in person it belongs to (accounts.py)
    time_left: float | None = None  # seconds on its game clock (clock.py)

    def public(self, online: bool) -> dict:
        return {"seat": self.seat, "kind": self.kind, "agent": self.agent, "name": self.name,
                "open": self.kind == PERSON and not self.claimed, "online": online, "signed_in": bool(self.account)}


@dataclass(eq=False)
class Room:
    id: str
    game: Game
    params: dict  # as given at creation (the record's header has them all)
    seed: int
    companion: bool
    seats: list[Seat]
    state: State
    moves: list[tuple[int, int]]  # (actor, action), chance as -1
    version: int
    rematch: str | None = None
    rated: bool = False  # its end changes its players' ratings: no undo, every person signed in
    clock: Clock | None = None  # its time control
    since: datetime | None = None  # when the person to move started thinking
    deadline: datetime | None = None  # ...and when they run out
    forfeit: int | None = None  # the seat that lost before the end (out of time, or resigning): it is over
    forfeit_by: str | None = None  # "time" or "resigning"
    stamp: int = 0  # the storage's count of this table's changes when this copy was made or last changed
    turned: int = 0  # a rematch's seats, turned by one per rematch since the series' first game
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: set = field(default_factory=set)  # listeners.Listener, one per websocket
    views: dict = field(default_factory=dict)  # viewer -> (view, message): cleared by every change
    bot_task: asyncio.Task | None = None
    bot_failed: float = 0.0  # when a bot last failed here (loop time), to wait before trying again
    moved_at: float = 0.0  # when its listeners last heard of a change (loop time), to pace the bots' moves
    echoes: dict = field(default_factory=dict)  # ply -> viewer -> what that decision brought about
    before: tuple[int, State] | None = None  # (version, the state before its latest decision), replayed once

    @property
    def finished(self) -> bool:
        return self.forfeit is not None or self.state.is_terminal()

    def outcome(self) -> list[float]:
        """Each seat's result: the game's, or after a forfeit, the others ahead of the seat that ran out."""
        if self.forfeit is None:
            return list(self.state.returns())
        return [0.0 if seat.seat == self.forfeit else 1.0 for seat in self.seats]

    def person_to_move(self, state: State | None = None, claimed: int | None = None) -> int | None:
        """The seat of the person to move in `state` (default: now), who is on the clock; None when a bot,
        chance or nobody is to move, at the end, and while a person's seat is open (the clocks start when
        the table is full). `claimed`: a seat being taken counts as taken."""
        state = state or self.state
        actor = state.current_player()
        if self.forfeit is not None or state.is_terminal() or actor < 0:
            return None
        if any(s.kind == PERSON and not s.claimed and s.seat != claimed for s in self.seats):
            return None
        return actor if self.seats[actor].kind == PERSON else None

    def seat_of(self, token) -> int | str:
        """The seat a credential opens (a seat's token, or a signed-in account: its seat, the one to
        move first if it holds several), or SPECTATOR without one; Refused for a wrong one."""
        if not token:
            return SPECTATOR
        if not isinstance(token, str):
            mine = [s.seat for s in self.seats if s.kind == PERSON and s.account == token.id]
            if mine:
                to_move = self.state.current_player()
                return to_move if to_move in mine else mine[0]
            return SPECTATOR  # where the account holds no seat, it watches
        digest = token_hash(token)
        for seat in self.seats:
            if seat.kind == PERSON and secrets.compare_digest(seat.token, digest):
                return seat.seat
        raise Refused(403, "this credential opens no seat of this table")

    def check_version(self, version: int) -> None:
        if version != self.version:
            raise Refused(409, f"stale version {version}: the table is at version {self.version}; reload it")

    def parse(self, action: int | None, text: str | None) -> int:
        """A move given as an action id or as typed text; Refused (422) saying what is wrong."""
        try:
            if action is not None:
                self.game.action_text(action)  # checks the id
                return action
            if text is not None:
                return self.game.parse_action(text)
        except GaiatableError as exc:
            raise Refused(422, str(exc)) from None
        raise Refused(422, "give the move as 'action' (an id) or 'text'")

    def seat_name(self, seat: int) -> str:
        """What the game calls the seat ("x", "yellow")."""
        return self.state.observe(SPECTATOR)["seats"][seat]["name"]

    def state_at(self, ply: int) -> State:
        return replayed(self.game, self.moves[:ply])

    def before_last(self) -> State:
        """The state before the latest decision (replayed once per version: undo offers and undo need it)."""
        if self.before is None or self.before[0] != self.version:
            self.before = (self.version, self.state_at(len(self.moves) - 1))
        return self.before[1]

    def undoable(self, viewer: int | str) -> bool:
        """May `viewer` take back the latest decision? Its own, not revealing anything, in an unrated game on."""
        if not self.moves or self.moves[-1][0] != viewer or self.finished or self.rated:
            return False
        return not self.before_last().reveals(self.moves[-1][1])

    def changed(self) -> None:
        """Its listeners are about to hear of a change: the views built before are stale."""
        self.views.clear()
        self.moved_at = asyncio.get_running_loop().time()

    def echo(self, state: State) -> dict:
        """What the decision that led to `state` brought about (eating, a die's effect), per viewer."""
        out = {}
        for viewer in (*range(len(self.seats)), SPECTATOR):
            lines = state.decision_log(viewer)
            if lines:
                out[viewer] = lines
        return out

    def remember(self, ply: int, echo: dict) -> None:
        self.echoes[ply] = echo
        self.echoes.pop(ply - HISTORY, None)

    # -- what a viewer sees ---------------------------------------------------------------------------
    def view(self, viewer: int | str) -> dict:
        return self._cached(viewer)[0]

    def view_json(self, viewer: int | str) -> str:
        """The view as a websocket message (`"type": "view"`), serialized once per change and viewer."""
        return self._cached(viewer)[1]

    def _cached(self, viewer: int | str) -> tuple[dict, str]:
        if viewer not in self.views:
            view = self._view(viewer)
            self.views[viewer] = (view, json.dumps({"type": "view", **view}))
        return self.views[viewer]

    def _view(self, viewer: int | str) -> dict:
        state, game = self.state, self.game
        legal = [{"id": a, "text": game.action_text(a), "struct": game.action_struct(a)}
                 for a in self.choices(viewer)]
        start = max(0, len(self.moves) - HISTORY)
        history = [{"ply": ply, "actor": actor, "text": self.reads(actor, action, viewer),
                    "log": self.echoes.get(ply, {}).get(viewer, [])}
                   for ply, (actor, action) in enumerate(self.moves[start:], start)]
        online = {listener.viewer for listener in self.listeners}
        return {
            "table": self.id, "game": game.name, "title": game.title, "params": self.params,
            "version": self.version, "plies": len(self.moves), "companion": self.companion, "viewer": viewer,
            "seats": [s.public(s.seat in online) for s in self.seats], "finished": self.finished,
            "rematch": self.rematch, "observation": state.observe(viewer), "legal": legal, "history": history,
            "undo": self.undoable(viewer), "rated": self.rated, "turned": self.turned,
            "clock": self._clock(), "forfeit": self.forfeit, "forfeit_by": self.forfeit_by,
            "previews": game.perfect_information or any(map(state.previewable, self.choices(viewer))),
        }

    def _clock(self) -> dict | None:
        """The time control as viewers see it: when the person to move runs out, each seat's game clock."""
        if self.clock is None:
            return None
        deadline = self.deadline.isoformat() + "Z" if self.deadline else None
        return {**self.clock.stored(), "deadline": deadline, "time_left": [s.time_left for s in self.seats]}

    def reads(self, actor: int, action: int, viewer: int | str) -> str:
        return self.game.decision_text(action, None if actor == CHANCE else actor, viewer)

    def choices(self, viewer: int | str) -> tuple[int, ...]:
        """The actions `viewer` may take now: its own decisions, or in companion mode the chance
        outcomes it may enter (see `may_enter`)."""
        state, to_move = self.state, self.state.current_player()
        if viewer == SPECTATOR or self.finished:
            return ()
        if to_move == viewer:
            return state.legal_actions()
        if to_move == CHANCE and self.companion and self.game.perfect_information:
            return state.legal_actions()
        return ()  # hidden draws are typed, never listed: the list would tell what the others hold

    def may_enter(self, viewer: int, action: int) -> bool:
        """Companion mode: a seat enters a chance outcome it may read in full (its own draw, a die),
        or one no person at the table may read (a bot's draw)."""
        readers = [s.seat for s in self.seats if s.kind == PERSON
                   if self.reads(CHANCE, action, s.seat) == self.game.action_text(action)]
        return viewer in readers or not readers

    def preview(self, viewer: int | str, action: int) -> dict:
        """What one of `viewer`'s legal moves would bring about before anything else happens (a contest,
        a meal, the scores, a forecast changed, the board as it would then be seen), where the move tells its
        player no secret (`previewable`)."""
        if action not in self.choices(viewer):
            raise Refused(422, "that is not one of your moves now")
        if not self.state.previewable(action):
            raise Refused(409, f"{self.game.title} keeps secrets: this move is not previewed")
        after = self.state.copy()
        after.apply(action)
        seen = after.observe(viewer)
        return {"action": action, "log": seen["log"] + self.state.foresee(after), "scores": seen["scores"],
                "board": seen.get("board")}

    def why_not(self, viewer: int, text: str) -> dict:
        """Whether a move the seat to move names in words is one of its moves now, and if not what forbids it
        (a card it cannot play): the same answer as typing the move, without playing it."""
        if self.finished or self.state.current_player() != viewer:
            raise Refused(409, "it is not your move")
        action = self.parse(None, text)
        if action in self.choices(viewer):
            return {"action": action, "legal": True, "reason": None, "clause": None}
        refused = self.state.illegal(action)  # its reason opens with the move's text, which the caller named
        reason = refused.reason.removeprefix(f"{self.game.action_text(action)!r}: ")
        return {"action": action, "legal": False, "reason": reason, "clause": refused.clause}

    def replay_view(self, viewer: int | str, ply: int) -> dict:
        if not 0 <= ply <= len(self.moves):
            raise Refused(404, f"ply {ply} is outside 0..{len(self.moves)}")
        last = self.reads(*self.moves[ply - 1], viewer) if ply else None
        turns = [p for p, (actor, _) in enumerate(self.moves) if actor != CHANCE]  # a player decided: a replay's stops
        since = max((p for p in turns if p < ply), default=0)
        state, history = self.game.new_initial_state(), []  # the log as it stood at the step, as the view's is
        for at, (actor, action) in enumerate(self.moves[:ply]):
            state.apply(action)
            if at >= ply - HISTORY:
                history.append({"ply": at, "actor": actor, "text": self.reads(actor, action, viewer),
                                "log": state.decision_log(viewer)})
        return {"table": self.id, "game": self.game.name, "ply": ply, "plies": len(self.moves),
                "observation": state.observe(viewer), "decision": last, "turns": turns, "history": history,
                "since_turn": [{"actor": actor, "text": self.reads(actor, action, viewer)}
                               for actor, action in self.moves[since:ply]]}

    def record(self) -> list[dict]:
        """The whole record, secrets and seed included: only once the game is over."""
        if not self.state.is_terminal():
            raise Refused(409, "the record is ready once the game is over (a game lost on time has none); "
                               "the replay shows the moves so far")
        state = self.game.new_initial_state()
        lines = [header_line(self.game, self.seed, [s.agent if s.kind == BOT else "person" for s in self.seats])]
        seal = seal_of(lines[0])
        for ply, (actor, action) in enumerate(self.moves):
            state.apply(action)
            lines.append(decision_line(state, ply, actor, action, seal))
        lines.append(result_line(state, len(self.moves), seal))
        return lines


def replayed(game: Game, moves) -> State:
    state = game.new_initial_state()
    for _, action in moves:
        state.apply(action)
    return state


def rebuilt(room: Room) -> None:
    """The room's state and the echoes of its latest decisions, from its moves."""
    state = room.game.new_initial_state()
    for ply, (_, action) in enumerate(room.moves):
        state.apply(action)
        if ply >= len(room.moves) - HISTORY:
            room.echoes[ply] = room.echo(state)
    room.state = state

