"""Several `gaiatable serve` processes on one PostgreSQL, as a community runs them: every process serves
every table, a move made through one reaches the viewers of another, each bot move is thought of by one
process, and when a process is killed with SIGKILL the others carry its tables on."""

from __future__ import annotations

import json
import os
import re
import signal
import time

import httpx2
import pytest
from conftest import free_port, start
from websockets.sync.client import connect

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


@pytest.fixture
def two(postgres_url):
    """Two server processes on one database: their base URLs and the processes."""
    ports = [free_port(), free_port()]
    processes = [start(postgres_url, port) for port in ports]
    try:
        yield [f"http://127.0.0.1:{port}" for port in ports], processes
    finally:
        for process in processes:
            process.kill()
            process.wait()


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def test_a_move_through_one_process_reaches_a_viewer_of_the_other_at_once(two):
    (a, b), _ = two
    made = httpx2.post(f"{a}/api/tables", json={"game": "tictactoe", "seats": [{"kind": "person"}] * 2}).json()
    table, tokens = made["table"], made["tokens"]
    with connect(b.replace("http", "ws") + f"/ws/tables/{table}") as socket:
        socket.send(json.dumps({"token": tokens[1]}))
        assert json.loads(socket.recv(timeout=5))["version"] == 0
        started = time.monotonic()
        moved = httpx2.post(f"{a}/api/tables/{table}/moves", headers=bearer(tokens[0]),
                            json={"version": 0, "action": 4})
        assert moved.status_code == 200, moved.text
        seen = json.loads(socket.recv(timeout=5))
        delivered = time.monotonic() - started
    assert seen["version"] == 1 and seen["observation"]["board"]["cells"][4] == "x" and seen["legal"]
    assert delivered < 1.0
    # the other process answers with that move and takes the next one; the first sees it
    assert httpx2.get(f"{b}/api/tables/{table}", headers=bearer(tokens[1])).json()["version"] == 1
    moved = httpx2.post(f"{b}/api/tables/{table}/moves", headers=bearer(tokens[1]), json={"version": 1, "action": 0})
    assert moved.status_code == 200, moved.text
    assert httpx2.get(f"{a}/api/tables/{table}").json()["version"] == 2
    # a stale version is refused by either, whichever process saw the table last
    stale = httpx2.post(f"{a}/api/tables/{table}/moves", headers=bearer(tokens[0]), json={"version": 1, "action": 8})
    assert stale.status_code == 409


def bot_moves(base: str) -> float:
    text = httpx2.get(f"{base}/metrics").text
    return sum(float(n) for n in re.findall(r'^gaiatable_bot_moves_total\{lane="\w+"\} (\S+)$', text, re.M))


def play(bases: list[str], table: str, token: str, until, timeout: float = 60) -> dict:
    """The person's moves, through each process in turn, until `until(view)`; bots answer in between."""
    deadline, turn = time.monotonic() + timeout, 0
    while time.monotonic() < deadline:
        base = bases[turn % len(bases)]
        view = httpx2.get(f"{base}/api/tables/{table}", headers=bearer(token)).json()
        if until(view):
            return view
        if view["legal"]:
            moved = httpx2.post(f"{base}/api/tables/{table}/moves", headers=bearer(token),
                                json={"version": view["version"], "action": view["legal"][0]["id"]})
            assert moved.status_code in (200, 409), moved.text  # 409: a bot moved in between
            turn += 1
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not get there in time")


def test_each_bot_move_is_thought_of_once_and_a_killed_process_loses_nothing(two):
    (a, b), processes = two
    made = httpx2.post(f"{a}/api/tables", json={"game": "gaia-vora", "params": {"players": 2}, "seats": [
        {"kind": "person"}, {"kind": "bot", "agent": "easy"}]}).json()
    table, token = made["table"], made["tokens"][0]
    httpx2.get(f"{b}/api/tables/{table}")  # both processes hold the table
    view = play([a, b], table, token, lambda v: v["plies"] > 40 and v["legal"])  # the bot has answered
    bots = sum(1 for move in view["history"] if move["actor"] == 1)
    assert bots > 3 and bot_moves(a) + bot_moves(b) == bots  # each bot move thought of once, by one process
    os.kill(processes[0].pid, signal.SIGKILL)
    processes[0].wait()
    before = httpx2.get(f"{b}/api/tables/{table}", headers=bearer(token)).json()
    assert before["history"][:len(view["history"])] == view["history"]  # nothing acknowledged is lost
    after = play([b], table, token, lambda v: v["plies"] > before["plies"] + 20)  # and the game goes on
    assert any(move["actor"] == 1 for move in after["history"][before["plies"]:])


def test_serve_workers_runs_several_processes_on_one_port(postgres_url):
    port = free_port()
    server = start(postgres_url, port, "--workers", "2")
    base = f"http://127.0.0.1:{port}"
    try:
        made = httpx2.post(f"{base}/api/tables", json={"game": "tictactoe", "seats": [{"kind": "person"}] * 2}).json()
        table, tokens = made["table"], made["tokens"]
        for ply, cell in enumerate([4, 0, 8, 2]):  # each request lands on either worker
            moved = httpx2.post(f"{base}/api/tables/{table}/moves", headers=bearer(tokens[ply % 2]),
                                json={"version": ply, "action": cell})
            assert moved.status_code == 200, moved.text
        assert httpx2.get(f"{base}/healthz").json()["status"] == "ok"
        # whichever worker answers, /metrics counts the moves of both
        counts = {re.search(r"^gaiatable_moves_total (\S+)$", httpx2.get(f"{base}/metrics").text, re.M).group(1)
                  for _ in range(8)}
        assert counts == {"4.0"}, counts
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(20)
