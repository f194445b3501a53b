"""Clocks: deadlines on a fake clock, a bot's move or a bot in the seat on a timeout, seats
handed to a bot and back, the clock stored with the table, two processes acting once."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from parlour.server.tables.hub import Hub
from tests.server.conftest import new_table, sit, start

REALTIME = {"mode": "realtime", "per_move": 10, "bank": 5, "on_timeout": "move"}


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


class Clock:
    """A fake wall clock for a hub's clocks."""

    def __init__(self, *clients: TestClient) -> None:
        # Now, not a time long past: a server's timer acts at once on a deadline already
        # passed by the wall clock, before a test sets the fake one after a restart.
        self.now = float(int(time.time()))
        self.clients = clients
        for client in clients:
            hub_of(client).clocks.clock = lambda: self.now

    def tick(self, seconds: float = 0.0) -> None:
        """Move on and let every hub look at its clocks."""
        self.now += seconds
        for client in self.clients:
            client.portal.call(hub_of(client).clocks.tick)  # type: ignore[union-attr]


def timed_table(
    client: TestClient, settings: dict[str, Any], players: int = 3
) -> tuple[str, str, list[str]]:
    table, host = new_table(client, players=players)
    r = client.post(f"/api/tables/{table}/clock", json={"host_token": host, **settings})
    assert r.status_code == 200, r.text
    tokens = [sit(client, table, s, f"P{s}") for s in range(players)]
    start(client, table, host)
    return table, host, tokens


def summary(client: TestClient, table: str) -> Any:
    return client.get(f"/api/tables/{table}").json()


def clock_of(client: TestClient, table: str) -> Any:
    return client.get(f"/api/tables/{table}/clock").json()


def wait_for(check: Any, what: str) -> None:
    deadline = time.monotonic() + 20
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def test_a_timeout_after_the_bank_makes_one_bot_move(client: TestClient) -> None:
    clock = Clock(client)
    table, _, _ = timed_table(client, REALTIME)
    clock.tick()
    first = clock_of(client, table)
    assert (first["seat"], first["move"], first["banks"]) == (0, 0, [5.0, 5.0, 5.0])
    assert first["deadline"] == clock.now + 15
    clock.tick(14.9)  # the move's ten seconds and most of the bank: nothing yet
    assert summary(client, table)["move"] == 0
    clock.tick(0.2)
    assert summary(client, table)["move"] == 1  # a bot moved for seat 0
    for _ in range(3):
        clock.tick(1)  # exactly once: seat 1 has its own time now
    after = clock_of(client, table)
    assert summary(client, table)["move"] == 1
    assert (after["seat"], after["timeouts"], after["banks"]) == (1, [1, 0, 0], [0.0, 5.0, 5.0])
    assert after["deadline"] == pytest.approx(clock.now - 3 + 15)


def test_a_move_in_time_spends_the_bank_and_resets_the_timeouts(client: TestClient) -> None:
    clock = Clock(client)
    table, _, tokens = timed_table(client, REALTIME)
    clock.tick()
    clock.tick(12)  # two seconds into the bank
    body = {"seat": 0, "token": tokens[0], "move": 0, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=body).status_code == 200
    clock.tick()
    assert clock_of(client, table)["banks"] == [3.0, 5.0, 5.0]


def test_on_timeout_a_bot_takes_the_seat_until_the_person_is_back(client: TestClient) -> None:
    clock = Clock(client)
    settings = {"mode": "turn", "per_move": 3600, "on_timeout": "seat"}
    table, _, tokens = timed_table(client, settings)
    clock.tick()
    clock.tick(3601)
    wait_for(lambda: summary(client, table)["move"] == 1, "the bot in seat 0 moves")
    assert clock_of(client, table)["bots_play"] == [0]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": 0, "token": tokens[0], "lang": "en"})
        ws.receive_json()
        ws.send_json({"type": "beat"})
        ws.send_json({"type": "ping"})
        while ws.receive_json()["type"] != "pong":
            pass
        clock.tick()
        assert clock_of(client, table)["bots_play"] == []  # back: the seat is theirs again
        assert clock_of(client, table)["timeouts"][0] == 0


def test_after_max_timeouts_the_seat_goes_to_a_bot_until_the_host_gives_it_back(
    client: TestClient,
) -> None:
    clock = Clock(client)
    settings = {"mode": "realtime", "per_move": 5, "on_timeout": "move", "max_timeouts": 1}
    table, host, tokens = timed_table(client, settings, players=3)
    clock.tick()
    clock.tick(6)
    state = clock_of(client, table)
    assert state["handed"] == [0] and state["bots_play"] == [0]
    url = f"/api/tables/{table}/seats/0/bot"
    refused = client.post(url, json={"host_token": tokens[0], "bot": False})
    assert refused.status_code == 403
    back = client.post(url, json={"host_token": host, "bot": False})
    assert back.status_code == 200 and back.json()["handed"] == []
    # The host hands seat 2 to a bot, which plays its move, and gives it back.
    body = {"seat": 1, "token": tokens[1], "move": 1, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=body).status_code == 200
    handed = client.post(f"/api/tables/{table}/seats/2/bot", json={"host_token": host, "bot": True})
    assert handed.json()["handed"] == [2]
    wait_for(lambda: summary(client, table)["status"] == "over", "the bot plays seat 2")


