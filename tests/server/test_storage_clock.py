"""A move at a timed table and the clock of the turn it starts are stored in one
transaction (the commit writer's), on SQLite and PostgreSQL: right after the move the
stored clock is the one in memory, and a batch whose clock part fails stores neither the
move nor its clock (the mover is refused and may send the move again)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from sqlalchemy.exc import OperationalError

from parlour.server import ServerConfig
from parlour.server.errors import ServerError
from parlour.server.store.clock_rows import TableClock, load_clock
from parlour.server.store.direct_sql import Cursor
from parlour.server.store.storage import ActionRow, Store
from parlour.server.tables.hub import Hub
from tests.server.conftest import run_async

T = TypeVar("T")
REALTIME = {"mode": "realtime", "per_move": 10, "bank": 5, "on_timeout": "move"}


class ClockFails(Store):
    """Planted: the clock part of a batch fails (after writing), once armed."""

    armed = False

    def append_with(self, rows: list[ActionRow], also: Callable[[Cursor], T] | None) -> T | None:
        """Store the batch, its clocks failing when armed."""

        def failing(cur: Cursor) -> T:
            assert also is not None
            also(cur)
            raise OperationalError("UPDATE parlour_clocks", {}, OSError("planted"))

        return super().append_with(rows, failing if self.armed and also else also)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A SQLite file's URL and a throwaway PostgreSQL database's."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'clock.db'}"
    else:
        yield request.getfixturevalue("pg_url")


async def timed(store: Store) -> tuple[Hub, Any]:
    """A hub and a started two-seat highcard table with a clock."""
    hub = Hub(store, ServerConfig(bot_delay=0))
    table, host = await hub.create("highcard", 2, {})
    await hub.clocks.configure(table, host, REALTIME)
    await hub.take_seat(table, 0, "Ana")
    await hub.take_seat(table, 1, "Bo")
    await hub.start(table, host)
    return hub, table


def test_a_move_and_its_clock_are_stored_together(url: str) -> None:
    async def scenario() -> tuple[TableClock | None, TableClock, bool]:
        store = Store(url)
        hub, table = await timed(store)
        await asyncio.sleep(0.4)  # the start's clock stored by its batch
        await hub.play(table, 0, 0, "swap")
        # At once: not a batch of clocks stored later (a crash then lost the clock).
        stored = await hub.read(load_clock, store, table.id)
        memory, again = hub.clocks.tables[table.id], table.id in hub.clocks._dirty
        await hub.close()
        store.close()
        return stored, memory, again

    stored, memory, again = run_async(scenario())
    assert stored is not None and (stored.running.move, stored.running.seat) == (1, 1)
    assert stored == memory  # the same turn, from the same moment
    assert not again  # not stored a second time


def test_a_failed_clock_leaves_the_move_unstored_and_the_mover_refused(url: str) -> None:
    async def scenario() -> tuple[list[str], int, list[str], int, list[str], int]:
        store = ClockFails(url)
        hub, table = await timed(store)
        await asyncio.sleep(0.4)  # the start's clock stored by its batch
        store.armed = True
        refused = []
        try:
            await hub.play(table, 0, 0, "swap")
        except ServerError as exc:
            refused.append(exc.key)
        assert table.state is not None
        failed_move = table.state.move_number
        log = (await hub.read(store.load_table, table.id)).actions  # type: ignore[union-attr]
        clock = await hub.read(load_clock, store, table.id)
        assert clock is not None
        store.armed = False
        await hub.play(table, 0, 0, "swap")  # sent again
        after = await hub.read(load_clock, store, table.id)
        assert after is not None
        again = (await hub.read(store.load_table, table.id)).actions  # type: ignore[union-attr]
        await hub.close()
        store.close()
        return refused, failed_move, log, clock.running.move, again, after.running.move

    refused, move, log, clock_move, again, clock_after = run_async(scenario())
    assert (refused, move, log, clock_move) == (["web.error.storage"], 0, [], 0)
    assert (again, clock_after) == (["swap"], 1)
