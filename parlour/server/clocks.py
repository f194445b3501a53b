"""Clocks at tables (optional), and bots that play for absent people.

A table's host may give it a clock before the start: *real-time* (seconds per move, plus a
time bank each seat draws on once a move's own time is up) or *turn-based* (hours or days per
move). The seat to act has until ``started + per_move + bank`` (seconds since the epoch);
``started`` is when its turn began. On a timeout, as the host chose: a bot makes that move
(``on_timeout="move"``), or a bot takes the seat until the person comes back (``"seat"``,
back meaning online again, see :mod:`parlour.server.presence`). After ``max_timeouts``
timeouts in a row (0: never) the seat goes to a bot until the host gives it back. The host
may also hand a seat to a bot and back at any time, with or without a clock. A seat a bot
plays for keeps its person's token: nothing of the seat's record changes.

The clock lives in ``parlour_clocks`` with the table: its settings and its state (the move
its turn belongs to, when that turn began, each seat's bank and timeouts in a row, the seats
bots play for). A restarted server reads it back, so a deadline that passed while it was
down is acted on when it starts. A timeout is a move at a given move number, which the
action log takes once (its primary key, and the hub's move-number check); with several
processes a claim in Redis lets one process think for it, and the clock's row is written
only by the process that moves it to a newer turn (an update conditioned on its move).

The clock ticks every ``TICK`` seconds on ``clock`` (the wall clock; tests set a fake one).
Live clients (see :mod:`parlour.server.presence`) are sent ``{"type": "clock", ...}`` at each
change: settings, the seat to act, its deadline, every seat's bank and timeouts, the seats
bots play for, and the server's ``now`` (for the client's own countdown).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select, update

from parlour.bots.registry import make_bot
from parlour.server.errors import ServerError
from parlour.server.storage import Store, clocks_t
from parlour.server.table_bots import decide
from parlour.server.tables import OPEN, PLAYING, LiveTable, token_matches

if TYPE_CHECKING:
    from parlour.server.hub import Hub

log = logging.getLogger("parlour.server")

MODES = ("none", "realtime", "turn")
ON_TIMEOUT = ("move", "seat")
PER_MOVE = {"realtime": (5.0, 3600.0), "turn": (3600.0, 30 * 86400.0)}
"""The seconds per move each mode allows (real-time: 5 s to an hour; turn-based: an hour
to 30 days)."""
MAX_BANK = {"realtime": 7200.0, "turn": 30 * 86400.0}
MAX_TIMEOUTS = 20
TICK = 0.25
"""Seconds between looks at the deadlines."""
BOT = "normal"
"""The bot that plays for an absent person."""
THINK = 5.0
"""Seconds a timeout's bot may think."""
SCAN_EVERY = 2.0
"""Seconds between reads of the clocks other processes set (several processes only)."""


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


@dataclass
class TableClock:
    """One table's clock in memory."""

    settings: Settings
    running: Running

    def deadline(self) -> float | None:
        """When the seat to act times out (None: no clock, or nobody to act)."""
        s, r = self.settings, self.running
        if s.mode == "none" or r.seat is None or r.move < 0:
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
    return save_clocks(store, [(table_id, clock, newer_than)])[0]


def save_clocks(store: Store, clocks: list[tuple[str, TableClock, int | None]]) -> list[bool]:
    """Store several clocks in one transaction, each as :func:`save_clock` would."""
    out = []
    with store.engine.begin() as conn:
        for table_id, clock, newer_than in clocks:
            values = {
                "settings": json.dumps(asdict(clock.settings)),
                "state": json.dumps(asdict(clock.running)),
                "move": clock.running.move,
            }
            where = [clocks_t.c.table_id == table_id]
            if newer_than is not None:
                where.append(clocks_t.c.move <= newer_than)
            if conn.execute(update(clocks_t).where(*where).values(**values)).rowcount:
                out.append(True)
                continue
            exists = conn.execute(select(clocks_t.c.move).where(clocks_t.c.table_id == table_id))
            if exists.first() is not None:
                out.append(False)
                continue
            conn.execute(insert(clocks_t).values(table_id=table_id, **values))
            out.append(True)
    return out


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


