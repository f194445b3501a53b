"""The commit writer: accepted actions reach the database in batches (group commit)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from parlour.server.storage import ActionRow, Store


class GroupWriter:
    """Appends actions in batches: moves arriving together share one transaction.

    Each caller still waits until its own action is committed; under load many tables'
    moves ride on one commit instead of queueing for one each.
    """

    def __init__(self, store: Store, pool: ThreadPoolExecutor) -> None:
        self.store = store
        self.pool = pool
        self.pending: list[tuple[list[ActionRow], asyncio.Future[None]]] = []
        self.task: asyncio.Task[None] | None = None

    async def append(self, rows: list[ActionRow]) -> None:
        """Commit a table's next actions, in order (returns once they are durable; raises
        if storing failed: then none of them is stored)."""
        await self.submit(rows)

    def submit(self, rows: list[ActionRow]) -> asyncio.Future[None]:
        """Commit a table's next actions, in order: done once they are durable, or failed
        (then none of them is stored)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.pending.append((rows, future))
        if self.task is None or self.task.done():
            self.task = loop.create_task(self._drain())
        return future

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                await loop.run_in_executor(
                    self.pool, self.store.append_actions, [r for rows, _ in batch for r in rows]
                )
            except Exception as exc:
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
            else:
                for _, future in batch:
                    if not future.done():
                        future.set_result(None)
