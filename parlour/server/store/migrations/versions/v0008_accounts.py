"""Accounts: people's accounts, their ways in, recovery codes, sessions and tables."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the accounts' tables (empty)."""
    op.create_table(
        "parlour_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(80), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "parlour_credentials",
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("key", sa.String(1400), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False, index=True),
        sa.Column("secret", sa.Text, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "parlour_recovery_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False, unique=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "parlour_sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False, index=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "parlour_ceremonies",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("challenge", sa.String(128), nullable=False),
        sa.Column("name", sa.String(100), nullable=True),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_table(
        "parlour_account_tables",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("token", sa.String(200), nullable=False),
        sa.Column("added", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the accounts' tables."""
    for name in (
        "parlour_account_tables",
        "parlour_ceremonies",
        "parlour_sessions",
        "parlour_recovery_codes",
        "parlour_credentials",
        "parlour_accounts",
    ):
        op.drop_table(name)
