"""Live tables and the one way to change them. A change is checked (credential, turn, version, rules),
committed to storage, and only then applied to the room and announced to its listeners; chance is
sampled here from the table's secret seed, and bots are asked in the background."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from ..core.errors import GaiatableError
from ..core.game import CHANCE, SPECTATOR
from ..core.seeding import sample_outcome, stream
from ..core.undo import Step, undo_refusal
from .accounts import Accounts
from .bots import STRENGTHS, Bots, BotTurn, strength_of
from .clock import LOSE, Clock, charged_for, timing, timing_after
from .listeners import Listener
from .metrics import CATCH_UPS, MOVES
from .opening import agent_for, check_rated, game_for, game_params, shared_game
from .storage import BOT, PERSON, Conflict, Seated, SeatRow, Store, TableRow, new_token, now, token_hash
from .table import Refused, Room, Seat, rebuilt

log = logging.getLogger("gaiatable.server")
KEEP_OPEN = 2000  # tables kept in memory; the least recently used idle ones are rebuilt when needed
NAME = 40  # characters of a seat's name
BOT_RETRY = 30.0  # seconds before a table whose bot failed asks it again
BOT_LEASE = 15.0  # seconds a process's claim on a bot move lasts unless renewed (a killed process loses it)
WRITERS = 8  # threads writing to PostgreSQL (within its 16 pooled connections)


class Rooms:
    """Every table the server has open, loaded from storage on first use."""

    def __init__(self, store: Store, bots: Bots, accounts: Accounts | None = None, pace: float = 0.0):
        # pace: the least seconds between a bot's move and the change before it, while somebody watches
        self.store, self.bots, self.accounts, self.pace = store, bots, accounts, pace
        self.owner = f"{socket.gethostname()[:24]}:{os.getpid()}"  # this process, in bot claims
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        self._loading = asyncio.Lock()
        # SQLite takes one writer at a time, and writers racing for its lock back off by sleeping: queued
        # in one thread they never collide. PostgreSQL writes tables side by side: a write waits on the
        # network several times, and in one thread the writes of busy tables queued behind each other.
        self._writer = ThreadPoolExecutor(WRITERS if store.shared else 1, thread_name_prefix="gaiatable-db")

    async def _write(self, change, *args, **kwargs):
        return await asyncio.get_running_loop().run_in_executor(self._writer, partial(change, *args, **kwargs))

    async def close(self) -> None:
        for room in self.rooms.values():
            if room.bot_task:
                room.bot_task.cancel()
        self._writer.shutdown(wait=True)

    # -- opening ------------------------------------------------------------------------------------
    async def get(self, table_id: str, fresh: bool = True) -> Room:
        """The table; `fresh`: as storage has it now, even if another process changed it a moment ago
        and its notice has not come yet (one small query). A change needs no such look: it is checked
        against storage as it is committed (see `attempt`)."""
        room = self.rooms.get(table_id)
        if room is not None:
            self.rooms.move_to_end(table_id)
            if fresh and self.store.shared:
                await self.resync(room, await asyncio.to_thread(self.store.stamp, table_id))
            return room
        async with self._loading:
            loaded = table_id not in self.rooms
            if loaded:
                self.rooms[table_id] = await asyncio.to_thread(self._load, table_id)
                self._forget_idle()
            room = self.rooms[table_id]
        if loaded and self.store.shared:  # a change another process committed while this one read the table
            await self.resync(room, await asyncio.to_thread(self.store.stamp, table_id))  # had its notice missed
        if room.state.current_player() == CHANCE and not room.companion and not room.finished:
            async with room.lock:  # a change cut short before its chance was drawn: draw it now
                await self._advance(room, [])
        self._wake_bots(room)
        return room

    def _load(self, table_id: str) -> Room:
        row = self.store.table(table_id)
        if row is None:
            raise Refused(404, f"no table {table_id!r}")
        game = shared_game(row.game, row.params)
        moves = [(m.actor, m.action) for m in self.store.moves(table_id)]
        seats = [seat_of(s) for s in self.store.seats(table_id)]
        room = Room(table_id, game, dict(row.params), row.seed, row.companion, seats, game.new_initial_state(), moves,
                    row.version, row.rematch, row.rated, Clock.of(row.clock), row.since, row.deadline, row.forfeit,
                    row.forfeit_by, row.stamp, row.turned)
        rebuilt(room)
        return room

    async def resync(self, room: Room, stamp: int | None = None) -> None:
        """Catch up with the changes other processes made to a table (`stamp`: the storage's count of
        changes, when known): reload it, close the sockets of credentials that changed, tell the viewers."""
        if stamp is not None and stamp <= room.stamp:
            return
        async with room.lock:
            await self._reload(room)
        self._wake_bots(room)

    async def _reload(self, room: Room) -> None:
        """`room` as storage has it, in place (its listeners stay); the caller holds its lock. Moves
        added since are applied to the state held; after an undo the table is rebuilt from its moves."""
        row, seats, newer = await asyncio.to_thread(self.store.since, room.id, len(room.moves))
        if row is None or row.stamp <= room.stamp:
            return
        if row.version - room.version == len(newer) == row.plies - len(room.moves):  # only appended
            state = room.state.copy()
            for ply, (actor, action) in enumerate(newer, len(room.moves)):
                state.apply(action)
                room.moves.append((actor, action))
                room.remember(ply, room.echo(state))
            room.state = state
        else:
            fresh = await asyncio.to_thread(self._load, room.id)
            room.state, room.moves, room.echoes = fresh.state, fresh.moves, fresh.echoes
        room.seats = [seat_of(s) for s in seats]
        room.version, room.rematch, room.stamp = row.version, row.rematch, row.stamp
        room.since, room.deadline, room.forfeit, room.forfeit_by = row.since, row.deadline, row.forfeit, row.forfeit_by
        CATCH_UPS.inc()
        for listener in [x for x in room.listeners if isinstance(x.viewer, int)]:
            if listener.credential != room.seats[listener.viewer].token:
                room.listeners.discard(listener)
                listener.close(4403, "this seat changed hands")
        self._announce(room)

    async def attempt(self, room: Room, change):
        """`change()`, once more after catching up if it was refused as stale (409) or for a credential
        this copy does not know yet (403) while another process had changed the table."""
        try:
            return await change()
        except Refused as exc:
            if not self.store.shared or exc.status not in (403, 409):
                raise
            stamp = await asyncio.to_thread(self.store.stamp, room.id)
            if stamp is None or stamp <= room.stamp:
                raise
        await self.resync(room, stamp)
        return await change()

    async def follow(self, table_id: str, stamp: int | None) -> None:
        """A change another process made (PostgreSQL's notification): only tables held here matter."""
        room = self.rooms.get(table_id)
        if room is not None:
            await self.resync(room, stamp)

    async def resync_all(self) -> None:
        """After notifications may have been missed (the feed reconnected): every table held here."""
        for room in list(self.rooms.values()):
            await self.resync(room, await asyncio.to_thread(self.store.stamp, room.id))

    def _forget_idle(self) -> None:
        """Drop the least recently used tables nobody watches and no bot plays (storage has them)."""
        for table_id in list(self.rooms)[:max(0, len(self.rooms) - KEEP_OPEN)]:
            room = self.rooms[table_id]
            if not room.listeners and (room.bot_task is None or room.bot_task.done()) and not room.lock.locked():
                del self.rooms[table_id]

    async def create(self, game_name: str, params: dict, seats: list[dict], companion: bool = False,
                     reserved: list[str | None] | None = None, rated: bool = False,
                     clock: Clock | None = None, turned: int = 0) -> tuple[str, list[str | None]]:
        """A new table; returns its id and each taken person seat's credential (None for the others).
        `reserved` keeps seats for the holders of those credential hashes (a rematch, its seats `turned`); a seat's
        `account` (an account id) gives it to that signed-in person."""
        game = game_for(game_name, params, len(seats))
        if not any(s.get("kind", PERSON) == PERSON for s in seats):
            raise Refused(422, "a table needs at least one person's seat")
        if rated:
            check_rated(game, params, seats, companion, clock)
        rows, tokens = [], []
        for i, seat in enumerate(seats):
            token, keep = new_token(), (reserved or [None] * len(seats))[i]
            if seat.get("kind", PERSON) == BOT:
                agent = agent_for(seat.get("agent") or "strong", game, f"seat {i}: ")
                rows.append(SeatRow(seat=i, kind=BOT, agent=agent, name=(seat.get("name") or agent)[:NAME],
                                    token=token_hash(token), claimed=True))
            taken = seat.get("kind", PERSON) == PERSON and not seat.get("open") and not keep
            if seat.get("kind", PERSON) == PERSON:
                rows.append(SeatRow(seat=i, kind=PERSON, name=str(seat.get("name") or "")[:NAME],
                                    token=token_hash(token), claimed=taken or bool(keep) or bool(seat.get("account")),
                                    reserved_for=keep, account_id=seat.get("account"),
                                    time_left=clock.game if clock else None))
            tokens.append(token if taken else None)
        table_id, seed = secrets.token_urlsafe(9), secrets.randbits(63)
        state, opening = game.new_initial_state(), []
        while state.current_player() == CHANCE and not companion:  # the set-up's chance, stored with the table
            action = sample_outcome(state.chance_outcomes(), stream(seed, "chance", len(opening)))
            state.apply(action)
            opening.append((CHANCE, action))
        actor = state.current_player()
        full = all(row.claimed for row in rows)  # the clocks start when every seat is taken
        first = actor if full and 0 <= actor < len(rows) and rows[actor].kind == PERSON else None
        table = TableRow(id=table_id, game=game.name, params=game_params(game, params, len(seats)), seed=seed,
                         companion=companion, version=len(opening), plies=len(opening),
                         to_move=actor, finished=state.is_terminal(), rated=rated,
                         clock=clock.stored() if clock else None, turned=turned,
                         **timing(clock, None if state.is_terminal() else first, clock and clock.game, now()))
        await self._write(self.store.create, table, rows, opening)
        self._wake_bots(await self.get(table_id))
        return table_id, tokens

    # -- changing a table ---------------------------------------------------------------------------
    async def move(self, room: Room, token: str | None, version: int, action: int | None = None,
                   text: str | None = None) -> None:
        async with room.lock:
            viewer = self._player(room, token)
            room.check_version(version)
            actor = room.state.current_player()
            if room.finished:
                raise Refused(409, "the game is over")
            if actor == CHANCE and not room.companion:
                raise Refused(409, "chance is deciding")
            if actor not in (viewer, CHANCE):
                raise Refused(409, f"it is not your turn: {room.seat_name(actor)} is to move")
            action = room.parse(action, text)
            if actor == CHANCE and not room.may_enter(viewer, action):  # before anything about the outcome
                raise Refused(403, "that outcome is not yours to enter: its player enters it")
            if action not in room.state.legal_actions():
                raise Refused(422, str(room.state.illegal(action)))
            await self._advance(room, [(actor, action)])

    async def undo(self, room: Room, token: str | None, version: int) -> str:
        async with room.lock:
            viewer = self._player(room, token)
            if room.rated:
                raise Refused(409, "cannot undo: a rated table takes no move back")
            room.check_version(version)
            if room.finished:
                raise Refused(409, "the game is over: its record is final")
            if not room.moves:
                raise Refused(409, "there is nothing to undo")
            actor, action = room.moves[-1]
            before = room.before_last()
            refusal = undo_refusal([Step(actor, action, before)], viewer)
            if refusal:
                raise Refused(409, f"cannot undo: {refusal}")
            clock = timing_after(room, now(), before)
            await self._commit(room, self.store.remove_last_move, room.id, room.version, len(room.moves) - 1,
                               before.current_player(), clock)
            room.since, room.deadline = clock["since"], clock["deadline"]
            room.echoes.pop(len(room.moves) - 1, None)
            room.moves.pop()
            room.state, room.version = before, room.version + 1
            self._announce(room)
            return room.game.action_text(action)

    async def claim(self, room: Room, seat: int, name: str, reserved_for: str | None = None,
                    account: int | None = None) -> str:
        """Take an open seat (or the rematch seat kept for `reserved_for`), for `account` if signed in;
        returns its credential."""
        async with room.lock:
            if not 0 <= seat < len(room.seats) or room.seats[seat].kind != PERSON:
                raise Refused(404, f"seat {seat} is not a person's seat of this table")
            if room.rated and account is None:
                raise Refused(401, "a rated table's seats are for signed-in players: sign in first")
            token, place = new_token(), room.seats[seat]
            clock = timing_after(room, now(), claimed=seat) if room.clock else None  # the table may be full now
            try:
                if not await self._write(self.store.claim_seat, room.id, seat, name[:NAME], token, reserved_for,
                                         account, clock):
                    raise Refused(409, f"seat {seat} is taken")
            except Seated:
                raise Refused(409, "your account already holds a seat of this rated table") from None
            room.stamp += 1
            self._revoke(room, place)
            place.claimed, place.name, place.token, place.account = True, name[:NAME], token_hash(token), account
            if clock:
                room.since, room.deadline = clock["since"], clock["deadline"]
            self._announce(room)
            return token

    async def leave(self, room: Room, token: str | None, bot: str | None) -> None:
        """The seat is open again (its credential stops working), or a bot takes it over; at a rated
        table, leaving is resigning (a bot playing on would play for the player's rating)."""
        async with room.lock:
            viewer = self._player(room, token)
            seat = room.seats[viewer]
            agent = agent_for(bot, room.game) if bot else None
            if room.rated:
                if room.finished:
                    raise Refused(409, "the game is over: a rated table's seats stay their players'")
                await self._end_turn(room, viewer, LOSE, "resigning")
            else:
                change = {"kind": BOT if agent else PERSON, "agent": agent, "claimed": bool(agent),
                          "name": f"{agent} for {seat.name or 'a player'}"[:NAME] if agent else "",
                          "token": token_hash(new_token()), "account_id": None}
                stops = not agent or room.person_to_move() == viewer  # an open seat stops every clock
                clock = {"since": None, "deadline": None} if stops else None
                await self._write(self.store.set_seat, room.id, viewer, clock, **change)
                room.stamp += 1
                self._revoke(room, seat)
                for key, value in change.items():
                    setattr(seat, "account" if key == "account_id" else key, value)
                if clock:  # off the clock
                    room.since, room.deadline = None, None
                self._announce(room)
        self._wake_bots(room)

    async def rematch(self, room: Room, token: str | None) -> tuple[str, str]:
        """The same game again, seats turned by one, each kept for its player; returns the new table
        and the caller's credential there (asked again, a new one)."""
        async with room.lock:
            viewer = self._player(room, token)
            if not room.finished:
                raise Refused(409, "the game is not over yet")
            if room.rematch is None:
                n = len(room.seats)
                moved = [room.seats[(i + 1) % n] for i in range(n)]  # each player one seat on
                seats = [{"kind": s.kind, "agent": s.agent, "name": s.name, "account": s.account} for s in moved]
                new_id, _ = await self.create(room.game.name, room.params, seats, room.companion,
                                              reserved=[s.token if s.kind == PERSON else None for s in moved],
                                              rated=room.rated, clock=room.clock, turned=room.turned + 1)
                if not await self._write(self.store.set_rematch, room.id, new_id):
                    await self._reload(room)  # another process set one first
                    raise Refused(409, "the table changed meanwhile: reload and try again")
                room.rematch, room.stamp = new_id, room.stamp + 1
                self._announce(room)
            new, mine = await self.get(room.rematch), room.seats[viewer]
        return room.rematch, await self.claim(new, (viewer - 1) % len(room.seats), mine.name, mine.token,
                                              mine.account)

    # -- listeners ------------------------------------------------------------------------------------
    def attach(self, room: Room, listener: Listener) -> None:
        """The new viewer gets its view; the others hear of it only when a seat comes online."""
        comes_online = self._seat_online(room, listener.viewer) is False
        room.listeners.add(listener)
        if comes_online:
            self._announce(room)
        else:
            listener.offer(room.view_json(listener.viewer))

    def detach(self, room: Room, listener: Listener) -> None:
        room.listeners.discard(listener)
        if self._seat_online(room, listener.viewer) is False:  # its seat's last connection: now offline
            self._announce(room)

    @staticmethod
    def _seat_online(room: Room, viewer: int | str) -> bool | None:
        """Has the seat `viewer` a connection? None for a spectator, whose comings and goings show nowhere."""
        if not isinstance(viewer, int):
            return None
        return any(x.viewer == viewer for x in room.listeners)

    def _revoke(self, room: Room, seat: Seat) -> None:
        """Close the websockets opened with a seat's old credential."""
        for listener in [x for x in room.listeners if x.viewer == seat.seat]:
            room.listeners.discard(listener)
            listener.close(4403, "this seat changed hands")

    def _announce(self, room: Room) -> None:
        room.changed()
        for listener in room.listeners:
            listener.offer(room.view_json(listener.viewer))

    # -- internals ------------------------------------------------------------------------------------
    def _player(self, room: Room, token: str | None) -> int:
        viewer = room.seat_of(token)
        if viewer == SPECTATOR:
            raise Refused(401, "a seat's credential is needed (Authorization: Bearer ...)")
        return viewer

    async def _commit(self, room: Room, change, *args) -> None:
        """Write a change; if storage and memory disagree (another process changed the table first), take
        the table as storage has it and refuse."""
        try:
            await asyncio.shield(self._write(change, *args))  # a cancelled request still finishes its write
        except Conflict:
            await self._reload(room)
            raise Refused(409, "the table changed meanwhile: reload and try again") from None
        room.stamp += 1

    async def _advance(self, room: Room, moves: list[tuple[int, int]]) -> None:
        """Apply `moves` and the chance outcomes that follow them, commit them in one transaction,
        then tell every listener; wake the bots if one is to move."""
        state, echoes = room.state.copy(), []
        for _, action in moves:
            state.apply(action)
            echoes.append(room.echo(state))
        while state.current_player() == CHANCE and not room.companion:
            ply = len(room.moves) + len(moves)
            action = sample_outcome(state.chance_outcomes(), stream(room.seed, "chance", ply))
            state.apply(action)
            echoes.append(room.echo(state))
            moves.append((CHANCE, action))
        if moves:
            first, at = len(room.moves), now()
            clock, charged = timing_after(room, at, state), charged_for(room, moves[0][0], at)
            await self._commit(room, self.store.add_moves, room.id, room.version, first, moves,
                               state.current_player(), state.is_terminal(), clock, charged)
            room.since, room.deadline = clock["since"], clock["deadline"]
            if charged:
                room.seats[charged[0]].time_left = charged[1]
            room.moves.extend(moves)
            MOVES.inc(len(moves))
            for ply, echo in enumerate(echoes, first):
                room.remember(ply, echo)
            room.state, room.version = state, room.version + len(moves)
            if room.rated and room.finished:  # before the players hear of the end: their new ratings are there
                await self.score(room.id)
            self._announce(room)
        self._wake_bots(room)

    # -- time controls --------------------------------------------------------------------------------
    async def time_out(self, room: Room) -> None:
        async with room.lock:
            seat = room.person_to_move()
            if seat is None or room.deadline is None or room.deadline > now():
                return
            await self._end_turn(room, seat, room.clock.then, "time")
        self._wake_bots(room)

    async def _end_turn(self, room: Room, seat: int, then: str, why: str) -> None:
        """Seat `seat` loses (`then` LOSE: the game is over, `why`: "time" or "resigning") or a bot of
        strength `then` takes it; the caller holds the room's lock. Nothing happens if another process
        changed the table first."""
        place = room.seats[seat]
        if then == LOSE:
            change = {}
            done = await self._write(self.store.end_turn, room.id, room.version,
                                     {"forfeit": seat, "forfeit_by": why, "finished": True, "since": None,
                                      "deadline": None})
        else:
            change = {"kind": BOT, "agent": STRENGTHS[then], "token": token_hash(new_token()),
                      "name": f"{then} for {place.name or 'a player'}"[:NAME]}
            done = await self._write(self.store.end_turn, room.id, room.version, {"since": None, "deadline": None},
                                     seat, **change)
        if not done:  # another process saw to it, or the player moved, first
            await self._reload(room)
            return
        room.stamp, room.version = room.stamp + 1, room.version + 1
        room.since = room.deadline = None
        if change:  # a bot has the seat: the player's credential no longer opens it
            self._revoke(room, place)
            for key, value in change.items():
                setattr(place, key, value)
        else:  # the player lost, and still sees the table as their seat
            room.forfeit, room.forfeit_by = seat, why
            if room.rated:
                await self.score(room.id)
        self._announce(room)

    async def score(self, table_id: str) -> None:
        """Rate a finished rated table (once, whichever process comes first); a failure is retried when
        the server starts again (`score_pending`)."""
        for attempt in range(3):  # two tables of one newcomer ending at once may collide once
            try:
                room = self.rooms.get(table_id) or await asyncio.to_thread(self._load, table_id)
                bots = {s.agent: strength_of(s.agent, room.game) for s in room.seats if s.kind == BOT}
                await self._write(self.accounts.score, room.id, room.game.name, bots, room.outcome())
                return
            except Exception:  # noqa: BLE001 - the result is stored; its rating is tried again (score_pending)
                log.warning("rating table %s failed (attempt %d)", table_id, attempt + 1, exc_info=True)
                await asyncio.sleep(0.2 * (attempt + 1))

    async def score_pending(self) -> None:
        for table_id in await asyncio.to_thread(self.accounts.unscored):
            await self.score(table_id)

    def _bot_to_move(self, room: Room) -> Seat | None:
        actor = room.state.current_player()
        if room.forfeit is not None:
            return None
        return room.seats[actor] if actor >= 0 and room.seats[actor].kind == BOT else None

    def _wake_bots(self, room: Room) -> None:
        loop = asyncio.get_running_loop()
        if (self._bot_to_move(room) and (room.bot_task is None or room.bot_task.done())
                and loop.time() - room.bot_failed > BOT_RETRY):
            room.bot_task = loop.create_task(self._play_bots(room))

    async def _play_bots(self, room: Room) -> None:
        while (seat := self._bot_to_move(room)) is not None:
            version = room.version
            turn = BotTurn(room.id, room.game.name, room.params, tuple(a for _, a in room.moves), seat.seat,
                           seat.agent, room.seed)
            try:
                if self.store.shared and not await asyncio.to_thread(self.store.claim_bot, room.id, version,
                                                                     self.owner, BOT_LEASE):
                    return  # another process thinks for it; its move comes through the feed
                waits = any(s.kind == PERSON for s in room.seats)  # else a bot-only table: it yields to people's
                action = await (self._think(room, turn, version, waits) if self.store.shared
                                else self.bots.choose(turn, waits))
                if room.listeners:  # somebody watches: each move stays in view a moment, a turn is seen step by step
                    await asyncio.sleep(max(0.0, room.moved_at + self.pace - asyncio.get_running_loop().time()))
                async with room.lock:
                    now = self._bot_to_move(room)
                    if room.version != version or now is None or (now.seat, now.agent) != (seat.seat, seat.agent):
                        continue  # somebody undid, or the seat changed hands: think again
                    if action not in room.state.legal_actions():
                        raise GaiatableError(f"the bot chose {action}, which is not legal")
                    await self._advance(room, [(seat.seat, action)])
            except asyncio.CancelledError:
                raise
            except Exception:  # the table waits; the next request after BOT_RETRY tries again
                log.exception("bot %s failed on table %s", seat.agent, room.id)
                room.bot_failed = asyncio.get_running_loop().time()
                return

    async def _think(self, room: Room, turn: BotTurn, version: int, person_waits: bool) -> int:
        """The bot's choice, renewing this process's claim on the move while it thinks."""
        choice = asyncio.ensure_future(self.bots.choose(turn, person_waits))
        try:
            while True:
                done, _ = await asyncio.wait([choice], timeout=BOT_LEASE / 3)
                if done:
                    return choice.result()
                await asyncio.to_thread(self.store.claim_bot, room.id, version, self.owner, BOT_LEASE)
        finally:
            choice.cancel()


def seat_of(row: SeatRow) -> Seat:
    return Seat(row.seat, row.kind, row.agent, row.name, row.token, row.claimed, row.reserved_for, row.account_id,
                row.time_left)
