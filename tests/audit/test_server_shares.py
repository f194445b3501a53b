"""One address holds a fair share of the server-wide caps, not all of them.

The 50 bot-only tables were taken from one address in under a second, and the 2,000
waiting tables fill from one address in 17 minutes within its create rate.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from tests.server.conftest import add_bot, new_table

Pair = tuple[TestClient, TestClient]


@pytest.fixture
def two(db_url: str) -> Iterator[Pair]:
    """One app seen from two addresses; bots slow enough that their tables stay in play."""
    config = ServerConfig(
        database_url=db_url,
        bot_delay=60,
        create_rate="",
        seat_rate="",
        max_client_open_tables=2,
        max_client_bot_tables=1,
    )
    with TestClient(create_app(config), client=("10.0.0.1", 1)) as first:
        second = TestClient(first.app, client=("10.0.0.2", 1))
        second.portal = first.portal  # the same running app, on its event loop
        yield first, second


def create(client: TestClient) -> tuple[int, str]:
    r = client.post("/api/tables", json={"game": "highcard", "players": 2})
    return r.status_code, r.json().get("error", "")


def test_one_address_has_a_fair_share_of_waiting_tables(two: Pair) -> None:
    first, second = two
    assert [create(first)[0] for _ in range(2)] == [201, 201]
    refused = first.post("/api/tables", json={"game": "highcard", "players": 2})
    assert (refused.status_code, refused.json()["error"]) == (
        429,
        "web.error.too_many_client_tables",
    )
    assert int(refused.headers["retry-after"]) > 0
    assert create(second) == (201, "")  # another address is not held back


def test_one_address_has_a_fair_share_of_bot_only_tables(two: Pair) -> None:
    first, second = two

    def bot_table(client: TestClient) -> tuple[int, str]:
        table, host = new_table(client)
        add_bot(client, table, host, 0)
        add_bot(client, table, host, 1)
        r = client.post(f"/api/tables/{table}/start", json={"host_token": host})
        return r.status_code, r.json().get("error", "") if r.status_code != 200 else ""

    assert bot_table(first) == (200, "")
    assert bot_table(first) == (429, "web.error.too_many_client_bot_tables")
    assert bot_table(second) == (200, "")
