"""Presence: who is at the table now, per seat (online, away, offline), from heartbeats.

A table page beats every few seconds over its websocket (``{"type": "beat", "away":
false}``; ``away`` when its tab is hidden). A seat is *online* while one of its connections
beat lately and is not hidden, *away* while it has connections but none of them is (hidden,
or silent for ``ServerConfig.away_after`` seconds), and *offline* with no connection.

Every change is pushed to the table's live clients (those that beat: a client that never
beats hears none of this) as a ``presence`` message: each seat's status, the number of
spectators, and the last arrivals and departures for the table's strip, apart from the
game log. Clients render the names themselves, from the state message's names. A seat's
change is pushed at once; spectators coming and going are gathered and pushed at most
once every ``COALESCE`` seconds a table (their churn once sent everyone at the table
hundreds of messages a second).

With several processes (see :mod:`parlour.server.cluster.coordination`) each process says what it
sees of its own connections (each seat's status and its spectators) whenever that changes, and all
of it every ``SWEEP_EVERY`` seconds while it has any; a seat's status is the best any process sees
(online, then away, then offline), the spectators are added up. What a process said counts for
``HEARD_FOR`` seconds unless said again: a process that died stops counting then, and one that stops
tells the others its people left.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.server.tables.live import Connection, LiveTable
from parlour.server.tables.protocol import encode

if TYPE_CHECKING:
    from parlour.server.tables.hub import Hub

ONLINE, AWAY, OFFLINE = "online", "away", "offline"

STRIP = 8
"""Arrivals and departures a table keeps for its strip."""
SWEEP_EVERY = 5.0
"""Seconds between looks for connections that stopped beating (and, with several
processes, between two times a process says all it sees)."""
HEARD_FOR = 3 * SWEEP_EVERY
"""Seconds what another process said of a table counts unless said again."""
RANK = {OFFLINE: 0, AWAY: 1, ONLINE: 2}
COALESCE = 1.0
"""Seconds a change of a table's spectators waits, gathering others, before it is pushed."""


@dataclass
class Seen:
    """What a connection last said of itself."""

    at: float
    """When it last beat (or arrived), on the presence clock."""
    hidden: bool = False
    """Whether its page is hidden (another tab, a phone's locked screen)."""
    live: bool = False
    """Whether it beats: only such clients are sent presence (and chat) messages."""


@dataclass
class TablePresence:
    """One table's connections as presence sees them, and what its clients were told."""

    seen: dict[Connection, Seen] = field(default_factory=dict)
    told: list[str] = field(default_factory=list)
    """Each seat's status as last pushed."""
    watchers: int = 0
    """Spectators as last pushed."""
    strip: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=STRIP))
    """The last changes: ``{"seat", "status", "at"}`` (``at`` in seconds since the epoch)."""
    later: asyncio.TimerHandle | None = None
    """The push of spectators' comings and goings, when one waits."""


@dataclass
class Heard:
    """What another process said it sees of a table."""

    seats: list[str]
    watchers: int
    at: float
    """When it was heard, on the presence clock."""


