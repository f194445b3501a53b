"""The commit writer: accepted actions reach the database in batches (group commit)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from parlour.server.store.clock_rows import Row, write_clocks
from parlour.server.store.storage import ActionRow, Store


class GroupWriter:
    """Appends actions in batches: moves arriving together share one transaction.

    Each caller still waits until its own action is committed; under load many tables'
    moves ride on one commit instead of queueing for one each. A move's clock (the turn it
    starts) is stored in the same transaction: a crash never leaves one without the other.
    """

    def __init__(self, store: Store, pool: ThreadPoolExecutor) -> None:
        self.store = store
        self.pool = pool
        self.pending: list[tuple[list[ActionRow], Row | None, asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None
        self.kept: Callable[[str], None] = lambda _table_id: None
        """Told of a table whose clock was not stored with its move: another process had
        stored a newer turn of it first (the clocks read it back)."""

    async def append(self, rows: list[ActionRow]) -> None:
        """Commit a table's next actions, in order (returns once they are durable; raises
        if storing failed: then none of them is stored)."""
        await self.submit(rows)

    def submit(self, rows: list[ActionRow], clock: Row | None = None) -> asyncio.Future[None]:
        """Commit a table's next actions, in order, with the clock of the turn they start
        (if it changed): done once they are durable, or failed (then none of them is
        stored)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.pending.append((rows, clock, future))
        if self.task is None or self.task.done():
            self.task = loop.create_task(self._drain())
        return future

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        store = self.store
        while self.pending:
            batch, self.pending = self.pending, []
            rows = [r for rows, _, _ in batch for r in rows]
            clocks = [clock for _, clock, _ in batch if clock is not None]
            try:
                if clocks:
                    also = partial(write_clocks, store, clocks)
                    stored = await loop.run_in_executor(self.pool, store.append_with, rows, also)
                else:
                    await loop.run_in_executor(self.pool, store.append_actions, rows)
            except Exception as exc:
                for _, _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
            else:
                for _, _, future in batch:
                    if not future.done():
                        future.set_result(None)
                if clocks and stored is not None:
                    for clock, done in zip(clocks, stored, strict=True):
                        if not done:
                            self.kept(clock[0])
