"""Spectators coming and going are told to a table at most once a while, not each time.

Spectators connecting and leaving in a loop sent everyone at the table 662 presence
messages a second. Here, with the gathering window longer than the test, ten spectators
arrive and leave while a seated person watches: they are told nothing of it until the
window ends, and a seat's own change is still told at once.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.server.features import presence
from tests.server.conftest import human_table


def settle(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Every message sent to this client before it is answered a ping."""
    ws.send_json({"type": "ping"})
    seen = []
    while (message := ws.receive_json())["type"] != "pong":
        seen.append(message)
    return seen


def test_spectator_churn_is_gathered_and_a_seat_change_told_at_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(presence, "COALESCE", 3600.0)
    table, tokens = human_table(client)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as seated:
        seated.send_json({"type": "hello", "seat": 0, "token": tokens[0], "lang": "en"})
        seated.receive_json()
        seated.send_json({"type": "beat"})
        settle(seated)
        for _ in range(10):
            with client.websocket_connect(url) as watcher:
                watcher.send_json({"type": "hello", "seat": None, "lang": "en"})
                watcher.receive_json()
                settle(watcher)
        assert [m for m in settle(seated) if m["type"] == "presence"] == []
        with client.websocket_connect(url) as other:
            other.send_json({"type": "hello", "seat": 1, "token": tokens[1], "lang": "en"})
            other.receive_json()
            other.send_json({"type": "beat"})
            settle(other)
            told = [m for m in settle(seated) if m["type"] == "presence"]
            assert told and told[-1]["seats"][1] == "online"
