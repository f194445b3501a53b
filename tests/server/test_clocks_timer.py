"""The clocks' one timer: it looks at no table while no deadline is due, and acts on each
deadline once (a scan of every table, or a timeout acted on twice, planted in a subclass,
is caught)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.server.features.clocks import Clocks
from parlour.server.store.clock_rows import TableClock
from parlour.server.tables.live import LiveTable
from tests.server.test_clocks import Clock, clock_of, hub_of, summary, timed_table

SLOW = {"mode": "realtime", "per_move": 60, "bank": 0, "on_timeout": "move"}


class Counting(Clocks):
    """Clocks that count the tables they look at."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.looked = 0

    def _advance(self, table: LiveTable, found: TableClock) -> bool:
        self.looked += 1
        return super()._advance(table, found)

    def _due(self, table_id: str, move: int, now: float) -> asyncio.Task[None] | None:
        self.looked += 1
        return super()._due(table_id, move, now)


class ScanAll(Counting):
    """Planted: the old tick, which brought every clock up to its table each time."""

    async def tick(self) -> None:
        for table_id, found in list(self.tables.items()):
            table = self.hub.tables.get(table_id)
            if table is not None:
                self._advance(table, found)
        await super().tick()


class Twice(Counting):
    """Planted: a timeout under way is not noticed, so a deadline on the heap twice is
    acted on twice."""

    def _busy(self, table_id: str, move: int) -> bool:
        return False


def use(client: TestClient, kind: type[Clocks]) -> Clocks:
    """Give the client's hub clocks of ``kind`` (the old ones stopped)."""
    hub = hub_of(client)

    async def swap() -> Clocks:
        await hub.clocks.close()
        hub.clocks = kind(hub)
        await hub.clocks.load()
        return hub.clocks

    assert client.portal is not None
    clocks: Clocks = client.portal.call(swap)
    return clocks


def timer_looks_only_at_deadlines(
    client: TestClient, kind: type[Counting], tables: int = 12
) -> None:
    """A hundred of the timer's wakings while no deadline is due look at no table; then
    each passed deadline costs a few looks at its own table."""
    clocks = use(client, kind)
    assert isinstance(clocks, Counting)
    clock = Clock(client)
    made = [timed_table(client, SLOW, players=2)[0] for _ in range(tables)]
    clock.tick()
    clocks.looked = 0
    for _ in range(100):
        clock.tick(0.5)  # 50 s of the 60 each first turn has
    idle = clocks.looked
    clock.tick(11)
    # Each passed deadline looked at once, and each clock once for the timeout's move and
    # once after it: a fixed number a table, however many times the timer woke.
    assert idle + tables <= clocks.looked <= idle + 3 * tables
    assert all(summary(client, table)["move"] == 1 for table in made)
    assert idle == 0


def test_while_no_deadline_is_due_the_timer_looks_at_no_table(client: TestClient) -> None:
    timer_looks_only_at_deadlines(client, Counting)


def test_a_tick_that_looks_at_every_table_is_caught(client: TestClient) -> None:
    with pytest.raises(AssertionError):
        timer_looks_only_at_deadlines(client, ScanAll)


def acted_on_a_double_entry(client: TestClient, kind: type[Counting]) -> int:
    """Timeouts acted on for one deadline put on the heap twice (as news of the clock from
    another process puts it again)."""
    clocks = use(client, kind)
    clock = Clock(client)
    table, _, _ = timed_table(client, SLOW, players=3)
    clock.tick()
    clocks._scheduled.pop(table)
    clocks._schedule(table, clocks.tables[table])
    clock.tick(61)
    assert summary(client, table)["move"] == 1
    return clocks.acted


def test_a_deadline_on_the_heap_twice_is_acted_on_once(client: TestClient) -> None:
    assert acted_on_a_double_entry(client, Counting) == 1
    assert clock_of(client, next(iter(hub_of(client).clocks.tables)))["timeouts"][0] == 1


def test_a_timeout_acted_on_twice_is_caught(client: TestClient) -> None:
    assert acted_on_a_double_entry(client, Twice) == 2
