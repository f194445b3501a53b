"""Clocks at tables (optional), and bots that play for absent people.

A table's host may give it a clock before the start: *real-time* (seconds per move, plus a
time bank each seat draws on once a move's own time is up) or *turn-based* (hours or days per
move). The seat to act has until ``started + per_move + bank`` (seconds since the epoch);
``started`` is when its turn began. On a timeout, as the host chose: a bot makes that move
(``on_timeout="move"``), or a bot takes the seat until the person comes back (``"seat"``,
back meaning online again, see :mod:`parlour.server.features.presence`). After ``max_timeouts``
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

The clock is moved by what happens, never by looking at every table: the hub tells it of
each move (:meth:`Clocks.moved`, also for moves heard from other processes and at the
start), presence of each seat coming back (:meth:`Clocks.seats_changed`). A move starts
the next turn and puts its deadline on one heap; one timer sleeps until the nearest
deadline on ``clock`` (the wall clock; tests set a fake one and call :meth:`Clocks.tick`)
and acts only on the deadlines that passed, each timeout in a task of its own (a bot's
thinking never holds the others back). At a single process the turn a move starts is stored
in the move's own transaction (:meth:`Clocks.upcoming`); other changes (every change, with
several processes) are stored in batches, one transaction for all the clocks that changed
meanwhile (as the moves' own commits are).

Live clients (see :mod:`parlour.server.features.presence`) are sent ``{"type": "clock", ...}`` at
each change: settings, the seat to act, its deadline, every seat's bank and timeouts, the seats bots
play for, and the server's ``now`` (for the client's own countdown).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from parlour.bots.registry import make_bot
from parlour.server.errors import ServerError
from parlour.server.store.clock_rows import (
    Row,
    Running,
    Settings,
    TableClock,
    check_settings,
    load_clock,
    load_clocks,
    row,
    save_clocks,
    settings_dict,
)
from parlour.server.tables.bots import decide
from parlour.server.tables.live import OPEN, PLAYING, LiveTable, token_matches
from parlour.server.tables.protocol import encode

if TYPE_CHECKING:
    from parlour.engine import State
    from parlour.server.tables.hub import Hub

log = logging.getLogger("parlour.server")

NOTHING: dict[str, Any] = {}
"""What a move's state message carries of an unchanged clock (never changed)."""
LONGEST_SLEEP = 30.0
"""The timer wakes at least this often (seconds), so that a wall clock set back or forward
never leaves a deadline waiting long."""
BOT = "normal"
"""The bot that plays for an absent person."""
THINK = 5.0
"""Seconds a timeout's bot may think."""
STORE_EVERY = 0.2
"""Seconds the turns that moved on gather before they are stored, unless someone waits for
theirs (stored at once, as soon as the database is free, each batch was a few rows, and
its statements cost as much as the moves' own commits)."""
STORE_WAIT = 5.0
"""Seconds a stopping server waits for the clocks that changed to be stored."""
CLAIM_FOR = THINK + 30.0
"""Seconds a process's claim on a timeout holds; another looks again after that (the one
that claimed may have died)."""


