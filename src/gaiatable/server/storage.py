"""Where tables live: SQLAlchemy over SQLite (the default, a file) or PostgreSQL (by URL).

The moves are the source of truth: a table's state is rebuilt by replaying them, and a move is
committed before it is acknowledged. The schema is created and upgraded by Alembic (migrations/)."""

from __future__ import annotations

import functools
import hashlib
import secrets
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import (
    JSON,
    BigInteger,
    Float,
    ForeignKey,
    Integer,
    String,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Row
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

PERSON, BOT = "person", "bot"


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    return secrets.token_urlsafe(18)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    params: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    companion: Mapped[bool] = mapped_column(default=False)  # chance is entered by the players
    version: Mapped[int] = mapped_column(Integer, default=0)  # bumped by every move and undo
    plies: Mapped[int] = mapped_column(Integer, default=0)
    to_move: Mapped[int] = mapped_column(Integer, default=0)
    finished: Mapped[bool] = mapped_column(default=False)
    rematch: Mapped[str | None] = mapped_column(String(16), default=None)
    created: Mapped[datetime] = mapped_column(default=now)
    updated: Mapped[datetime] = mapped_column(default=now, index=True)
    stamp: Mapped[int] = mapped_column(Integer, default=0)  # bumped by every change (moves, seats, rematch)
    # which server process thinks for the bot to move at `bot_version`, since when (Store.claim_bot)
    bot_version: Mapped[int | None] = mapped_column(Integer, default=None)
    bot_owner: Mapped[str | None] = mapped_column(String(40), default=None)
    bot_claimed: Mapped[datetime | None] = mapped_column(default=None)
    rated: Mapped[bool] = mapped_column(default=False)  # its end changes its players' ratings (accounts.py)
    scored: Mapped[bool] = mapped_column(default=False)  # ...and it has
    clock: Mapped[dict | None] = mapped_column(JSON, default=None)  # its time control (clock.Clock), if any
    since: Mapped[datetime | None] = mapped_column(default=None)  # when the person to move started thinking
    deadline: Mapped[datetime | None] = mapped_column(default=None, index=True)  # ...and when they run out
    forfeit: Mapped[int | None] = mapped_column(Integer, default=None)  # the seat that lost before the end...
    forfeit_by: Mapped[str | None] = mapped_column(String(8), default=None)  # ...by "time" or "resigning"
    # a rematch turns the seats by one: how many times since the series' first game (a player keeps a colour)
    turned: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # PERSON or BOT
    agent: Mapped[str | None] = mapped_column(String(80), default=None)  # a bot's spec
    name: Mapped[str] = mapped_column(String(40), default="")
    token: Mapped[str] = mapped_column(String(64), index=True)  # sha256 of the seat's credential
    claimed: Mapped[bool] = mapped_column(default=False)  # a person has taken the seat
    reserved_for: Mapped[str | None] = mapped_column(String(64), default=None)  # a rematch seat's old credential
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"), default=None,
                                                   index=True)  # the signed-in person the seat belongs to
    time_left: Mapped[float | None] = mapped_column(Float, default=None)  # seconds on its game clock


class MoveRow(Base):
    __tablename__ = "moves"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)  # one move per ply: two writers cannot both win
    actor: Mapped[int] = mapped_column(Integer)  # a seat, or -1 for chance
    action: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(default=now)


TABLES, SEATS, MOVES = TableRow.__table__, SeatRow.__table__, MoveRow.__table__


class Conflict(Exception):
    """Another writer changed the table first."""


class Seated(Exception):
    """The account already holds another seat of this rated table."""


CHANNEL = "gaiatable"  # PostgreSQL: every committed change of a table notifies "<table id> <stamp>" here
NOTIFY = text("SELECT pg_notify(:channel, :change)")


INSERT_MOVES = insert(MOVES)
STAMP = select(TABLES.c.stamp).where(TABLES.c.id == bindparam("table"))
SINCE_TABLE = select(TABLES).where(TABLES.c.id == bindparam("table"))
SINCE_SEATS = select(SEATS).where(SEATS.c.table_id == bindparam("table")).order_by(SEATS.c.seat)
SINCE_MOVES = (select(MOVES.c.actor, MOVES.c.action)
               .where(MOVES.c.table_id == bindparam("table"), MOVES.c.ply >= bindparam("ply")).order_by(MOVES.c.ply))


