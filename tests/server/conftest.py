"""Fixtures for the server tests: an in-process app on a temporary SQLite file."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient

from parlour.games import register
from parlour.server import ServerConfig, create_app
from tests.server import pg, redis_server
from tests.support.highcard import GAME as HIGHCARD

register(HIGHCARD)

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on a fresh loop in its own thread (safe even inside another loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh SQLite database file."""
    return f"sqlite:///{tmp_path / 'parlour.db'}"


@contextmanager
def service_or_skip(
    start: Callable[[], AbstractContextManager[T]], unavailable: type[Exception], name: str
) -> Iterator[T]:
    """A throwaway server started by ``start``; the test skips when it cannot run here."""
    with ExitStack() as stack:
        try:
            found = stack.enter_context(start())
        except unavailable as exc:
            pytest.skip(f"{name} unavailable: {exc}")
        yield found


@pytest.fixture(scope="session")
def pg_server() -> Iterator[pg.Server]:
    """One private PostgreSQL server for the session (skips when it cannot run)."""
    with service_or_skip(pg.server, pg.Unavailable, "PostgreSQL") as srv:
        yield srv


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """One private Redis server for the session (skips when it cannot run)."""
    with service_or_skip(redis_server.server, redis_server.Unavailable, "Redis") as url:
        yield url


@pytest.fixture
def pg_url(pg_server: pg.Server) -> Iterator[str]:
    """The SQLAlchemy URL of a fresh, empty database (dropped afterwards)."""
    name = pg_server.create_database()
    try:
        yield pg_server.url(name)
    finally:
        pg_server.drop_database(name)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """A running app (bots act without delay)."""
    # Per-client limits off: every request of a test comes from one address (the limits
    # have tests of their own in tests/audit/test_server_limits.py).
    config = ServerConfig(
        database_url=db_url, bot_delay=0, bot_think_limit=5, create_rate="", seat_rate=""
    )
    app = create_app(config)
    with TestClient(app) as c:
        yield c


def new_table(
    client: TestClient,
    game: str = "highcard",
    players: int = 2,
    options: dict[str, Any] | None = None,
    public: bool = False,
) -> tuple[str, str]:
    """Create a table (private unless ``public``); returns its id and the host token."""
    body = {"game": game, "players": players, "options": options or {}, "public": public}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    body = r.json()
    return body["table"]["id"], body["host_token"]


def sit(client: TestClient, table: str, seat: int, name: str) -> str:
    """Take a seat as a person; returns the seat's token."""
    r = client.post(f"/api/tables/{table}/seats/{seat}", json={"name": name})
    assert r.status_code == 201, r.text
    token: str = r.json()["token"]
    return token


def add_bot(client: TestClient, table: str, host: str, seat: int, bot: str = "random") -> None:
    """Put a bot in a seat."""
    r = client.post(f"/api/tables/{table}/bots/{seat}", json={"bot": bot, "host_token": host})
    assert r.status_code == 200, r.text


def start(client: TestClient, table: str, host: str) -> None:
    """Start a full table."""
    r = client.post(f"/api/tables/{table}/start", json={"host_token": host})
    assert r.status_code == 200, r.text


def human_table(
    client: TestClient, players: int = 2, game: str = "highcard"
) -> tuple[str, list[str]]:
    """A started table of people; returns its id and every seat's token."""
    table, host = new_table(client, game, players)
    tokens = [sit(client, table, s, f"P{s + 1}") for s in range(players)]
    start(client, table, host)
    return table, tokens
