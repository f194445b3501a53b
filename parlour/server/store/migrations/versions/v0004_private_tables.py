"""Private and public tables, archived tables, and the host's bans."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add parlour_tables.public (every table so far was listed: public) and .archived,
    parlour_seats.client_hash, and the parlour_bans table."""
    with op.batch_alter_table("parlour_tables") as batch:
        batch.add_column(
            sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("archived", sa.Float(), nullable=True))
    op.execute(sa.text("UPDATE parlour_tables SET public = :yes").bindparams(yes=True))
    with op.batch_alter_table("parlour_seats") as batch:
        batch.add_column(sa.Column("client_hash", sa.String(64), nullable=True))
    op.create_table(
        "parlour_bans",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(80), primary_key=True),
    )


def downgrade() -> None:
    """Drop what upgrade added."""
    op.drop_table("parlour_bans")
    with op.batch_alter_table("parlour_seats") as batch:
        batch.drop_column("client_hash")
    with op.batch_alter_table("parlour_tables") as batch:
        batch.drop_column("archived")
        batch.drop_column("public")