@functools.cache
def _update_table(guarded: bool, columns: tuple[str, ...]):
    """The UPDATE of a change, built once for each set of columns it sets: a statement built anew for every
    move cost a tenth of the move (SQLAlchemy then compiles each once, too)."""
    where = [TABLES.c.id == bindparam("table")] + ([TABLES.c.version == bindparam("at_version")] if guarded else [])
    return (update(TABLES).where(*where).values(stamp=TABLES.c.stamp + 1, updated=bindparam("updated"),
                                                **{k: bindparam(f"set_{k}") for k in columns})
            .returning(TABLES.c.stamp))


class Store:
    def __init__(self, url: str):
        self.url = url
        shared = url.startswith("postgresql")
        # PostgreSQL: connections enough for the writers, the reading threads and the bots' claims, kept
        # open (a new one costs the server a process)
        self.engine = create_engine(url, future=True, **({"pool_size": 16, "max_overflow": 16} if shared else {}))
        self.shared = shared  # other server processes may use the database too
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)

    def _changed(self, c, table_id: str, at_version: int | None = None, **values) -> None:
        """A change's one UPDATE of the table row, inside its transaction: the stamp bumped, `values` set
        if the table is still at `at_version` (when given; else Conflict); on PostgreSQL the other
        processes are told once it commits (NOTIFY is transactional)."""
        binds = {"table": table_id, "at_version": at_version, "updated": now()}
        binds.update((f"set_{k}", v) for k, v in values.items())
        stamp = c.execute(_update_table(at_version is not None, tuple(values)), binds).scalar()
        if stamp is None:
            raise Conflict(table_id)
        if self.shared:
            c.execute(NOTIFY, {"channel": CHANNEL, "change": f"{table_id} {stamp}"})

    @classmethod
    def sqlite_file(cls, path: str | Path) -> Store:
        return cls(f"sqlite:///{Path(path).resolve()}")

    def migrate(self) -> None:
        """Bring the schema to the newest migration (creates it in an empty database)."""
        from .migrations import upgrade
        upgrade(self.engine)

    # -- tables ------------------------------------------------------------------------------------
    def create(self, table: TableRow, seats: list[SeatRow], moves: list[tuple[int, int]] = ()) -> None:
        """A new table with its seats and its opening moves (the set-up's chance), all or nothing."""
        with Session(self.engine) as s, s.begin():
            s.add(table)
            s.flush()
            for seat in seats:
                seat.table_id = table.id
            s.add_all(seats)
            s.add_all(MoveRow(table_id=table.id, ply=ply, actor=actor, action=action)
                      for ply, (actor, action) in enumerate(moves))

    def table(self, table_id: str) -> TableRow | None:
        with Session(self.engine) as s:
            return s.get(TableRow, table_id)

    def seats(self, table_id: str) -> list[SeatRow]:
        with Session(self.engine) as s:
            return list(s.scalars(select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)))

    def moves(self, table_id: str) -> list[MoveRow]:
        with Session(self.engine) as s:
            return list(s.scalars(select(MoveRow).where(MoveRow.table_id == table_id).order_by(MoveRow.ply)))

    def listing(self, limit: int = 50, ids: list[str] | None = None) -> list[tuple[TableRow, list[SeatRow]]]:
        """The most recently changed tables (or those named), each with its seats: two queries."""
        with Session(self.engine) as s:
            query = select(TableRow).order_by(TableRow.updated.desc()).limit(limit)
            tables = list(s.scalars(query.where(TableRow.id.in_(ids)) if ids is not None else query))
            seats: dict[str, list[SeatRow]] = {t.id: [] for t in tables}
            for seat in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(list(seats))).order_by(SeatRow.seat)):
                seats[seat.table_id].append(seat)
            return [(t, seats[t.id]) for t in tables]

    def unfinished_ids(self) -> list[str]:
        with Session(self.engine) as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.finished.is_(False))))

    # -- changes: each one transaction, checked against the version it was based on -----------------
    def add_moves(self, table_id: str, version: int, first_ply: int, moves: list[tuple[int, int]],
                  to_move: int, finished: bool, timing: dict | None = None,
                  charged: tuple[int, float] | None = None) -> None:
        """Append moves (actor, action) from `first_ply`; Conflict if the table moved on meanwhile.
        `timing`: the clock's new since and deadline; `charged`: a seat's game clock, as it is now."""
        try:
            with self.engine.begin() as c:  # SQL expressions, not the ORM: this is the hot path
                self._changed(c, table_id, version, version=version + len(moves),
                              plies=first_ply + len(moves), to_move=to_move, finished=finished, **(timing or {}))
                if charged:
                    c.execute(update(SEATS).where(SEATS.c.table_id == table_id, SEATS.c.seat == charged[0])
                              .values(time_left=charged[1]))
                c.execute(INSERT_MOVES, [{"table_id": table_id, "ply": first_ply + i, "actor": actor, "action": action,
                                           "at": now()} for i, (actor, action) in enumerate(moves)])
        except IntegrityError:
            raise Conflict(table_id) from None

    def remove_last_move(self, table_id: str, version: int, ply: int, to_move: int, timing: dict | None = None) -> None:
        with self.engine.begin() as c:
            self._changed(c, table_id, version, version=version + 1, plies=ply, to_move=to_move,
                          finished=False, **(timing or {}))
            c.execute(delete(MOVES).where(MOVES.c.table_id == table_id, MOVES.c.ply == ply))

    def set_seat(self, table_id: str, seat: int, timing: dict | None = None, **values) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(**values))
            self._changed(s, table_id, **(timing or {}))

    def claim_seat(self, table_id: str, seat: int, name: str, token: str, reserved_for: str | None = None,
                   account: int | None = None, timing: dict | None = None) -> bool:
        """Take an open seat, or a rematch seat kept for `reserved_for`, for `account` if signed in; False
        when that is not possible; Seated if the table is rated and the account holds another of its seats
        (checked with the table's row locked: two processes cannot both say no)."""
        with Session(self.engine) as s, s.begin():
            rated = s.scalar(select(TableRow.rated).where(TableRow.id == table_id).with_for_update())
            other = select(SeatRow.seat).where(SeatRow.table_id == table_id, SeatRow.account_id == account,
                                               SeatRow.seat != seat)
            if rated and account is not None and s.scalar(other.limit(1)) is not None:
                raise Seated(table_id)
            which = [SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.kind == PERSON]
            which += [SeatRow.reserved_for == reserved_for] if reserved_for else [SeatRow.claimed.is_(False),
                                                                                 SeatRow.reserved_for.is_(None)]
            done = s.execute(update(SeatRow).where(*which).values(claimed=True, name=name, token=token_hash(token),
                                                                     account_id=account))
            if done.rowcount == 1:
                self._changed(s, table_id, **(timing or {}))
            return done.rowcount == 1

    def adopt_seat(self, table_id: str, token: str, account: int) -> bool:
        """The seat `token` opens becomes `account`'s, if it belongs to no account yet: a guest who signs in
        keeps the tables they sat at. False when the token opens no such seat."""
        with Session(self.engine) as s, s.begin():
            done = s.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.token == token_hash(token),
                                                   SeatRow.kind == PERSON, SeatRow.account_id.is_(None))
                             .values(account_id=account))
            if done.rowcount == 1:
                self._changed(s, table_id)
            return done.rowcount == 1

    def set_rematch(self, table_id: str, rematch: str) -> bool:
        with Session(self.engine) as s, s.begin():
            done = s.execute(update(TableRow).where(TableRow.id == table_id, TableRow.rematch.is_(None))
                             .values(rematch=rematch))
            if done.rowcount == 1:
                self._changed(s, table_id)
            return done.rowcount == 1

    def since(self, table_id: str, ply: int) -> tuple[Row | None, list[Row], list[tuple[int, int]]]:
        """A table's row, its seats and its moves (actor, action) from `ply` on, as rows with the columns'
        names: what another process needs to catch up with the changes made since it read the table. Built
        statements, not the ORM: every move made through another process costs one of these."""
        with self.engine.connect() as c:
            row = c.execute(SINCE_TABLE, {"table": table_id}).first()
            seats = list(c.execute(SINCE_SEATS, {"table": table_id}))
            moves = [(actor, action) for actor, action in c.execute(SINCE_MOVES, {"table": table_id, "ply": ply})]
        return row, seats, moves

    def prune(self, days: float) -> list[str]:
        """Remove the tables nobody has changed for `days` days, finished or abandoned, with their seats and
        moves; returns their ids."""
        with self.engine.begin() as c:
            old = TABLES.c.updated < now() - timedelta(days=days)
            gone = list(c.execute(select(TABLES.c.id).where(old)).scalars())
            c.execute(delete(TABLES).where(TABLES.c.id.in_(gone)))
            return gone

    def end_turn(self, table_id: str, version: int, values: dict, seat: int | None = None, **seat_values) -> bool:
        """A person's turn ends without a move (out of time, or resigned): the table takes `values` (a
        forfeit, no deadline), seat `seat` the `seat_values` (a bot takes over); False if the table moved
        on from `version` meanwhile."""
        try:
            with Session(self.engine) as s, s.begin():
                self._changed(s, table_id, version, version=version + 1, **values)
                if seat is not None:
                    s.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                              .values(**seat_values))
            return True
        except Conflict:
            return False

    def overdue(self, limit: int = 100) -> list[str]:
        """Unfinished tables whose person to move has run out of time."""
        with Session(self.engine) as s:
            return list(s.scalars(select(TableRow.id).where(TableRow.deadline < now(), TableRow.finished.is_(False))
                                  .order_by(TableRow.deadline).limit(limit)))

    def ping(self) -> None:
        with self.engine.connect() as c:
            c.execute(select(1))

    def stamp(self, table_id: str) -> int | None:
        """How many changes the table has seen: a process compares it with its copy in memory."""
        with self.engine.connect() as c:
            return c.execute(STAMP, {"table": table_id}).scalar()

    # -- bots: one process thinks for each bot move -------------------------------------------------
    def claim_bot(self, table_id: str, version: int, owner: str, lease: float) -> bool:
        """Take the bot move of the table at `version` for process `owner`, unless another process holds it
        and has held it for less than `lease` seconds (a process killed mid-thought loses it then)."""
        expired = now() - timedelta(seconds=lease)
        with self.engine.begin() as c:
            done = c.execute(update(TABLES).where(
                TABLES.c.id == table_id, TABLES.c.version == version,
                (TABLES.c.bot_version.is_(None)) | (TABLES.c.bot_version != version) | (TABLES.c.bot_owner == owner)
                | (TABLES.c.bot_claimed < expired)).values(bot_version=version, bot_owner=owner, bot_claimed=now()))
            return done.rowcount == 1

    def bots_waiting(self, lease: float, limit: int = 100) -> list[str]:
        """Unfinished tables whose seat to move is a bot that no process is thinking for (nobody claimed
        the move, or the claim is older than `lease` seconds): a process that died left them."""
        expired = now() - timedelta(seconds=lease)
        with Session(self.engine) as s:
            bot_to_move = select(SeatRow.table_id).where(
                SeatRow.table_id == TableRow.id, SeatRow.seat == TableRow.to_move, SeatRow.kind == BOT).exists()
            query = select(TableRow.id).where(
                TableRow.finished.is_(False), bot_to_move, TableRow.updated < now() - timedelta(seconds=2),
                (TableRow.bot_version.is_(None)) | (TableRow.bot_version != TableRow.version)
                | (TableRow.bot_claimed < expired)).order_by(TableRow.updated).limit(limit)
            return list(s.scalars(query))


def _sqlite_pragmas(connection, _record) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers do not wait for the writer
    cursor.execute("PRAGMA synchronous=NORMAL")  # with WAL: a killed server loses nothing committed
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
