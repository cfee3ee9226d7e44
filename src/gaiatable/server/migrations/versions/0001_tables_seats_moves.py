"""tables, seats and moves

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("companion", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("plies", sa.Integer(), nullable=False),
        sa.Column("to_move", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("rematch", sa.String(16), nullable=True),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("updated", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_tables_updated", "tables", ["updated"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("agent", sa.String(80), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("claimed", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_seats_token", "seats", ["token"])
    op.create_table(
        "moves",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("ply", sa.Integer(), primary_key=True),
        sa.Column("actor", sa.Integer(), nullable=False),
        sa.Column("action", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_table("tables")
