"""Chat never holds a move back, and a table's spectators share one allowance of lines.

200 spectator sockets, each inside its own limit, made a player's chat line wait 11.5 s
(lines were stored one at a time under the table's chat lock) and the move sent right
after it wait as long (a socket's messages were handled in order): on an 8 s clock a bot
moved for the player. Here the storing of chat lines is held shut while spectators flood
the table and the player sends a line and then a move: the move is taken (by the person,
in time) while every line still waits to be stored, and of the flood only the table's
spectator allowance is stored.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from parlour.server.features.chat import LineWriter, load_chat
from tests.server.test_clocks import Clock, clock_of, hub_of, summary, timed_table, wait_for

SPECTATORS = 12
BURST = 5


class Held(LineWriter):
    """A line writer that stores nothing until ``gate`` opens."""

    gate = threading.Event()

    async def write(self, lines: list[tuple[str, dict[str, Any]]]) -> bool:
        await asyncio.to_thread(self.gate.wait, 30)
        return await super().write(lines)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    config = ServerConfig(
        database_url=db_url,
        bot_delay=0,
        create_rate="",
        seat_rate="",
        spectator_chat_rate=0.0001,  # none back within the test: the burst is all
        spectator_chat_burst=BURST,
    )
    with TestClient(create_app(config)) as c:
        yield c


def test_a_move_after_a_chat_line_is_taken_while_spectators_flood_the_chat(
    client: TestClient,
) -> None:
    hub = hub_of(client)
    Held.gate.clear()
    hub.chat.writer = Held(hub)
    clock = Clock(client)
    settings = {"mode": "realtime", "per_move": 8, "on_timeout": "move"}
    table, _, tokens = timed_table(client, settings, players=2)
    clock.tick()
    url = f"/ws/tables/{table}"
    try:
        with ExitStack() as stack:
            player = stack.enter_context(client.websocket_connect(url))
            player.send_json({"type": "hello", "seat": 0, "token": tokens[0], "lang": "en"})
            player.receive_json()
            for n in range(SPECTATORS):
                ws = stack.enter_context(client.websocket_connect(url))
                ws.send_json({"type": "hello", "seat": None, "lang": "en"})
                ws.receive_json()
                for line in range(2):
                    chat = {"type": "chat", "text": f"flood {n}.{line}", "key": f"key-{n:08d}"}
                    ws.send_json({**chat, "name": f"W{n}"})
            player.send_json({"type": "chat", "text": "my move next"})
            player.send_json({"move": 0, "action": "keep"})
            # Every chat line still waits to be stored, and the move is taken.
            wait_for(lambda: summary(client, table)["move"] == 1, "the move after the line")
            assert hub.clocks.acted == 0 and clock_of(client, table)["timeouts"] == [0, 0]
            assert not Held.gate.is_set()
    finally:
        Held.gate.set()

    def stored() -> list[dict[str, Any]]:
        portal = client.portal
        assert portal is not None
        lines: list[dict[str, Any]] = portal.call(hub.read, load_chat, hub.store, table)[0]
        return lines

    wait_for(lambda: any(line["text"] == "my move next" for line in stored()), "the line")
    flood = [line for line in stored() if line["channel"] == "spectators"]
    assert 0 < len(flood) <= BURST  # the table's allowance, not each socket's
