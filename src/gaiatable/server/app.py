"""The HTTP and websocket API, and the static browser client (gaiatable/web), as one ASGI app.

Every response about a table is built for one viewer: a seat (its credential as `Authorization:
Bearer ...`, or the websocket's first message `{"token": ...}`) or a spectator (no credential)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from typing import Annotated, Literal

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from .. import __version__
from ..agents.spec import named
from ..core.errors import GaiatableError
from ..core.game import SPECTATOR
from ..core.record import dumps
from ..core.registry import game_class, load_game, registered_games
from . import metrics, upkeep
from .account_api import Who, bot_specs, watcher
from .account_api import router as account_router
from .accounts import Account, Accounts
from .bots import STRENGTHS, Bots
from .clock import Clock
from .feed import follow
from .limits import Gate, Limits
from .listeners import Listener
from .metrics import ACKNOWLEDGED
from .rooms import Rooms
from .storage import Store
from .table import Refused, Room

log = logging.getLogger("gaiatable.server")
access = logging.getLogger("gaiatable.access")  # one JSON line a request (serve --access-log)
MAX_BODY = 64 * 1024
HELLO_TIMEOUT = 10.0  # seconds a websocket has to say who it is
WEB = resources.files("gaiatable") / "web"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatChoice(Strict):
    kind: Literal["person", "bot"] = "person"
    agent: str | None = Field(None, max_length=80, description="a bot's strength (easy … strong) or spec")
    name: str = Field("", max_length=40)
    open: bool = Field(False, description="a person's seat anyone may take from the lobby (no credential yet)")
    account: str | None = Field(None, max_length=24, description="a person's seat for this account (its name)")


class TimeControl(Strict):
    move: int | None = Field(None, ge=10, le=14 * 86400, description="seconds a person has for each decision")
    game: int | None = Field(None, ge=60, le=30 * 86400, description="seconds a person has for the whole game")
    then: Literal["lose", "easy", "medium", "standard", "strong"] = Field(
        "standard", description="who runs out loses, or a bot of this strength takes the seat")


class NewTable(Strict):
    game: str = Field(max_length=40)
    params: dict[Annotated[str, StringConstraints(max_length=40)],
                 Annotated[str, StringConstraints(max_length=200)] | int | bool] = Field(default_factory=dict,
                                                                                        max_length=20)
    seats: list[SeatChoice] = Field(min_length=1, max_length=8)
    companion: bool = Field(False, description="chance outcomes are entered by the players from a physical copy")
    rated: bool = Field(False, description="the result changes the players' ratings: every person's seat names an "
                                          "account, no undo")
    clock: TimeControl | None = Field(None, description="a time control, for play over minutes or days")


class CreatedTable(Strict):
    table: str
    tokens: list[str | None] = Field(description="each taken person seat's secret credential, in seat order")


class Problem(BaseModel):
    """Every refusal's body: what is wrong, in words (a rule's clause where one forbids a move)."""
    detail: str


REFUSALS = {status: {"model": Problem, "description": meaning} for status, meaning in {
    400: "a malformed request line or headers", 401: "a seat's credential is needed",
    403: "the credential opens no seat of this table, or the seat may not do this",
    404: "no such table, ply or page", 409: "not your turn, a stale version, or the game is over",
    413: "a body over 64 KiB", 422: "a malformed request, or a move the rules forbid",
    429: "too many requests from one address: wait and try again"}.items()}


class Move(Strict):
    version: int = Field(description="the table version the move was chosen on")
    action: int | None = Field(None, ge=0, description="an action id")
    text: str | None = Field(None, max_length=200, description="or the move as typed in the terminal")


class Version(Strict):
    version: int


class Claim(Strict):
    name: str = Field("", max_length=40)


class Leave(Strict):
    bot: str | None = Field(None, max_length=80, description="a bot to take over the seat; none leaves it open")


class Credential(Strict):
    table: str
    seat: int
    token: str




@cache
def seat_names(game: str) -> dict[int, list[str]]:
    """What the game calls each seat, by player count ("yellow", "seat 0"): the lobby labels its rows so."""
    cls = game_class(game)
    counted = any(p.name == "players" for p in cls.params_spec)
    return {n: [seat["name"] for seat in load_game(game, **({"players": n} if counted else {}))
                .new_initial_state().observe(SPECTATOR)["seats"]]
            for n in range(cls.min_players, cls.max_players + 1)}

def address(connection: Request | WebSocket) -> str:
    return connection.client.host if connection.client else ""


def slow_down(wait: float, why: str) -> JSONResponse:
    return JSONResponse({"detail": f"{why}: try again in {math.ceil(wait)} s"}, status_code=429,
                        headers={"Retry-After": str(math.ceil(wait))})


async def quietly_close(socket: WebSocket, code: int, reason: str) -> None:
    """Close with a reason; a client already gone needs none (and leaves no traceback in the log)."""
    with contextlib.suppress(Exception):
        await socket.close(code=code, reason=reason)


def create_app(db: str | None = None, bot_workers: int = 1, limits: Limits | None = None,
               keep_days: float = 0, bot_pace: float = 0) -> FastAPI:
    """The app over the database at URL `db` (default: an SQLite file in the current folder); tables
    untouched for `keep_days` days are removed (0: kept for ever); a bot moves `bot_pace` seconds after
    the change before it at least, while somebody watches the table."""
    store = Store(db or "sqlite:///gaiatable.db")
    accounts = Accounts(store)
    limits = limits or Limits()
    gate = Gate(limits)
    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        await asyncio.to_thread(store.migrate)
        await asyncio.to_thread(accounts.seed_bots, bot_specs())
        bots = Bots(bot_workers)
        _app.state.rooms = rooms = Rooms(store, bots, accounts, pace=bot_pace)
        await rooms.score_pending()
        metrics.watch(rooms)
        background = []
        if store.shared:  # other processes may serve the same tables: follow their changes, share the bots
            background = [asyncio.create_task(follow(store.url, rooms)), asyncio.create_task(upkeep.sweep(rooms))]
        else:
            await upkeep.resume_all(rooms)
        background.append(asyncio.create_task(upkeep.watch_clocks(rooms)))
        if keep_days:
            background.append(asyncio.create_task(upkeep.prune(rooms, keep_days)))
        yield
        for task in background:
            task.cancel()
        await rooms.close()
        bots.close()
        metrics.leaving()
        store.engine.dispose()

    app = FastAPI(title="gaiatable", version=__version__, lifespan=lifespan, responses=REFUSALS,
                  description="Play the gaiatable games online: tables, seats, moves, replays. Every refusal "
                              "is a 4xx whose body is {\"detail\": \"why\"}.")
    app.state.store, app.state.accounts, app.state.gate = store, accounts, gate
    app.include_router(account_router)

    def rooms() -> Rooms:
        return app.state.rooms

    async def room_of(table_id: str, fresh: bool = True) -> Room:
        if not (0 < len(table_id) <= 16):
            raise Refused(404, f"no table {table_id[:20]!r}")
        return await rooms().get(table_id, fresh)

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused):
        return JSONResponse({"detail": str(exc)}, status_code=exc.status,
                            headers={"Retry-After": str(exc.retry_after)} if exc.retry_after else None)

    @app.exception_handler(GaiatableError)
    async def bad_input(_request: Request, exc: GaiatableError):
        return JSONResponse({"detail": str(exc)}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, exc: RequestValidationError):
        problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()[:5])
        return JSONResponse({"detail": f"malformed request: {problems}"}, status_code=422)

    app.add_middleware(LimitBody)
    app.add_middleware(Front, gate=gate)

    # -- the API --------------------------------------------------------------------------------------
    @app.get("/api/games", summary="Every game with its player counts and parameters")
    async def games() -> list[dict]:
        out = []
        for cls in registered_games():
            params = [{"name": p.name, "default": p.default, "doc": p.doc, "choices": p.choices, "min": p.min,
                       "max": p.max} for p in cls.params_spec if p.name != "content"]
            out.append({"name": cls.name, "title": cls.title, "players": [cls.min_players, cls.max_players],
                        "how_to_play": cls.how_to_play_text(),
                        "perfect_information": cls.perfect_information, "chance": cls.chance, "params": params,
                        "seat_names": seat_names(cls.name),
                        "bots": {name: named(spec, cls) for name, spec in STRENGTHS.items()}})
        return out

    @app.post("/api/tables", status_code=201, response_model=CreatedTable,
              summary="Open a table; returns a credential per person seat")
    async def create(body: NewTable, request: Request, caller: Who) -> Response:
        wait = gate.new_table(address(request))
        if wait:
            return slow_down(wait, f"your address has opened {limits.tables_per_hour} tables this hour")
        seats = await seats_for(body.seats, caller)
        if body.clock and not (body.clock.move or body.clock.game):
            raise Refused(422, "a clock needs seconds for each decision ('move'), for the game ('game'), or both")
        clock = Clock(**body.clock.model_dump()) if body.clock else None
        table, tokens = await rooms().create(body.game, body.params, seats, body.companion, rated=body.rated,
                                             clock=clock)
        me = caller.id if isinstance(caller, Account) else None
        return CreatedTable(table=table, tokens=[t if s.get("account") in (None, me) else None  # others sign in
                                                 for t, s in zip(tokens, seats, strict=True)])

    async def seats_for(seats: list[SeatChoice], caller) -> list[dict]:
        """The seats as rooms take them: the caller's own account on the seats that name it (no one is
        seated by another; they take open seats by signing in)."""
        out = []
        for i, seat in enumerate(seats):
            choice = seat.model_dump()
            if seat.account:
                if not isinstance(caller, Account) or seat.account.casefold() != caller.name.casefold():
                    raise Refused(422, f"seat {i}: a seat may name only your own account, signed in; others take "
                                       "open seats by signing in")
                if seat.kind != "person" or seat.open:
                    raise Refused(422, f"seat {i}: only a person's taken seat may name an account")
                choice.update(account=caller.id, name=caller.name)
            out.append(choice)
        return out

    @app.get("/api/tables", summary="Recent tables, for the lobby (no secrets)")
    async def lobby(limit: Annotated[int, Query(ge=1, le=200)] = 50,
                    ids: Annotated[str | None, Query(max_length=2000, description="only these tables, comma-separated")]
                    = None) -> list[dict]:
        wanted = [i for i in ids.split(",") if i][:200] if ids is not None else None
        out = []
        for row, seats in await asyncio.to_thread(store.listing, limit, wanted):
            out.append({"table": row.id, "game": row.game, "title": game_class(row.game).title,
                        "plies": row.plies, "to_move": row.to_move, "finished": row.finished, "rated": row.rated,
                        "deadline": row.deadline.isoformat() + "Z" if row.deadline else None, "clock": row.clock,
                        "updated": row.updated.isoformat() + "Z",
                        "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "agent": s.agent,
                                   "open": s.kind == "person" and not s.claimed, "signed_in": bool(s.account_id)}
                                  for s in seats]})
        return out

    def view_response(room: Room, caller) -> Response:
        """A view is serialized once per change and viewer, for the websockets and these responses alike."""
        return Response(room.view_json(room.seat_of(caller)), media_type="application/json")

    @app.get("/api/tables/{table_id}", summary="The table as the caller may see it", response_class=JSONResponse)
    async def table(table_id: str, caller: Who) -> Response:
        room = await room_of(table_id)
        return view_response(room, caller)

    @app.post("/api/tables/{table_id}/moves", summary="Make a move for the caller's seat", response_class=JSONResponse)
    async def move(table_id: str, body: Move, caller: Who) -> Response:
        with ACKNOWLEDGED.time():
            room = await room_of(table_id, fresh=False)
            await rooms().attempt(room, lambda: rooms().move(room, caller, body.version, body.action,
                                                             body.text))
        return view_response(room, caller)

    @app.post("/api/tables/{table_id}/undo", summary="Take back the caller's latest decision, if the policy allows",
              response_class=JSONResponse)
    async def undo(table_id: str, body: Version, caller: Who) -> Response:
        room = await room_of(table_id, fresh=False)
        await rooms().attempt(room, lambda: rooms().undo(room, caller, body.version))
        return view_response(room, caller)

    @app.post("/api/tables/{table_id}/seats/{seat}/claim", summary="Take an open seat")
    async def claim(table_id: str, seat: int, body: Claim, caller: Who) -> Credential:
        room = await room_of(table_id, fresh=False)
        account = caller if isinstance(caller, Account) else None
        name = account.name if account else body.name
        return Credential(table=table_id, seat=seat, token=await rooms().attempt(
            room, lambda: rooms().claim(room, seat, name, account=account and account.id)))

    @app.post("/api/tables/{table_id}/leave", summary="Leave the caller's seat open, or to a bot")
    async def leave(table_id: str, body: Leave, caller: Who) -> Response:
        room = await room_of(table_id, fresh=False)
        await rooms().attempt(room, lambda: rooms().leave(room, caller, body.bot))
        return Response(room.view_json(SPECTATOR), media_type="application/json")

    @app.post("/api/tables/{table_id}/rematch", summary="The same game again; the caller's new credential")
    async def rematch(table_id: str, caller: Who) -> Credential:
        room = await room_of(table_id, fresh=False)
        new_id, token = await rooms().attempt(room, lambda: rooms().rematch(room, caller))
        new = await rooms().get(new_id)
        return Credential(table=new_id, seat=new.seat_of(token), token=token)

    @app.get("/api/tables/{table_id}/preview", summary="What one of the caller's moves would bring about "
             "(games without secrets)")
    async def preview(table_id: str, caller: Who, action: Annotated[int, Query(ge=0)]) -> dict:
        room = await room_of(table_id)
        return room.preview(room.seat_of(caller), action)

    @app.get("/api/tables/{table_id}/why", summary="Whether a move the caller names in words is one of its moves "
             "now, and if not the rule that forbids it")
    async def why(table_id: str, caller: Who, text: Annotated[str, Query(min_length=1, max_length=200)]) -> dict:
        room = await room_of(table_id)
        return room.why_not(room.seat_of(caller), text)

    @app.get("/api/tables/{table_id}/replay", summary="The table after `ply` decisions, for the caller")
    async def replay(table_id: str, caller: Who, ply: Annotated[int, Query(ge=0)] = 0) -> dict:
        room = await room_of(table_id)
        return room.replay_view(room.seat_of(caller), ply)

    @app.get("/api/tables/{table_id}/record", response_class=PlainTextResponse,
             summary="The game record (JSON Lines) once the game is over; `gaiatable replay verify` accepts it")
    async def record(table_id: str) -> PlainTextResponse:
        room = await room_of(table_id)
        text = dumps(room.record())
        return PlainTextResponse(text, media_type="application/x-ndjson", headers={
            "Content-Disposition": f'attachment; filename="{room.game.name}-{room.id}.jsonl"'})

    @app.get("/api/tables/{table_id}/info", summary="What a card, piece or other named thing of the game is")
    async def info(table_id: str, name: Annotated[str, Query(min_length=1, max_length=80)]) -> dict:
        room = await room_of(table_id)
        return {"text": room.game.info(name)}

    @app.get("/api/tables/{table_id}/cards", summary="Every card face of the table's game (public: the card list)")
    async def cards(table_id: str) -> list[dict]:
        room = await room_of(table_id)
        return room.game.cards()

    @app.websocket("/ws/tables/{table_id}")
    async def live(socket: WebSocket, table_id: str):
        """Pushes the caller's view on every change. The first message says who is watching:
        `{"token": "..."}` for a seat, `{}` for a spectator (never in the URL, where logs keep it)."""
        try:
            await socket.accept()
            hello = json.loads(await asyncio.wait_for(socket.receive_text(), HELLO_TIMEOUT))
            token = hello.get("token") if isinstance(hello, dict) else None
            room = await room_of(table_id)
            viewer = room.seat_of(await watcher(socket, token if isinstance(token, str) else None))
            crowded = gate.may_watch(address(socket), len(room.listeners))
            if crowded:
                raise Refused(429, crowded)
        except Refused as exc:
            await quietly_close(socket, {404: 4404, 429: 4429}.get(exc.status, 4403), str(exc)[:120])
            return
        except Exception:  # no hello in time, not JSON, or the client went away
            await quietly_close(socket, 4400, "say who you are first: {\"token\": ...} or {}")
            return
        listener = Listener(socket, viewer, room.seats[viewer].token if viewer != SPECTATOR else None)
        rooms().attach(room, listener)
        gate.opened(address(socket))
        try:
            while (await socket.receive())["type"] != "websocket.disconnect":
                pass  # the client has nothing more to say; anything it sends is ignored
        except Exception:  # noqa: BLE001 - a connection torn down mid-frame is a departure too
            pass
        finally:
            gate.closed(address(socket))
            rooms().detach(room, listener)
            listener.close()

    # -- operations -------------------------------------------------------------------------------------
    @app.get("/healthz", summary="Alive, and the database answers")
    async def healthz() -> JSONResponse:
        try:
            await asyncio.wait_for(asyncio.to_thread(store.ping), 5)
        except Exception as exc:  # noqa: BLE001 - any failure to reach the database is the answer
            return JSONResponse({"status": "unhealthy", "database": str(exc)[:200]}, status_code=503)
        return JSONResponse({"status": "ok", "database": "ok", "version": __version__})

    @app.get("/metrics", summary="Counters and gauges in Prometheus's text format", response_class=PlainTextResponse)
    async def prometheus() -> Response:
        return Response(metrics.exposition(), media_type=metrics.CONTENT_TYPE)

    # -- the browser client ---------------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=str(WEB)), name="static")

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(str(WEB / "index.html"))

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(str(WEB / "table.html"))

    @app.get("/players/{name}", include_in_schema=False)
    async def player_page(name: str) -> FileResponse:
        return FileResponse(str(WEB / "player.html"))

    return app


class Front:
    """Every HTTP request first: /api/ requests throttled by address; an id (the proxy's X-Request-ID, or a
    new one) echoed in the response and logged with what was asked and answered, never a credential (they
    travel in headers). Plain ASGI: Starlette's `@app.middleware("http")` costs a task and two streams a
    request, a tenth of a move's work."""

    def __init__(self, app, gate: Gate):
        self.app, self.gate = app, gate

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        request = Request(scope)
        request_id = request.headers.get("x-request-id", "")[:64] or secrets.token_hex(8)
        started, status = time.perf_counter(), 500

        async def identified(message):
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {**message, "headers": [*message.get("headers", []), (b"x-request-id", request_id.encode())]}
            await send(message)

        wait = self.gate.request(address(request)) if scope["path"].startswith("/api/") else 0
        app = slow_down(wait, "too many requests from your address") if wait else self.app
        await app(scope, receive, identified)
        if access.isEnabledFor(logging.INFO):
            access.info(json.dumps({
                "at": datetime.now(UTC).isoformat(timespec="milliseconds"), "request": request_id,
                "client": address(request), "method": scope["method"], "path": scope["path"],
                "status": status, "ms": round(1000 * (time.perf_counter() - started), 1)}))


class LimitBody:
    """Refuses a request body over MAX_BODY bytes, however it is sent (declared or chunked): the app
    is told the client went away, and what it answers then is dropped."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or []).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > MAX_BODY:
            return await too_large(send)
        seen, refused = 0, False

        async def counted():
            nonlocal seen, refused
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY and not refused:
                refused = True
                await too_large(send)
            return {"type": "http.disconnect"} if refused else message

        async def unless_refused(message):
            if not refused:
                await send(message)

        await self.app(scope, counted, unless_refused)


async def too_large(send) -> None:
    body = json.dumps({"detail": f"the body is over {MAX_BODY} bytes"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})

