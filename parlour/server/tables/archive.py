"""Abandoned tables are closed and archived, never deleted.

A table is abandoned when nobody is connected to it and nothing has happened there (no
move, or since it was made) for ``archive_after`` seconds (a day), or
``archive_turn_based_after`` (30 days) when it is played turn-based. Archiving marks it in
the database and drops it from memory: the lobby no longer lists it, nothing can be played
there (``web.error.archived``), and its replay and record stay, read back on demand.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from parlour.server.tables.live import LiveTable

if TYPE_CHECKING:
    from parlour.server.tables.hub import Hub

log = logging.getLogger("parlour.server")


class Archiver:
    """Looks for abandoned tables every ``archive_every`` seconds and archives them."""

    def __init__(self, hub: Hub, clock: Callable[[], float] = time.time) -> None:
        self.hub = hub
        self.clock = clock
        """Wall-clock seconds (tests set a fake one)."""
        self.turn_based: Callable[[LiveTable], bool] = lambda table: False
        """Whether a table is played turn-based (table clocks say so when they are set)."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Begin looking (unless ``archive_every`` is 0)."""
        if self.hub.config.archive_every > 0:
            self._task = asyncio.get_running_loop().create_task(self._every())

    async def close(self) -> None:
        """Stop looking."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    def abandoned(self, table: LiveTable, now: float) -> bool:
        """Whether nobody is at ``table`` and nothing happened there for too long."""
        cfg = self.hub.config
        after = cfg.archive_turn_based_after if self.turn_based(table) else cfg.archive_after
        return not table.connections and now - table.record.active >= after

    async def sweep(self) -> list[str]:
        """Archive every abandoned table now; returns their ids. An archived table read
        back since (for its replay) is dropped from memory again once nobody watches."""
        hub, now, done = self.hub, self.clock(), []
        for table in list(hub.tables.values()):
            if table.record.archived is not None:
                if not table.connections:
                    hub.tables.pop(table.id, None)
                continue
            if not self.abandoned(table, now):
                continue
            async with hub.table_change(table):
                if not self.abandoned(table, now):  # someone came meanwhile
                    continue
                await hub.write(hub.store.archive, table.id, now)
                table.record.archived = now
            if table.bot_task is not None:
                table.bot_task.cancel()
            hub.tables.pop(table.id, None)
            done.append(table.id)
        return done

    async def _every(self) -> None:
        while True:
            await asyncio.sleep(self.hub.config.archive_every)
            try:
                archived = await self.sweep()
            except Exception:  # storage trouble: try again next time
                log.exception("archiving abandoned tables failed")
            else:
                if archived:
                    log.info("archived %d abandoned tables", len(archived))
