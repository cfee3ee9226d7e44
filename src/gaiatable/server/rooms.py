"""Live tables: the state of every table in play, rebuilt from its stored moves, and the one way to
change it. A change is checked (credential, turn, version, rules), committed to storage, and only
then applied and announced; chance is sampled here and bots are asked in the background.

Everything a client receives is built by `view()` for one viewer from the observation contract, so
no payload carries what its receiver may not see."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..core.errors import GaiatableError
from ..core.game import CHANCE, SPECTATOR, Game, State
from ..core.record import decision_line, header_line, result_line
from ..core.registry import game_class, load_game
from ..core.seeding import sample_outcome, stream
from ..core.undo import Step, undo_refusal
from .bots import Bots, BotTurn, check_agent
from .storage import BOT, PERSON, Conflict, SeatRow, Store, TableRow, new_token, token_hash

log = logging.getLogger("gaiatable.server")
HISTORY = 80  # decisions shown in a view's log; the replay has them all
KEEP_OPEN = 2000  # tables kept in memory; the least recently used idle ones are rebuilt when needed


class Refused(Exception):
    """A request that changes nothing: `status` is the HTTP status, the message says why."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


@dataclass
class Seat:
    seat: int
    kind: str
    agent: str | None
    name: str
    token: str  # hash
    claimed: bool

    def public(self, online: bool) -> dict:
        return {"seat": self.seat, "kind": self.kind, "agent": self.agent, "name": self.name,
                "open": self.kind == PERSON and not self.claimed, "online": online}


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
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: dict[Any, int | str] = field(default_factory=dict)  # websocket -> viewer
    views: dict[int | str, tuple[dict, str]] = field(default_factory=dict)  # viewer -> (view, as a message)
    bot_task: asyncio.Task | None = None

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def seat_of(self, token: str | None) -> int | str:
        """The seat a credential opens, or SPECTATOR without one; Refused for a wrong one."""
        if not token:
            return SPECTATOR
        digest = token_hash(token)
        for seat in self.seats:
            if secrets.compare_digest(seat.token, digest) and seat.kind == PERSON:
                return seat.seat
        raise Refused(403, "this credential opens no seat of this table")

    def state_at(self, ply: int) -> State:
        state = self.game.new_initial_state()
        for _, action in self.moves[:ply]:
            state.apply(action)
        return state


