"""`gaiatable serve` as a user starts it: a real process on a real port, killed with SIGKILL mid-game
and started again. No acknowledged move may be lost, and the bots play on."""

from __future__ import annotations

import json
import os
import signal
import time
from contextlib import closing
from socket import create_connection

import httpx2
import pytest
from conftest import free_port, start
from websockets.sync.client import connect

pytestmark = pytest.mark.slow


def wait_turn(base: str, table: str, token: str) -> dict:
    for _ in range(600):
        view = httpx2.get(f"{base}/api/tables/{table}", headers={"Authorization": f"Bearer {token}"}).json()
        if view["legal"] or view["finished"]:
            return view
        time.sleep(0.05)
    raise AssertionError("the bots did not move")


def test_kill_9_mid_game_loses_no_acknowledged_move(tmp_path):
    db, port = f"sqlite:///{tmp_path / 'tables.db'}", free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(db, port)
    try:
        page = httpx2.get(base + "/")
        assert page.status_code == 200 and "gaiatable" in page.text
        made = httpx2.post(f"{base}/api/tables", json={"game": "gaia-vora", "seats": [
            {"kind": "person"}, {"kind": "bot", "agent": "easy"}, {"kind": "bot", "agent": "easy"}]}).json()
        table, token = made["table"], made["tokens"][0]
        auth = {"Authorization": f"Bearer {token}"}
        def play_until_the_bots_are_to_move() -> dict:
            while True:
                view = wait_turn(base, table, token)
                moved = httpx2.post(f"{base}/api/tables/{table}/moves", headers=auth,
                                   json={"version": view["version"], "action": view["legal"][0]["id"]})
                assert moved.status_code == 200, moved.text
                if moved.json()["observation"]["to_move"] != 0:
                    return moved.json()

        acknowledged = play_until_the_bots_are_to_move()
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
        server = start(db, port)
        after = httpx2.get(f"{base}/api/tables/{table}", headers=auth).json()
        assert after["plies"] >= acknowledged["plies"]
        assert after["history"][:len(acknowledged["history"])] == acknowledged["history"]
        again = play_until_the_bots_are_to_move()  # the game goes on after the restart
        assert wait_turn(base, table, token)["plies"] > again["plies"]
    finally:
        server.kill()
        server.wait()


def test_websockets_that_vanish_or_say_nonsense_leave_no_traceback_in_the_log(tmp_path):
    port = free_port()
    server = start(f"sqlite:///{tmp_path / 'tables.db'}", port)
    try:
        made = httpx2.post(f"http://127.0.0.1:{port}/api/tables", json={"game": "tictactoe", "seats": [
            {"kind": "person"}, {"kind": "person"}]}).json()
        url = f"ws://127.0.0.1:{port}/ws/tables/{made['table']}"
        for hello in (None, "not json", "{}"):
            for _ in range(3):
                with connect(url) as socket:
                    if hello is not None:
                        socket.send(hello)
                    if hello == "{}":
                        socket.recv(timeout=5)
                        socket.socket.close()  # torn down without a closing handshake
        for _ in range(3):  # an upgrade request, and the client is gone
            with closing(create_connection(("127.0.0.1", port))) as raw:
                raw.send(f"GET /ws/tables/{made['table']} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                         "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                         "Sec-WebSocket-Version: 13\r\n\r\n".encode())
        time.sleep(1)
        assert httpx2.get(f"http://127.0.0.1:{port}/healthz").status_code == 200
    finally:
        server.terminate()
        server.wait()
    server.log.seek(0)
    said = server.log.read()
    assert "Traceback" not in said and "Task was destroyed" not in said, said


def test_a_request_head_that_trickles_is_cut_but_websockets_live_on(tmp_path):
    """Slowloris: 50 connections each sending half a request head, one byte a second, are closed at the
    head deadline (server/deadline.py); a websocket opened at the same time is still served after it."""
    from gaiatable.server.deadline import HEAD_SECONDS
    port = free_port()
    server = start(f"sqlite:///{tmp_path / 'tables.db'}", port)
    try:
        base = f"http://127.0.0.1:{port}"
        made = httpx2.post(base + "/api/tables", json={"game": "tictactoe", "seats": [
            {"kind": "person"}, {"kind": "person"}]}).json()
        slow = [create_connection(("127.0.0.1", port)) for _ in range(50)]
        for raw in slow:
            raw.send(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            raw.settimeout(0.05)
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{made['table']}") as socket:
            socket.send("{}")
            socket.recv(timeout=5)
            started, open_ = time.monotonic(), set(slow)
            while open_ and time.monotonic() - started < HEAD_SECONDS + 5:
                for raw in list(open_):
                    try:
                        if raw.recv(10) == b"":  # closed by the server
                            open_.discard(raw)
                    except TimeoutError:
                        raw.send(b"X")  # one more byte of a header that never ends
                    except OSError:
                        open_.discard(raw)
            assert not open_ and time.monotonic() - started >= HEAD_SECONDS - 1
            httpx2.post(f"{base}/api/tables/{made['table']}/moves", json={"version": 0, "action": 4},
                        headers={"Authorization": f"Bearer {made['tokens'][0]}"}).raise_for_status()
            assert json.loads(socket.recv(timeout=5))["version"] == 1
    finally:
        for raw in slow:
            raw.close()
        server.terminate()
        server.wait()
