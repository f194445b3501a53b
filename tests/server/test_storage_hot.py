"""The storage thread's hot writes (parlour.server.store.direct_sql): statements compiled once, run
on a connection kept between transactions, on SQLite (a file and in memory) and PostgreSQL. Every
value lands in its own column whatever order the dialect wants them in; a failed transaction stores
nothing and the next one is stored; a connection the database dropped is replaced; the driver's
errors are SQLAlchemy's."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import bindparam, create_engine, select, text, update
from sqlalchemy.exc import IntegrityError

from parlour.server.features.chat import load_chat, store_lines
from parlour.server.store.direct_sql import Cursor, Statement
from parlour.server.store.storage import ActionRow, SeatRecord, Store, TableRecord, tables_t


@pytest.fixture(params=["file", "memory", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """A store on a SQLite file, on SQLite in memory and on a throwaway PostgreSQL database."""
    if request.param == "file":
        url = f"sqlite:///{tmp_path / 'hot.db'}"
    elif request.param == "memory":
        url = "sqlite://"
    else:
        url = request.getfixturevalue("pg_url")
    s = Store(url)
    try:
        yield s
    finally:
        s.close()


def record(
    table_id: str, seats: dict[int, SeatRecord] | None = None, created: float = 1234.5
) -> TableRecord:
    """A highcard table, every field set to a value of its own."""
    return TableRecord(
        id=table_id,
        game="highcard",
        players=2,
        options={"b": 1, "a": [2, 3]},
        seed=2**40 + 3,
        host_hash="h" * 64,
        status="open",
        created=created,
        seats=seats or {},
        public=True,
        hints=True,
    )


def seat(n: int, **more: Any) -> SeatRecord:
    """A seat whose every field differs from another's."""
    return SeatRecord(n, "human", f"Name{n}", more.get("bot"), f"tok{n}", f"client{n}")


def test_every_value_is_stored_in_its_own_column(store: Store) -> None:
    store.create_table(record("t1"))
    store.take_seat("t1", seat(0))
    store.take_seat("t1", SeatRecord(1, "bot", "Robo", "random", None, None))
    store.set_status("t1", "playing")
    store.append_actions([ActionRow("t1", 0, 0, "swap", False), ActionRow("t1", 1, 1, "k", True)])
    again = record("t2", {0: seat(0), 1: seat(1)}, created=2000.0)
    assert store.create_rematch("t1", again) == "t2"
    t1, t2 = store.load_all()
    assert (t1.id, t1.game, t1.players, t1.options, t1.seed) == (
        "t1",
        "highcard",
        2,
        {"b": 1, "a": [2, 3]},
        2**40 + 3,
    )
    assert (t1.host_hash, t1.status, t1.created, t1.public, t1.hints) == (
        "h" * 64,
        "over",
        1234.5,
        True,
        True,
    )
    assert t1.rematch == "t2" and t1.actions == ["swap", "k"]
    assert t1.seats == {0: seat(0), 1: SeatRecord(1, "bot", "Robo", "random", None, None)}
    assert (t2.status, t2.seats, t2.rematch, t2.options) == (
        "open",
        {0: seat(0), 1: seat(1)},
        None,
        t1.options,
    )


class Unordered(Statement):
    """Planted: hands the driver a row in the fields' order, whatever the SQL's is."""

    def params(self, rows: Any) -> list[Any]:
        """The rows as they are."""
        return [dict(zip(self.fields, r, strict=True)) if self._named else tuple(r) for r in rows]


@pytest.mark.parametrize("kind", [Statement, Unordered])
def test_a_statement_takes_its_fields_in_the_order_it_names_them(
    kind: type[Statement], tmp_path: Path
) -> None:
    """Fields named in another order than the SQL's placeholders still reach theirs (the
    planted statement that passes them as named is caught: its update finds no table)."""
    store = Store(f"sqlite:///{tmp_path / 'order.db'}")
    try:
        store.create_table(record("t1"))
        stmt = update(tables_t).where(tables_t.c.id == bindparam("t")).values(status=bindparam("s"))
        statement = kind(store.engine, stmt, ("t", "s"))  # the SQL has s first
        changed = store.writes.run(lambda cur: cur.one(statement, ("t1", "over")))
        (t1,) = store.load_all()
        found = (changed, t1.status)
    finally:
        store.close()
    if kind is Statement:
        assert found == (1, "over")
    else:
        assert found == (0, "open")


