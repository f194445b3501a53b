"""Durable storage: tables, seats and each table's append-only action log (SQLAlchemy 2).

A table's truth is its setup (game, players, options, seed) plus the ordered actions; every
other fact (state, views, events) is rebuilt by replay. SQLite is the default; any
SQLAlchemy URL (PostgreSQL included) works.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.pool import StaticPool

from parlour.server.store import migrations
from parlour.server.store.direct_sql import Cursor, Statement, Writes

T = TypeVar("T")

SERVER_WAIT = 30.0
"""Seconds a new Store waits for a database server that refuses connections."""

CONNECT_TIMEOUT = 10
"""Seconds one PostgreSQL connection attempt may take."""

metadata = MetaData()

tables_t = Table(
    "parlour_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("created", Float, nullable=False),
    # The table "Play again" made of this one (revision 0002).
    Column("rematch", String(32), nullable=True),
    # Listed in the lobby (public) or reached by its invitation only (revision 0004).
    Column("public", Boolean, nullable=False, server_default=false()),
    # When it was closed and archived as abandoned (revision 0004); never deleted.
    Column("archived", Float, nullable=True),
    # The host turned hints on for the seat to act (revision 0007; see parlour.learn.hints).
    Column("hints", Boolean, nullable=False, server_default=false()),
)

seats_t = Table(
    "parlour_seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("name", String(64), nullable=False),
    Column("bot", String(64), nullable=True),
    Column("token_hash", String(64), nullable=True),
    # The SHA-256 of the address a person sat from, so a ban can name it (revision 0004).
    Column("client_hash", String(64), nullable=True),
)

# Who the host banned from a table's seats: "name:<folded name>" or "client:<hash>".
bans_t = Table(
    "parlour_bans",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("value", String(80), primary_key=True),
)

# The primary key (table, move) makes applying one move twice impossible at the storage level.
actions_t = Table(
    "parlour_actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("move", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
)


# Chat lines, each table's numbered from 0 (revision 0003; see parlour.server.features.chat).
chat_t = Table(
    "parlour_chat",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("channel", String(16), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("author", String(16), nullable=True),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("phrase", String(32), nullable=True),
    Column("at", Float, nullable=False),
)

# A table's chat as its host set it: channels turned off, people muted (revision 0003).
chat_rules_t = Table(
    "parlour_chat_rules",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("off", Text, nullable=False),
    Column("muted", Text, nullable=False),
)


# A table's clock and the seats bots play for its people (revision 0005; see
# parlour.server.features.clocks): settings and state as JSON, ``move`` the turn they belong to.
clocks_t = Table(
    "parlour_clocks",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("settings", Text, nullable=False),
    Column("state", Text, nullable=False),
    Column("move", Integer, nullable=False),
)


# A seat's personal link to another device, as its hash (revision 0006; see
# parlour.server.features.seat_links): one per seat at most, used once.
seat_links_t = Table(
    "parlour_seat_links",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("link_hash", String(64), nullable=False),
    Column("created", Float, nullable=False),
)


TABLE_FIELDS: tuple[str, ...] = ("id", "game", "players", "options", "seed", "host_hash")
TABLE_FIELDS += ("status", "created", "public", "hints")
SEAT_FIELDS = ("table_id", "seat", "kind", "name", "bot", "token_hash", "client_hash")
ACTION_FIELDS = ("table_id", "move", "seat", "action", "at")


def _insert(writes: Writes, table: Table, fields: tuple[str, ...]) -> Statement:
    return writes.statement(insert(table).values({f: bindparam(f) for f in fields}), fields)


class _Linked(Exception):
    """The table already has a rematch (stored by another process meanwhile)."""


@dataclass
class SeatRecord:
    """A taken seat as stored."""

    seat: int
    kind: str
    name: str
    bot: str | None = None
    token_hash: str | None = None
    client_hash: str | None = None
    """The SHA-256 of the address the person sat from (what a ban names)."""


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One accepted action to append to a table's log."""

    table_id: str
    move: int
    seat: int
    action: str
    over: bool
    """Whether this action ended the game."""


