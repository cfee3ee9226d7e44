"""The accounts' part of the API: signing up, in and out, who the caller is, ratings and profiles.

Who is asking, for every request about a table: a seat's credential (`Authorization: Bearer ...`), a
signed-in account (its session as a bearer token `gts_...`, or the browser's cookie), or nobody. The
cookie is HttpOnly and SameSite=Lax, and a change it asks for needs the session's CSRF token in
`X-CSRF-Token` (a page of another site cannot read it)."""

from __future__ import annotations

import asyncio
import math
import secrets
from typing import Annotated

from fastapi import APIRouter, Depends, Request, WebSocket
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

from ..core.registry import registered_games
from .accounts import SESSION_DAYS, SESSION_PREFIX, Account, Accounts
from .bots import rated_bots
from .limits import Gate
from .table import Refused

COOKIE = "gaiatable_session"
HINT = "gaiatable_signed_in"  # readable by the page: ask /api/me only when signed in (no 401 in its console)
SAFE = {"GET", "HEAD", "OPTIONS"}

bearer = HTTPBearer(auto_error=False, description="a seat's credential, or an account's session (gts_...)")
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


class SignIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=40)
    password: str = Field(max_length=200, json_schema_extra={"format": "password"})


class Session(BaseModel):
    name: str
    token: str = Field(description="the session as a bearer token for API clients (the browser gets a cookie)")
    csrf: str = Field(description="X-CSRF-Token for changes asked with the cookie")


class HeldSeat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    table: str = Field(max_length=16)
    token: str = Field(max_length=100, description="the seat's credential")


