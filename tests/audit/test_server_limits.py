"""Limits a stranger meets at the server: floods of cheap messages that cost it dearly."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.server import protocol
from tests.server.conftest import add_bot, new_table, start


def _bot_game(client: TestClient, game: str = "loveletter") -> str:
    """A finished game of two random bots (a log of a few hundred events)."""
    table, host = new_table(client, game, 2)
    add_bot(client, table, host, 0)
    add_bot(client, table, host, 1)
    start(client, table, host)
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table


def test_a_flood_of_language_switches_is_refused_and_the_log_rendered_once_per_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _bot_game(client)
    rendered = 0
    describe = protocol.describe  # type: ignore[attr-defined]

    def counting(*args: Any) -> str:
        nonlocal rendered
        rendered += 1
        return describe(*args)

    monkeypatch.setattr(protocol, "describe", counting)
    flood = 100
    languages = ["vi", "zh", "es", "en"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": None, "lang": "en"})
        first = ws.receive_text()
        events = len(json.loads(first)["events"])
        assert events > 50
        for i in range(flood):
            ws.send_json({"type": "lang", "lang": languages[i % 4]})
        answers = [ws.receive_text() for _ in range(flood)]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}  # the socket lives on
    states = [a for a in answers if json.loads(a)["type"] == "state"]
    refused = [json.loads(a) for a in answers if json.loads(a)["type"] == "error"]
    assert len(states) + len(refused) == flood
    assert 1 <= len(states) <= 5, len(states)
    assert {r["error"] for r in refused} == {"web.error.too_fast"}
    assert all(r["message"] for r in refused)
    # What the flood cost in rendering and in bytes sent back is bounded by the limit,
    # not by the flood: each event is rendered once per language at most.
    assert rendered <= events * len(languages), (rendered, events)
    assert sum(map(len, answers)) <= 6 * len(first) + 500 * flood
    # Nothing is held for the table once its last client has gone.
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.tables[table].histories == {}