def test_clock_settings_are_checked_and_only_before_the_start(client: TestClient) -> None:
    table, host = new_table(client, players=2)
    url = f"/api/tables/{table}/clock"
    for bad, key in (
        ({"mode": "blitz"}, "friends.error.clock_mode"),
        ({"mode": "realtime", "per_move": 1}, "friends.error.clock_per_move"),
        ({"mode": "turn", "per_move": 60}, "friends.error.clock_per_move"),
        ({"mode": "realtime", "per_move": 30, "bank": -1}, "friends.error.clock_bank"),
        ({"mode": "realtime", "per_move": 30, "on_timeout": "x"}, "friends.error.clock_on_timeout"),
        (
            {"mode": "realtime", "per_move": 30, "max_timeouts": 99},
            "friends.error.clock_max_timeouts",
        ),
    ):
        r = client.post(url, json={"host_token": host, **bad})
        assert (r.status_code, r.json()["error"]) == (400, key), bad
    assert client.get(url).json() is None  # nothing was stored
    assert client.post(url, json={"host_token": "nope", **REALTIME}).status_code == 403
    for s in range(2):
        sit(client, table, s, f"P{s}")
    start(client, table, host)
    late = client.post(url, json={"host_token": host, **REALTIME})
    assert late.json()["error"] == "web.error.not_open"


def test_the_clock_is_stored_with_the_table_and_acts_after_a_restart(tmp_path: Path) -> None:
    config = ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0, create_rate="", seat_rate=""
    )
    with TestClient(create_app(config)) as client:
        clock = Clock(client)
        table, _, _ = timed_table(client, REALTIME)
        clock.tick()
        deadline = clock_of(client, table)["deadline"]
    with TestClient(create_app(config)) as client:
        again = Clock(client)
        again.now = clock.now
        assert clock_of(client, table)["deadline"] == deadline
        again.tick(16)
        again.tick(1)
        assert summary(client, table)["move"] == 1
        assert clock_of(client, table)["timeouts"] == [1, 0, 0]


def archive_sweep(client: TestClient, now: float) -> list[str]:
    """Archive the abandoned tables as if it were ``now`` (on the app's own loop)."""
    hub = hub_of(client)
    hub.archiver.clock = lambda: now
    assert client.portal is not None
    archived: list[str] = client.portal.call(hub.archiver.sweep)
    return archived


def test_a_turn_based_table_is_archived_after_thirty_days_a_real_time_one_after_a_day(
    tmp_path: Path,
) -> None:
    """The clocks tell the archiver which tables are turn-based, also after a restart."""
    config = ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0, create_rate="", seat_rate=""
    )
    turn = {"mode": "turn", "per_move": 86400, "bank": 0, "on_timeout": "move"}
    with TestClient(create_app(config)) as client:
        timed, _, _ = timed_table(client, turn)
        waiting, host = new_table(client)  # a clock set, not started yet
        r = client.post(f"/api/tables/{waiting}/clock", json={"host_token": host, **turn})
        assert r.status_code == 200, r.text
        realtime, _, _ = timed_table(client, REALTIME)
        plain, _ = new_table(client)
        made = time.time()
    day = 24 * 3600.0
    with TestClient(create_app(config)) as client:
        assert sorted(archive_sweep(client, made + 23 * day / 24)) == []
        assert sorted(archive_sweep(client, made + day + 60)) == sorted([realtime, plain])
        assert archive_sweep(client, made + 29 * day) == []
        assert sorted(archive_sweep(client, made + 30 * day + 60)) == sorted([timed, waiting])
        assert summary(client, timed)["archived"] is True


@pytest.fixture
def pair(db_url: str, redis_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two processes' apps on one database and one Redis."""
    config = ServerConfig(
        database_url=db_url, redis_url=redis_url, bot_delay=0, create_rate="", seat_rate=""
    )
    with TestClient(create_app(config)) as a, TestClient(create_app(config)) as b:
        yield a, b


def test_with_two_processes_an_expired_deadline_is_acted_on_once(
    pair: tuple[TestClient, TestClient],
) -> None:
    a, b = pair
    clock = Clock(a, b)
    table, _, _ = timed_table(a, REALTIME)
    b.get(f"/api/tables/{table}")  # the other process knows the table
    wait_for(lambda: table in hub_of(b).clocks.tables, "the other process reads the clock")
    clock.tick()
    clock.tick(16)
    wait_for(lambda: summary(b, table)["move"] == 1, "one process moves for seat 0")
    clock.tick()
    clock.tick()
    for client in (a, b):
        assert summary(client, table)["move"] == 1
        assert clock_of(client, table)["seat"] == 1
    assert hub_of(a).moves + hub_of(b).moves == 1  # one process made the timeout's move
    assert hub_of(a).clocks.acted + hub_of(b).clocks.acted == 1  # and only one tried
