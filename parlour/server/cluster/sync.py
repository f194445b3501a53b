"""Cluster sync: what another process changed reaches this one's tables and clients.

With several processes on one database (``ServerConfig.redis_url``) the other processes'
change notices arrive here (:meth:`ClusterSync.refresh`); a process that may have missed
some reads every table back (:meth:`ClusterSync.resync`), and a sweep now and then picks
up bot turns nobody took. Alone, none of this runs but :func:`absorb` and :func:`advance`,
which also rebuild a table from its stored record.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from parlour.server.store.storage import TableRecord
from parlour.server.tables.live import OPEN, OVER, PLAYING, LiveTable

if TYPE_CHECKING:
    from parlour.server.tables.hub import Hub

log = logging.getLogger("parlour.server")

SWEEP_EVERY = 5.0
"""Seconds between looks for bot turns nobody took (with several processes)."""


class ClusterSync:
    """Keeps a hub's tables up to date with what other processes stored."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._sweeper: asyncio.Task[None] | None = None

    def start_sweeping(self) -> None:
        """Look for abandoned bot turns now and then (several processes only)."""
        if self.hub.cluster.shared:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def close(self) -> None:
        """Stop the sweep."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)

    async def catch_up(self, table: LiveTable) -> bool:
        """Apply what other processes stored since this one last looked; True if anything."""
        rec = await self.hub.read(self.hub.store.load_table, table.id)
        return rec is not None and absorb(table, rec)

    async def refresh(
        self, table_id: str, move: int | None = None, action: str | None = None
    ) -> None:
        """Another process changed a table: take the move it announced when this process
        is at that move, else read the table back; then tell this process's clients."""
        hub = self.hub
        table = hub.tables.get(table_id)
        if table is None:
            rec = await hub.read(hub.store.load_table, table_id)
            if rec is not None and table_id not in hub.tables:
                adopted = hub.adopt(rec)
                if adopted is not None:
                    hub.clocks.moved(adopted)
                    hub.bot_play.kick(adopted)
            return
        async with table.lock:
            st = table.state
            if (
                st is not None
                and move is not None
                and action is not None
                and move == st.move_number == len(table.record.actions)
                and table.status == PLAYING
            ):
                advance(table, [action])  # stored by the announcer: the log says so
                hub.broadcast(table, seats=False, more=hub.clocks.moved(table, told=True))
            elif move is not None and st is not None and move < len(table.record.actions):
                # A move this process has already (a change here read it back first): no
                # read. Reading every such table back made a process that fell behind fall
                # further behind, each late notice one more read queued with the writes.
                pass
            elif await self.catch_up(table):
                hub.broadcast(table)
        hub.clocks.moved(table)  # the move's turn is over here too
        hub.bot_play.kick(table)

    async def _refresh_logged(self, table: LiveTable) -> None:
        """:meth:`refresh` a table, a failure logged rather than raised (a sweep goes on)."""
        try:
            await self.refresh(table.id)
        except Exception:
            log.exception("catching up table %s failed", table.id)

    async def resync(self) -> None:
        """Read back every table not over (after notices may have been missed)."""
        for table in list(self.hub.tables.values()):
            if table.status != OVER:
                await self._refresh_logged(table)

    async def _sweep(self) -> None:
        """Now and then, catch up the bot turns nobody is thinking about (say a process
        that claimed one died); the claim decides who takes each."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            for table in list(self.hub.tables.values()):
                st = table.state
                idle = table.bot_task is None or table.bot_task.done()
                if st is not None and st.to_act in table.bots and idle:
                    await self._refresh_logged(table)


def absorb(table: LiveTable, rec: TableRecord) -> bool:
    """Bring ``table`` up to ``rec``, the same table as stored now; True if anything changed.

    The stored log only ever grows, so the new actions are replayed onto the live state.
    """
    mine = table.record
    changed = False
    if rec.seats != mine.seats:
        mine.seats = rec.seats
        changed = True
    if (rec.bans, rec.archived) != (mine.bans, mine.archived):
        mine.bans, mine.archived = rec.bans, rec.archived
        changed = True
    new = rec.actions[len(mine.actions) :]
    if rec.status == mine.status and not new:
        return changed
    was = mine.status
    mine.status = rec.status
    if table.state is None:
        mine.actions = list(rec.actions)
        if was == OPEN or table.connections:
            table.ensure_state()
    else:
        advance(table, new)
    return True


def advance(table: LiveTable, actions: list[str]) -> None:
    """Replay stored ``actions`` onto the table's live state (on a copy, then swapped in)."""
    assert table.state is not None
    trial = table.state.clone()
    for text in actions:
        events = trial.apply(text)
        table.log.extend((trial.move_number, e) for e in events)
    table.record.actions.extend(actions)
    table.state = trial
    if trial.is_over:
        table.record.status = OVER
