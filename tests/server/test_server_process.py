"""`gaiatable serve` as a user starts it: a real process on a real port, killed with SIGKILL mid-game
and started again. No acknowledged move may be lost, and the bots play on."""

from __future__ import annotations

import os
import signal
import time

import httpx2
import pytest
from conftest import free_port, start

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
