"""Rated tables, each account's rating per game, and each rated game's rating changes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the ratings' tables (empty)."""
    op.create_table(
        "parlour_rated_tables",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("rated_at", sa.Float, nullable=True),
    )
    op.create_table(
        "parlour_ratings",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
    )
    op.create_table(
        "parlour_rating_changes",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False, index=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("before", sa.Float, nullable=False),
        sa.Column("after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the ratings' tables."""
    for name in ("parlour_rating_changes", "parlour_ratings", "parlour_rated_tables"):
        op.drop_table(name)
