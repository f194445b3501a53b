"""The hub: every live table, the lobby's changes and the one path by which a move is
accepted.

A move is checked (seat to act, move number offered, legal), applied to a copy of the
state, committed to the database, and only then made the table's state and pushed to the
clients. Storage calls run on one worker thread, off the event loop.

The hub's parts, each in its own module:

- the commit writer (:mod:`parlour.server.tables.writer`): actions reach the database in batches;
- cluster sync (:mod:`parlour.server.cluster.sync`): with several processes on one database
  (``ServerConfig.redis_url``), every change holds the table's cluster-wide lock and first
  brings the table up to date unless Redis's move count shows it is; the other processes
  hear of it and apply the move, or read the table back (see
  :mod:`parlour.server.cluster.coordination`);
- bots at tables (:mod:`parlour.server.tables.bots`): each table's bot loop;
- the websocket session (:mod:`parlour.server.tables.session`) and the HTTP routes
  (:mod:`parlour.server.routes`) call the hub, never the other way round.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from starlette.requests import HTTPConnection

from parlour.bots.registry import make_bot
from parlour.engine import Event, IllegalActionError, OptionError, State
from parlour.games import get_game
from parlour.server.cluster.coordination import Alone, Held, RedisCluster, make_cluster
from parlour.server.cluster.sync import ClusterSync
from parlour.server.config import ServerConfig
from parlour.server.edge.limits import ClientLimits
from parlour.server.errors import ServerError
from parlour.server.features.chat import Chat
from parlour.server.features.clocks import Clocks
from parlour.server.features.presence import Presence
from parlour.server.store.storage import ActionRow, SeatRecord, Store, TableRecord
from parlour.server.tables import shares
from parlour.server.tables.archive import Archiver
from parlour.server.tables.bots import BotPlay
from parlour.server.tables.live import (
    OPEN,
    OVER,
    PLAYING,
    Connection,
    LiveTable,
    new_token,
    token_hash,
    token_matches,
)
from parlour.server.tables.names import ban_values, check_unique, clean_name
from parlour.server.tables.protocol import encode, error_message, state_message
from parlour.server.tables.sockets import Sockets
from parlour.server.tables.writer import GroupWriter

log = logging.getLogger("parlour.server")

T = TypeVar("T")

MAX_ACTION = 200
MAX_TABLE_ID = 32
READ_THREADS = 2
"""Threads that read the database beside the one that writes."""


class Hub:
    """Every table of this server process."""

    def __init__(
        self, store: Store, config: ServerConfig, cluster: Alone | RedisCluster | None = None
    ) -> None:
        self.store = store
        self.config = config
        self.cluster = cluster if cluster is not None else make_cluster(config.redis_url)
        self.tables: dict[str, LiveTable] = {}
        self._db_pool = ThreadPoolExecutor(1, thread_name_prefix="parlour-db")
        # Reads on threads of their own, so that a write waiting on a locked database
        # (another process holding SQLite's write lock) holds back only the tables that
        # write; an in-memory database has one connection, used by one thread.
        self._read_pool = (
            self._db_pool
            if store.in_memory
            else ThreadPoolExecutor(READ_THREADS, thread_name_prefix="parlour-db-read")
        )
        self.writer = GroupWriter(store, self._db_pool)
        """The commit writer: every accepted action goes through it."""
        self.sync = ClusterSync(self)
        """What other processes change reaches this one's tables through it."""
        self.archiver = Archiver(self)
        """Closes and archives abandoned tables now and then."""
        self.bot_play = BotPlay(self)
        """The bots' turns at every table."""
        self.presence = Presence(self)
        """Who is at each table now (see :mod:`parlour.server.features.presence`)."""
        self.chat = Chat(self)
        """Each table's chat (see :mod:`parlour.server.features.chat`)."""
        self.clocks = Clocks(self)
        """Each table's clock and the bots playing for absent people (see
        :mod:`parlour.server.features.clocks`)."""
        self.replays: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()
        """Replay positions already rebuilt, oldest first (see routes/replays.py)."""
        self.sockets = Sockets(config)
        """The open table sockets, within their caps (see :mod:`parlour.server.tables.sockets`)."""
        self.client_limits = ClientLimits(
            {
                "create": config.create_rate,
                "seat": config.seat_rate,
                "hint": config.hint_rate,
                "analysis": config.analysis_rate,
            }
        )
        """Requests per client address that make tables, take seats or start searches."""
        self.moves = 0
        """Moves accepted since the process started (for the load test)."""
        self.on_moved: list[Callable[[LiveTable], None]] = []
        """Called with each table after a move this process stored (ratings, pushes)."""
        self._waiting, self._waiting_at = 0, -1.0

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call on the storage thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_pool, fn, *args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a storage call that only reads, beside the writes (never queued behind a
        write that waits on a lock)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._read_pool, fn, *args)

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """A storage call that changes something; a storage fault (disk full, database
        away or locked too long) is refused as ``web.error.storage`` and changes nothing."""
        try:
            return await self.db(fn, *args)
        except ServerError:
            raise
        except Exception as exc:
            log.exception("storage call %s failed", getattr(fn, "__name__", fn))
            raise ServerError("web.error.storage") from exc

    # -- life cycle ------------------------------------------------------------------------

    async def load(self) -> None:
        """Read every table back from storage and rebuild the ones in play by replay."""
        # Other processes' notices first, so that no change between the read and the
        # subscription is missed.
        await self.cluster.start(self.sync.refresh, self.sync.resync)
        for rec in await self.read(self.store.load_all):
            if rec.id not in self.tables:
                self.adopt(rec)
        for table in list(self.tables.values()):
            self.bot_play.kick(table)
        self.sync.start_sweeping()
        self.archiver.start()
        await self.clocks.load()

    def adopt(self, rec: TableRecord) -> LiveTable | None:
        """Keep a stored table in memory, rebuilt by replay when in play (None if broken)."""
        try:
            table = LiveTable(rec, get_game(rec.game))
            if rec.status == PLAYING:  # finished tables are rebuilt when first opened
                table.start_play()
        except Exception as exc:  # one broken table must not keep the others down
            log.warning("table %s cannot be restored: %s", rec.id, exc)
            return None
        self.tables[rec.id] = table
        return table

    async def close(self) -> None:
        """Stop bot loops and release threads."""
        await self.sync.close()
        await self.archiver.close()
        await self.presence.close()
        await self.clocks.close()
        await self.bot_play.close()
        await self.cluster.close()  # after the bots: a move under way still releases its lock
        for tb in self.tables.values():
            for conn in tb.connections:
                conn.send(None)
        self.bot_play.shutdown()
        self._db_pool.shutdown(wait=True)
        self._read_pool.shutdown(wait=True)

    # -- lobby -----------------------------------------------------------------------------

    def waiting_tables(self) -> int:
        """Tables waiting for players, for the cap on them: counted again at most once a
        second and kept up to date meanwhile by this process's own changes (counting every
        table at every creation made creating a table cost more the more tables there
        were)."""
        now = time.monotonic()
        if now - self._waiting_at >= 1.0:
            self._waiting = sum(1 for tb in self.tables.values() if tb.status == OPEN)
            self._waiting_at = now
        return self._waiting

    def made_waiting(self, table_id: str) -> None:
        """Count a table this process just made, waiting for players (no chat or clock of
        it is stored yet: neither is read back when first used)."""
        self._waiting += 1
        self.chat.made(table_id)
        self.clocks.made(table_id)

    def get(self, table_id: str) -> LiveTable:
        """A table by id (raises ServerError when there is none)."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise ServerError("web.error.no_table", table=str(table_id)[:40])
        return table

    async def find(self, table_id: str) -> LiveTable:
        """A table by id, read from the database when another process made it just now
        or it was archived."""
        # Also a table archived as abandoned: closed, but its replay stays.
        if (
            isinstance(table_id, str)
            and len(table_id) <= MAX_TABLE_ID
            and table_id not in self.tables
        ):
            rec = await self.read(self.store.load_table, table_id)
            if rec is not None and rec.id not in self.tables:
                self.adopt(rec)
        return self.get(table_id)

    # -- several processes ---------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _change(self, table: LiveTable, announce: bool = True) -> AsyncIterator[Held]:
        """Hold the table for one change, then tell the other processes of it as the lock
        is released (a move's commit says which move instead: ``announce=False``).

        With several processes the table is first brought up to date from the database,
        under the cluster-wide lock, so a check never runs on an old state.
        """
        async with table.lock, self.cluster.lock(table.id) as held:
            current = table.state is not None and held.moves == len(table.record.actions)
            if self.cluster.shared and not current and await self.sync.catch_up(table):
                # Told now: the change may yet be refused, and the notices of what was
                # read back, when they come, find nothing new to tell.
                self.broadcast(table)
            if table.record.archived is not None:
                raise ServerError("web.error.archived")
            yield held
            if announce:
                held.notice = self.cluster.notice(table.id)

    def table_change(self, table: LiveTable) -> contextlib.AbstractAsyncContextManager[Held]:
        """Hold ``table`` for one change, as the hub's own changes do (for feature modules)."""
        return self._change(table)

    async def create(
        self,
        game_id: str,
        players: int,
        options: dict[str, Any] | None,
        public: bool = False,
        hints: bool = False,
        client: str | None = None,
    ) -> tuple[LiveTable, str]:
        """A new open table, private (reached by its invitation link only) unless
        ``public`` (listed in the lobby), with hints for the seat to act when ``hints``,
        made from the address ``client``; returns it and the host's secret token."""
        game = get_game(game_id)
        resolved = game.resolve_options(players, options or {})
        shares.check_waiting(self, client)
        host = new_token()
        rec = TableRecord(
            id=secrets.token_hex(6),
            game=game.id,
            players=players,
            options=resolved,
            seed=game.fresh_seed(None),
            host_hash=token_hash(host),
            status=OPEN,
            created=time.time(),
            public=public is True,
            hints=hints is True,
        )
        rec.active = rec.created
        table = LiveTable(rec, game)
        table.maker = client
        await self.write(self.store.create_table, rec)
        self.tables[rec.id] = table
        self.made_waiting(rec.id)
        await self.cluster.changed(rec.id)
        return table, host

    def _free_seat(self, table: LiveTable, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
            raise ServerError("web.error.no_seat", seat=str(seat)[:20])
        if table.status != OPEN:
            raise ServerError("web.error.not_open")
        if seat in table.record.seats:
            raise ServerError("web.error.seat_taken", seat=seat)

    def _check_host(self, table: LiveTable, host_token: object) -> None:
        if not token_matches(host_token, table.record.host_hash):
            raise ServerError("web.error.not_host")

    async def take_seat(
        self, table: LiveTable, seat: int, name: str, client: str | None = None
    ) -> str:
        """Seat a person (from the address ``client``); returns the seat's secret token
        (the only time it is sent). A name or address the host banned is refused."""
        name = clean_name(name)
        client_hash = None if client is None else token_hash(f"client:{client}")
        async with self._change(table):
            self._free_seat(table, seat)
            if ban_values(name, client_hash) & table.record.bans:
                raise ServerError("web.error.banned")
            check_unique(name, [rec.name for rec in table.record.seats.values()])
            token = new_token()
            rec = SeatRecord(seat, "human", name, None, token_hash(token), client_hash)
            await self.write(self.store.take_seat, table.id, rec)
            table.record.seats[seat] = rec
            self.broadcast(table)
        return token

    async def seat_bot(
        self, table: LiveTable, seat: int, spec: str, host_token: object, name: str | None = None
    ) -> None:
        """Seat a bot (host only); ``spec`` is a bot spec like ``heuristic``."""
        self._check_host(table, host_token)
        if not isinstance(spec, str) or not spec or len(spec) > 64:
            raise OptionError("core.error.unknown_bot", bot=str(spec)[:40], known="")
        make_bot(spec, table.game.id)  # refuses unknown names with a clear error
        self.bot_play.check_budget(spec)
        # Without a given name the seat is named in each reader's language (tables.names).
        label = clean_name(name) if name else ""
        async with self._change(table):
            self._free_seat(table, seat)
            check_unique(label, [rec.name for rec in table.record.seats.values()])
            rec = SeatRecord(seat, "bot", label, spec, None)
            await self.write(self.store.take_seat, table.id, rec)
            table.record.seats[seat] = rec
            self.broadcast(table)

    async def free_seat(
        self, table: LiveTable, seat: int, token: object, ban: bool = False
    ) -> None:
        """Empty a seat before the start: the host may clear any, a person their own. With
        ``ban`` (the host only) the person removed may not sit at this table again: not
        under that name, nor from that address."""
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in table.record.seats:
            raise ServerError("web.error.no_seat", seat=str(seat)[:20])
        rec = table.record.seats[seat]
        host = token_matches(token, table.record.host_hash)
        if not (host or token_matches(token, rec.token_hash)) or (ban and not host):
            raise ServerError("web.error.not_host")
        async with self._change(table):
            if table.status != OPEN:
                raise ServerError("web.error.not_open")
            if seat not in table.record.seats:  # freed meanwhile by another process
                raise ServerError("web.error.no_seat", seat=seat)
            sitting = table.record.seats[seat]
            bans: tuple[str, ...] = ()
            if ban and sitting.kind == "human":
                bans = tuple(sorted(ban_values(sitting.name, sitting.client_hash)))
            await self.write(self.store.free_seat, table.id, seat, bans)
            table.record.seats.pop(seat, None)
            table.record.bans.update(bans)
            self.broadcast(table)

    async def start(self, table: LiveTable, host_token: object) -> None:
        """Start a table whose seats are all taken (host only)."""
        self._check_host(table, host_token)
        async with self._change(table):
            if table.status != OPEN:
                raise ServerError("web.error.not_open")
            if len(table.record.seats) < table.players:
                raise ServerError("web.error.seats_free")
            if table.bots_only():
                shares.check_bot_tables(self, table.maker)
            table.start_play()  # the opening state and the bots, before anything is stored
            try:
                await self.db(self.store.set_status, table.id, PLAYING)
            except Exception as exc:
                table.state, table.bots = None, {}
                log.exception("starting table %s failed", table.id)
                raise ServerError("web.error.storage") from exc
            table.record.status = PLAYING
            self._waiting -= 1
            self.broadcast(table)
            self.clocks.moved(table)  # its first turn's time starts
        self.bot_play.kick(table)

    def check_seat_token(self, table: LiveTable, seat: object, token: object) -> int:
        """The seat number if ``token`` is that seat's, else a ServerError."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
            raise ServerError("web.error.no_seat", seat=str(seat)[:20])
        rec = table.seat(seat)
        if rec is None or rec.kind != "human" or not token_matches(token, rec.token_hash):
            raise ServerError("web.error.bad_token")
        return seat

    async def seat_token(self, table: LiveTable, seat: object, token: object) -> int:
        """As :meth:`check_seat_token`; with several processes, a seat taken elsewhere a
        moment ago is read back before the token is refused."""
        try:
            return self.check_seat_token(table, seat, token)
        except ServerError:
            if not self.cluster.shared:
                raise
        async with table.lock:
            await self.sync.catch_up(table)
        return self.check_seat_token(table, seat, token)

    # -- play ------------------------------------------------------------------------------

    async def play(
        self,
        table: LiveTable,
        seat: int,
        move: object,
        action: object,
        holder: str | None = None,
    ) -> None:
        """Accept one move for ``seat`` if it answers move number ``move``; else raise.

        A person's move names the hash of the token it showed (``holder``), checked again
        under the table's lock: a seat that changed hands since refuses it. The bot loop
        (and tests driving the hub directly) pass none.
        """
        if isinstance(move, bool) or not isinstance(move, int):
            raise ServerError("web.error.bad_move_number", move=str(move)[:20])
        if not isinstance(action, str) or len(action) > MAX_ACTION:
            raise IllegalActionError("core.error.malformed_action", action=repr(action)[:80])
        if self.cluster.shared:
            # Shielded: once checked, a move is committed, applied and announced, and the
            # table released, even if the caller goes away (memory must follow the database).
            await asyncio.shield(self._play_shared(table, seat, move, action, holder))
        else:
            await self._play_alone(table, seat, move, action, holder)
        self.bot_play.kick(table)

    async def _play_shared(
        self, table: LiveTable, seat: int, move: int, action: str, holder: str | None
    ) -> None:
        async with self._change(table, announce=False) as held:
            rows, trial, logged = self._check(table, seat, move, action, holder)
            await self._commit(table, rows, trial, logged)
            held.notice = self.cluster.notice(table.id, rows[0].move, rows[0].action)

    async def _play_alone(
        self, table: LiveTable, seat: int, move: int, action: str, holder: str | None
    ) -> None:
        """One process: the table's own lock is the whole of a change (the cluster's lock
        and notice do nothing). Once checked, the move is finished by its commit's callback
        (:meth:`_stored`), so it is committed, applied and announced, and the table
        released, even if the caller goes away, with no task of its own (shielding made one
        for every move, and the context managers' generators cost as much: each a twentieth
        of a busy server's work)."""
        await table.lock.acquire()  # given up here (the caller gone), nothing was done
        try:
            if table.record.archived is not None:
                raise ServerError("web.error.archived")
            rows, trial, logged = self._check(table, seat, move, action, holder)
            committed = self.writer.submit(rows, self.clocks.upcoming(table, trial))
        except BaseException:
            table.lock.release()
            raise
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        committed.add_done_callback(partial(self._stored, table, rows, trial, logged, done))
        await done

    def _stored(
        self,
        table: LiveTable,
        rows: list[ActionRow],
        trial: State,
        logged: list[tuple[int, Event]],
        done: asyncio.Future[None],
        committed: asyncio.Future[None],
    ) -> None:
        """A move's commit ended: make the move the table's and tell the clients, or refuse
        it (``done`` says which, unless its caller went away); then release the table."""
        try:
            if (failed := committed.exception()) is not None:
                log.error("storing move %s of table %s failed", rows[0].move, table.id)
                raise ServerError("web.error.storage") from failed
            self._made(table, rows, trial, logged)
        except Exception as exc:
            if not done.done():
                done.set_exception(exc)
        else:
            if not done.done():
                done.set_result(None)
        finally:
            table.lock.release()

    def _check(
        self, table: LiveTable, seat: int, move: int, action: str, holder: str | None
    ) -> tuple[list[ActionRow], State, list[tuple[int, Event]]]:
        """Check and apply one move (and the bots' answers within it) to a copy of the
        table's state, the table held: its rows to store, the copy and the events."""
        st = table.state
        if st is None:
            raise ServerError("web.error.not_started")
        if holder is not None and not table.holds(seat, holder):
            raise ServerError("web.error.bad_token")
        if st.to_act is None:
            raise IllegalActionError("core.error.game_over")
        if move != st.move_number:
            raise ServerError("web.error.stale_move", move=move, current=st.move_number)
        if st.to_act != seat:
            raise IllegalActionError("core.error.not_your_turn", seat=seat)
        act = st.action_space.coerce(action)  # the space's own: applied without a look-up
        trial = st.clone()
        events = trial.apply(act)
        rows = [ActionRow(table.id, move, seat, str(act), trial.is_over)]
        after = trial.move_number
        logged = [(after, e) for e in events]
        if not self.cluster.shared and self.bot_play.answers_at_once(table, seat):
            # The bots that answer at once answer within this move: one commit and one
            # message for the person's move and theirs (see BotPlay.answer).
            trial = self.bot_play.answer(table, st, trial, rows, logged)
        return rows, trial, logged

    async def _commit(
        self,
        table: LiveTable,
        rows: list[ActionRow],
        trial: State,
        logged: list[tuple[int, Event]],
    ) -> None:
        """Store actions (one move, and the bots' answering it at once), then make
        ``trial`` the table's state and tell the clients."""
        try:
            if self.cluster.shared:
                await self.cluster.moving(table.id, rows[-1].move + 1)
            await self.writer.append(rows)
        except Exception as exc:  # the state stays as it was: nothing was told
            log.exception("storing move %s of table %s failed", rows[0].move, table.id)
            raise ServerError("web.error.storage") from exc
        self._made(table, rows, trial, logged)

    def _made(
        self,
        table: LiveTable,
        rows: list[ActionRow],
        trial: State,
        logged: list[tuple[int, Event]],
    ) -> None:
        """Make stored actions' ``trial`` the table's state and tell the clients."""
        table.state = trial
        table.record.actions.extend(row.action for row in rows)
        table.record.active = time.time()
        table.log.extend(logged)
        if trial.is_over:
            table.record.status = OVER
        for moved in self.on_moved:
            moved(table)
        self.moves += len(rows)
        self.broadcast(table, seats=False, more=self.clocks.moved(table, told=True))

    # -- clients ---------------------------------------------------------------------------

    def attach(self, table: LiveTable, conn: Connection) -> None:
        """Add a client and send it everything it may see so far."""
        table.ensure_state()
        table.connections.add(conn)
        revoke_if_lost(table, conn)
        conn.send(state_message(table, conn, reset=True))

    def detach(self, table: LiveTable, conn: Connection) -> None:
        """Forget a client (and the table's rendered logs once nobody listens)."""
        table.connections.discard(conn)
        if not table.connections:
            table.histories.clear()
            table.steps.clear()

    def broadcast(
        self, table: LiveTable, seats: bool = True, more: dict[str, Any] | None = None
    ) -> None:
        """Tell every client of a change; a client whose seat changed hands is told so and
        watches from then on (every change of seats passes here, on every process).
        ``seats=False``: a move, which changes no seat (nor so anyone's presence);
        ``more``: what the state messages carry besides (the next turn's ``clock``)."""
        # Clients of one audience (seat, language) at the same point of the log get the
        # same message: it is built and encoded once for all of them (a thousand
        # spectators cost one message, not a thousand).
        shared: dict[tuple[int | None, str, int], str] = {}
        more = more or {}
        end = len(table.log)
        for conn in list(table.connections):
            if revoke_if_lost(table, conn):
                seats = True
                conn.send(state_message(table, conn, reset=True) | more)
                continue
            key = (conn.seat, conn.lang, conn.cursor)
            text = shared.get(key)
            if text is None:
                text = shared[key] = encode(state_message(table, conn) | more)
            conn.cursor = end
            conn.send(text)
        if seats and table.id in self.presence.tables:  # a seat changing hands changes it
            self.presence.update(table)


def hub_of(request: HTTPConnection) -> Hub:
    """The app's hub (made at startup), for a request or a websocket."""
    hub: Hub = request.app.state.hub
    return hub


def revoke_if_lost(table: LiveTable, conn: Connection) -> bool:
    """Make ``conn`` a spectator, and tell it why, if its seat no longer holds its token;
    True if it did (its next state message must then be its whole log, seen as a
    spectator)."""
    if conn.seat is None or table.holds(conn.seat, conn.holder):
        return False
    conn.seat, conn.holder = None, None
    st = table.state
    lost = ServerError("web.error.seat_lost")
    conn.send(error_message(lost, conn.lang, None if st is None else st.move_number))
    return True
