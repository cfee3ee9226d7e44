"""How `gaiatable serve` runs: one process, or `--workers N` processes that each build the app
(uvicorn's), with the database URL and options handed to them in the environment; where the default
SQLite file lives; the access log's lines."""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from pathlib import Path

import uvicorn
from fastapi import FastAPI

from .app import access, create_app
from .deadline import HeadDeadline


def log_requests() -> None:
    """Access lines to standard error, a JSON object a line (for a log collector); workers follow suit."""
    os.environ["GAIATABLE_ACCESS_LOG"] = "1"
    if not access.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        access.addHandler(handler)
        access.setLevel(logging.INFO)


def run(web: FastAPI, url: str, host: str, port: int, bots: int, workers: int, access_log: bool = False,
        keep_days: float = 0, bot_pace: float = 0) -> None:
    """Serve `web` in this process, or in `workers` processes that each build the app (uvicorn's)."""
    if access_log:
        log_requests()
    options = {"host": host, "port": port, "log_level": "warning", "ws_per_message_deflate": False,  # views are small
               "http": HeadDeadline}  # half-sent requests do not hold sockets
    if workers == 1:
        uvicorn.run(web, **options)
        return
    os.environ.update(GAIATABLE_DB=url, GAIATABLE_BOTS=str(bots), GAIATABLE_KEEP=str(keep_days),  # for each worker
                      GAIATABLE_PACE=str(bot_pace))
    counts = None
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):  # the workers' shared counts (metrics.py)
        counts = os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="gaiatable-metrics-")
    try:
        uvicorn.run("gaiatable.server.process:from_environment", factory=True, workers=workers, **options)
    finally:
        if counts:
            shutil.rmtree(counts, ignore_errors=True)


def default_db() -> str:
    """An SQLite file in the user's data folder."""
    home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "gaiatable"
    home.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{home / 'tables.db'}"


def from_environment() -> FastAPI:
    """The app as `serve --workers N` starts it in each worker process (uvicorn imports it by name)."""
    if os.environ.get("GAIATABLE_ACCESS_LOG"):
        log_requests()
    return create_app(os.environ["GAIATABLE_DB"], bot_workers=int(os.environ.get("GAIATABLE_BOTS", "1")),
                      keep_days=float(os.environ.get("GAIATABLE_KEEP", "0")),
                      bot_pace=float(os.environ.get("GAIATABLE_PACE", "0")))
