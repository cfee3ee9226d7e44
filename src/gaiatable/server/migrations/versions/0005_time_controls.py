"""time controls: a table's clock, the deadline of the person to move, a forfeit; each seat's game clock

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("clock", sa.JSON, nullable=True))
    op.add_column("tables", sa.Column("since", sa.DateTime, nullable=True))
    op.add_column("tables", sa.Column("deadline", sa.DateTime, nullable=True))
    op.add_column("tables", sa.Column("forfeit", sa.Integer, nullable=True))
    op.add_column("tables", sa.Column("forfeit_by", sa.String(8), nullable=True))
    op.create_index("ix_tables_deadline", "tables", ["deadline"])
    op.add_column("seats", sa.Column("time_left", sa.Float, nullable=True))


def downgrade() -> None:
    op.drop_index("ix_tables_deadline", "tables")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("time_left")
    with op.batch_alter_table("tables") as batch:
        for column in ("forfeit_by", "forfeit", "deadline", "since", "clock"):
            batch.drop_column(column)
