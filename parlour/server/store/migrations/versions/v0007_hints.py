"""Hints: a table whose host turned them on (off for every table so far)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add parlour_tables.hints (false: no table so far offered hints)."""
    with op.batch_alter_table("parlour_tables") as batch:
        batch.add_column(
            sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    """Drop what upgrade added."""
    with op.batch_alter_table("parlour_tables") as batch:
        batch.drop_column("hints")