def test_a_failed_batch_stores_nothing_and_the_next_is_stored(store: Store) -> None:
    store.create_table(record("t1"))
    store.create_table(record("t2"))
    store.append_actions([ActionRow("t1", 0, 0, "swap", False)])
    with pytest.raises(IntegrityError):  # SQLAlchemy's, as before
        store.append_actions([ActionRow("t2", 0, 0, "x", True), ActionRow("t1", 0, 1, "y", False)])
    store.take_seat("t1", seat(3))
    with pytest.raises(IntegrityError):
        store.take_seat("t1", seat(3))
    store.append_actions([ActionRow("t2", 0, 1, "z", False)])
    found = {r.id: (r.actions, r.status, sorted(r.seats)) for r in store.load_all()}
    assert found == {"t1": (["swap"], "open", [3]), "t2": (["z"], "open", [])}


def test_work_that_fails_rolls_back_and_raises_its_own_error(store: Store) -> None:
    store.create_table(record("t1"))

    def half(cur: Cursor) -> None:
        store.write_actions(cur, [ActionRow("t1", 0, 0, "swap", True)], time.time())
        raise LookupError("planted")

    with pytest.raises(LookupError):
        store.writes.run(half)
    (t1,) = store.load_all()
    assert (t1.actions, t1.status) == ([], "open")


def test_a_rematch_another_process_made_first_stores_nothing_of_this_one(store: Store) -> None:
    store.create_table(record("t1"))
    assert store.create_rematch("t1", record("t2", {0: seat(0)})) == "t2"
    assert store.create_rematch("t1", record("t3", {0: seat(0)})) == "t2"
    assert sorted(r.id for r in store.load_all()) == ["t1", "t2"]
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM parlour_seats")).scalar() == 1


def drop(store: Store) -> None:
    """Cut the writes' connection as a database restart would."""
    conn = store.writes._conn
    assert conn is not None
    if store.engine.dialect.name == "sqlite":
        conn.dbapi_connection.close()
        return
    pid = conn.dbapi_connection.info.backend_pid
    other = create_engine(store.url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with other.begin() as c:
            c.execute(select(text("pg_terminate_backend(:p)")), {"p": pid})
    finally:
        other.dispose()


def test_a_dropped_connection_is_replaced_and_the_batch_stored(store: Store) -> None:
    if store.in_memory:
        pytest.skip("an in-memory database is gone with its connection")
    store.create_table(record("t1"))
    store.append_actions([ActionRow("t1", 0, 0, "swap", False)])
    drop(store)
    store.append_actions([ActionRow("t1", 1, 1, "keep", True)])
    (t1,) = store.load_all()
    assert (t1.actions, t1.status) == (["swap", "keep"], "over")


def rows_of(statement: Statement, rows: Sequence[Sequence[Any]]) -> list[Any]:
    """What the driver is handed for ``rows``."""
    return statement.params(rows)


def test_a_statement_refuses_fields_that_are_not_its_parameters(store: Store) -> None:
    stmt = update(tables_t).where(tables_t.c.id == bindparam("t")).values(status=bindparam("s"))
    with pytest.raises(ValueError):
        Statement(store.engine, stmt, ("t", "status"))
    named = Statement(store.engine, stmt, ("t", "s"))
    expected = [{"t": "a", "s": "b"}] if store.engine.dialect.name == "postgresql" else [("b", "a")]
    assert rows_of(named, [("a", "b")]) == expected


def chat_line(text: str, n: int = 0) -> dict[str, Any]:
    """A players' line."""
    return {"n": n, "channel": "players", "seat": 0, "author": None, "name": "P1"} | {
        "text": text,
        "phrase": None,
        "at": 1.5,
    }


def test_chat_lines_are_numbered_as_their_tables_next(store: Store) -> None:
    store.create_table(record("t1"))
    store.create_table(record("t2"))
    assert store_lines(store, [("t1", chat_line("elsewhere", 4))])
    batch = [("t1", chat_line("a")), ("t2", chat_line("b")), ("t1", chat_line("c", 9))]
    assert store_lines(store, batch)
    assert [line["n"] for _, line in batch] == [5, 0, 9]
    lines = load_chat(store, "t1")[0]
    assert [(x["n"], x["text"], x["seat"], x["name"], x["at"]) for x in lines] == [
        (4, "elsewhere", 0, "P1", 1.5),
        (5, "a", 0, "P1", 1.5),
        (9, "c", 0, "P1", 1.5),
    ]
    assert load_chat(store, "t2")[2] == 1


def test_lines_of_one_table_holding_one_number_take_the_next_ones(store: Store) -> None:
    store.create_table(record("t1"))
    store.create_table(record("t2"))
    assert store_lines(store, [("t1", chat_line("w", 3))])
    batch = [("t2", chat_line("x")), ("t1", chat_line("y", 3)), ("t1", chat_line("z", 3))]
    assert store_lines(store, batch)
    assert [x["n"] for x in load_chat(store, "t1")[0]] == [3, 4, 5]
    assert load_chat(store, "t2")[2] == 1
