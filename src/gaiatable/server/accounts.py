"""Players with names: accounts, their sign-in sessions and their ratings, kept beside the tables.

An account is optional: anonymous seats work as before. A person signs up with a name and a password
(argon2id hashes, argon2-cffi's defaults); signing in starts a session, a random token kept only as its
sha256 (a cookie for the browser, `Authorization: Bearer gts_...` for API clients). Each lobby strength
(easy, medium, standard, strong) is a bot account too, rated in every game on the people's scale."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Float, ForeignKey, Integer, String, delete, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from . import ratings
from .bots import STRENGTHS
from .storage import BOT, PERSON, Base, SeatRow, Store, TableRow, now, token_hash
from .table import Refused

SESSION_PREFIX = "gts_"  # tells a session token from a seat's credential
SESSION_DAYS = 30
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{2,23}")
PASSWORD = (8, 128)
hasher = PasswordHasher()
NO_ONE = hasher.hash(secrets.token_hex(8))  # checked for unknown names too, so both take as long


class AccountRow(Base):
    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(24))
    key: Mapped[str] = mapped_column(String(24), unique=True)  # the name case-folded: "Ada" and "ada" are one
    kind: Mapped[str] = mapped_column(String(8), default=PERSON)  # PERSON or BOT (no password)
    password: Mapped[str | None] = mapped_column(String(200), default=None)  # argon2 hash
    created: Mapped[datetime] = mapped_column(default=now)


class SessionRow(Base):
    __tablename__ = "sessions"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # sha256 of the session token
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))  # sent back in X-CSRF-Token by the browser's changes
    expires: Mapped[datetime] = mapped_column()


class RatingRow(Base):
    __tablename__ = "ratings"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    agent: Mapped[str | None] = mapped_column(String(80), default=None)  # a bot's spec when it was seeded


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    kind: str = PERSON
    csrf: str = ""  # the session's CSRF token


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise Refused(422, "a name has 3 to 24 letters, digits, '_', '.' or '-', and starts with a letter or digit")
    if name.casefold() in STRENGTHS:
        raise Refused(422, f"{name!r} is the name of a bot: choose another")
    return name


def check_password(password: str, name: str) -> str:
    low, high = PASSWORD
    if not low <= len(password) <= high:
        raise Refused(422, f"a password has {low} to {high} characters")
    if password.casefold() == name.casefold():
        raise Refused(422, "the password may not be the name")
    return password


class Accounts:
    """Accounts, sessions and ratings in the tables' database (the Store's engine)."""

    def __init__(self, store: Store):
        self.engine = store.engine

    # -- accounts and sessions ---------------------------------------------------------------------
    def sign_up(self, name: str, password: str) -> Account:
        row = AccountRow(name=check_name(name), key=name.casefold(), kind=PERSON,
                         password=hasher.hash(check_password(password, name)))
        try:
            with Session(self.engine, expire_on_commit=False) as s, s.begin():
                s.add(row)
        except IntegrityError:
            raise Refused(409, f"the name {name!r} is taken") from None
        return Account(row.id, row.name)

    def check(self, name: str, password: str) -> Account:
        """The account if the password is its own; Refused(401) alike for a wrong name or password."""
        with Session(self.engine) as s:
            row = s.scalar(select(AccountRow).where(AccountRow.key == name.casefold(), AccountRow.kind == PERSON))
        try:
            hasher.verify(row.password if row else NO_ONE, password)
            if row is None:
                raise VerificationError
        except (VerificationError, InvalidHashError):
            raise Refused(401, "wrong name or password") from None
        return Account(row.id, row.name)

    def open_session(self, account: Account) -> tuple[str, str]:
        """A new session (never one the client brought: no fixation); returns its token and CSRF token."""
        token, csrf = SESSION_PREFIX + secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        with Session(self.engine) as s, s.begin():
            s.execute(delete(SessionRow).where(SessionRow.expires < now()))
            s.add(SessionRow(id=token_hash(token), account_id=account.id, csrf=csrf,
                             expires=now() + timedelta(days=SESSION_DAYS)))
        return token, csrf

    def session(self, token: str) -> Account | None:
        with Session(self.engine) as s:
            found = s.execute(select(AccountRow.id, AccountRow.name, SessionRow.csrf).join(SessionRow)
                              .where(SessionRow.id == token_hash(token), SessionRow.expires > now())).first()
        return Account(found.id, found.name, csrf=found.csrf) if found else None

    def close_session(self, token: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(delete(SessionRow).where(SessionRow.id == token_hash(token)))

    # -- ratings -------------------------------------------------------------------------------------
    def seed_bots(self, specs: dict[str, dict[str, str]]) -> None:
        """Every lobby strength has a bot account with a rating in every game (`specs`: game -> strength
        -> spec), seeded from the lab's bot-versus-bot games; seeded again when its spec changed."""
        with Session(self.engine) as s, s.begin():
            if s.bind.dialect.name == "postgresql":  # several processes start at once: one seeds
                s.execute(text("SELECT pg_advisory_xact_lock(4242002)"))
            for game, strengths in specs.items():
                for strength, spec in strengths.items():
                    row = self._rating(s, self._bot(s, strength), game, spec)
                    if row.agent != spec:
                        (row.mu, row.sigma), row.agent = ratings.seed(game, spec), spec

    def score(self, table_id: str, game: str, bots: dict[str, str], outcome: list[float]) -> bool:
        """Rate a finished rated table once (whichever process gets here first): each seat's account
        gets the game's result; `bots` maps each bot seat's agent to its lobby strength."""
        with Session(self.engine) as s, s.begin():
            taken = s.execute(update(TableRow).where(TableRow.id == table_id, TableRow.rated.is_(True),
                                                     TableRow.scored.is_(False)).values(scored=True))
            if taken.rowcount != 1:
                return False
            seats = list(s.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)))
            if any(seat.kind == PERSON and seat.account_id is None for seat in seats):
                return False  # it ended before every seat was taken: nobody to rate against
            accounts = [seat.account_id or self._bot(s, bots[seat.agent]) for seat in seats]
            locked = {account: self._rating(s, account, game) for account in sorted(set(accounts))}  # no deadlock
            rows = [locked[account] for account in accounts]
            for row, (mu, sigma), result in zip(rows, ratings.update(rows, outcome), outcome, strict=True):
                row.mu, row.sigma, row.games = mu, sigma, row.games + 1
                row.wins += result == max(outcome) and outcome.count(result) == 1
            return True

    @staticmethod
    def _bot(s: Session, strength: str) -> int:
        """The bot account of a lobby strength, made on first use."""
        found = s.scalar(select(AccountRow.id).where(AccountRow.key == strength))
        if found is None:
            row = AccountRow(name=strength, key=strength, kind=BOT)
            s.add(row)
            s.flush()
            found = row.id
        return found

    @staticmethod
    def _rating(s: Session, account: int, game: str, spec: str | None = None) -> RatingRow:
        """The account's rating in `game`, locked for the update; new: a newcomer's, or a bot's seed by
        its `spec`."""
        row = s.scalar(select(RatingRow).where(RatingRow.account_id == account, RatingRow.game == game)
                       .with_for_update())
        if row is None:
            mu, sigma = ratings.seed(game, spec)
            row = RatingRow(account_id=account, game=game, mu=mu, sigma=sigma, games=0, wins=0, agent=spec)
            s.add(row)
        return row

    def leaderboard(self, game: str, limit: int = 100) -> list[dict]:
        with Session(self.engine) as s:
            rows = s.execute(select(AccountRow.name, AccountRow.kind, RatingRow.mu, RatingRow.sigma, RatingRow.games,
                                    RatingRow.wins).join(RatingRow).where(RatingRow.game == game)
                             .order_by(RatingRow.mu.desc()).limit(limit))
            return [{"name": r.name, "kind": r.kind, **ratings.shown(r.mu, r.sigma), "games": r.games, "wins": r.wins}
                    for r in rows]

    def ratings_of(self, account: int) -> dict[str, dict]:
        """The account's rating by game, with `above`: the strongest bot rated below it ("you are rated
        above medium"), and `below`: the weakest rated above it (the next to beat); None where none is."""
        with Session(self.engine) as s:
            rows = list(s.scalars(select(RatingRow).where(RatingRow.account_id == account).order_by(RatingRow.game)))
            bots = s.execute(select(RatingRow.game, AccountRow.name, RatingRow.mu).join(AccountRow)
                             .where(AccountRow.kind == BOT, RatingRow.game.in_([r.game for r in rows])))
            mine, under, over = {r.game: r.mu for r in rows}, {}, {}
            for game, name, mu in bots:
                if mu < mine[game] and mu > under.get(game, (-1e9, ""))[0]:
                    under[game] = (mu, name)
                if mu > mine[game] and mu < over.get(game, (1e9, ""))[0]:
                    over[game] = (mu, name)
            return {r.game: {**ratings.shown(r.mu, r.sigma), "games": r.games, "wins": r.wins,
                             "above": under.get(r.game, (0, None))[1], "below": over.get(r.game, (0, None))[1]}
                    for r in rows}

    def tables_of(self, account: int, limit: int = 50) -> list[dict]:
        """The account's tables, most recently changed first: its seat, whose turn, how it stands."""
        with Session(self.engine) as s:
            rows = s.execute(select(TableRow, SeatRow.seat).join(SeatRow, SeatRow.table_id == TableRow.id)
                             .where(SeatRow.account_id == account).order_by(TableRow.updated.desc()).limit(limit))
            return [{"table": row.id, "game": row.game, "seat": seat, "to_move": row.to_move,
                     "your_turn": row.to_move == seat and not row.finished, "finished": row.finished,
                     "rated": row.rated, "updated": row.updated.isoformat() + "Z",
                     "deadline": row.deadline.isoformat() + "Z" if row.deadline else None} for row, seat in rows]

    def profile(self, name: str) -> dict:
        """What anyone may see of a player: ratings (with wins) by game, and the latest finished tables."""
        with Session(self.engine) as s:
            row = s.scalar(select(AccountRow).where(AccountRow.key == name.casefold()))
        if row is None:
            raise Refused(404, f"no player {name[:30]!r}")
        finished = [t for t in self.tables_of(row.id, 100) if t["finished"]][:20]
        with Session(self.engine) as s:  # who sat at each: the names the table shows
            seats = s.execute(select(SeatRow.table_id, SeatRow.seat, SeatRow.name, SeatRow.agent, SeatRow.kind)
                              .where(SeatRow.table_id.in_([t["table"] for t in finished])).order_by(SeatRow.seat))
            players: dict[str, list[dict]] = {}
            for seat in seats:
                sitter = {"name": seat.name, "kind": seat.kind, "agent": seat.agent}
                players.setdefault(seat.table_id, []).append(sitter)
        return {"name": row.name, "kind": row.kind, "ratings": self.ratings_of(row.id),
                "recent": [{**{k: t[k] for k in ("table", "game", "seat", "rated", "updated")},
                            "players": players.get(t["table"], [])} for t in finished]}

    def unscored(self) -> list[str]:
        """Rated tables that finished but were not rated yet (the server stopped in between)."""
        with Session(self.engine) as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.rated.is_(True), TableRow.finished.is_(True),
                                                             TableRow.scored.is_(False))))
