"""Presence: each seat online, away or offline from heartbeats, pushed to the others."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.server.tables.hub import Hub
from tests.server.conftest import human_table


def hello(ws: WebSocketTestSession, seat: int | None, token: str | None) -> Any:
    ws.send_json({"type": "hello", "seat": seat, "token": token, "lang": "en"})
    first = ws.receive_json()
    assert first["type"] == "state", first
    return first


def presence(ws: WebSocketTestSession) -> Any:
    """The next presence message (the chat a first beat brings is skipped)."""
    msg = ws.receive_json()
    while msg["type"] == "chat":
        msg = ws.receive_json()
    assert msg["type"] == "presence", msg
    return msg


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def test_arrivals_away_and_departures_reach_the_others(client: TestClient) -> None:
    table, tokens = human_table(client)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as a:
        hello(a, 0, tokens[0])
        a.send_json({"type": "beat", "away": False})
        first = presence(a)
        assert first["seats"] == ["online", "offline"] and first["watchers"] == 0
        with client.websocket_connect(url) as b:
            hello(b, 1, tokens[1])
            came = presence(a)
            assert came["seats"] == ["online", "online"]
            assert came["strip"][-1] | {"at": 0} == {
                "seat": 1,
                "status": "online",
                "was": "offline",
                "at": 0,
            }
            b.send_json({"type": "beat", "away": True})  # B's tab is hidden
            assert presence(a)["seats"] == ["online", "away"]
            assert presence(b)["seats"] == ["online", "away"]  # B is live now too
            b.send_json({"type": "beat", "away": False})
            assert presence(a)["seats"] == ["online", "online"]
            with client.websocket_connect(url) as watcher:
                hello(watcher, None, None)
                assert presence(a)["watchers"] == 1
            assert presence(a)["watchers"] == 0
        gone = presence(a)
        assert gone["seats"] == ["online", "offline"]
        assert [(e["seat"], e["status"]) for e in gone["strip"]] == [
            (0, "online"),
            (1, "online"),
            (1, "away"),
            (1, "online"),
            (1, "offline"),
        ]


def test_a_silent_client_turns_away_on_the_clock(client: TestClient) -> None:
    hub = hub_of(client)
    now = [1000.0]
    hub.presence.clock = lambda: now[0]
    table, tokens = human_table(client)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        hello(a, 0, tokens[0])
        hello(b, 1, tokens[1])
        a.send_json({"type": "beat"})
        assert presence(a)["seats"] == ["online", "online"]
        now[0] += hub.config.away_after - 1
        a.send_json({"type": "beat"})  # A keeps beating, B is silent
        a.send_json({"type": "ping"})  # the beat is taken once the answer comes
        while (answer := a.receive_json())["type"] == "chat":
            pass
        assert answer == {"type": "pong"}
        client.portal.call(hub.presence.sweep)  # type: ignore[union-attr]
        now[0] += 2
        client.portal.call(hub.presence.sweep)  # type: ignore[union-attr]
        assert presence(a)["seats"] == ["online", "away"]


def test_a_sweep_looks_only_at_tables_where_someone_fell_silent(client: TestClient) -> None:
    hub = hub_of(client)
    now = [1000.0]
    hub.presence.clock = lambda: now[0]
    busy, busy_tokens = human_table(client)
    quiet, quiet_tokens = human_table(client)
    looked: list[str] = []
    update = hub.presence.update

    def spy(table: Any) -> bool:
        looked.append(table.id)
        return update(table)

    hub.presence.update = spy  # type: ignore[method-assign]
    with (
        client.websocket_connect(f"/ws/tables/{busy}") as a,
        client.websocket_connect(f"/ws/tables/{quiet}") as b,
    ):
        hello(a, 0, busy_tokens[0])
        hello(b, 0, quiet_tokens[0])
        a.send_json({"type": "beat"})
        b.send_json({"type": "beat"})
        assert presence(a)["seats"] == ["online", "offline"]
        assert presence(b)["seats"] == ["online", "offline"]
        now[0] += hub.config.away_after - 1
        a.send_json({"type": "beat"})  # A keeps beating, B falls silent
        a.send_json({"type": "ping"})
        while (answer := a.receive_json())["type"] == "chat":
            pass
        assert answer == {"type": "pong"}
        now[0] += 2
        looked.clear()
        client.portal.call(hub.presence.sweep)  # type: ignore[union-attr]
        assert looked == [quiet]  # the table where everyone beat lately is not looked at
        assert presence(b)["seats"] == ["away", "offline"]


def test_a_client_that_never_beats_hears_no_presence(client: TestClient) -> None:
    table, tokens = human_table(client)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as a:
        hello(a, 0, tokens[0])
        with client.websocket_connect(url) as b:
            hello(b, 1, tokens[1])
        a.send_json({"type": "ping"})
        assert a.receive_json() == {"type": "pong"}


def test_bad_beats_are_refused(client: TestClient) -> None:
    table, tokens = human_table(client)
    with client.websocket_connect(f"/ws/tables/{table}") as a:
        hello(a, 0, tokens[0])
        for bad in ({"type": "beat", "away": "yes"}, {"type": "beat", "hidden": True}):
            a.send_json(bad)
            answer = a.receive_json()
            assert answer["type"] == "error"
            assert answer["error"] in ("web.error.bad_message", "web.error.unknown_fields")
