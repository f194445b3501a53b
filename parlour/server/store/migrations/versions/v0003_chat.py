"""Chat at a table: its lines, and what the host set (channels off, people muted)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create parlour_chat and parlour_chat_rules (empty: no table had a chat before)."""
    op.create_table(
        "parlour_chat",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("author", sa.String(16), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("phrase", sa.String(32), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "parlour_chat_rules",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("off", sa.Text, nullable=False),
        sa.Column("muted", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Drop the chat."""
    op.drop_table("parlour_chat_rules")
    op.drop_table("parlour_chat")
