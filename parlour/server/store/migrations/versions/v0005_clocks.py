"""Clocks at tables: each table's clock settings, its running state and the seats bots play
for their people."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create parlour_clocks (empty: no table had a clock before)."""
    op.create_table(
        "parlour_clocks",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("move", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    """Drop the clocks."""
    op.drop_table("parlour_clocks")
