"""Per-seat websockets: own views, moves with token and move number, refusals, reconnects."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.engine import Event
from parlour.games import get_game
from parlour.server.tables.live import MAX_OUTBOX, Connection
from tests.server.conftest import human_table, new_table, run_async, sit


def hello(ws: WebSocketTestSession, seat: int | None, token: str | None, lang: str = "en") -> Any:
    """Say which seat this is and return the first state message."""
    ws.send_json({"type": "hello", "seat": seat, "token": token, "lang": lang})
    return ws.receive_json()


def test_each_seat_gets_its_own_view_and_the_mover_gets_legal_moves(client: TestClient) -> None:
    table, tokens = human_table(client)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        sa, sb = hello(a, 0, tokens[0]), hello(b, 1, tokens[1])
        assert sa["type"] == "state" and sa["reset"] and sa["move"] == 0
        assert sa["view"]["hands"][0] is not None and sa["view"]["hands"][1] is None
        assert sb["view"]["hands"][1] is not None and sb["view"]["hands"][0] is None
        assert [m["action"] for m in sa["legal"]] == ["keep", "swap"]
        assert sa["legal"][0]["steps"] == ["keep"]
        assert sb["legal"] == []
        a.send_json({"move": 0, "action": "swap"})
        na, nb = a.receive_json(), b.receive_json()
        assert na["move"] == nb["move"] == 1
        kinds_a = [e["kind"] for e in na["events"]]
        kinds_b = [e["kind"] for e in nb["events"]]
        assert kinds_a == ["acted", "discarded", "drew"]
        assert kinds_b == ["acted", "discarded"]  # the drawn card is seat 0's secret
        assert na["legal"] == [] and nb["legal"]
        assert all(isinstance(e["text"], str) and e["text"] for e in na["events"])
        b.send_json({"move": 1, "action": "keep"})
        fa, fb = a.receive_json(), b.receive_json()
        assert fa["view"]["result"] is not None and fa["summary"]
        assert fa["table"]["status"] == "over" and None not in fb["view"]["hands"]


def test_bad_hello_is_refused(client: TestClient) -> None:
    table, tokens = human_table(client)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as ws:
        msg = hello(ws, 0, tokens[1])
        assert (msg["type"], msg["error"]) == ("error", "web.error.bad_token")
    with client.websocket_connect(url) as ws:
        ws.send_text("not json")
        assert ws.receive_json()["error"] == "web.error.bad_json"
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["error"] == "web.error.no_table"


def test_refusals_change_nothing(client: TestClient) -> None:
    """Stale, duplicate, malformed, oversized, unknown: an error each, the state untouched."""
    table, tokens = human_table(client, players=3)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        hello(a, 0, tokens[0], lang="es")
        hello(b, 1, tokens[1])
        bad: list[tuple[Any, str]] = [
            ("{nope", "web.error.bad_json"),
            ("x" * 5000, "web.error.too_large"),
            ([1, 2], "web.error.bad_message"),
            ({"move": 0, "action": "keep", "seat": 1}, "web.error.unknown_fields"),
            ({"move": 0, "action": "fold"}, "core.error.unknown_action"),
            ({"move": 0, "action": 3}, "core.error.malformed_action"),
            ({"move": "0", "action": "keep"}, "web.error.bad_move_number"),
            ({"move": 1, "action": "keep"}, "web.error.stale_move"),
            ({"type": "dance"}, "web.error.bad_message"),
        ]
        for payload, key in bad:
            a.send_text(payload if isinstance(payload, str) else json.dumps(payload))
            err = a.receive_json()
            assert (err["type"], err["error"]) == ("error", key), payload
            assert err["message"] and err["move"] == 0
        # Errors come in the connection's language.
        a.send_json({"move": 7, "action": "keep"})
        assert "jugada" in a.receive_json()["message"]
        b.send_json({"move": 0, "action": "keep"})
        assert b.receive_json()["error"] == "core.error.not_your_turn"
        a.send_json({"move": 0, "action": "keep"})
        assert a.receive_json()["move"] == 1
        assert b.receive_json()["move"] == 1
        a.send_json({"move": 0, "action": "keep"})  # the same move again is never applied
        assert a.receive_json()["error"] == "web.error.stale_move"
    assert client.get(f"/api/tables/{table}").json()["move"] == 1


def test_spectators_see_the_public_view_and_cannot_move(client: TestClient) -> None:
    table, _tokens = human_table(client)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        msg = hello(ws, None, None)
        assert msg["seat"] is None and msg["view"]["hands"] == [None, None]
        ws.send_json({"move": 0, "action": "keep"})
        assert ws.receive_json()["error"] == "web.error.spectator"


def test_reconnect_resumes_with_view_and_own_log_and_language_switch(client: TestClient) -> None:
    table, tokens = human_table(client, players=3)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as a:
        hello(a, 0, tokens[0])
        a.send_json({"move": 0, "action": "swap"})
        assert a.receive_json()["move"] == 1
    with client.websocket_connect(url) as a:
        again = hello(a, 0, tokens[0])
        assert again["reset"] and again["move"] == 1
        assert [e["kind"] for e in again["events"]] == ["acted", "discarded", "drew"]
        a.send_json({"type": "lang", "lang": "zh"})
        zh = a.receive_json()
        assert zh["reset"] and zh["names"] == ["P1", "P2", "P3"]
        a.send_json({"type": "ping"})
        assert a.receive_json() == {"type": "pong"}
    with client.websocket_connect(url) as c:
        other = hello(c, 1, tokens[1])
        assert [e["kind"] for e in other["events"]] == ["acted", "discarded"]


def test_a_language_switch_resends_the_log_in_that_language(client: TestClient) -> None:
    """The log lines come back written from the Chinese catalog, not the English one."""
    table, tokens = human_table(client, 2, "loveletter")
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        first = [hello(a, 0, tokens[0]), hello(b, 1, tokens[1])]
        mover = first[0]["view"]["to_act"]
        ws = (a, b)[mover]
        ws.send_json({"move": 0, "action": first[mover]["legal"][0]["action"]})
        en = ws.receive_json()
        assert en["move"] == 1 and en["events"]
        ws.send_json({"type": "lang", "lang": "zh"})
        zh = ws.receive_json()
    names = zh["names"]
    game, options = get_game("loveletter"), zh["table"]["options"]
    # The whole log comes again: the opening deal (as first sent), then the move's lines.
    whole = first[mover]["events"] + en["events"]
    assert [e["kind"] for e in zh["events"]] == [e["kind"] for e in whole]
    for mine, other in zip(zh["events"], whole, strict=True):
        event = Event(mine["kind"], mine["data"])
        assert mine["text"] == game.describe(event, "zh", names, options)
        assert other["text"] == game.describe(event, "en", names, options)
        assert mine["text"] != other["text"]


def test_waiting_clients_see_seats_fill(client: TestClient) -> None:
    table, _host = new_table(client)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        first = hello(ws, None, None)
        assert first["view"] is None and first["table"]["status"] == "open"
        sit(client, table, 0, "Ana")
        msg = ws.receive_json()
        assert msg["table"]["seats"][0]["name"] == "Ana" and "token" not in json.dumps(msg)


def test_a_client_that_stops_reading_is_cut_off_not_buffered_forever() -> None:
    async def fill() -> list[object]:
        conn = Connection(0, "en")
        for n in range(MAX_OUTBOX + 3):
            conn.send({"n": n})
        return [conn.outbox.get_nowait() for _ in range(conn.outbox.qsize())]

    queued = run_async(fill())
    assert queued[:MAX_OUTBOX] == [{"n": n} for n in range(MAX_OUTBOX)]
    assert queued[MAX_OUTBOX:] == [None, None, None]  # the pump closes the socket at None
