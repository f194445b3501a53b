"""Web Push: the server's keys (VAPID) and each device's push subscription."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the server's keys and the push subscriptions (empty)."""
    op.create_table(
        "parlour_server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "parlour_push",
        sa.Column("endpoint_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False, index=True),
        sa.Column("endpoint", sa.Text, nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("turns", sa.Boolean, nullable=False),
        sa.Column("invites", sa.Boolean, nullable=False),
        sa.Column("ends", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("parlour_push")
    op.drop_table("parlour_server_keys")
