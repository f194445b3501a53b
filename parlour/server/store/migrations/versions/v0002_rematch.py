"""A finished table names its rematch (the table "Play again" made), once."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add parlour_tables.rematch (empty for every table so far)."""
    with op.batch_alter_table("parlour_tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    """Drop parlour_tables.rematch."""
    with op.batch_alter_table("parlour_tables") as batch:
        batch.drop_column("rematch")
