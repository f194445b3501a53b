"""A websocket that says nothing is answered ``web.error.no_hello`` once the hello's time
is up and closed (4400); one that says hello in time is served."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from tests.server.conftest import new_table


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[TestClient]:
    """An app whose websockets have 0.3 s to say hello."""
    config = ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'hello.db'}",
        bot_delay=0,
        hello_timeout=0.3,
        create_rate="",
        seat_rate="",
    )
    with TestClient(create_app(config)) as client:
        yield client


@pytest.mark.timeout(30)
def test_a_silent_socket_is_told_and_closed_when_its_hello_time_is_up(
    quick: TestClient,
) -> None:
    table, _host = new_table(quick)
    began = time.monotonic()
    with quick.websocket_connect(f"/ws/tables/{table}") as ws:
        answer = ws.receive_json()
        waited = time.monotonic() - began
        assert answer["error"] == "web.error.no_hello"
        assert ws.receive()["code"] == 4400
    assert waited >= 0.25  # not before its time


@pytest.mark.timeout(30)
def test_a_hello_in_time_is_served(quick: TestClient) -> None:
    table, _host = new_table(quick)
    with quick.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": None, "lang": "en"})
        first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] is None