class HeldSeats(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[HeldSeat] = Field(max_length=200)


class Rated(BaseModel):
    name: str
    kind: str = Field(description="person or bot")
    rating: int = Field(description="40 × mu: a newcomer starts at 1000")
    uncertainty: int = Field(description="± this holds the true rating with about 95% confidence (2 sigma)")
    games: int
    wins: int


def bot_specs() -> dict[str, dict[str, str]]:
    """Every game's lobby strengths with their specs: the bots rated beside the people."""
    return {cls.name: {strength: spec for spec, strength in rated_bots(cls).items()} for cls in registered_games()}


def accounts_of(connection: Request | WebSocket) -> Accounts:
    return connection.app.state.accounts


async def session(connection: Request | WebSocket, token: str) -> Account | None:
    return await asyncio.to_thread(accounts_of(connection).session, token)


async def by_token(connection: Request | WebSocket, token: str) -> str | Account:
    """A seat's credential as it is, or the account of a session token (Refused if it has ended)."""
    if not token.startswith(SESSION_PREFIX):
        return token
    account = await session(connection, token)
    if account is None:
        raise Refused(401, "this session has ended: sign in again")
    return account


async def who(request: Request, credentials: Token) -> str | Account | None:
    """Who asks: a seat's credential, an account, or nobody (None)."""
    if credentials:
        return await by_token(request, credentials.credentials)
    cookie = request.cookies.get(COOKIE)
    account = await session(request, cookie) if cookie else None
    if account and request.method not in SAFE and not secrets.compare_digest(
            request.headers.get("x-csrf-token", "").encode(), account.csrf.encode()):
        raise Refused(403, "a change asked with the session cookie needs its X-CSRF-Token header")
    return account


Who = Annotated[str | Account | None, Depends(who)]


async def watcher(socket: WebSocket, token: str | None) -> str | Account | None:
    """A websocket's viewer: its hello's token, else the cookie if the page is this site's own."""
    if token:
        return await by_token(socket, token)
    cookie, origin = socket.cookies.get(COOKIE), socket.headers.get("origin", "")
    if cookie and origin.split("://")[-1] == socket.headers.get("host"):
        return await session(socket, cookie)
    return None


def signed_in(request: Request, account: Account, token: str, csrf: str, status: int) -> JSONResponse:
    response = JSONResponse(Session(name=account.name, token=token, csrf=csrf).model_dump(), status_code=status)
    for name, value, httponly in ((COOKIE, token, True), (HINT, "1", False)):
        response.set_cookie(name, value, max_age=SESSION_DAYS * 86400, httponly=httponly, samesite="lax",
                            secure=request.url.scheme == "https", path="/")
    return response


def limited(request: Request, name: str) -> None:
    gate: Gate = request.app.state.gate
    wait = gate.sign_in(request.client.host if request.client else "", name)
    if wait:
        raise Refused(429, f"too many sign-ins for this name or from your address: try again in {math.ceil(wait)} s",
                      retry_after=math.ceil(wait))


router = APIRouter()


@router.post("/api/accounts", status_code=201, response_model=Session, summary="Sign up (and in)")
async def sign_up(body: SignIn, request: Request) -> JSONResponse:
    limited(request, body.name)
    accounts = accounts_of(request)
    account = await asyncio.to_thread(accounts.sign_up, body.name, body.password)
    return signed_in(request, account, *await asyncio.to_thread(accounts.open_session, account), 201)


@router.post("/api/session", response_model=Session, summary="Sign in: a new session")
async def sign_in(body: SignIn, request: Request) -> JSONResponse:
    limited(request, body.name)
    accounts = accounts_of(request)
    account = await asyncio.to_thread(accounts.check, body.name, body.password)
    return signed_in(request, account, *await asyncio.to_thread(accounts.open_session, account), 200)


@router.delete("/api/session", status_code=204, summary="Sign out: the session stops working")
async def sign_out(request: Request, credentials: Token) -> Response:
    if not isinstance(await who(request, credentials), Account):
        raise Refused(401, "you are not signed in")
    token = credentials.credentials if credentials else request.cookies[COOKIE]
    await asyncio.to_thread(accounts_of(request).close_session, token)
    response = Response(status_code=204)
    response.delete_cookie(COOKIE, path="/")
    response.delete_cookie(HINT, path="/")
    return response


@router.get("/api/me", summary="Who you are: name, ratings, and your tables with whose turn it is")
async def me(request: Request, account: Who) -> dict:
    if not isinstance(account, Account):
        raise Refused(401, "you are not signed in")
    accounts = accounts_of(request)
    return {"name": account.name, "csrf": account.csrf or None,
            "ratings": await asyncio.to_thread(accounts.ratings_of, account.id),
            "tables": await asyncio.to_thread(accounts.tables_of, account.id)}


@router.post("/api/me/seats", summary="Keep the seats you held as a guest under your account",
             description="Each seat whose credential is given and that belongs to no account becomes yours: "
                         "it opens with your session on any device and is listed among your tables. Returns the "
                         "tables kept; a credential that opens no such seat is passed over.")
async def keep_seats(body: HeldSeats, request: Request, account: Who) -> dict:
    if not isinstance(account, Account):
        raise Refused(401, "you are not signed in")
    rooms = request.app.state.rooms
    kept = []
    for held in body.seats:
        if await asyncio.to_thread(request.app.state.store.adopt_seat, held.table, held.token, account.id):
            kept.append(held.table)
            if held.table in rooms.rooms:  # open in this process: its seats as storage has them now
                await rooms.resync(rooms.rooms[held.table])
    return {"kept": kept}


@router.get("/api/ratings/{game}", response_model=list[Rated], summary="A game's leaderboard: people and bots")
async def leaderboard(game: str, request: Request) -> list[dict]:
    if game not in {cls.name for cls in registered_games()}:
        raise Refused(404, f"no game {game[:40]!r}")
    return await asyncio.to_thread(accounts_of(request).leaderboard, game)


@router.get("/api/players/{name}", summary="A player's profile: ratings, win/loss by game, recent tables")
async def profile(name: str, request: Request) -> dict:
    return await asyncio.to_thread(accounts_of(request).profile, name[:40])
