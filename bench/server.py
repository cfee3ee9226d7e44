"""Server load: many tables played at once over loopback.

    python bench/server.py [--tables 200] [--moves 10] [--think 1.0] [--game gaia-vora] [--json]
    python bench/server.py --processes 2 --db postgresql+psycopg://USER@HOST/NAME --tables 250

Starts `gaiatable serve` (on a fresh SQLite file, or on `--db`), opens the tables, and lets one
client per seat (a websocket for the pushes, HTTP for the moves) play when it is its turn, after
thinking like a person for 0.5 to 1.5 times `--think` seconds (0: at once, the server's saturation).
With one process each table is a person against an easy bot. With `--processes N` (PostgreSQL) N
servers share the database and each table is two people, each on another process: a move is made
through one process and must reach the other player through the other.
A move's latency is the time from sending it to its acknowledgement (committed to storage); its
delivery, the time from sending it to the other player's websocket showing it. Floors: 200 tables
with p99 below 100 ms (one process); two processes, 500 players on 250 tables: p99 below 100 ms
acknowledged, below 150 ms delivered, no errors.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
from websockets.asyncio.client import connect

FLOOR_P99_MS = 100
FLOOR_DELIVERY_P99_MS = 150


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


TLS = ssl.create_default_context()  # unused on loopback; one for all, each client's own would cost 40 ms
# A connection idle for 3 s is closed by the client, before the server's 5 s: a request sent just as the
# server closes its end would fail with a ReadError (the keep-alive race every HTTP client must avoid).
IDLE = httpx2.Limits(keepalive_expiry=3.0)


def client_for(base: str) -> httpx2.AsyncClient:
    """A player's own HTTP client, sharing the TLS context: hundreds of clients each loading the
    certificates stalled the load generator for seconds (handshakes timed out, latencies grew)."""
    return httpx2.AsyncClient(base_url=f"http://{base}", timeout=60, verify=TLS, limits=IDLE)


def start_server(folder: Path, port: int, db: str) -> subprocess.Popen:
    log = (folder / f"server-{port}.log").open("w")
    process = subprocess.Popen([sys.executable, "-m", "gaiatable", "serve", "--port", str(port), "--db", db],
                               stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx2.TransportError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


async def play_table(base: str, game: str, moves: int, think: float, rng: random.Random,
                     latencies: list[float]) -> int:
    # A client per table, as each player has: one shared pool of 200 connections costs httpx more
    # than the server spends on the moves.
    async with client_for(base) as client:
        return await play(client, f"ws://{base}", game, moves, think, rng, latencies)


async def play(client: httpx2.AsyncClient, ws_base: str, game: str, moves: int, think: float, rng: random.Random,
               latencies: list[float]) -> int:
    made = (await client.post("/api/tables", json={"game": game, "seats": [
        {"kind": "person", "name": "bench"}, {"kind": "bot", "agent": "easy"}]})).json()
    table, token = made["table"], made["tokens"][0]
    auth = {"Authorization": f"Bearer {token}"}
    played = 0
    async with connect(f"{ws_base}/ws/tables/{table}", max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"token": token}))
        async for message in ws:
            view = json.loads(message)
            if view.get("type") != "view" or view["finished"] or played >= moves:
                if view.get("finished") or played >= moves:
                    break
                continue
            if not view["legal"]:
                continue
            move = rng.choice(view["legal"])["id"]
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            sent = time.perf_counter()
            response = await client.post(f"/api/tables/{table}/moves", headers=auth,
                                         json={"version": view["version"], "action": move})
            if response.status_code == 200:
                latencies.append(time.perf_counter() - sent)
                played += 1
            elif response.status_code != 409:  # 409: a push was already stale; the next one follows
                raise SystemExit(f"move refused: {response.status_code} {response.text}")
    return played


async def play_seat(base: str, table: str, token: str, rng: random.Random, think: float, shared: dict,
                    latencies: list[float], deliveries: list[float]) -> int:
    """One of two people at a table, through its own process: plays its turns; when the other's move
    arrives (a view at a version the other acknowledged), that move's delivery time is taken. The
    table stops when its moves are all played (`shared`: the count left, the versions sent, done)."""
    auth, played = {"Authorization": f"Bearer {token}"}, 0
    async with client_for(base) as client, \
            connect(f"ws://{base}/ws/tables/{table}", max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"token": token}))
        while True:
            message, stop = asyncio.ensure_future(ws.recv()), asyncio.ensure_future(shared["done"].wait())
            await asyncio.wait({message, stop}, return_when=asyncio.FIRST_COMPLETED)
            stop.cancel()
            if not message.done():
                message.cancel()
                return played
            view = json.loads(message.result())
            if view.get("type") != "view":
                continue
            if view["version"] in shared["sent"]:
                deliveries.append(time.perf_counter() - shared["sent"].pop(view["version"]))
            if view["finished"] or shared["left"] <= 0:
                shared["done"].set()
                return played
            if not view["legal"]:
                continue
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            started = time.perf_counter()
            response = await client.post(f"/api/tables/{table}/moves", headers=auth,
                                         json={"version": view["version"], "action": rng.choice(view["legal"])["id"]})
            if response.status_code != 200:
                raise SystemExit(f"move refused: {response.status_code} {response.text}")
            latencies.append(time.perf_counter() - started)
            shared["sent"][response.json()["version"]] = started
            shared["left"] -= 1
            played += 1


async def play_across(bases: list[str], index: int, game: str, moves: int, think: float,
                      latencies: list[float], deliveries: list[float]) -> int:
    """A table of two people, opened through one process, each person on another."""
    async with client_for(bases[index % len(bases)]) as client:
        made = (await client.post("/api/tables", json={"game": game, "params": {"players": 2}, "seats": [
            {"kind": "person", "name": "one"}, {"kind": "person", "name": "two"}]})).json()
    shared = {"left": 2 * moves, "sent": {}, "done": asyncio.Event()}
    return sum(await asyncio.gather(*(
        play_seat(bases[(index + seat) % len(bases)], made["table"], made["tokens"][seat],
                  random.Random(2 * index + seat), think, shared, latencies, deliveries) for seat in (0, 1))))


def summary(ms: list[float]) -> dict:
    ms = sorted(1000 * x for x in ms)
    return {"p50_ms": round(statistics.median(ms), 1), "p99_ms": round(ms[int(0.99 * (len(ms) - 1))], 1),
            "max_ms": round(ms[-1], 1)}


async def run_across(bases: list[str], tables: int, moves: int, think: float, game: str) -> dict:
    latencies: list[float] = []
    deliveries: list[float] = []
    started = time.perf_counter()
    played = await asyncio.gather(*(play_across(bases, i, game, moves, think, latencies, deliveries)
                                    for i in range(tables)))
    elapsed = time.perf_counter() - started
    return {"game": game, "processes": len(bases), "tables": tables, "players": 2 * tables,
            "think_seconds": think, "moves": sum(played), "seconds": round(elapsed, 2),
            "moves_per_second": round(sum(played) / elapsed, 1),
            **{f"acknowledged_{k}": v for k, v in summary(latencies).items()},
            **{f"delivered_{k}": v for k, v in summary(deliveries).items()}, "deliveries": len(deliveries),
            "floor_p99_ms": FLOOR_P99_MS, "floor_delivery_p99_ms": FLOOR_DELIVERY_P99_MS}


async def run(port: int, tables: int, moves: int, think: float, game: str) -> dict:
    latencies: list[float] = []
    started = time.perf_counter()
    played = await asyncio.gather(*(play_table(f"127.0.0.1:{port}", game, moves, think, random.Random(i), latencies)
                                    for i in range(tables)))
    elapsed = time.perf_counter() - started
    ms = sorted(1000 * x for x in latencies)
    return {"game": game, "tables": tables, "think_seconds": think, "human_moves": sum(played),
            "seconds": round(elapsed, 2),
            "human_moves_per_second": round(sum(played) / elapsed, 1),
            "p50_ms": round(statistics.median(ms), 1), "p99_ms": round(ms[int(0.99 * (len(ms) - 1))], 1),
            "max_ms": round(ms[-1], 1), "floor_p99_ms": FLOOR_P99_MS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=10, help="moves per person")
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean time to move, in seconds")
    parser.add_argument("--game", default="gaia-vora")
    parser.add_argument("--processes", type=int, default=1, help="server processes on one database (PostgreSQL)")
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.processes > 1 and not (args.db or "").startswith("postgresql"):
        raise SystemExit("--processes above 1 needs --db postgresql+psycopg://…")
    with tempfile.TemporaryDirectory() as folder:
        ports = [free_port() for _ in range(args.processes)]
        servers = [start_server(Path(folder), port, args.db or f"sqlite:///{Path(folder) / 'tables.db'}")
                   for port in ports]
        try:
            if args.processes > 1:
                result = asyncio.run(run_across([f"127.0.0.1:{port}" for port in ports], args.tables, args.moves,
                                                args.think, args.game))
            else:
                result = asyncio.run(run(ports[0], args.tables, args.moves, args.think, args.game))
        finally:
            for server in servers:
                server.terminate()
                server.wait()
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>24}  {value}")
    p99 = result.get("p99_ms", result.get("acknowledged_p99_ms"))
    if p99 > FLOOR_P99_MS:
        print(f"p99 {p99} ms is above the floor of {FLOOR_P99_MS} ms", file=sys.stderr)
    if result.get("delivered_p99_ms", 0) > FLOOR_DELIVERY_P99_MS:
        print(f"delivery p99 {result['delivered_p99_ms']} ms is above the floor of {FLOOR_DELIVERY_P99_MS} ms",
              file=sys.stderr)


if __name__ == "__main__":
    main()
