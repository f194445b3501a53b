"""Hints with several server processes: the process asked catches up before refusing."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from tests.server.conftest import db_url, redis_url, sit, start
from tests.server.test_cluster import deafen, eventually, move, pair, summary

__all__ = ["db_url", "pair", "redis_url"]  # fixtures, used by name


def test_a_process_that_missed_the_move_catches_up_before_a_hint(
    pair: tuple[TestClient, TestClient],
) -> None:
    """A plays seat 0's move; B never hears of it; seat 1's hint asked of B is still given
    (B reads the table back), where it would have been refused as not this seat's turn."""
    a, b = pair
    body = {"game": "highcard", "players": 2, "options": {}, "hints": True}
    made = a.post("/api/tables", json=body).json()
    table, host = made["table"]["id"], made["host_token"]
    tokens = [sit(a, table, s, f"P{s}") for s in range(2)]
    start(a, table, host)
    eventually(lambda: summary(b, table)["status"] == "playing", "B never saw the start")
    deafen(b)  # B stops hearing of changes
    assert move(a, table, 0, tokens[0], 0, "keep").status_code == 200
    time.sleep(0.2)
    assert summary(b, table)["move"] == 0  # B did not hear of it...
    answer = b.post(f"/api/tables/{table}/hint", json={"seat": 1, "token": tokens[1]})
    assert answer.status_code == 200, answer.text  # ...but reads the table back first
    assert answer.json()["move"] == 1
    refused = b.post(f"/api/tables/{table}/hint", json={"seat": 0, "token": tokens[0]})
    assert refused.json()["error"] == "web.error.hint_turn"
