"""A table's clock as stored with the table: its settings as the host set them (checked),
its running state, and their rows in ``parlour_clocks`` (read and written on the storage
thread). The clocks at work are :mod:`parlour.server.features.clocks`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import orjson
from sqlalchemy import bindparam, insert, select, update

from parlour.server.errors import ServerError
from parlour.server.store.direct_sql import Cursor, Statement
from parlour.server.store.storage import Store, clocks_t

MODES = ("none", "realtime", "turn")
ON_TIMEOUT = ("move", "seat")
PER_MOVE = {"realtime": (5.0, 3600.0), "turn": (3600.0, 30 * 86400.0)}
"""The seconds per move each mode allows (real-time: 5 s to an hour; turn-based: an hour
to 30 days)."""
MAX_BANK = {"realtime": 7200.0, "turn": 30 * 86400.0}
MAX_TIMEOUTS = 20


@dataclass
class Settings:
    """A table's clock as its host set it."""

    mode: str = "none"
    per_move: float = 0.0
    bank: float = 0.0
    on_timeout: str = "move"
    max_timeouts: int = 0


@dataclass
class Running:
    """A clock's state: whose turn, since when, and what each seat has left."""

    move: int = -1
    """The move number this turn answers (-1: not started)."""
    seat: int | None = None
    """The seat to act at ``move``."""
    started: float = 0.0
    banks: list[float] = field(default_factory=list)
    timeouts: list[int] = field(default_factory=list)
    """Each seat's timeouts in a row."""
    timed_out: int = -1
    """The last move number a bot made on a timeout."""
    standins: list[int] = field(default_factory=list)
    """Seats a bot plays for until their person is back."""
    handed: list[int] = field(default_factory=list)
    """Seats a bot plays for until the host gives them back."""
    waited: int = -1
    """The move whose seat the table waits for: it timed out with its person here (a bot
    would stand in only while they are away), so its clock stopped (-1: none)."""
    ending: list[int] = field(default_factory=list)
    """Seats that agree to end the game while the table waits."""

    def copy(self) -> Running:
        """An independent copy (its lists copied)."""
        return replace(
            self,
            banks=list(self.banks),
            timeouts=list(self.timeouts),
            standins=list(self.standins),
            handed=list(self.handed),
            ending=list(self.ending),
        )


@dataclass
class TableClock:
    """One table's clock in memory."""

    settings: Settings
    running: Running

    def deadline(self) -> float | None:
        """When the seat to act times out (None: no clock, nobody to act, or the table
        waits for the seat to act: its clock stopped at zero)."""
        s, r = self.settings, self.running
        if s.mode == "none" or r.seat is None or r.move < 0 or r.waited == r.move:
            return None
        return r.started + s.per_move + r.banks[r.seat]

    def bots_play(self) -> set[int]:
        """The seats a bot plays for now."""
        return set(self.running.standins) | set(self.running.handed)


# -- storage (run on the storage thread) ---------------------------------------------------


def load_clocks(store: Store) -> dict[str, TableClock]:
    """Every stored clock by table id."""
    out = {}
    with store.engine.connect() as conn:
        for row in conn.execute(select(clocks_t)):
            out[row.table_id] = _clock(row)
    return out


def load_clock(store: Store, table_id: str) -> TableClock | None:
    """One table's stored clock."""
    with store.engine.connect() as conn:
        row = conn.execute(select(clocks_t).where(clocks_t.c.table_id == table_id)).first()
    return None if row is None else _clock(row)


def _clock(row: Any) -> TableClock:
    return TableClock(Settings(**json.loads(row.settings)), Running(**json.loads(row.state)))


def save_clock(store: Store, table_id: str, clock: TableClock, newer_than: int | None) -> bool:
    """Store a clock; with ``newer_than``, only over a stored one of an older move (another
    process may have stored this turn first). True if stored."""
    return save_clocks(store, [row(table_id, clock, newer_than)])[0]


Row = tuple[str, str, str, int, int | None]
"""A clock as stored: table id, settings, state, move, and the move it may only replace an
older one with (None: any)."""


def row(table_id: str, clock: TableClock, newer_than: int | None) -> Row:
    """A clock as :func:`save_clocks` stores it, taken now (on the event loop: the clock may
    change while the storage thread writes)."""
    settings = orjson.dumps(settings_dict(clock.settings)).decode()
    state = orjson.dumps(running_dict(clock.running)).decode()
    return (table_id, settings, state, clock.running.move, newer_than)


