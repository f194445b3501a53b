"""Clients of one table share a state message only when they are the same audience: the
same seat (or spectators), the same language and the same point of the log. Two seats and
a spectator, all reading English, play a whole game through the hub: each is sent its own
view and only the events it may see; a planted hub that shares messages by language
alone (one seat's hand sent to the other) is caught."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.engine import Rng
from parlour.server import ServerConfig
from parlour.server.store.storage import Store
from parlour.server.tables.hub import Hub, revoke_if_lost
from parlour.server.tables.live import Connection, LiveTable, token_hash
from parlour.server.tables.protocol import encode, state_message
from tests.server.conftest import run_async


class CarelessHub(Hub):
    """A planted fault: clients of one language at one point of the log share a message,
    whatever their seat."""

    def broadcast(
        self, table: LiveTable, seats: bool = True, more: dict[str, Any] | None = None
    ) -> None:
        shared: dict[tuple[str, int], str] = {}
        end = len(table.log)
        for conn in list(table.connections):
            if revoke_if_lost(table, conn):
                conn.send(state_message(table, conn, reset=True) | (more or {}))
                continue
            key = (conn.lang, conn.cursor)
            text = shared.get(key)
            if text is None:
                text = shared[key] = encode(state_message(table, conn) | (more or {}))
            conn.cursor = end
            conn.send(text)


def _sent(conn: Connection) -> list[dict[str, Any]]:
    out = []
    while not conn.outbox.empty():
        message = conn.outbox.get_nowait()
        assert message is not None
        out.append(json.loads(message) if isinstance(message, str) else message)
    return out


async def whole_game(hub_class: type[Hub]) -> int:
    """Play a Love Letter game of two people watched by a spectator; every state message
    checked against the table's state. The number of messages checked."""
    hub = hub_class(Store("sqlite://"), ServerConfig(bot_delay=0))
    try:
        table, host = await hub.create("loveletter", 2, {})
        tokens = [await hub.take_seat(table, s, f"P{s}") for s in (0, 1)]
        await hub.start(table, host)
        conns = [Connection(s, "en", token_hash(tokens[s])) for s in (0, 1)]
        conns.append(Connection(None, "en"))
        for conn in conns:
            hub.attach(table, conn)
        seen: list[list[Any]] = [[] for _ in conns]
        rng = Rng(4)
        checked = 0
        while True:
            st = table.state
            assert st is not None
            for i, conn in enumerate(conns):
                for message in _sent(conn):
                    if message["type"] != "state":
                        continue
                    assert message["seat"] == conn.seat
                    assert message["view"] == json.loads(json.dumps(st.view(conn.seat)))
                    seen[i] += [[e["kind"], e["data"]] for e in message["events"]]
                    checked += 1
                mine = [(e.kind, e.data) for _, e in table.log if e.visible_to(conn.seat)]
                assert seen[i] == json.loads(json.dumps(mine))
            if st.to_act is None:
                return checked
            action = str(rng.choice(st.legal_actions()))
            await hub.play(table, st.to_act, st.move_number, action, conns[st.to_act].holder)
    finally:
        await hub.close()


def test_each_seat_and_the_spectators_get_their_own_messages() -> None:
    assert run_async(whole_game(Hub)) > 30


def test_a_hub_sharing_messages_across_seats_is_caught() -> None:
    with pytest.raises(AssertionError):
        run_async(whole_game(CarelessHub))
