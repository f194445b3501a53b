"""The storage thread's hot writes: statements compiled once for the database's dialect
and run on a connection the writes keep, straight through the driver (DB-API).

A move's commit ran through SQLAlchemy's general machinery at every batch: a pool checkout
and its events, a statement built, its cache key computed and looked up, its parameters
constructed row by row; that was more than half of the storage thread's work, the database's
own execute and commit less than half. Here a statement is compiled once (SQLite's ``?``
or PostgreSQL's ``%(name)s``, whatever the dialect says) and its rows are handed to the
cursor's ``executemany``; a batch is still one transaction, committed or rolled back as a
whole, and a driver's error is raised as SQLAlchemy's own (an ``IntegrityError`` stays one).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement

T = TypeVar("T")


class Statement:
    """One statement compiled for one dialect; its rows are tuples in ``fields``' order."""

    __slots__ = ("_named", "_order", "fields", "sql")

    def __init__(self, engine: Engine, stmt: ClauseElement, fields: Sequence[str]) -> None:
        """Compile ``stmt`` (whose parameters are ``bindparam``s named as ``fields``)."""
        compiled = stmt.compile(dialect=engine.dialect)
        assert isinstance(compiled, SQLCompiler)
        self.fields = tuple(fields)
        self.sql = str(compiled)
        names = compiled.positiontup if compiled.positional else list(compiled.binds)
        if names is None or sorted(names) != sorted(self.fields):
            raise ValueError(f"parameters {names} are not {self.fields}")
        self._named = not compiled.positional
        # The order the driver wants them in (None: already in the fields' order).
        order = tuple(self.fields.index(name) for name in names)
        self._order = None if order == tuple(range(len(order))) else order

    def params(self, rows: Iterable[Sequence[Any]]) -> list[Any]:
        """The driver's parameters for ``rows``."""
        if self._named:
            return [dict(zip(self.fields, row, strict=True)) for row in rows]
        if self._order is None:
            return list(rows)
        order = self._order
        return [tuple(row[i] for i in order) for row in rows]


class Cursor:
    """What a transaction's work runs its statements with."""

    __slots__ = ("_last", "raw")

    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self._last: tuple[str, Any] = ("", None)

    def many(self, statement: Statement, rows: Sequence[Sequence[Any]]) -> int:
        """Run ``statement`` once for each row (nothing when there is none); the rows they
        changed, all told."""
        if not rows:
            return 0
        params = statement.params(rows)
        self._last = (statement.sql, params)
        if len(params) == 1:
            self.raw.execute(statement.sql, params[0])
        else:
            self.raw.executemany(statement.sql, params)
        return int(self.raw.rowcount)

    def one(self, statement: Statement, row: Sequence[Any]) -> int:
        """Run ``statement`` for one row; the rows it changed."""
        (params,) = statement.params([row])
        self._last = (statement.sql, params)
        self.raw.execute(statement.sql, params)
        return int(self.raw.rowcount)

    def rows(self, statement: Statement, row: Sequence[Any]) -> list[Any]:
        """Run a query for one row of parameters; every row it answers."""
        (params,) = statement.params([row])
        self._last = (statement.sql, params)
        self.raw.execute(statement.sql, params)
        return list(self.raw.fetchall())


class Writes:
    """Transactions on a connection kept between them (a checkout from the pool per batch,
    with its events, cost as much as the writing).

    One transaction at a time (a lock): the server writes from one thread, but a Store may
    be shared. A connection the database dropped (a restart) is let go; a transaction that
    failed on it before its commit is run once more on a new one, as the pool's ping on
    checkout would have found it dead first.
    """

    def __init__(self, engine: Engine) -> None:
        """Writes to ``engine``'s database (connected at the first)."""
        self.engine = engine
        self._dialect = engine.dialect
        self._error: type[Exception] = engine.dialect.loaded_dbapi.Error
        self._conn: Any = None
        self._lock = threading.Lock()

    def statement(self, stmt: ClauseElement, fields: Sequence[str]) -> Statement:
        """``stmt`` compiled for this database."""
        return Statement(self.engine, stmt, fields)

    def run(self, work: Callable[[Cursor], T]) -> T:
        """Run ``work`` in one transaction and commit it; on any error roll it back, store
        nothing and raise (a driver's error as SQLAlchemy's)."""
        with self._lock:
            again = True
            while True:
                conn = self._conn
                if conn is None:
                    conn = self._conn = self.engine.raw_connection()
                cursor = Cursor(None)
                committing = False
                try:
                    # The driver's own connection: the pool's wrapper passes each call on
                    # through its __getattr__.
                    driver = conn.dbapi_connection
                    cursor.raw = driver.cursor()
                    out = work(cursor)
                    committing = True
                    driver.commit()
                    return out
                except self._error as exc:
                    lost = self._dialect.is_disconnect(exc, conn, cursor.raw)  # type: ignore[arg-type]
                    self._end(conn, lost)
                    if lost and again and not committing:
                        again = False
                        continue  # nothing was stored: once more on a new connection
                    statement, params = cursor._last
                    raise DBAPIError.instance(
                        statement,
                        params,
                        exc,
                        self._error,
                        connection_invalidated=lost,
                        dialect=self._dialect,
                    ) from exc
                except BaseException:
                    self._end(conn, False)
                    raise
                finally:
                    if cursor.raw is not None:
                        with contextlib.suppress(Exception):  # a dead connection's cursor
                            cursor.raw.close()

    def _end(self, conn: Any, lost: bool) -> None:
        """Roll back a failed transaction; let the connection go if it is dead."""
        if not lost:
            try:
                conn.rollback()
                return
            except Exception:  # a connection that cannot roll back is let go
                pass
        self._conn = None
        with contextlib.suppress(Exception):  # closing a dead connection may fail too
            conn.invalidate()

    def close(self) -> None:
        """Give the connection back to the pool."""
        with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                conn.close()