class Rooms:
    """Every table the server has open, loaded from storage on first use."""

    def __init__(self, store: Store, bots: Bots):
        self.store, self.bots = store, bots
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        self._loading = asyncio.Lock()
        # One writer: SQLite takes one writer at a time, and writers racing for its lock back off by
        # sleeping; queued here they never collide (and PostgreSQL loses little by it at this scale).
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="gaiatable-db")

    async def _write(self, change, *args, **kwargs):
        return await asyncio.get_running_loop().run_in_executor(self._writer, partial(change, *args, **kwargs))

    def close(self) -> None:
        self._writer.shutdown(wait=True)

    # -- opening ------------------------------------------------------------------------------------
    async def get(self, table_id: str) -> Room:
        room = self.rooms.get(table_id)
        if room is not None:
            self.rooms.move_to_end(table_id)
            return room
        async with self._loading:
            if table_id not in self.rooms:
                self.rooms[table_id] = await asyncio.to_thread(self._load, table_id)
                self._forget_idle()
            room = self.rooms[table_id]
        self._wake_bots(room)
        return room

    def _forget_idle(self) -> None:
        """Drop the least recently used tables nobody watches and no bot plays (storage has them)."""
        for table_id in list(self.rooms)[:max(0, len(self.rooms) - KEEP_OPEN)]:
            room = self.rooms[table_id]
            if not room.listeners and (room.bot_task is None or room.bot_task.done()) and not room.lock.locked():
                del self.rooms[table_id]

    def _load(self, table_id: str) -> Room:
        row = self.store.table(table_id)
        if row is None:
            raise Refused(404, f"no table {table_id!r}")
        game = load_game(row.game, **row.params)
        state, moves = game.new_initial_state(), []
        for move in self.store.moves(table_id):
            state.apply(move.action)
            moves.append((move.actor, move.action))
        seats = [Seat(s.seat, s.kind, s.agent, s.name, s.token, s.claimed) for s in self.store.seats(table_id)]
        return Room(table_id, game, dict(row.params), row.seed, row.companion, seats, state, moves, row.version,
                    row.rematch)

    async def resume_all(self) -> None:
        """After a restart: reopen unfinished tables, so their bots play on."""
        for table_id in await asyncio.to_thread(self.store.unfinished_ids):
            try:
                await self.get(table_id)
            except (Refused, GaiatableError) as exc:
                log.warning("table %s cannot be reopened: %s", table_id, exc)

    async def create(self, game_name: str, params: dict, seats: list[dict], companion: bool = False,
                     seed: int | None = None) -> tuple[str, list[str | None]]:
        """A new table; returns its id and each person seat's credential (None for bots)."""
        if "content" in params:
            raise Refused(422, "custom content files cannot be used on this server: 'content' is not allowed")
        try:
            cls = game_class(game_name)
            given = dict(params)
            if "players" in {p.name for p in cls.params_spec} and "players" not in given:
                given["players"] = len(seats)
            game = load_game(game_name, **given)
        except GaiatableError as exc:
            raise Refused(422, str(exc)) from None
        if len(seats) != game.num_players:
            raise Refused(422, f"{game.title} with these parameters has {game.num_players} seats, got {len(seats)}")
        rows, tokens = [], []
        for i, seat in enumerate(seats):
            kind = seat.get("kind", PERSON)
            token = new_token()
            if kind == BOT:
                try:
                    agent = check_agent(str(seat.get("agent") or "strong"), game)
                except GaiatableError as exc:
                    raise Refused(422, f"seat {i}: {exc}") from None
                rows.append(SeatRow(seat=i, kind=BOT, agent=agent, name=seat.get("name") or agent, token=token_hash(
                    token), claimed=True))
                tokens.append(None)
            elif kind == PERSON:
                taken = not seat.get("open", False)
                rows.append(SeatRow(seat=i, kind=PERSON, agent=None, name=str(seat.get("name") or ""),
                                    token=token_hash(token), claimed=taken))
                tokens.append(token if taken else None)
            else:
                raise Refused(422, f"seat {i}: kind must be 'person' or 'bot', got {kind!r}")
        table_id = secrets.token_urlsafe(9)
        seed = secrets.randbits(63) if seed is None else seed
        state = game.new_initial_state()
        table = TableRow(id=table_id, game=game.name, params=given, seed=seed, companion=companion, version=0,
                         plies=0, to_move=state.current_player(), finished=False)
        await self._write(self.store.create, table, rows)
        room = await self.get(table_id)
        async with room.lock:
            await self._advance(room, [])
        return table_id, tokens

    # -- changing a table ---------------------------------------------------------------------------
    async def move(self, room: Room, token: str | None, version: int, action: int | None = None,
                   text: str | None = None) -> None:
        async with room.lock:
            viewer = self._player(room, token)
            self._check_version(room, version)
            actor = room.state.current_player()
            if room.finished:
                raise Refused(409, "the game is over")
            if actor == CHANCE and not room.companion:
                raise Refused(409, "chance is deciding")
            if actor not in (viewer, CHANCE):
                raise Refused(409, f"it is not your turn: {self._name(room, actor)} is to move")
            action = self._parse(room, action, text)
            if action not in room.state.legal_actions():
                exc = room.state.illegal(action)
                raise Refused(422, str(exc))
            await self._advance(room, [(actor, action)])

    async def undo(self, room: Room, token: str | None, version: int) -> str:
        async with room.lock:
            viewer = self._player(room, token)
            self._check_version(room, version)
            if not room.moves:
                raise Refused(409, "there is nothing to undo")
            actor, action = room.moves[-1]
            before = room.state_at(len(room.moves) - 1)
            refusal = undo_refusal([Step(CHANCE if actor < 0 else actor, action, before)], viewer)
            if refusal:
                raise Refused(409, f"cannot undo: {refusal}")
            try:
                await self._write(self.store.remove_last_move, room.id, room.version, len(room.moves) - 1,
                                        before.current_player())
            except Conflict:
                raise Refused(409, "the table changed meanwhile: reload and try again") from None
            room.moves.pop()
            room.state, room.version = before, room.version + 1
            await self._announce(room)
            return room.game.action_text(action)

    async def claim(self, room: Room, seat: int, name: str) -> str:
        if not 0 <= seat < len(room.seats) or room.seats[seat].kind != PERSON:
            raise Refused(404, f"seat {seat} is not a person's seat of this table")
        token = new_token()
        if not await self._write(self.store.claim_seat, room.id, seat, name, token):
            raise Refused(409, f"seat {seat} is taken")
        room.seats[seat].claimed, room.seats[seat].name, room.seats[seat].token = True, name, token_hash(token)
        await self._announce(room)
        return token

    async def leave(self, room: Room, token: str | None, bot: str | None) -> None:
        """The seat is open again (its credential stops working), or a bot takes it over."""
        viewer = self._player(room, token)
        seat = room.seats[viewer]
        seat.token = token_hash(new_token())
        if bot:
            try:
                seat.kind, seat.agent = BOT, check_agent(bot, room.game)
            except GaiatableError as exc:
                raise Refused(422, str(exc)) from None
            seat.name = f"{seat.agent} (for {seat.name or 'a player'})"
        else:
            seat.claimed, seat.name = False, ""
        await self._write(self.store.set_seat, room.id, viewer, kind=seat.kind, agent=seat.agent,
                                name=seat.name, token=seat.token, claimed=seat.claimed)
        await self._announce(room)
        self._wake_bots(room)

    async def rematch(self, room: Room, token: str | None) -> tuple[str, str]:
        """The same game again, seats turned by one; returns its id and the caller's new credential.
        Every other player gets theirs from `rematch_token`."""
        viewer = self._player(room, token)
        if not room.finished:
            raise Refused(409, "the game is not over yet")
        if room.rematch is None:
            n = len(room.seats)
            seats = [{"kind": s.kind, "agent": s.agent, "name": s.name, "open": True}
                     for s in (room.seats[(i + 1) % n] for i in range(n))]
            new_id, _ = await self.create(room.game.name, room.params, seats, room.companion)
            if await self._write(self.store.set_rematch, room.id, new_id):
                room.rematch = new_id
            await self._announce(room)
        return room.rematch, await self.rematch_token(room, viewer)

    async def rematch_token(self, room: Room, viewer: int) -> str:
        new = await self.get(room.rematch)
        seat = (viewer - 1) % len(room.seats)  # seats turned by one
        return await self.claim(new, seat, room.seats[viewer].name)

    # -- internals ------------------------------------------------------------------------------------
    def _player(self, room: Room, token: str | None) -> int:
        viewer = room.seat_of(token)
        if viewer == SPECTATOR:
            raise Refused(401, "a seat's credential is needed (Authorization: Bearer ...)")
        return viewer

    @staticmethod
    def _check_version(room: Room, version: int) -> None:
        if version != room.version:
            raise Refused(409, f"stale version {version}: the table is at version {room.version}; reload it")

    @staticmethod
    def _parse(room: Room, action: int | None, text: str | None) -> int:
        try:
            if action is not None:
                room.game.action_text(action)  # checks the id
                return action
            if text is not None:
                return room.game.parse_action(text)
        except GaiatableError as exc:
            raise Refused(422, str(exc)) from None
        raise Refused(422, "give the move as 'action' (an id) or 'text'")

    @staticmethod
    def _name(room: Room, seat: int) -> str:
        return room.state.observe(SPECTATOR)["seats"][seat]["name"]

    async def _advance(self, room: Room, moves: list[tuple[int, int]]) -> None:
        """Apply `moves` and the chance outcomes that follow them, commit them in one transaction,
        then tell every listener; wake the bots if one is to move."""
        state = room.state.copy()
        for _, action in moves:
            state.apply(action)
        while state.current_player() == CHANCE and not room.companion:
            ply = len(room.moves) + len(moves)
            action = sample_outcome(state.chance_outcomes(), stream(room.seed, "chance", ply))
            state.apply(action)
            moves.append((CHANCE, action))
        if moves:
            try:
                await self._write(self.store.add_moves, room.id, room.version, len(room.moves), moves,
                                        state.current_player(), state.is_terminal())
            except Conflict:
                raise Refused(409, "the table changed meanwhile: reload and try again") from None
            room.moves.extend(moves)
            room.state, room.version = state, room.version + len(moves)
        await self._announce(room)
        self._wake_bots(room)

    def _bot_to_move(self, room: Room) -> Seat | None:
        actor = room.state.current_player()
        return room.seats[actor] if actor >= 0 and room.seats[actor].kind == BOT else None

    def _wake_bots(self, room: Room) -> None:
        if self._bot_to_move(room) and (room.bot_task is None or room.bot_task.done()):
            room.bot_task = asyncio.get_running_loop().create_task(self._play_bots(room))

    async def _play_bots(self, room: Room) -> None:
        while (seat := self._bot_to_move(room)) is not None:
            version = room.version
            turn = BotTurn(room.id, room.game.name, room.params, tuple(a for _, a in room.moves), seat.seat,
                           seat.agent, room.seed)
            try:
                action = await self.bots.choose(turn)
            except Exception:  # a broken bot must not take the server down: the table waits
                log.exception("bot %s failed on table %s", seat.agent, room.id)
                return
            async with room.lock:
                if room.version != version:  # somebody undid or the seat changed hands: think again
                    continue
                await self._advance(room, [(seat.seat, action)])

    # -- what a viewer sees ---------------------------------------------------------------------------
    def view(self, room: Room, viewer: int | str) -> dict:
        """The table as `viewer` sees it now."""
        return self._cached(room, viewer)[0]

    def view_json(self, room: Room, viewer: int | str) -> str:
        """The same as a websocket message (`"type": "view"`), serialized once per change."""
        return self._cached(room, viewer)[1]

    def _cached(self, room: Room, viewer: int | str) -> tuple[dict, str]:
        found = room.views.get(viewer)
        if found is None or found[0]["version"] != room.version or found[0]["seats"] != self._seats(room):
            view = self._view(room, viewer)
            found = room.views[viewer] = (view, json.dumps({"type": "view", **view}))
        return found

    @staticmethod
    def _seats(room: Room) -> list[dict]:
        online = set(room.listeners.values())
        return [s.public(s.seat in online) for s in room.seats]

    def _view(self, room: Room, viewer: int | str) -> dict:
        state, game = room.state, room.game
        to_move = state.current_player()
        legal = []
        if to_move == viewer or (to_move == CHANCE and room.companion and viewer != SPECTATOR):
            legal = [{"id": a, "text": game.action_text(a), "struct": game.action_struct(a)}
                     for a in state.legal_actions()]
        start = max(0, len(room.moves) - HISTORY)
        history = [{"ply": ply, "actor": actor,
                    "text": game.decision_text(action, None if actor == CHANCE else actor, viewer)}
                   for ply, (actor, action) in enumerate(room.moves[start:], start)]
        return {
            "table": room.id, "game": game.name, "title": game.title, "params": room.params,
            "version": room.version, "plies": len(room.moves), "companion": room.companion, "viewer": viewer,
            "seats": self._seats(room), "finished": room.finished,
            "rematch": room.rematch, "observation": state.observe(viewer), "legal": legal, "history": history,
            "undo": bool(room.moves) and room.moves[-1][0] == viewer,
        }

    def replay_view(self, room: Room, viewer: int | str, ply: int) -> dict:
        if not 0 <= ply <= len(room.moves):
            raise Refused(404, f"ply {ply} is outside 0..{len(room.moves)}")
        state = room.state_at(ply)
        game = room.game
        texts = [game.decision_text(a, None if actor == CHANCE else actor, viewer) for actor, a in room.moves[:ply]]
        return {"table": room.id, "game": game.name, "ply": ply, "plies": len(room.moves),
                "observation": state.observe(viewer), "decisions": texts}

    def record(self, room: Room) -> list[dict]:
        """The whole record, secrets and seed included: only once the game is over."""
        if not room.finished:
            raise Refused(409, "the record is ready once the game is over; the replay shows the moves so far")
        state = room.game.new_initial_state()
        lines = [header_line(room.game, room.seed, [s.agent if s.kind == BOT else "person" for s in room.seats])]
        for ply, (actor, action) in enumerate(room.moves):
            state.apply(action)
            lines.append(decision_line(state, ply, actor if actor >= 0 else CHANCE, action))
        lines.append(result_line(state, len(room.moves)))
        return lines

    async def _announce(self, room: Room) -> None:
        for socket, viewer in list(room.listeners.items()):
            try:
                await socket.send_text(self.view_json(room, viewer))
            except Exception:  # a closed connection: it reconnects and resyncs on its own
                room.listeners.pop(socket, None)

