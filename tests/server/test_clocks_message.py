"""A move at a timed table is told in one message to each connection: its ``state``
message carries the table's clock; a separate clock message after each move, planted, is
caught."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.server.features.clocks import Clocks
from parlour.server.tables.live import LiveTable
from tests.server.test_clocks import REALTIME, Clock, hub_of, timed_table


class PushesToo(Clocks):
    """Planted: the clock pushed in a message of its own after every move too."""

    def moved(self, table: LiveTable, told: bool = False) -> dict[str, Any]:
        carried = super().moved(table, told)
        if carried:
            self.push(table)
        return carried


def until_pong(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Every message before the answer to a ping."""
    ws.send_json({"type": "ping"})
    seen = []
    while (msg := ws.receive_json())["type"] != "pong":
        seen.append(msg)
    return seen


def moves_told(client: TestClient) -> list[list[dict[str, Any]]]:
    """What a live connection of each seat of a timed table is sent for one move."""
    clock = Clock(client)
    table, _, tokens = timed_table(client, REALTIME, players=2)
    clock.tick()
    sockets = [client.websocket_connect(f"/ws/tables/{table}") for _ in tokens]
    try:
        first = []
        for seat, ws in enumerate(sockets):
            ws.__enter__()
            ws.send_json({"type": "hello", "seat": seat, "token": tokens[seat], "lang": "en"})
            ws.send_json({"type": "beat"})
            first.append(until_pong(ws))
            assert [m["move"] for m in first[seat] if m["type"] == "clock"] == [0]
        until_pong(sockets[0])  # seat 1's arrival
        action = next(m for m in first[0] if m["type"] == "state")["legal"][0]["action"]
        sockets[0].send_json({"move": 0, "action": action})
        return [until_pong(ws) for ws in sockets]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)


def check_one_message_a_move(client: TestClient) -> None:
    """Each connection is sent the move's state, carrying the clock of the next turn, and
    nothing else (presence aside)."""
    for seat, messages in enumerate(moves_told(client)):
        kinds = [m["type"] for m in messages if m["type"] != "presence"]
        assert kinds == ["state"], (seat, kinds)
        state = next(m for m in messages if m["type"] == "state")
        told = state["clock"]
        assert told["type"] == "clock"
        assert (told["move"], told["seat"]) == (1, state["table"]["to_act"])
        assert told["deadline"] == pytest.approx(told["now"] + 15)


def test_a_move_is_one_message_carrying_the_clock(client: TestClient) -> None:
    check_one_message_a_move(client)


def test_a_clock_message_beside_each_move_is_caught(client: TestClient) -> None:
    hub_of(client).clocks.__class__ = PushesToo
    with pytest.raises(AssertionError):
        check_one_message_a_move(client)
