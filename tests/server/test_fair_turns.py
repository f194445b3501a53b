"""Turns at a scarce worker: one request of an address at a time, every address in turn.

One client cycling tables kept the one hint worker busy and another client was refused
``hint_busy`` 94 times of 94. Here the worker's one slot is held by a client that keeps
asking: the other client, waiting, is served before the first is served again.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.learn.hints import HintPool
from parlour.server import ServerConfig, create_app
from parlour.server.errors import ServerError
from parlour.server.features.fair_turns import FairTurns
from parlour.server.routes.learn import hint_turns_of
from tests.learn.test_hint_server import Held, ask, in_thread, table_of
from tests.server.test_clocks import wait_for


async def served_order() -> list[str]:
    turns = FairTurns(1, wait=30.0, busy="web.error.hint_busy")
    order: list[str] = []
    release = asyncio.Event()

    async def ask(client: str, hold: bool = False) -> None:
        async with turns.turn(client):
            order.append(client)
            if hold:
                await release.wait()

    first = asyncio.create_task(ask("mallory", hold=True))
    await asyncio.sleep(0)
    victim = asyncio.create_task(ask("alice"))
    await asyncio.sleep(0)
    with pytest.raises(ServerError) as twice:  # one request of an address at a time
        await ask("mallory")
    assert twice.value.key == "web.error.too_fast"
    release.set()
    await first
    again = asyncio.create_task(ask("mallory"))  # asks again at once: after the victim
    await asyncio.gather(victim, again)
    return order


def test_a_waiting_address_is_served_before_a_greedy_one_again() -> None:
    assert asyncio.run(served_order()) == ["mallory", "alice", "mallory"]


async def refused_after_waiting() -> str:
    turns = FairTurns(1, wait=0.01, busy="web.error.hint_busy")
    hold = asyncio.Event()

    async def holder() -> None:
        async with turns.turn("a"):
            await hold.wait()

    task = asyncio.create_task(holder())
    await asyncio.sleep(0)
    try:
        async with turns.turn("b"):
            return "served"
    except ServerError as err:
        return err.key
    finally:
        hold.set()
        await task
        async with turns.turn("b"):  # the slot came back
            pass


def test_a_request_that_waits_too_long_is_refused_as_busy_and_the_slot_comes_back() -> None:
    assert asyncio.run(refused_after_waiting()) == "web.error.hint_busy"


def test_over_http_a_victim_waits_its_turn_instead_of_being_refused(tmp_path: Path) -> None:
    config = ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0, create_rate="", seat_rate=""
    )
    with TestClient(create_app(config), client=("10.0.0.66", 1)) as mallory:
        alice = TestClient(mallory.app, client=("10.0.0.1", 1))
        alice.portal = mallory.portal  # the same running app, on its event loop
        held = Held()
        mallory.app.state.hint_search = held  # type: ignore[attr-defined]
        mallory.app.state.hints = HintPool(1, 8)  # type: ignore[attr-defined]
        tables = [table_of(mallory, hints=True) for _ in range(3)]
        (one, t1), (two, t2), (three, t3) = tables
        greedy, _ = in_thread(lambda: ask(mallory, one, seat=0, token=t1[0]))
        assert held.started.wait(30)
        victim, answer = in_thread(lambda: ask(alice, two, seat=0, token=t2[0]))
        turns = hint_turns_of(mallory.app)  # type: ignore[arg-type]
        wait_for(lambda: "10.0.0.1" in turns.waiting, "the victim waits its turn")
        again = ask(mallory, three, seat=0, token=t3[0])  # the greedy address, meanwhile
        assert (again.status_code, again.json()["error"]) == (429, "web.error.too_fast")
        held.release.set()
        greedy.join(30)
        victim.join(30)
        assert answer[0].status_code == 200, answer[0].text