class Clocks:
    """Every table's clock in this process, and the loop that acts on deadlines."""

    def __init__(self, hub: Hub, clock: Callable[[], float] = time.time) -> None:
        self.hub = hub
        self.clock = clock
        """The clock deadlines are read on (tests set a fake one)."""
        self.tables: dict[str, TableClock] = {}
        self._loop: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self._acting: set[tuple[str, int]] = set()
        self._scanned = 0.0
        hub.archiver.turn_based = self.turn_based

    def turn_based(self, table: LiveTable) -> bool:
        """Whether ``table`` is played turn-based (its clock gives hours or days a move):
        the archiver then waits ``archive_turn_based_after`` rather than a day."""
        found = self.tables.get(table.id)
        return found is not None and found.settings.mode == "turn"

    async def load(self) -> None:
        """Read every stored clock back and start ticking."""
        self.tables.update(await self.hub.db(load_clocks, self.hub.store))
        self._loop = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        """Stop ticking."""
        if self._loop is not None:
            self._loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            try:
                await self.tick()
            except Exception:  # one bad table must not stop every clock
                log.exception("clock tick failed")

    # -- what people ask --------------------------------------------------------------------

    def message(self, table: LiveTable) -> dict[str, Any] | None:
        """The ``clock`` message of a table (None when it has none)."""
        found = self.tables.get(table.id)
        if found is None:
            return None
        r = found.running
        return {
            "type": "clock",
            "settings": asdict(found.settings),
            "seat": r.seat,
            "move": r.move,
            "deadline": found.deadline(),
            "banks": list(r.banks),
            "timeouts": list(r.timeouts),
            "bots_play": sorted(found.bots_play()),
            "handed": sorted(r.handed),
            "now": self.clock(),
        }

    def push(self, table: LiveTable) -> None:
        """Tell the table's live clients of its clock."""
        message = self.message(table)
        if message is not None:
            for conn in self.hub.presence.live(table):
                conn.send(message)

    def welcome(self, table: LiveTable, conn: Any) -> None:
        """Send a client that just became live the table's clock."""
        message = self.message(table)
        if message is not None:
            conn.send(message)

    async def _fresh(self, table: LiveTable) -> TableClock:
        found = self.tables.get(table.id)
        if found is None:
            found = await self.hub.db(load_clock, self.hub.store, table.id)
        if found is None:
            found = TableClock(Settings(), Running())
        self.tables[table.id] = found
        return found

    async def configure(self, table: LiveTable, host_token: object, body: dict[str, Any]) -> None:
        """Set the table's clock (host only, before the start)."""
        if not token_matches(host_token, table.record.host_hash):
            raise ServerError("web.error.not_host")
        settings = check_settings(body)
        if table.status != OPEN:
            raise ServerError("web.error.not_open")
        found = await self._fresh(table)
        found.settings = settings
        await self.hub.write(save_clock, self.hub.store, table.id, found, None)
        self.push(table)

    async def hand(self, table: LiveTable, host_token: object, seat: object, bot: bool) -> None:
        """The host hands a person's seat to a bot (``bot``) or gives it back."""
        if not token_matches(host_token, table.record.host_hash):
            raise ServerError("web.error.not_host")
        rec = table.seat(seat) if isinstance(seat, int) and not isinstance(seat, bool) else None
        if rec is None or rec.kind != "human":
            raise ServerError("web.error.no_seat", seat=str(seat)[:20])
        if table.status != PLAYING:
            raise ServerError("web.error.not_started")
        assert isinstance(seat, int)
        async with self._lock:
            found = await self._fresh(table)
            r = found.running
            if bot:
                r.handed = sorted(set(r.handed) | {seat})
            else:
                r.handed = [s for s in r.handed if s != seat]
                r.standins = [s for s in r.standins if s != seat]
                if seat < len(r.timeouts):
                    r.timeouts[seat] = 0
            await self.hub.write(save_clock, self.hub.store, table.id, found, None)
            self._seat_bots(table, found)
        self.push(table)

    # -- the tick ---------------------------------------------------------------------------

    async def tick(self) -> None:
        """Look at every clock: start new turns, act on passed deadlines, give seats back."""
        async with self._lock:
            if self.hub.cluster.shared and time.monotonic() >= self._scanned + SCAN_EVERY:
                # Clocks set on other processes (this one may be the one left to act).
                self._scanned = time.monotonic()
                for table_id, stored in (await self.hub.db(load_clocks, self.hub.store)).items():
                    self.tables.setdefault(table_id, stored)
            looked = []
            for table_id, found in list(self.tables.items()):
                table = self.hub.tables.get(table_id)
                if table is None or table.status != PLAYING:
                    continue
                table.ensure_state()
                if table.state is not None:
                    looked.append((table, found, self._advance(table, found)))
            await self._store([(table, found) for table, found, moved in looked if moved])
            for table, found, _ in looked:
                await self._due(table, self.tables.get(table.id, found))

    def _advance(self, table: LiveTable, found: TableClock) -> bool:
        """Bring a clock up to its table: banks set, seats given back to people who are
        online again, a new turn started; True if anything changed."""
        st = table.state
        assert st is not None
        r, s = found.running, found.settings
        changed = False
        if not r.banks:
            r.banks, r.timeouts = [s.bank] * table.players, [0] * table.players
            changed = True
        # People back at their seats take them back from the bots standing in.
        back = [n for n in r.standins if self.hub.presence.seats(table)[n] == "online"]
        if back:
            r.standins = [n for n in r.standins if n not in back]
            for n in back:
                r.timeouts[n] = 0
            changed = True
        if st.move_number != r.move:
            self._new_turn(found, st.move_number, st.to_act)
            changed = True
        return changed

    async def _store(self, changed: list[tuple[LiveTable, TableClock]]) -> None:
        """Store the clocks that changed in one transaction (one each held the moves'
        commits back behind them), then tell their tables; a clock another process stored
        for a newer turn first is read back instead."""
        if not changed:
            return
        rows = [(table.id, found, found.running.move) for table, found in changed]
        stored = await self.hub.write(save_clocks, self.hub.store, rows)
        for (table, found), done in zip(changed, stored, strict=True):
            if not done:
                again = await self.hub.db(load_clock, self.hub.store, table.id)
                if again is not None:
                    self.tables[table.id] = found = again
            self._seat_bots(table, found)
            self.push(table)

    async def _due(self, table: LiveTable, found: TableClock) -> None:
        """Act on the clock's deadline if it passed."""
        deadline = found.deadline()
        seat = found.running.seat
        if (
            deadline is None
            or seat is None
            or self.clock() < deadline
            or seat in table.bots
            or (table.id, found.running.move) in self._acting
        ):
            return
        await self._timeout(table, found, seat)

    def _new_turn(self, found: TableClock, move: int, seat: int | None) -> None:
        """The turn moved on: charge the seat that moved, start the next one's time."""
        r, s = found.running, found.settings
        now = self.clock()
        if r.seat is not None and r.move >= 0 and s.mode != "none":
            over = max(0.0, now - r.started - s.per_move)
            r.banks[r.seat] = max(0.0, r.banks[r.seat] - over)
            if r.timed_out != r.move:
                r.timeouts[r.seat] = 0
        r.move, r.seat, r.started = move, seat, now

    def _seat_bots(self, table: LiveTable, found: TableClock) -> None:
        """Make the table's bots match: a bot for every seat one plays for, none for a
        person's seat given back."""
        st = table.state
        for seat in found.bots_play():
            if seat not in table.bots and st is not None:
                bot = make_bot(BOT, table.game.id)
                bot.reset(seat, table.players, st.options)
                table.bots[seat] = bot
        for seat in list(table.bots):
            rec = table.seat(seat)
            if rec is not None and rec.kind == "human" and seat not in found.bots_play():
                del table.bots[seat]
        self.hub.bot_play.kick(table)

    async def _timeout(self, table: LiveTable, found: TableClock, seat: int) -> None:
        """The seat to act ran out of time: a bot moves for it, or takes the seat."""
        hub, r, s = self.hub, found.running, found.settings
        move = r.move
        if hub.cluster.shared and not await hub.cluster.claim(
            f"clock:{table.id}:{move}", THINK + 30.0
        ):
            return  # another process acts on this deadline
        r.timeouts[seat] += 1
        r.timed_out = move
        if s.on_timeout == "seat":
            r.standins = sorted(set(r.standins) | {seat})
        if s.max_timeouts and r.timeouts[seat] >= s.max_timeouts:
            r.handed = sorted(set(r.handed) | {seat})
        await hub.write(save_clock, hub.store, table.id, found, None)
        if seat in found.bots_play():
            self._seat_bots(table, found)  # the bot loop makes this move and the next ones
            self.push(table)
            return
        st = table.state
        assert st is not None
        self._acting.add((table.id, move))
        try:
            bot = make_bot(BOT, table.game.id)
            bot.reset(seat, table.players, st.options)
            stop_at = time.monotonic() + THINK
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(
                hub.bot_play.quick,
                decide,
                bot,
                st.clone(),
                seat,
                lambda: time.monotonic() >= stop_at,
            )
            try:
                await hub.play(table, seat, move, str(action))
            except ServerError as exc:  # moved meanwhile (in time, or by another process)
                log.info("timeout move at table %s move %s not needed: %s", table.id, move, exc)
        finally:
            self._acting.discard((table.id, move))
        self.push(table)