@dataclass
class TableRecord:
    """A table as stored: setup, seats and the action log."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    host_hash: str
    status: str
    created: float
    seats: dict[int, SeatRecord] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    rematch: str | None = None
    """The id of the table made by "Play again" at this one's end."""
    public: bool = False
    """Listed in the lobby; a private table is reached by its invitation link only."""
    archived: float | None = None
    """When the table was closed as abandoned (its replay stays)."""
    bans: set[str] = field(default_factory=set)
    """Who may not sit here: ``name:<folded name>`` and ``client:<address hash>``."""
    active: float = 0.0
    """When it last changed: its last move, else its creation (for archiving)."""
    hints: bool = False
    """The host turned hints on: the seat to act may ask for the hard bot's advice."""


SQLITE_BUSY = 5.0
"""Seconds a write waits for a SQLite database another process holds locked, then fails
(refused as ``web.error.storage``) instead of holding every table."""


SQLITE_SYNCHRONOUS = "FULL"
"""SQLite's ``synchronous`` setting: each commit reaches the disk before it returns."""


def default_database_url() -> str:
    """SQLite in the user's data folder (``$XDG_DATA_HOME/parlour/parlour.db`` on Linux)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    folder = base / "parlour"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'parlour.db'}"


def _make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY},
            poolclass=StaticPool if memory else None,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            # WAL: writers don't block readers. FULL: every commit is on disk before it
            # is acknowledged, so an acknowledged move survives power loss or a kernel
            # crash too (NORMAL survives only a killed process).
            cur = conn.cursor()
            if not memory:
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={SQLITE_SYNCHRONOUS}")
            cur.close()

        return engine
    parsed = server_url(url)
    args: dict[str, Any] = {}
    if parsed.get_backend_name() == "postgresql" and "connect_timeout" not in parsed.query:
        # An unreachable host must not hold the one storage thread for minutes.
        args["connect_timeout"] = CONNECT_TIMEOUT
    return create_engine(parsed, pool_pre_ping=True, connect_args=args)


def server_url(url: str) -> URL:
    """``url`` parsed, a bare ``postgresql://`` (or ``postgres://``) using psycopg 3."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


