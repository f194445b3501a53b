"""Profiles: what each account shows of itself to others."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision: str | None = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the profiles' settings (empty: every account shows everything)."""
    op.create_table(
        "parlour_profiles",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("ratings", sa.Boolean, nullable=False),
        sa.Column("games", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("parlour_profiles")
