"""Alembic's entry point: runs migrations on the connection handed over by `upgrade()`, or on the
database named by GAIATABLE_DB when run from the alembic command line."""

import os

from alembic import context
from sqlalchemy import create_engine

from gaiatable.server.storage import Base

connection = context.config.attributes.get("connection")
if connection is None:
    with create_engine(os.environ["GAIATABLE_DB"]).begin() as connection:
        context.configure(connection=connection, target_metadata=Base.metadata)
        context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
