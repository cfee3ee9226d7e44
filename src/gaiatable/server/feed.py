"""PostgreSQL's LISTEN/NOTIFY, the one channel several server processes share: every committed change
of a table notifies "<table id> <stamp>" (storage.Store._changed), and each process brings the tables
it holds up to date. Chosen over polling (delay, load) and over a broker such as Redis (one more
service to run): the database that holds the moves already orders and delivers the notices, and only
once their transaction commits. A notice can be missed while the listening connection is down, so
after every (re)connection the process compares every table it holds with storage."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.engine import make_url

from .rooms import Rooms
from .storage import CHANNEL

log = logging.getLogger("gaiatable.server")
RETRY = 1.0  # seconds before listening again after the connection dropped


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL (postgresql+psycopg://…) as psycopg takes it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


pending: set[asyncio.Task] = set()  # catch-ups under way (a task nobody holds may be collected)


async def catch_up(rooms: Rooms, table_id: str, stamp: int | None) -> None:
    try:
        await rooms.follow(table_id, stamp)
    except Exception:  # one table failing to reload must not silence the others
        log.warning("table %s could not catch up", table_id, exc_info=True)


async def follow(url: str, rooms: Rooms) -> None:
    """Forever: listen on the channel and hand each notice to `rooms`; reconnect when the line drops."""
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True) as connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                await rooms.resync_all()  # what changed while nobody listened
                async for notice in connection.notifies():  # each table catches up on its own
                    table_id, _, stamp = notice.payload.partition(" ")
                    task = asyncio.create_task(catch_up(rooms, table_id, int(stamp) if stamp.isdecimal() else None))
                    pending.add(task)
                    task.add_done_callback(pending.discard)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("lost the change feed (%s); listening again in %.0f s", exc, RETRY)
            await asyncio.sleep(RETRY)
