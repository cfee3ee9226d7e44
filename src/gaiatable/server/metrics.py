"""What the server counts, for Prometheus (`/metrics`), labelled by nothing a player typed. One process
answers for itself; `serve --workers N` keeps every worker's counts in a shared folder (prometheus_client's
multiprocess mode, PROMETHEUS_MULTIPROC_DIR), so whichever worker answers reports them all: counters and
histograms summed, the gauges (tables in memory, websockets, bot queue) summed over the live workers."""

from __future__ import annotations

import os

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

CONTENT_TYPE = CONTENT_TYPE_LATEST
SHARED = os.environ.get("PROMETHEUS_MULTIPROC_DIR")  # set for the workers by serve --workers N

REGISTRY = CollectorRegistry()
MOVES = Counter("gaiatable_moves", "moves committed (players' and bots', chance included)", registry=REGISTRY)
ACKNOWLEDGED = Histogram("gaiatable_move_seconds", "from a player's move request to its commit",
                         buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5), registry=REGISTRY)
BOT_MOVES = Counter("gaiatable_bot_moves", "bot moves this process thought of", ["lane"], registry=REGISTRY)
BOT_WAIT = Histogram("gaiatable_bot_wait_seconds", "from a bot's turn to its answer (queue and thinking)", ["lane"],
                     buckets=(0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30), registry=REGISTRY)
CATCH_UPS = Counter("gaiatable_catch_ups", "tables reloaded after another process changed them", registry=REGISTRY)

# the gauges, read from the live tables and the bot pools
MEASURES = {
    "gaiatable_tables_in_memory": ("tables held in memory", lambda rooms: len(rooms.rooms)),
    "gaiatable_sockets": ("open websockets", lambda rooms: sum(len(room.listeners) for room in rooms.rooms.values())),
    "gaiatable_bot_queue": ("bot turns waiting for or in a worker", lambda rooms: rooms.bots.pending),
}
_live: dict = {}  # "rooms": the Rooms of the app serving in this process
GAUGES = {name: Gauge(name, doc, registry=REGISTRY, **({"multiprocess_mode": "livesum"} if SHARED else {}))
          for name, (doc, _) in MEASURES.items()}
if not SHARED:  # one process: read when scraped
    for name, (_, measure) in MEASURES.items():
        GAUGES[name].set_function(lambda measure=measure: measure(_live["rooms"]) if "rooms" in _live else 0)


def watch(rooms) -> None:
    """Read the gauges from `rooms` (a server.rooms.Rooms) from now on."""
    _live["rooms"] = rooms


def refresh() -> None:
    """Several processes: write this process's gauges where the others' answers read them (each second,
    and before answering a scrape)."""
    if SHARED and "rooms" in _live:
        for name, (_, measure) in MEASURES.items():
            GAUGES[name].set(measure(_live["rooms"]))


def exposition() -> bytes:
    if not SHARED:
        return generate_latest(REGISTRY)
    from prometheus_client import multiprocess
    refresh()
    everyone = CollectorRegistry()
    multiprocess.MultiProcessCollector(everyone)
    return generate_latest(everyone)


def leaving() -> None:
    """This process stops: its live gauges no longer count."""
    if SHARED:
        from prometheus_client import multiprocess
        multiprocess.mark_process_dead(os.getpid())
