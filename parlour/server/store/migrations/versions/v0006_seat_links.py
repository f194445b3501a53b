"""Seat links: a person's link that moves their seat to another device."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create parlour_seat_links (empty)."""
    op.create_table(
        "parlour_seat_links",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("link_hash", sa.String(64), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the seat links."""
    op.drop_table("parlour_seat_links")
