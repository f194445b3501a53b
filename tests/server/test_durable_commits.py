"""Acknowledged commits survive power loss: SQLite syncs every commit to disk (FULL, WAL).

With ``synchronous=NORMAL`` five tables answered 201 were gone after the filesystem went
read-only: a WAL commit was acknowledged before it reached the disk.
"""

from __future__ import annotations

from pathlib import Path

from parlour.server.store.storage import Store

FULL = 2
"""``PRAGMA synchronous`` reads FULL as 2 (NORMAL is 1)."""


def test_every_sqlite_connection_syncs_each_commit_in_wal_mode(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'durable.db'}")
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == FULL
        # The hot writes' own connection (moves are committed through it) too.
        found = store.writes.run(lambda cur: cur.raw.execute("PRAGMA synchronous").fetchone())
        assert found[0] == FULL
    finally:
        store.close()
