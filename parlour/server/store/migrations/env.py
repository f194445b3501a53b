"""Alembic's entry point: run the migrations on the connection the server hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):
    raise RuntimeError("migrations run through parlour.server.store.migrations.upgrade")
# Batch mode lets SQLite alter tables (it copies them) and changes nothing elsewhere.
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
