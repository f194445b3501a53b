"""Presence: who is at the table now, per seat (online, away, offline), from heartbeats.

A table page beats every few seconds over its websocket (``{"type": "beat", "away":
false}``; ``away`` when its tab is hidden). A seat is *online* while one of its connections
beat lately and is not hidden, *away* while it has connections but none of them is (hidden,
or silent for ``ServerConfig.away_after`` seconds), and *offline* with no connection.

Every change is pushed to the table's live clients (those that beat: a client that never
beats hears none of this) as a ``presence`` message: each seat's status, the number of
spectators, and the last arrivals and departures for the table's strip, apart from the
game log. Clients render the names themselves, from the state message's names. Presence is
what this process sees of its own connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.server.tables import Connection, LiveTable

if TYPE_CHECKING:
    from parlour.server.hub import Hub

ONLINE, AWAY, OFFLINE = "online", "away", "offline"

STRIP = 8
"""Arrivals and departures a table keeps for its strip."""
SWEEP_EVERY = 5.0
"""Seconds between looks for connections that stopped beating."""


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


class Presence:
    """Every table's presence in this process."""

    def __init__(self, hub: Hub, clock: Callable[[], float] = time.monotonic) -> None:
        self.hub = hub
        self.clock = clock
        """The presence clock (tests set a fake one)."""
        self.tables: dict[str, TablePresence] = {}
        self._sweeper: asyncio.Task[None] | None = None

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
            del self.tables[table.id]

    def seats(self, table: LiveTable) -> list[str]:
        """Each seat's status now."""
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
        now = self.seats(table)
        watchers = sum(1 for conn in mine.seen if conn.seat is None)
        changed = [s for s in range(table.players) if now[s] != mine.told[s]]
        if not changed and watchers == mine.watchers:
            return False
        mine.watchers = watchers
        stamp = time.time()
        for s in changed:
            mine.strip.append({"seat": s, "status": now[s], "was": mine.told[s], "at": stamp})
        mine.told = now
        self.push(table, self.message(table))
        return True

    def push(self, table: LiveTable, message: dict[str, Any]) -> None:
        """Send ``message`` to every live client of the table."""
        for conn in self.live(table):
            conn.send(message)

    def sweep(self) -> None:
        """Look again at every table (connections that stopped beating turn away)."""
        for table_id in list(self.tables):
            table = self.hub.tables.get(table_id)
            if table is not None:
                self.update(table)

    def _ensure_sweeping(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        while self.tables:
            await asyncio.sleep(SWEEP_EVERY)
            self.sweep()

    async def close(self) -> None:
        """Stop looking."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