def settings_dict(s: Settings) -> dict[str, Any]:
    """Settings as a dict (``asdict`` without its deep copy: a clock is stored and sent
    at every move)."""
    return {
        "mode": s.mode,
        "per_move": s.per_move,
        "bank": s.bank,
        "on_timeout": s.on_timeout,
        "max_timeouts": s.max_timeouts,
    }


def running_dict(r: Running) -> dict[str, Any]:
    """A clock's state as a dict (as :func:`settings_dict`)."""
    return {
        "move": r.move,
        "seat": r.seat,
        "started": r.started,
        "banks": list(r.banks),
        "timeouts": list(r.timeouts),
        "timed_out": r.timed_out,
        "standins": list(r.standins),
        "handed": list(r.handed),
        "waited": r.waited,
        "ending": list(r.ending),
    }


ANY_MOVE = 2**31 - 1
"""``newer_than`` for a clock stored whatever move is stored (a move number never reaches it)."""

_UPDATE = (
    update(clocks_t)
    .where(clocks_t.c.table_id == bindparam("t"), clocks_t.c.move <= bindparam("newer"))
    .values(settings=bindparam("s"), state=bindparam("st"), move=bindparam("m"))
)
"""One clock stored over an older turn (compiled once: a statement built for each row, and
its cache key, cost more than the writing; a fifth of a busy server's CPU went to it)."""


def save_clocks(store: Store, rows: list[Row]) -> list[bool]:
    """Store several clocks in one transaction, each as :func:`save_clock` would (see
    :func:`write_clocks`)."""
    if not rows:
        return []
    return store.writes.run(partial(write_clocks, store, rows))


def write_clocks(store: Store, rows: list[Row], cur: Cursor) -> list[bool]:
    """Store clocks in the transaction of ``cur``, each as :func:`save_clock` would: all of
    them updated by one statement run for each row; when fewer rows changed than were
    given, each one's stored move read back, which says which were stored (a row whose
    stored move is not its own was kept by a newer turn another process stored first) and
    which are new (inserted)."""
    if not rows:
        return []
    update_, insert_, move_ = _statements(store)
    params = [(s, st, m, t, ANY_MOVE if newer is None else newer) for t, s, st, m, newer in rows]
    if cur.many(update_, params) == len(rows):
        return [True] * len(rows)  # every clock replaced an older turn (the usual case)
    out, new = [], []
    for t, s, st, m, _ in rows:
        found = cur.rows(move_, (t,))
        if not found:
            new.append((t, s, st, m))
        out.append(int(found[0][0]) == m if found else True)
    cur.many(insert_, new)
    return out


def _statements(store: Store) -> tuple[Statement, Statement, Statement]:
    """The clocks' statements, compiled once for ``store``'s database."""
    found = store.statements.get("clocks")
    if found is None:
        w = store.writes
        update_ = w.statement(_UPDATE, ("s", "st", "m", "t", "newer"))
        fields = ("table_id", "settings", "state", "move")
        insert_ = w.statement(insert(clocks_t).values({f: bindparam(f) for f in fields}), fields)
        move_ = w.statement(
            select(clocks_t.c.move).where(clocks_t.c.table_id == bindparam("t")), ("t",)
        )
        found = store.statements["clocks"] = (update_, insert_, move_)
    return found


def check_settings(body: dict[str, Any]) -> Settings:
    """Settings as asked, or a refusal naming what is wrong."""
    mode = body.get("mode", "none")
    if mode not in MODES:
        raise ServerError("friends.error.clock_mode", mode=str(mode)[:20])
    if mode == "none":
        return Settings()
    low, high = PER_MOVE[mode]
    per_move, bank = body.get("per_move"), body.get("bank", 0)
    if not isinstance(per_move, int | float) or not low <= float(per_move) <= high:
        raise ServerError("friends.error.clock_per_move", low=f"{low:g}", high=f"{high:g}")
    if not isinstance(bank, int | float) or not 0 <= float(bank) <= MAX_BANK[mode]:
        raise ServerError("friends.error.clock_bank", high=f"{MAX_BANK[mode]:g}")
    on_timeout = body.get("on_timeout", "move")
    if on_timeout not in ON_TIMEOUT:
        raise ServerError("friends.error.clock_on_timeout", value=str(on_timeout)[:20])
    most = body.get("max_timeouts", 0)
    if isinstance(most, bool) or not isinstance(most, int) or not 0 <= most <= MAX_TIMEOUTS:
        raise ServerError("friends.error.clock_max_timeouts", high=MAX_TIMEOUTS)
    return Settings(mode, float(per_move), float(bank), on_timeout, most)
