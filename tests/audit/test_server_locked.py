"""A SQLite database another process holds locked delays only the tables that write.

Before, every storage call waited on the one storage thread: a write stuck on the lock held
back every read behind it (a table read back on first use, an archived table's replay),
and with it the people waiting for them.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from parlour.server.store import storage
from tests.server.conftest import add_bot, human_table, new_table, start

BUSY = 1.5
"""Seconds a write waits for the lock in these tests (5 in a server)."""


@pytest.fixture
def locked_client(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[TestClient, str]]:
    monkeypatch.setattr(storage, "SQLITE_BUSY", BUSY)
    path = f"{tmp_path}/locked.db"
    config = ServerConfig(
        database_url=f"sqlite:///{path}", bot_delay=0, create_rate="", seat_rate=""
    )
    with TestClient(create_app(config)) as client:
        yield client, path


class Locker:
    """Another process's write lock on the database file, held until released."""

    def __init__(self, path: str) -> None:
        self.conn = sqlite3.connect(path, timeout=10, check_same_thread=False)
        self.conn.isolation_level = None

    def __enter__(self) -> Locker:
        self.conn.execute("BEGIN IMMEDIATE")  # the write lock: other writers wait
        return self

    def __exit__(self, *_: object) -> None:
        self.conn.execute("ROLLBACK")
        self.conn.close()


def test_a_locked_database_delays_only_the_writing_tables(
    locked_client: tuple[TestClient, str],
) -> None:
    client, path = locked_client
    hub = client.app.state.hub  # type: ignore[attr-defined]
    writing, tokens = human_table(client, 2)
    other, other_tokens = human_table(client, 2)
    finished, host = new_table(client, "highcard", 2)
    add_bot(client, finished, host, 0)
    add_bot(client, finished, host, 1)
    start(client, finished, host)
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{finished}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    hub.tables.pop(finished)  # read back from the database on its next use (as archived)
    move = {"seat": 0, "token": tokens[0], "move": 0, "action": "keep"}
    with Locker(path), ThreadPoolExecutor(2) as pool:
        began = time.monotonic()
        stuck = pool.submit(client.post, f"/api/tables/{writing}/move", json=move)
        time.sleep(0.2)  # the move is waiting for the lock now
        # Meanwhile the lobby, a table's summary, a websocket's hello at another table and
        # a finished table read back from the database answer at once.
        quick = []
        asks: list[Callable[[], Any]] = [
            lambda: client.get("/api/tables"),
            lambda: client.get(f"/api/tables/{other}"),
            lambda: client.get(f"/api/tables/{finished}/record"),
        ]
        for ask in asks:
            t0 = time.monotonic()
            r = ask()
            quick.append(time.monotonic() - t0)
            assert r.status_code == 200, r.text
        t0 = time.monotonic()
        with client.websocket_connect(f"/ws/tables/{other}") as ws:
            ws.send_json({"type": "hello", "seat": 1, "token": other_tokens[1], "lang": "en"})
            assert ws.receive_json()["type"] == "state"
        quick.append(time.monotonic() - t0)
        assert max(quick) < BUSY / 2, quick
        answer = stuck.result(timeout=30)
        waited = time.monotonic() - began
    # The writing table was delayed, for a bounded time, with a clear error; nothing changed.
    assert (answer.status_code, answer.json()["error"]) == (503, "web.error.storage")
    assert answer.json()["message"]
    assert BUSY * 0.9 <= waited < BUSY + 3, waited
    assert client.get(f"/api/tables/{writing}").json()["move"] == 0
    # The lock gone, the same move is accepted.
    again = client.post(f"/api/tables/{writing}/move", json=move)
    assert again.status_code == 200, again.text
    assert again.json()["move"] == 1


def test_moves_of_several_tables_each_wait_a_bounded_time(
    locked_client: tuple[TestClient, str],
) -> None:
    """Moves of several tables waiting on the lock are refused clearly, each after at most
    the commit in flight and its own (moves arriving meanwhile share one commit)."""
    client, path = locked_client
    one, one_tokens = human_table(client, 2)
    two, two_tokens = human_table(client, 2)
    moves = [
        (one, {"seat": 0, "token": one_tokens[0], "move": 0, "action": "keep"}),
        (two, {"seat": 0, "token": two_tokens[0], "move": 0, "action": "keep"}),
    ]
    with Locker(path), ThreadPoolExecutor(2) as pool:
        began = time.monotonic()
        answers = list(
            pool.map(lambda m: client.post(f"/api/tables/{m[0]}/move", json=m[1]), moves)
        )
        waited = time.monotonic() - began
    assert [a.json()["error"] for a in answers] == ["web.error.storage"] * 2
    assert waited < 2 * BUSY + 1, waited
