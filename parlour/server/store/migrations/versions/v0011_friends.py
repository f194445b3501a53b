"""Friends: who added whom, invitations to tables, and when each account was last seen."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision: str | None = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the friends' tables (empty)."""
    op.create_table(
        "parlour_friends",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("friend_id", sa.String(32), primary_key=True, index=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "parlour_invitations",
        sa.Column("to_id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("from_id", sa.String(32), primary_key=True, index=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "parlour_account_seen",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("seen", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    for name in ("parlour_account_seen", "parlour_invitations", "parlour_friends"):
        op.drop_table(name)
