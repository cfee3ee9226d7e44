"""What the server counts, for Prometheus (`/metrics`): one set per process (scrape each process; with
`serve --workers N` each worker answers for itself), labelled by nothing a player typed. The gauges are
read when scraped, from the live tables and the bot pools."""

from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest

CONTENT_TYPE = CONTENT_TYPE_LATEST

REGISTRY = CollectorRegistry()
MOVES = Counter("gaiatable_moves", "moves committed (players' and bots', chance included)", registry=REGISTRY)
ACKNOWLEDGED = Histogram("gaiatable_move_seconds", "from a player's move request to its commit",
                         buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5), registry=REGISTRY)
BOT_MOVES = Counter("gaiatable_bot_moves", "bot moves this process thought of", ["lane"], registry=REGISTRY)
BOT_WAIT = Histogram("gaiatable_bot_wait_seconds", "from a bot's turn to its answer (queue and thinking)", ["lane"],
                     buckets=(0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30), registry=REGISTRY)
CATCH_UPS = Counter("gaiatable_catch_ups", "tables reloaded after another process changed them", registry=REGISTRY)


_live: dict = {}  # "rooms": the Rooms of the app serving in this process


def watch(rooms) -> None:
    """Read the gauges from `rooms` (a server.rooms.Rooms) from now on."""
    _live["rooms"] = rooms


def _read(measure):
    return lambda: measure(_live["rooms"]) if "rooms" in _live else 0


Gauge("gaiatable_tables_in_memory", "tables held in this process", registry=REGISTRY).set_function(
    _read(lambda rooms: len(rooms.rooms)))
Gauge("gaiatable_sockets", "open websockets", registry=REGISTRY).set_function(
    _read(lambda rooms: sum(len(room.listeners) for room in rooms.rooms.values())))
Gauge("gaiatable_bot_queue", "bot turns waiting for or in a worker", registry=REGISTRY).set_function(
    _read(lambda rooms: rooms.bots.pending))


def exposition() -> bytes:
    return generate_latest(REGISTRY)
