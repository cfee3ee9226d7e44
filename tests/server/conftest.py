"""Fixtures for the server: an app over a fresh SQLite file (bots in threads, so tests stay quick),
a throwaway PostgreSQL cluster, and helpers to play through the HTTP API."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2
import pytest

fastapi = pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from gaiatable.server.app import create_app  # noqa: E402
from gaiatable.server.limits import UNLIMITED  # noqa: E402


@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'tables.db'}"


@pytest.fixture
def client(db_url):
    with TestClient(create_app(db_url, bot_workers=0, limits=UNLIMITED)) as c:  # limits: their own test
        yield c


def bearer(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def new_table(client, game: str, seats: list[dict], **extra) -> tuple[str, list]:
    response = client.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    made = response.json()
    return made["table"], made["tokens"]


def wait_for(client, table: str, token: str | None, ready, timeout: float = 60.0) -> dict:
    """Poll the table until `ready(view)` (bots move in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        view = client.get(f"/api/tables/{table}", headers=bearer(token)).json()
        if ready(view):
            return view
        if time.monotonic() > deadline:
            raise AssertionError(f"table {table} not ready: {view['observation']['prompt']}")
        time.sleep(0.02)


def my_turn(view) -> bool:
    return view["finished"] or bool(view["legal"])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pg_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / name).exists():
            return str(folder / name)
    return None


@pytest.fixture(scope="session")
def postgres_url():
    """A PostgreSQL server of its own, on a free port, for the session; removed afterwards."""
    initdb, pg_ctl = _pg_bin("initdb"), _pg_bin("pg_ctl")
    if not (initdb and pg_ctl):
        pytest.skip("PostgreSQL's initdb and pg_ctl are not installed")
    folder = Path(tempfile.mkdtemp(prefix="gaiatable-pg-"))  # outside pytest's private folders
    data, port = folder / "data", free_port()
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(folder, "postgres")
    subprocess.run([*as_user, initdb, "-D", str(data), "-U", "gaiatable", "--auth=trust", "-E", "UTF8"],
                   check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://gaiatable@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, pg_ctl, "-D", str(data), "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def start(db: str, port: int, *options: str) -> subprocess.Popen:
    """`gaiatable serve` in a process of its own, once it answers; its bots move at once unless `options`
    set a `--bot-pace` (a later option wins)."""
    log = tempfile.TemporaryFile("w+")  # a pipe nobody reads could fill up and stall the server
    command = [sys.executable, "-m", "gaiatable", "serve", "--port", str(port), "--db", db, "--bot-pace", "0", *options]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx2.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                process.log = log  # what it printed: tests read it back (log.seek(0))
                return process
        except httpx2.TransportError:
            time.sleep(0.2)
    process.kill()
    log.seek(0)
    raise AssertionError(f"the server did not start: {log.read()}")
