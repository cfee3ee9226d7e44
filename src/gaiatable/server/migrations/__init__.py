"""Alembic migrations of the server's schema, run from code at start-up (`Store.migrate`).

A new migration is a new file in versions/ with the next revision number, its upgrade and downgrade;
`alembic revision` can draft one with GAIATABLE_DB naming a database at the previous head."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

HERE = Path(__file__).parent


def config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    cfg = config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # several processes start at once: one migrates
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(4242001)")
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)