class Presence:
    """Every table's presence in this process."""

    def __init__(self, hub: Hub, clock: Callable[[], float] = time.monotonic) -> None:
        self.hub = hub
        self.clock = clock
        """The presence clock (tests set a fake one)."""
        self.tables: dict[str, TablePresence] = {}
        self.heard: dict[str, dict[str, Heard]] = {}
        """What other processes see: by table, by process."""
        self._said: dict[str, tuple[list[str], int]] = {}
        """What this process last said of each table's connections."""
        self._sweeper: asyncio.Task[None] | None = None
        hub.cluster.listen("presence", self._hear, self._say_all)

    def _of(self, table: LiveTable) -> TablePresence:
        found = self.tables.get(table.id)
        if found is None:
            found = self.tables[table.id] = TablePresence(told=[OFFLINE] * table.players)
        return found

    def arrive(self, table: LiveTable, conn: Connection) -> None:
        """A client came to the table (after its hello)."""
        self._of(table).seen[conn] = Seen(self.clock())
        self._ensure_sweeping()
        self.update(table)

    def beat(self, table: LiveTable, conn: Connection, hidden: bool) -> bool:
        """A client's heartbeat; its first makes it live (it is sent the presence now, and
        True is returned)."""
        mine = self._of(table)
        seen = mine.seen.get(conn)
        if seen is None:
            return False
        first = not seen.live
        seen.at, seen.hidden, seen.live = self.clock(), hidden, True
        if not self.update(table) and first:
            conn.send(self.message(table))
        return first

    def live(self, table: LiveTable) -> list[Connection]:
        """The table's clients that beat (they hear presence and chat)."""
        mine = self.tables.get(table.id)
        return [] if mine is None else [c for c, seen in mine.seen.items() if seen.live]

    def leave(self, table: LiveTable, conn: Connection) -> None:
        """A client went away."""
        mine = self.tables.get(table.id)
        if mine is None:
            return
        mine.seen.pop(conn, None)
        self.update(table)
        if not mine.seen:
            if mine.later is not None:
                mine.later.cancel()
            del self.tables[table.id]
            self._said.pop(table.id, None)

    # -- several processes ------------------------------------------------------------------

    def _say(self, table_id: str, seats: list[str], watchers: int) -> None:
        """Tell the other processes what this one sees of a table, if that changed."""
        if self._said.get(table_id) != (seats, watchers):
            self._said[table_id] = (seats, watchers)
            self.hub.cluster.say("presence", {"table": table_id, "seats": seats, "w": watchers})

    async def _say_all(self) -> None:
        """Tell the other processes all this one sees (now and then, and when news may
        have been lost)."""
        seen: dict[str, tuple[list[str], int]] = {}
        for table_id in self.tables:
            table = self.hub.tables.get(table_id)
            if table is not None:
                watchers = sum(1 for c in self.tables[table_id].seen if c.seat is None)
                seen[table_id] = self._said[table_id] = (self.own(table), watchers)
        self.hub.cluster.say("presence", {"all": seen})

    async def _hear(self, body: dict[str, Any]) -> None:
        """Another process said what it sees of one table, or of all it serves (which
        replaces all it said before)."""
        sender, now = str(body["from"]), self.clock()
        if "all" in body:
            for found in self.heard.values():
                found.pop(sender, None)
            told = body["all"]
        else:
            told = {body["table"]: (body["seats"], body["w"])}
        for table_id, (seats, watchers) in told.items():
            heard = Heard([str(status) for status in seats], int(watchers), now)
            found = self.heard.setdefault(str(table_id), {})
            if heard.watchers or any(status != OFFLINE for status in heard.seats):
                found[sender] = heard
            else:  # nobody there on that process
                found.pop(sender, None)
        for table_id in list(self.tables) if "all" in body else list(told):
            table = self.hub.tables.get(table_id)
            if table is not None and table_id in self.tables:
                self.update(table)

    def seats(self, table: LiveTable) -> list[str]:
        """Each seat's status now, as the best any process sees it."""
        out = self.own(table)
        for heard in self._fresh(table.id):
            for s, status in enumerate(heard.seats[: table.players]):
                if RANK.get(status, 0) > RANK[out[s]]:
                    out[s] = status
        return out

    def _fresh(self, table_id: str) -> list[Heard]:
        """What other processes said of a table lately."""
        found = self.heard.get(table_id)
        if not found:
            return []
        since = self.clock() - HEARD_FOR
        return [heard for heard in found.values() if heard.at >= since]

    def own(self, table: LiveTable) -> list[str]:
        """Each seat's status as this process's own connections show it."""
        mine = self.tables.get(table.id)
        out = [OFFLINE] * table.players
        if mine is None:
            return out
        fresh_from = self.clock() - self.hub.config.away_after
        for conn, seen in mine.seen.items():
            seat = conn.seat
            if seat is None or not 0 <= seat < table.players or not table.holds(seat, conn.holder):
                continue
            here = not seen.hidden and seen.at >= fresh_from
            if here:
                out[seat] = ONLINE
            elif out[seat] == OFFLINE:
                out[seat] = AWAY
        return out

    def online(self, table: LiveTable, seat: int) -> bool:
        """Whether a person is at ``seat`` now (online or away)."""
        return self.seats(table)[seat] != OFFLINE

    def message(self, table: LiveTable) -> dict[str, Any]:
        """The ``presence`` message for a table's clients."""
        mine = self._of(table)
        return {
            "type": "presence",
            "seats": list(mine.told),
            "watchers": mine.watchers,
            "strip": list(mine.strip),
        }

    def update(self, table: LiveTable) -> bool:
        """Push the table's presence to its live clients if a seat changed; True if one
        did."""
        mine = self._of(table)
        watching = sum(1 for conn in mine.seen if conn.seat is None)
        if self.hub.cluster.shared:
            self._say(table.id, self.own(table), watching)
        now = self.seats(table)
        watchers = watching + sum(heard.watchers for heard in self._fresh(table.id))
        changed = [s for s in range(table.players) if now[s] != mine.told[s]]
        if not changed:
            if watchers != mine.watchers:
                mine.watchers = watchers
                self._push_later(table.id, mine)
            return False
        mine.watchers = watchers
        if mine.later is not None:  # told now, with the spectators as they are
            mine.later.cancel()
            mine.later = None
        stamp = time.time()
        for s in changed:
            mine.strip.append({"seat": s, "status": now[s], "was": mine.told[s], "at": stamp})
        mine.told = now
        self.push(table, self.message(table))
        if ONLINE in (now[s] for s in changed):
            self.hub.clocks.seats_changed(table)  # a bot standing in gives the seat back
        return True

    def _push_later(self, table_id: str, mine: TablePresence) -> None:
        """Push the table's presence in ``COALESCE`` seconds (unless one waits already)."""
        if mine.later is None:
            loop = asyncio.get_running_loop()
            mine.later = loop.call_later(COALESCE, self._push_now, table_id, mine)

    def _push_now(self, table_id: str, mine: TablePresence) -> None:
        mine.later = None
        table = self.hub.tables.get(table_id)
        if table is not None and self.tables.get(table_id) is mine:
            self.push(table, self.message(table))

    def push(self, table: LiveTable, message: dict[str, Any]) -> None:
        """Send ``message`` to every live client of the table (encoded once for all)."""
        live = self.live(table)
        if live:
            text = encode(message)
            for conn in live:
                conn.send(text)

    def sweep(self) -> None:
        """Look again at every table (connections that stopped beating turn away, and what
        other processes said long ago no longer counts)."""
        since = self.clock() - HEARD_FOR
        for table_id, found in list(self.heard.items()):
            for sender, heard in list(found.items()):
                if heard.at < since:
                    del found[sender]
            if not found:
                del self.heard[table_id]
        # With one process only time turns a seat away (a beat, an arrival, a departure and
        # a seat changing hands update the table at once): a table whose shown connections
        # all beat lately is skipped (looking at every table, 500 of them, held every
        # table's moves for milliseconds each sweep).
        everyone = self.hub.cluster.shared
        fresh_from = self.clock() - self.hub.config.away_after
        for table_id, mine in list(self.tables.items()):
            table = self.hub.tables.get(table_id)
            if table is None:
                continue
            if everyone or _turning_away(mine, fresh_from):
                self.update(table)

    def _ensure_sweeping(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        while self.tables:
            await asyncio.sleep(SWEEP_EVERY)
            self.sweep()
            if self.hub.cluster.shared:
                await self._say_all()
        if self.hub.cluster.shared:  # the last connection left: nothing more to say
            await self._say_all()

    async def close(self) -> None:
        """Stop looking (and tell the other processes that nobody is here any more)."""
        if self.hub.cluster.shared and self.tables:
            self.tables.clear()
            await self._say_all()
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper


def _turning_away(mine: TablePresence, fresh_from: float) -> bool:
    """Whether a connection of the table shown, silent since ``fresh_from``, may have
    turned away (or it is told so again: cheap, and such tables are few)."""
    return any(seen.at < fresh_from and not seen.hidden for seen in mine.seen.values())
