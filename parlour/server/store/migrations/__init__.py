"""Schema migrations (Alembic): every change to the database's tables arrives as one.

A server upgrades its database in place when it starts (``upgrade``). A database written
before migrations existed (no ``alembic_version`` table, the three tables of the first
schema) is recognised as the first revision and upgraded from there, keeping every table,
seat token and action. A new migration is a new file in ``versions/`` whose
``down_revision`` names the newest one before it.
"""

from __future__ import annotations

import threading
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text

HERE = Path(__file__).resolve().parent

BASELINE = "0001"
"""The schema every database had before migrations: parlour_tables, _seats, _actions."""

# Alembic's ``op`` and ``context`` are module-wide: one migration run at a time per process.
_RUNNING = threading.Lock()

# Any fixed number: servers starting together on one PostgreSQL database take turns.
_PG_LOCK = 0x7061726C6F7572


def config(conn: Connection) -> Config:
    """An Alembic configuration that runs on ``conn`` (no alembic.ini needed)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = conn
    return cfg


def head() -> str:
    """The newest revision."""
    found = ScriptDirectory(str(HERE)).get_current_head()
    assert found is not None
    return found


def current(conn: Connection) -> str | None:
    """The revision a database is at (None: not under migrations yet)."""
    return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision, in one transaction where it can.

    On PostgreSQL an advisory lock makes servers starting together upgrade one after the
    other (the second finds nothing left to do).
    """
    with _RUNNING, engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK})
        cfg = config(conn)
        if current(conn) is None and inspect(conn).has_table("parlour_tables"):
            # Written before migrations existed: it holds the first schema.
            command.stamp(cfg, BASELINE)
        command.upgrade(cfg, "head")
