"""What each server process does in the background, beside answering requests: reopen unfinished
tables after a restart, enforce the clocks, take up bot moves a dead process left, remove old tables."""

from __future__ import annotations

import asyncio
import itertools
import logging

from ..core.errors import GaiatableError
from . import metrics
from .rooms import BOT_LEASE, Rooms
from .table import Refused

log = logging.getLogger("gaiatable.server")
SWEEP = 5.0  # seconds between looks for bot moves nobody thinks for (several processes only)
PRUNE = 3600.0  # seconds between removals of old tables (serve --keep)
CLOCK_TICK = 1.0  # seconds between looks for players out of time
RATE_AGAIN = 300  # clock ticks between tries of the ratings that failed


async def resume_all(rooms: Rooms) -> None:
    """After a restart: reopen unfinished tables, so their bots play on."""
    for table_id in await asyncio.to_thread(rooms.store.unfinished_ids):
        try:
            await rooms.get(table_id)
        except (Refused, GaiatableError) as exc:
            log.warning("table %s cannot be reopened: %s", table_id, exc)


async def watch_clocks(rooms: Rooms) -> None:
    """Every second: the persons to move who ran out of time lose, or a bot takes their seat (and this
    process's gauges are written for the others, with several); now and then, the rated tables whose rating
    failed are rated."""
    for tick in itertools.count(1):
        await asyncio.sleep(CLOCK_TICK)
        try:
            metrics.refresh()
            for table_id in await asyncio.to_thread(rooms.store.overdue):
                await rooms.time_out(await rooms.get(table_id))
            if tick % RATE_AGAIN == 0 and rooms.accounts:
                await rooms.score_pending()
        except Exception:  # the database is away for a moment: look again later
            log.warning("the look for players out of time failed", exc_info=True)


async def sweep(rooms: Rooms) -> None:
    """Several processes: take up the bot moves nobody thinks for (a process died mid-thought)."""
    while True:
        await asyncio.sleep(SWEEP)
        try:
            for table_id in await asyncio.to_thread(rooms.store.bots_waiting, BOT_LEASE):
                await rooms.get(table_id)  # wakes its bots
        except Exception:  # the database is away for a moment: look again later
            log.warning("the look for waiting bots failed", exc_info=True)


async def prune(rooms: Rooms, days: float) -> None:
    """Hourly: remove the tables untouched for `days` days (storage and memory alike)."""
    while True:
        try:
            for table_id in await asyncio.to_thread(rooms.store.prune, days):
                room = rooms.rooms.pop(table_id, None)
                for listener in list(room.listeners) if room else []:
                    listener.close(4410, "this table is no longer kept")
        except Exception:  # the database is away for a moment: try again at the next hour
            log.warning("removing old tables failed", exc_info=True)
        await asyncio.sleep(PRUNE)