class Clocks:
    """Every table's clock in this process, and the one timer that acts on deadlines."""

    def __init__(self, hub: Hub, clock: Callable[[], float] = time.time) -> None:
        self.hub = hub
        self.clock = clock
        """The clock deadlines are read on (tests set a fake one)."""
        self.tables: dict[str, TableClock] = {}
        self.acted = 0
        """Timeouts this process acted on (a bot's move or a bot in the seat)."""
        self._heap: list[tuple[float, str, int]] = []
        """(when, table id, move): the deadlines to look at, nearest first; an entry whose
        table moved on since is dropped when it comes up."""
        self._scheduled: dict[str, tuple[float, int]] = {}
        """Each table's deadline and move on the heap now (none pushed twice)."""
        self._wake = asyncio.Event()
        self._timer: asyncio.Task[None] | None = None
        self._acting: set[tuple[str, int]] = set()
        self._timeouts: set[asyncio.Task[None]] = set()
        self._dirty: dict[str, tuple[TableClock, int | None]] = {}
        """Clocks to store, by table, with the move they may only replace an older one with."""
        self._waiting: list[asyncio.Future[None]] = []
        self._hurry = asyncio.Event()
        """Set when someone waits for a clock to be stored: the batch goes now."""
        self._storing: asyncio.Task[None] | None = None
        self._made: set[str] = set()
        """Tables made by this process, not started, with no clock yet (none to read)."""
        self._upcoming: dict[str, tuple[Running, Settings, float]] = {}
        """The turn each table's move under way starts, as stored with it (see
        :meth:`upcoming`), and when it started."""
        hub.archiver.turn_based = self.turn_based
        hub.writer.kept = self._kept
        hub.cluster.listen("clock", self._hear, self._reload)

    def turn_based(self, table: LiveTable) -> bool:
        """Whether ``table`` is played turn-based (its clock gives hours or days a move):
        the archiver then waits ``archive_turn_based_after`` rather than a day."""
        found = self.tables.get(table.id)
        return found is not None and found.settings.mode == "turn"

    async def load(self) -> None:
        """Read every stored clock back, bring each up to its table and start the timer."""
        self.tables.update(await self.hub.db(load_clocks, self.hub.store))
        for table_id in list(self.tables):
            table = self.hub.tables.get(table_id)
            if table is not None:
                self._track(table)
        self._timer = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        """Stop the timer and the timeouts under way, after storing what changed."""
        tasks = [t for t in (self._timer, *self._timeouts) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._hurry.set()  # what changed is stored now
        if self._storing is not None:  # a database away must not hold the shutdown forever
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(self._storing, STORE_WAIT)

    # -- what people ask --------------------------------------------------------------------

    def message(self, table: LiveTable) -> dict[str, Any] | None:
        """The ``clock`` message of a table (None when it has none)."""
        found = self.tables.get(table.id)
        if found is None:
            return None
        r = found.running
        return {
            "type": "clock",
            "settings": settings_dict(found.settings),
            "seat": r.seat,
            "move": r.move,
            "deadline": found.deadline(),
            "banks": list(r.banks),
            "timeouts": list(r.timeouts),
            "bots_play": sorted(found.bots_play()),
            "handed": sorted(r.handed),
            "waiting": r.seat if r.waited == r.move else None,
            "ending": sorted(r.ending),
            "now": self.clock(),
        }

    def push(self, table: LiveTable) -> None:
        """Tell the table's live clients of its clock."""
        live = self.hub.presence.live(table)
        if not live:
            return
        message = self.message(table)
        if message is not None:
            text = encode(message)  # encoded once for every client
            for conn in live:
                conn.send(text)

    def welcome(self, table: LiveTable, conn: Any) -> None:
        """Send a client that just became live the table's clock."""
        message = self.message(table)
        if message is not None:
            conn.send(message)

    def made(self, table_id: str) -> None:
        """A table this process just made: it has no stored clock to read (until its start;
        another process setting one tells this one)."""
        self._made.add(table_id)

    async def _fresh(self, table: LiveTable) -> TableClock:
        found = self.tables.get(table.id)
        if found is None and table.id not in self._made:
            found = await self.hub.db(load_clock, self.hub.store, table.id)
        if found is None:
            found = TableClock(Settings(), Running())
        found = self.tables.setdefault(table.id, found)
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
        await self._save(table.id, found, None)
        self.hub.cluster.say("clock", {"table": table.id})
        self.push(table)

    async def carry(self, old: LiveTable, new: LiveTable) -> None:
        """Give a rematch (``new``, not started) the clock its table ``old`` was played with."""
        found = self.tables.get(old.id) or await self.hub.db(load_clock, self.hub.store, old.id)
        if found is None or found.settings.mode == "none":
            return
        mine = await self._fresh(new)
        mine.settings = replace(found.settings)
        await self._save(new.id, mine, None)
        self.hub.cluster.say("clock", {"table": new.id})

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
        now = self.clock()

        def change(found: TableClock) -> None:
            hand_seat(found.running, seat, bot)
            deadline = found.deadline()
            if not bot and found.running.seat == seat and deadline is not None and deadline <= now:
                # Given back after its time ran out: the person gets a fresh turn's time
                # (the time over charged to the bank), not a timeout at once that hands
                # the seat straight back to the bot.
                restart_turn(found, now)

        await self.amend(table, change)

    async def amend(self, table: LiveTable, change: Callable[[TableClock], None]) -> None:
        """Change a table in play's clock by ``change``, then store it and tell everyone."""
        found = await self._fresh(table)
        self._advance(table, found)
        change(found)
        self._scheduled.pop(table.id, None)  # a seat given back after its deadline times out
        self._changed(table, found, store=False)
        await self._save(table.id, found, None)
        self.hub.cluster.say("clock", {"table": table.id})

    # -- what happens at the tables ---------------------------------------------------------

    def moved(self, table: LiveTable, told: bool = False) -> dict[str, Any]:
        """The table's state may have changed (a move here or on another process, its
        start, a restart): bring its clock up to it. Cheap when nothing changed.

        ``told``: the caller tells the clients of the move and of the clock together (the
        ``state`` message of a move carries the clock: one message to each connection, not
        two), so what the state message carries is returned (``{"clock": ...}`` when the
        clock changed), not pushed."""
        found = self.tables.get(table.id)
        if found is None or table.status != PLAYING or table.state is None:
            if self._made:
                self._made.discard(table.id)  # started: no clock is set any more
            return NOTHING
        up = self._upcoming.get(table.id) if self._upcoming else None
        if up is not None and up[0].move == table.state.move_number:
            # The move stored this turn with it: the same turn, from the same moment, is
            # not stored again (unless the clock changed meanwhile).
            del self._upcoming[table.id]
            if not self._bring(table, found, table.state, up[2]):
                return NOTHING
            stored = found.running == up[0] and found.settings is up[1]
            self._changed(table, found, store=not stored, push=not told)
        elif not self._advance(table, found):
            return NOTHING
        else:
            self._changed(table, found, push=not told)
        return {"clock": self.message(table)} if told else NOTHING

    def upcoming(self, table: LiveTable, trial: State) -> Row | None:
        """The clock of the turn a move about to be stored starts, as a row to store in
        the move's own transaction (None: no clock, or unchanged); :meth:`moved` then makes
        it the table's from the same moment."""
        found = self.tables.get(table.id)
        if found is None or table.status != PLAYING or trial.is_over:
            return None
        now = self.clock()
        copy = found.running.copy()
        turn = TableClock(found.settings, copy)
        if not self._bring(table, turn, trial, now):
            return None
        self._upcoming[table.id] = (copy, found.settings, now)
        return row(table.id, turn, copy.move)

    def _kept(self, table_id: str) -> None:
        """A move's clock was not stored with it (another process stored a newer turn)."""
        found = self.tables.get(table_id)
        if found is not None:
            task = asyncio.get_running_loop().create_task(self._read_back(table_id, found))
            self._timeouts.add(task)
            task.add_done_callback(self._timeouts.discard)

    def _track(self, table: LiveTable) -> None:
        """Bring a clock just read from storage up to its table and put its deadline on the
        heap (one that passed while the server was down is acted on now)."""
        self.moved(table)
        found = self.tables.get(table.id)
        if found is not None and table.status == PLAYING:
            self._schedule(table.id, found)

    def seats_changed(self, table: LiveTable) -> None:
        """Who is at the table changed: seats whose person is back are theirs again."""
        found = self.tables.get(table.id)
        if found is not None and found.running.standins:
            self.moved(table)

    def _advance(self, table: LiveTable, found: TableClock) -> bool:
        """Bring a clock up to its table (see :meth:`_bring`); True if anything changed."""
        return self._bring(table, found, table.state, None)

    def _bring(
        self, table: LiveTable, found: TableClock, st: State | None, now: float | None
    ) -> bool:
        """Bring a clock up to its table (or to the state ``st``): banks set, seats given
        back to people who are online again, a new turn started (at ``now``, by default
        the clock's now); True if anything changed."""
        if st is None:
            return False
        r, s = found.running, found.settings
        changed = False
        if not r.banks:
            r.banks, r.timeouts = [s.bank] * table.players, [0] * table.players
            changed = True
        # People back at their seats take them back from the bots standing in.
        if r.standins:
            seats = self.hub.presence.seats(table)
            back = [n for n in r.standins if seats[n] == "online"]
            if back:
                r.standins = [n for n in r.standins if n not in back]
                for n in back:
                    r.timeouts[n] = 0
                self._scheduled.pop(table.id, None)
                changed = True
        if st.move_number != r.move:
            self._new_turn(found, st.move_number, st.to_act, now)
            changed = True
        return changed

    def _new_turn(
        self, found: TableClock, move: int, seat: int | None, now: float | None = None
    ) -> None:
        """The turn moved on: charge the seat that moved, start the next one's time."""
        r, s = found.running, found.settings
        if now is None:
            now = self.clock()
        if r.seat is not None and r.move >= 0 and s.mode != "none":
            charge_time_over(found, now)
            if r.timed_out != r.move:
                r.timeouts[r.seat] = 0
        r.move, r.seat, r.started = move, seat, now
        r.ending = []

    def _changed(
        self, table: LiveTable, found: TableClock, store: bool = True, push: bool = True
    ) -> None:
        """A clock changed: its bots set, its deadline on the heap, its clients told
        (unless the caller tells them, ``push=False``), and (``store``) stored with the
        next batch."""
        self._seat_bots(table, found)
        self._schedule(table.id, found)
        if push:
            self.push(table)
        if store:
            self._dirty[table.id] = (found, found.running.move)
            self._ensure_storing()

    def _schedule(self, table_id: str, found: TableClock) -> None:
        """Put the clock's deadline on the heap (once), waking the timer if it is the
        nearest."""
        deadline = found.deadline()
        if deadline is None:
            return
        entry = (deadline, found.running.move)
        if self._scheduled.get(table_id) == entry:
            return
        self._scheduled[table_id] = entry
        self._push_at(deadline, table_id, found.running.move)

    def _push_at(self, when: float, table_id: str, move: int) -> None:
        nearest = self._heap[0][0] if self._heap else None
        heapq.heappush(self._heap, (when, table_id, move))
        if nearest is None or when < nearest:
            self._wake.set()

    def _seat_bots(self, table: LiveTable, found: TableClock) -> None:
        """Make the table's bots match: a bot for every seat one plays for, none for a
        person's seat given back."""
        st = table.state
        playing = found.bots_play()
        for seat in playing:
            if seat not in table.bots and st is not None:
                bot = make_bot(BOT, table.game.id)
                bot.reset(seat, table.players, st.options)
                table.bots[seat] = bot
        for seat in list(table.bots):
            if seat in playing:
                continue
            rec = table.seat(seat)
            if rec is not None and rec.kind == "human":
                del table.bots[seat]
        self.hub.bot_play.kick(table)

    # -- storing, in batches ----------------------------------------------------------------

    async def _save(self, table_id: str, found: TableClock, newer_than: int | None) -> None:
        """Store a clock with the next batch and wait until it is (a storage fault is
        refused as ``web.error.storage``)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._dirty[table_id] = (found, newer_than)
        self._waiting.append(future)
        self._hurry.set()
        self._ensure_storing()
        await future

    def _ensure_storing(self) -> None:
        if self._storing is None or self._storing.done():
            self._storing = asyncio.get_running_loop().create_task(self._store())

    async def _store(self) -> None:
        """Store the clocks that changed, all those changed meanwhile in one transaction
        (one each queued the moves' commits behind hundreds of clock rows); a clock another
        process stored for a newer turn first is read back instead."""
        hub = self.hub
        while self._dirty:
            if not self._hurry.is_set():  # gather the turns of a moment into one batch
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._hurry.wait(), STORE_EVERY)
            self._hurry.clear()
            batch, self._dirty = self._dirty, {}
            waiting, self._waiting = self._waiting, []
            rows = [row(table_id, found, newer) for table_id, (found, newer) in batch.items()]
            try:
                stored = await hub.write(save_clocks, hub.store, rows)
            except ServerError as exc:
                for future in waiting:
                    if not future.done():
                        future.set_exception(exc)
                for table_id, entry in batch.items():  # kept for the next batch
                    self._dirty.setdefault(table_id, entry)
                if self._dirty:
                    await asyncio.sleep(1.0)
                continue
            for future in waiting:
                if not future.done():
                    future.set_result(None)
            for (table_id, (found, _)), done in zip(batch.items(), stored, strict=True):
                if not done:
                    await self._read_back(table_id, found)

    async def _read_back(self, table_id: str, mine: TableClock) -> None:
        """Another process stored a newer turn of this clock: take it, unless this process
        has moved on further meanwhile."""
        again = await self.hub.read(load_clock, self.hub.store, table_id)
        now = self.tables.get(table_id)
        if again is None or now is not mine or again.running.move < mine.running.move:
            return
        self.tables[table_id] = again
        table = self.hub.tables.get(table_id)
        if table is not None:
            self._advance(table, again)
            self._changed(table, again, store=False)

    # -- the timer --------------------------------------------------------------------------

    async def _run(self) -> None:
        while True:
            wait = LONGEST_SLEEP
            if self._heap:
                wait = min(wait, max(0.0, self._heap[0][0] - self.clock()))
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)
            try:
                self.expire()
            except Exception:  # one bad table must not stop every clock
                log.exception("clock timer failed")

    async def tick(self) -> None:
        """Act on the deadlines passed by now and wait for what that does (for tests on a
        fake clock; the timer does the same without waiting)."""
        tasks = self.expire()
        await asyncio.gather(*tasks)

    def expire(self) -> list[asyncio.Task[None]]:
        """Start a timeout for each deadline passed by now, looking at nothing else; the
        timeouts started."""
        now, started = self.clock(), []
        while self._heap and self._heap[0][0] <= now:
            _, table_id, move = heapq.heappop(self._heap)
            task = self._due(table_id, move, now)
            if task is not None:
                started.append(task)
        return started

    def _due(self, table_id: str, move: int, now: float) -> asyncio.Task[None] | None:
        """A deadline came up: start its timeout if it still stands."""
        found, table = self.tables.get(table_id), self.hub.tables.get(table_id)
        if found is None or table is None or table.status != PLAYING:
            return None
        deadline, seat = found.deadline(), found.running.seat
        if found.running.move != move or deadline is None or seat is None or now < deadline:
            return None  # moved on, or a later deadline is on the heap
        if self._scheduled.get(table_id, (deadline, move)) == (deadline, move):
            self._scheduled.pop(table_id, None)  # a change after this is scheduled again
        if seat in table.bots or self._busy(table_id, move):
            return None
        self._acting.add((table_id, move))
        task = asyncio.get_running_loop().create_task(self._timeout(table, seat, move))
        self._timeouts.add(task)
        task.add_done_callback(self._timeouts.discard)
        return task

    def _busy(self, table_id: str, move: int) -> bool:
        """Whether this process is already acting on the timeout of ``move``."""
        return (table_id, move) in self._acting

    async def _timeout(self, table: LiveTable, seat: int, move: int) -> None:
        """The seat to act ran out of time: a bot moves for it, or takes the seat."""
        try:
            await self._act(table, seat, move)
        except Exception:  # looked at again in a moment (a storage fault, say)
            log.exception("the timeout of table %s move %s failed", table.id, move)
            self._push_at(self.clock() + 1.0, table.id, move)
        finally:
            self._acting.discard((table.id, move))
            self.moved(table)  # the move made, or the table caught up trying

    async def _claim(self, table_id: str, move: int) -> bool:
        """Whether this process acts on the timeout of ``move`` (with several, the first
        to claim it in Redis)."""
        cluster = self.hub.cluster
        return not cluster.shared or await cluster.claim(f"clock:{table_id}:{move}", CLAIM_FOR)

    async def _act(self, table: LiveTable, seat: int, move: int) -> None:
        hub = self.hub
        if not await self._claim(table.id, move):
            # Another process acts on this deadline; look again once its claim lapses.
            self._push_at(self.clock() + CLAIM_FOR + 1.0, table.id, move)
            return
        found = self.tables.get(table.id)
        if found is None or (found.running.move, found.running.seat) != (move, seat):
            return  # moved meanwhile
        r, s = found.running, found.settings
        self.acted += 1
        r.timeouts[seat] += 1
        r.timed_out = move
        if s.on_timeout == "seat" and self.hub.presence.seats(table)[seat] == "online":
            # Its person is here (a bot would give the seat back at once): the table waits
            # for them, its clock stopped; the others may hand the seat to a bot or agree
            # to end the game (see parlour.server.features.waits).
            r.waited = move
        elif s.on_timeout == "seat":
            r.standins = sorted(set(r.standins) | {seat})
        if s.max_timeouts and r.timeouts[seat] >= s.max_timeouts:
            r.handed = sorted(set(r.handed) | {seat})
        await self._save(table.id, found, None)
        if seat in found.bots_play():
            self._seat_bots(table, found)  # the bot loop makes this move and the next ones
            self.push(table)
            return
        st = table.state
        if r.waited == move or st is None or st.move_number != move:
            self.push(table)  # once: the clock stopped at zero
            return
        bot = make_bot(BOT, table.game.id)
        bot.reset(seat, table.players, st.options)
        stop_at = time.monotonic() + THINK
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(
            hub.bot_play.quick, decide, bot, st.clone(), seat, lambda: time.monotonic() >= stop_at
        )
        try:
            await hub.play(table, seat, move, str(action))
        except ServerError as exc:  # moved meanwhile (in time, or by another process)
            log.info("timeout move at table %s move %s not needed: %s", table.id, move, exc)
        self.push(table)

    # -- several processes ------------------------------------------------------------------

    async def _hear(self, body: dict[str, Any]) -> None:
        """Another process set a table's clock or handed a seat: read it back (brought up
        to this process's table; the process that made a move stores its turn)."""
        table_id = str(body["table"])
        found = await self.hub.read(load_clock, self.hub.store, table_id)
        if found is None:
            return
        self.tables[table_id] = found
        table = self.hub.tables.get(table_id)
        if table is not None and table.status == PLAYING:
            self._scheduled.pop(table_id, None)
            self._advance(table, found)
            self._changed(table, found, store=False)

    async def _reload(self) -> None:
        """News may have been lost: read every stored clock back for tables this process
        does not know a clock of yet."""
        for table_id, stored in (await self.hub.read(load_clocks, self.hub.store)).items():
            if table_id not in self.tables:
                self.tables[table_id] = stored
                table = self.hub.tables.get(table_id)
                if table is not None:
                    self._track(table)


def charge_time_over(found: TableClock, now: float) -> None:
    """Charge the seat to act's bank the time its turn ran past ``per_move`` by ``now``."""
    r, s = found.running, found.settings
    if r.seat is not None:
        over = max(0.0, now - r.started - s.per_move)
        r.banks[r.seat] = max(0.0, r.banks[r.seat] - over)


def restart_turn(found: TableClock, now: float) -> None:
    """Start the seat to act's time again at ``now``, charging its bank the time over."""
    charge_time_over(found, now)
    found.running.started = now


def hand_seat(r: Running, seat: int, bot: bool) -> None:
    """Hand ``seat`` to a bot (``bot``) or give it back to its person."""
    if bot:
        r.handed = sorted(set(r.handed) | {seat})
        return
    r.handed = [s for s in r.handed if s != seat]
    r.standins = [s for s in r.standins if s != seat]
    if seat < len(r.timeouts):
        r.timeouts[seat] = 0
