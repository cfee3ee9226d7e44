"""a stamp bumped by every change, and the claim of a process on a table's bot move

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("stamp", sa.Integer, nullable=False, server_default="0"))
    op.add_column("tables", sa.Column("bot_version", sa.Integer, nullable=True))
    op.add_column("tables", sa.Column("bot_owner", sa.String(40), nullable=True))
    op.add_column("tables", sa.Column("bot_claimed", sa.DateTime, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:  # SQLite drops a column by copying the table
        for column in ("bot_claimed", "bot_owner", "bot_version", "stamp"):
            batch.drop_column(column)
