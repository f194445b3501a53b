"""A move whose caller goes away (its task cancelled: a socket's reader at shutdown, say)
while the move is being stored is still committed, made the table's state and announced,
and the table released: memory follows the database."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest

from parlour.server import ServerConfig
from parlour.server.store.storage import ActionRow, Store
from parlour.server.tables.hub import Hub
from parlour.server.tables.live import Connection, LiveTable
from tests.server.conftest import run_async


class GatedStore(Store):
    """A database whose commits of moves wait until the gate opens."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.gate = threading.Event()

    def append_actions(self, rows: list[ActionRow]) -> None:
        self.gate.wait(10)
        super().append_actions(rows)


class AwaitingHub(Hub):
    """A planted fault: the caller awaits the commit itself, so going away leaves the
    move stored but never made the table's."""

    async def _play_alone(
        self, table: LiveTable, seat: int, move: int, action: str, holder: str | None
    ) -> None:
        async with table.lock:
            rows, trial, logged = self._check(table, seat, move, action, holder)
            await self.writer.append(rows)
            self._made(table, rows, trial, logged)


async def cancelled_move(hub_class: type[Hub]) -> tuple[int, int, bool, bool, list[int]]:
    """Stored actions, the table's move number, whether the table is still held, whether
    the caller was cancelled, and the move numbers of the state messages sent."""
    store = GatedStore("sqlite://")
    hub = hub_class(store, ServerConfig(bot_delay=0))
    table, host = await hub.create("highcard", 2, {})
    await hub.take_seat(table, 0, "Ana")
    await hub.take_seat(table, 1, "Bo")
    await hub.start(table, host)
    conn = Connection(0, "en")
    hub.attach(table, conn)
    mover = asyncio.create_task(hub.play(table, 0, 0, "keep"))
    await asyncio.sleep(0.2)  # checked; its commit waits at the gate
    mover.cancel()
    store.gate.set()
    for _ in range(200):  # bounded: two seconds
        if not table.lock.locked() and len(store.load_all()[0].actions) == 1:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    with_move = []
    while not conn.outbox.empty():
        message = conn.outbox.get_nowait()
        if isinstance(message, str) and (sent := json.loads(message))["type"] == "state":
            with_move.append(sent["move"])
    stored = len(store.load_all()[0].actions)
    assert table.state is not None
    result = (stored, table.state.move_number, table.lock.locked(), mover.cancelled(), with_move)
    await hub.close()
    return result


def test_a_move_whose_caller_went_away_is_still_made_and_announced() -> None:
    stored, move, held, cancelled, sent = run_async(cancelled_move(Hub))
    assert cancelled
    assert (stored, move, held) == (1, 1, False)
    assert sent == [1]  # the clients were told (after the opening state, sent unencoded)


def test_the_check_catches_a_caller_awaiting_its_own_commit() -> None:
    stored, move, held, cancelled, sent = run_async(cancelled_move(AwaitingHub))
    assert cancelled and stored == 1
    with pytest.raises(AssertionError):
        assert (move, held, sent) == (1, False, [1])