class Store:
    """Synchronous storage calls; the server runs them on one worker thread."""

    def __init__(self, url: str, wait: float | None = None) -> None:
        """Open the database and create or upgrade its schema (migrations) if needed.

        A database server that refuses connections (still starting, say after a reboot),
        or a SQLite file another process holds locked, is tried again for up to ``wait``
        seconds (``SERVER_WAIT`` by default).
        """
        self.url = url
        self.engine = _make_engine(url)
        self.statements: dict[str, Any] = {}
        """Statements other modules compiled once for this database, by name."""
        self.in_memory = url in ("sqlite://", "sqlite:///:memory:")
        """One connection that every call shares (so one thread must make them all)."""
        # PostgreSQL text cannot hold NUL characters (SQLite's can): they are replaced there.
        self._no_nul = self.engine.dialect.name == "postgresql"
        sqlite = self.engine.dialect.name == "sqlite"
        if wait is None:
            wait = SERVER_WAIT
        deadline, pause = time.monotonic() + wait, 0.1
        while True:
            try:
                migrations.upgrade(self.engine)
                self._compile()
                return
            except DBAPIError as exc:
                # Two servers starting together on a new database race to create the schema
                # (SQLite: the file is locked; either: a table already exists): try again.
                # A server still starting refuses connections: try again. A bad SQLite path
                # fails at once.
                text = str(exc)
                racing = any(
                    sign in text for sign in ("database is locked", "already exists", "duplicate")
                )
                again = racing or (isinstance(exc, OperationalError) and not sqlite)
                if not again or time.monotonic() + pause > deadline:
                    self.engine.dispose()
                    raise
            time.sleep(pause)
            pause = min(pause * 2, 2.0)

    def _compile(self) -> None:
        """The hot writes' statements, compiled once for this database (see
        :mod:`parlour.server.store.direct_sql`)."""
        w = self.writes = Writes(self.engine)
        self._add_table = _insert(w, tables_t, TABLE_FIELDS)
        self._add_seat = _insert(w, seats_t, SEAT_FIELDS)
        self._add_action = _insert(w, actions_t, ACTION_FIELDS)
        self._add_ban = _insert(w, bans_t, ("table_id", "value"))
        by_id = tables_t.c.id == bindparam("t")
        self._set_status = w.statement(
            update(tables_t).where(by_id).values(status=bindparam("s")), ("s", "t")
        )
        self._link = w.statement(
            update(tables_t)
            .where(by_id, tables_t.c.rematch.is_(None))
            .values(rematch=bindparam("r")),
            ("r", "t"),
        )

    def _text(self, value: str) -> str:
        return value.replace("\x00", "\ufffd") if self._no_nul else value

    def close(self) -> None:
        """Release connections."""
        self.writes.close()
        self.engine.dispose()

    def create_table(self, rec: TableRecord) -> None:
        """Store a new table."""
        self.writes.run(lambda cur: cur.many(self._add_table, [self._table_row(rec)]))

    def create_rematch(self, old_id: str, rec: TableRecord) -> str:
        """Store ``rec`` (with its seats) as the rematch of ``old_id``, unless it has one.

        Returns the rematch's id: ``rec.id``, or the one another process stored first (then
        nothing of ``rec`` is stored).
        """

        def store(cur: Cursor) -> None:
            cur.many(self._add_table, [self._table_row(rec)])
            cur.many(self._add_seat, [self._seat_row(rec.id, s) for s in rec.seats.values()])
            cur.many(self._add_ban, [(rec.id, value) for value in sorted(rec.bans)])
            if cur.one(self._link, (rec.id, old_id)) != 1:
                raise _Linked  # rolls the new table back

        try:
            self.writes.run(store)
            return rec.id
        except _Linked:
            pass
        with self.engine.connect() as conn:
            found = conn.execute(select(tables_t.c.rematch).where(tables_t.c.id == old_id))
            return str(found.scalar_one())

    @staticmethod
    def _table_row(rec: TableRecord) -> tuple[Any, ...]:
        options = json.dumps(rec.options, sort_keys=True)
        head = (rec.id, rec.game, rec.players, options, rec.seed, rec.host_hash, rec.status)
        return (*head, rec.created, rec.public, rec.hints)

    @staticmethod
    def _seat_row(table_id: str, seat: SeatRecord) -> tuple[Any, ...]:
        who = (seat.kind, seat.name, seat.bot, seat.token_hash, seat.client_hash)
        return (table_id, seat.seat, *who)

    def take_seat(self, table_id: str, seat: SeatRecord) -> None:
        """Store a seat (fails if the seat is already taken).

        A name the database cannot hold as it is (NUL on PostgreSQL) is stored cleaned, and
        ``seat`` is updated to match, so memory and storage agree.
        """
        seat.name = self._text(seat.name)
        self.writes.run(lambda cur: cur.many(self._add_seat, [self._seat_row(table_id, seat)]))

    def free_seat(self, table_id: str, seat: int, bans: tuple[str, ...] = ()) -> None:
        """Forget who sat at a seat (before the start), banning ``bans`` from the table's
        seats in the same transaction; the seat's link goes with its person."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
            )
            conn.execute(
                delete(seat_links_t).where(
                    seat_links_t.c.table_id == table_id, seat_links_t.c.seat == seat
                )
            )
            stored = set(
                conn.execute(select(bans_t.c.value).where(bans_t.c.table_id == table_id))
                .scalars()
                .all()
            )
            for value in sorted(set(bans) - stored):
                conn.execute(insert(bans_t).values(table_id=table_id, value=value))

    def archive(self, table_id: str, when: float) -> None:
        """Close a table as abandoned: it stays stored, with its log, and is no longer
        loaded with the live tables."""
        with self.engine.begin() as conn:
            conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(archived=when))

    def set_status(self, table_id: str, status: str) -> None:
        """Change a table's status (open, playing, over)."""
        self.writes.run(lambda cur: cur.one(self._set_status, (status, table_id)))

    def append_action(self, table_id: str, move: int, seat: int, action: str, over: bool) -> None:
        """Commit one accepted action (and the end of the game when it ends it)."""
        self.append_actions([ActionRow(table_id, move, seat, action, over)])

    def append_actions(self, rows: list[ActionRow]) -> None:
        """Commit several accepted actions (of different tables) in one transaction (see
        :meth:`append_with`)."""
        self.append_with(rows, None)

    def append_with(self, rows: list[ActionRow], also: Callable[[Cursor], T] | None) -> T | None:
        """Commit several accepted actions (of different tables) in one transaction, with
        what ``also`` writes (the clocks of the turns they start); what ``also`` answers.

        Storing a row that is already there, identical, is not an error: a commit whose
        answer was lost (the database restarted or the connection dropped) is retried by
        the caller with the same rows. A different action at a stored move is refused
        (IntegrityError) and nothing of the batch is stored.
        """
        now = time.time()
        try:
            return self.writes.run(lambda cur: self.write_actions(cur, rows, now, rows, also))
        except IntegrityError:
            with self.engine.connect() as conn:
                missing = self._not_yet_stored(conn, rows)
            if missing is None or len(missing) == len(rows):
                raise  # a different action is stored, or the conflict is not a retry
            return self.writes.run(lambda cur: self.write_actions(cur, missing, now, rows, also))

    def write_actions(
        self,
        cur: Cursor,
        rows: list[ActionRow],
        now: float,
        over: list[ActionRow] | None = None,
        also: Callable[[Cursor], T] | None = None,
    ) -> T | None:
        """Add ``rows`` to their logs in the transaction of ``cur``, marking the games the
        rows of ``over`` (``rows`` by default) end over, then run ``also``."""
        cur.many(self._add_action, [(r.table_id, r.move, r.seat, r.action, now) for r in rows])
        ends = rows if over is None else over
        cur.many(self._set_status, [("over", r.table_id) for r in ends if r.over])
        return None if also is None else also(cur)

    @staticmethod
    def _not_yet_stored(conn: Connection, rows: list[ActionRow]) -> list[ActionRow] | None:
        """The rows not in the log yet (None if one differs from what the log holds)."""
        stored = {
            (row.table_id, row.move): (row.seat, row.action)
            for row in conn.execute(
                select(actions_t.c.table_id, actions_t.c.move, actions_t.c.seat, actions_t.c.action)
                .where(actions_t.c.table_id.in_(sorted({r.table_id for r in rows})))
                .where(actions_t.c.move.in_(sorted({r.move for r in rows})))
            )
        }
        missing = []
        for r in rows:
            found = stored.get((r.table_id, r.move))
            if found is None:
                missing.append(r)
            elif found != (r.seat, r.action):
                return None
        return missing

    def load_all(self) -> list[TableRecord]:
        """Every table not archived, with its seats and actions, oldest first."""
        return self._load(None)

    def load_table(self, table_id: str) -> TableRecord | None:
        """One table with its seats and actions (None when there is none)."""
        found = self._load(table_id)
        return found[0] if found else None

    def _load(self, table_id: str | None) -> list[TableRecord]:
        """The tables (all, or the one named), with seats and actions, oldest first."""
        only_t = (
            [tables_t.c.archived.is_(None)] if table_id is None else [tables_t.c.id == table_id]
        )
        only_s = [] if table_id is None else [seats_t.c.table_id == table_id]
        only_a = [] if table_id is None else [actions_t.c.table_id == table_id]
        only_b = [] if table_id is None else [bans_t.c.table_id == table_id]
        with self.engine.connect() as conn:
            if self.engine.dialect.name == "postgresql":
                # One snapshot for the three reads: a move committed meanwhile by another
                # process is either wholly in or wholly out.
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            recs: dict[str, TableRecord] = {}
            for row in conn.execute(select(tables_t).where(*only_t).order_by(tables_t.c.created)):
                recs[row.id] = TableRecord(
                    row.id,
                    row.game,
                    row.players,
                    json.loads(row.options),
                    int(row.seed),
                    row.host_hash,
                    row.status,
                    row.created,
                    rematch=row.rematch,
                    public=bool(row.public),
                    archived=row.archived,
                    active=row.created,
                    hints=bool(row.hints),
                )
            for row in conn.execute(select(seats_t).where(*only_s)):
                if row.table_id in recs:
                    recs[row.table_id].seats[row.seat] = SeatRecord(
                        row.seat, row.kind, row.name, row.bot, row.token_hash, row.client_hash
                    )
            for row in conn.execute(select(bans_t).where(*only_b)):
                if row.table_id in recs:
                    recs[row.table_id].bans.add(row.value)
            latest = select(actions_t.c.table_id, func.max(actions_t.c.at).label("at"))
            for row in conn.execute(latest.where(*only_a).group_by(actions_t.c.table_id)):
                if row.table_id in recs and row.at is not None:
                    recs[row.table_id].active = max(recs[row.table_id].active, row.at)
            for row in conn.execute(
                select(actions_t.c.table_id, actions_t.c.action)
                .where(*only_a)
                .order_by(actions_t.c.table_id, actions_t.c.move)
            ):
                if row.table_id in recs:
                    recs[row.table_id].actions.append(row.action)
        return list(recs.values())
