"""Websockets within limits: per address and across the server, seats before idle watchers.

One client opened 6,000 idle spectator sockets and took every connection the server had:
from then on every HTTP request from anyone was answered a bare 503. Now one address holds
at most ``max_client_sockets`` sockets, the server at most its socket cap, the lobby stays
answerable, and at the cap an idle spectator's socket makes room for a new one; a seated
person's socket is never closed for another.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from parlour.server import ServerConfig, create_app
from parlour.server.tables.sockets import POLICY, TRY_LATER, socket_cap
from parlour.tools.process import serve_process
from tests.server.conftest import human_table, new_table


def app_with(db_url: str, **limits: Any) -> TestClient:
    config = ServerConfig(database_url=db_url, bot_delay=0, create_rate="", seat_rate="", **limits)
    return TestClient(create_app(config))


def hello(ws: WebSocketTestSession, seat: int | None = None, token: str | None = None) -> Any:
    ws.send_json({"type": "hello", "seat": seat, "token": token, "lang": "en"})
    return ws.receive_json()


def refused(ws: WebSocketTestSession) -> tuple[str, int, str]:
    """The error a refused socket is sent, and the code and reason it is closed with."""
    error = ws.receive_json()
    closing = ws.receive()
    assert closing["type"] == "websocket.close"
    return error["error"], closing["code"], closing.get("reason", "")


@pytest.fixture
def sockets(db_url: str) -> Iterator[TestClient]:
    with app_with(db_url, max_client_sockets=3, max_sockets=100) as client:
        yield client


def test_one_address_holds_at_most_its_sockets_and_the_lobby_stays_open(
    sockets: TestClient,
) -> None:
    client = sockets
    table, _ = human_table(client)
    url = f"/ws/tables/{table}"
    with ExitStack() as stack:
        for _ in range(3):
            assert hello(stack.enter_context(client.websocket_connect(url)))["type"] == "state"
        with client.websocket_connect(url) as extra:
            key, code, reason = refused(extra)
        assert (key, code, reason) == ("web.error.too_many_sockets", POLICY, key)
        assert client.get("/api/tables").status_code == 200
        assert client.get("/").status_code == 200
    # The sockets closed, their places are free again.
    with client.websocket_connect(url) as again:
        assert hello(again)["type"] == "state"


def test_at_the_cap_an_idle_spectator_makes_room_and_a_seat_is_never_closed(
    db_url: str,
) -> None:
    # away_after=0: a spectator that has sent nothing since its hello counts as idle.
    with app_with(db_url, max_sockets=2, away_after=0) as client:
        table, tokens = human_table(client)
        url = f"/ws/tables/{table}"
        with client.websocket_connect(url) as seat0, client.websocket_connect(url) as watcher:
            assert hello(seat0, 0, tokens[0])["seat"] == 0
            assert hello(watcher)["seat"] is None
            with client.websocket_connect(url) as seat1:
                # The idle spectator is told why and closed; the seat gets its place.
                assert refused(watcher) == ("web.error.closed_idle", TRY_LATER, "")
                assert hello(seat1, 1, tokens[1])["seat"] == 1
                with client.websocket_connect(url) as late:
                    key, code, _ = refused(late)
                assert (key, code) == ("web.error.server_full", TRY_LATER)
                seat0.send_json({"type": "ping"})
                assert seat0.receive_json()["type"] in ("pong", "presence", "state")
            assert client.get("/api/tables").status_code == 200


def test_websockets_never_take_every_connection() -> None:
    # A quarter of the HTTP server's connections stay for HTTP, whatever is configured.
    assert socket_cap(ServerConfig(max_connections=4000)) == 3000
    assert socket_cap(ServerConfig(max_connections=100, max_sockets=3000)) == 75
    assert socket_cap(ServerConfig(max_connections=4000, max_sockets=10)) == 10


@pytest.mark.server_process
def test_a_real_server_at_its_socket_cap_still_answers_http_and_past_its_connections_503() -> None:
    # 20 connections: at most 15 websockets, and HTTP keeps the rest.
    env = {"PARLOUR_MAX_CONNECTIONS": "20", "PARLOUR_MAX_CLIENT_SOCKETS": "100"}
    with serve_process("sqlite://", env=env, wait=40) as (base, _), ExitStack() as stack:
        http = stack.enter_context(httpx.Client(base_url=base, timeout=10))
        table, _host = new_table(http, "loveletter")  # type: ignore[arg-type]
        url = base.replace("http://", "ws://") + f"/ws/tables/{table}"
        for _ in range(15):
            ws = stack.enter_context(connect(url, open_timeout=10))
            ws.send(json.dumps({"type": "hello", "seat": None}))
            assert json.loads(ws.recv(10))["type"] == "state"
        # At the socket cap: one more socket is refused, HTTP is still answered.
        late = stack.enter_context(connect(url, open_timeout=10))
        assert json.loads(late.recv(10))["error"] == "web.error.server_full"
        with pytest.raises(ConnectionClosed) as closed:
            late.recv(10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == TRY_LATER
        assert http.get("/api/tables").status_code == 200
        assert http.get("/").status_code == 200
        # Past the HTTP server's own cap (idle connections fill it): a clear 503.
        for _ in range(6):
            stack.enter_context(
                socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])))
            )
        busy = httpx.get(f"{base}/api/tables", headers={"Accept-Language": "es"}, timeout=10)
        assert busy.status_code == 503
        assert busy.json()["error"] == "web.error.server_busy"
        assert "servidor" in busy.json()["message"]
        assert busy.headers["retry-after"] == "10"
