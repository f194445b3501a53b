"""Upgrades keep people's games: schema changes arrive as Alembic migrations.

``data/before_migrations.db`` was written by the server as it was before migrations
existed (commit 5f395fa): a finished all-bot Love Letter game, a Love Letter game of two
people and a bot in the middle, and an open Splendor Marvel table with one seat taken.
``data/before_migrations.json`` holds what that server answered about them (summaries, a
seat's replay step, the finished game's record) and the tokens it handed out.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import Column, Integer, MetaData, String, Table, create_engine, insert, select

from parlour.server import ServerConfig, create_app
from parlour.server.store import migrations
from parlour.server.store.storage import Store, metadata

DATA = Path(__file__).parent / "data"
FACTS: dict[str, Any] = json.loads((DATA / "before_migrations.json").read_text("utf-8"))
OLD_TABLES = ("parlour_tables", "parlour_seats", "parlour_actions")


@pytest.fixture
def old_db(tmp_path: Path) -> Path:
    """A copy of the database written before migrations."""
    db = tmp_path / "parlour.db"
    shutil.copy(DATA / "before_migrations.db", db)
    return db


def app_on(url: str) -> TestClient:
    """A client of an app on ``url`` (bots act without delay)."""
    return TestClient(create_app(ServerConfig(database_url=url, bot_delay=0, bot_think_limit=5)))


def rows(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the first schema's tables (its columns only), sorted."""
    with sqlite3.connect(DATA / "before_migrations.db") as conn:
        columns = {t: [c[1] for c in conn.execute(f"PRAGMA table_info({t})")] for t in OLD_TABLES}
    with sqlite3.connect(db) as conn:
        return {
            t: sorted(conn.execute(f"SELECT {', '.join(columns[t])} FROM {t}")) for t in OLD_TABLES
        }


def revision(url: str) -> str | None:
    """The revision the database at ``url`` is at."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return migrations.current(conn)
    finally:
        engine.dispose()


def check_games_intact(client: TestClient) -> None:
    """Everything the earlier server answered is answered the same; its tokens still work."""
    for name in ("finished", "playing", "open"):
        table = FACTS[name]["id"]
        expected = FACTS["summaries"][name]
        got = client.get(f"/api/tables/{table}").json()
        assert {k: got[k] for k in expected} == expected, name
        assert got["rematch"] is None  # revision 0002: no table had one
        # Revision 0004: every table so far was listed, so it stays public; none archived.
        assert (got["public"], got["archived"]) == (True, False)
        assert got["hints"] is False  # revision 0007: no table offered hints
    finished = FACTS["finished"]["id"]
    assert client.get(f"/api/tables/{finished}/record").json() == FACTS["finished"]["record"]
    playing = FACTS["playing"]
    summary = FACTS["summaries"]["playing"]
    step = f"/api/tables/{playing['id']}/replay/{summary['move']}"
    seat0 = playing["tokens"]["0"]
    replay = client.get(f"{step}?seat=0", headers={"X-Seat-Token": seat0}).json()
    assert replay["table"].pop("rematch") is None
    assert (replay["table"].pop("public"), replay["table"].pop("archived")) == (True, False)
    assert replay["table"].pop("hints") is False
    assert replay == playing["replay"]
    # The seat to act plays on with the token it was given before the upgrade.
    seat = summary["to_act"]
    token = playing["tokens"][str(seat)]
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    action = str(hub.tables[playing["id"]].state.legal_actions()[0])
    url = f"/api/tables/{playing['id']}/move"
    body = {"seat": seat, "move": summary["move"], "action": action}
    wrong = client.post(url, json=body | {"token": "x" * 43})
    assert wrong.status_code == 403, wrong.text
    ok = client.post(url, json=body | {"token": token})
    assert ok.status_code == 200, ok.text
    assert ok.json()["move"] > summary["move"]
    # The open table: its taken seat stays taken, its host token still seats a bot.
    opened = FACTS["open"]
    taken = client.post(f"/api/tables/{opened['id']}/seats/1", json={"name": "Someone"})
    assert taken.status_code == 409, taken.text
    bot = {"bot": "random", "host_token": opened["host"]}
    assert client.post(f"/api/tables/{opened['id']}/bots/0", json=bot).status_code == 200


def test_a_database_from_before_migrations_upgrades_in_place(old_db: Path) -> None:
    url = f"sqlite:///{old_db}"
    before = rows(old_db)
    assert revision(url) is None
    with app_on(url) as client:
        assert rows(old_db) == before  # the upgrade itself changed no row
        assert revision(url) == migrations.head()
        check_games_intact(client)
    # Started again: already at the newest revision, nothing to do, nothing lost.
    with app_on(url) as client:
        assert revision(url) == migrations.head()
        summary = client.get(f"/api/tables/{FACTS['playing']['id']}").json()
        assert summary["move"] > FACTS["summaries"]["playing"]["move"]


def test_migrated_schema_is_the_schema_the_code_uses(old_db: Path, tmp_path: Path) -> None:
    for url in (f"sqlite:///{old_db}", f"sqlite:///{tmp_path / 'new.db'}"):
        Store(url).close()
        engine = create_engine(url)
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), metadata) == []
            # Planted fault: a column the migrations never add is found.
            planted = MetaData()
            for table in metadata.tables.values():
                table.to_metadata(planted)
            Table("parlour_tables", planted, Column("planted", Integer), extend_existing=True)
            Table("parlour_planted", planted, Column("id", String(8), primary_key=True))
            found = compare_metadata(MigrationContext.configure(conn), planted)
            assert {d[0] for d in found} == {"add_column", "add_table"}
        engine.dispose()


def copy_rows(src: Path, url: str) -> None:
    """The fixture's rows written into the first schema at ``url`` (no migrations table)."""
    engine = create_engine(url)
    old = MetaData()
    source = create_engine(f"sqlite:///{src}")
    with source.connect() as sconn, engine.begin() as dconn:
        for name in OLD_TABLES:
            table = Table(name, old, autoload_with=sconn)
        old.create_all(dconn)
        for name in OLD_TABLES:
            table = old.tables[name]
            found = [dict(r._mapping) for r in sconn.execute(select(table))]
            dconn.execute(insert(table), found)
    source.dispose()
    engine.dispose()


def test_postgres_database_from_before_migrations_upgrades_in_place(
    old_db: Path, pg_url: str
) -> None:
    copy_rows(old_db, pg_url)
    assert revision(pg_url) is None
    with app_on(pg_url) as client:
        assert revision(pg_url) == migrations.head()
        check_games_intact(client)
    engine = create_engine(pg_url)
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    engine.dispose()


def test_postgres_new_database_is_created_by_the_migrations(pg_url: str) -> None:
    Store(pg_url).close()
    Store(pg_url).close()  # a second start finds nothing to do
    assert revision(pg_url) == migrations.head()
    engine = create_engine(pg_url)
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    engine.dispose()
