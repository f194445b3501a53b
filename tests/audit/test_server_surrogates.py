"""A lone surrogate in any field is refused once, at the door, and the connection is kept.

A JSON escape such as ``"\\ud800"`` in ten HTTP fields gave 500 with a traceback, and in a
websocket message (a chat phrase, ``lang``, a string seat in the hello, an action) killed
the sender's connection with an unhandled UnicodeEncodeError.
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import human_table, new_table

LONE = "\\ud800"
"""A lone surrogate as JSON escapes it (the body is sent as written)."""


def post_raw(client: TestClient, path: str, body: str) -> tuple[int, str]:
    r = client.post(path, content=body, headers={"content-type": "application/json"})
    return r.status_code, r.json().get("error", "")


def test_a_lone_surrogate_in_any_http_field_is_refused_clearly(client: TestClient) -> None:
    table, host = new_table(client, players=3)
    h = f'"host_token": "{host}"'
    bodies = {
        "/api/tables": [
            f'{{"game": "{LONE}", "players": 2}}',
            f'{{"game": "highcard", "players": 2, "options": {{"{LONE}": 1}}}}',
            f'{{"game": "highcard", "players": 2, "options": {{"x": "{LONE}"}}}}',
        ],
        f"/api/tables/{table}/bots/1": [f'{{"bot": "{LONE}", {h}}}'],
        f"/api/tables/{table}/clock": [
            f'{{"mode": "{LONE}", {h}}}',
            f'{{"mode": "realtime", "per_move": 30, "on_timeout": "{LONE}", {h}}}',
        ],
        f"/api/tables/{table}/chat": [f'{{"mute": "{LONE}", {h}}}', f'{{"off": ["{LONE}"], {h}}}'],
        "/api/tables/mine": [f'{{"seats": [{{"table": "{LONE}", "seat": 0, "token": "t"}}]}}'],
        "/api/learn/lessons/x": [f'{{"moves": ["{LONE}"]}}'],
    }
    for path, cases in bodies.items():
        for body in cases:
            assert post_raw(client, path, body) == (400, "web.error.bad_text"), body
    # A pair that makes one character is text like any other.
    paired = '{"game": "\\ud83c\\udccf", "players": 2}'
    assert post_raw(client, "/api/tables", paired) == (400, "core.error.unknown_game")
    assert client.get(f"/api/tables/{table}").json()["seats"][1]["kind"] is None


def test_a_lone_surrogate_in_a_websocket_message_is_refused_and_the_socket_stays(
    client: TestClient,
) -> None:
    table, tokens = human_table(client)
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_text(f'{{"type": "hello", "seat": 0, "token": "{tokens[0]}", "lang": "en"}}')
        assert ws.receive_json()["type"] == "state"
        for message in [
            f'{{"type": "chat", "phrase": "{LONE}"}}',
            f'{{"type": "chat", "text": "hi {LONE}"}}',
            f'{{"type": "lang", "lang": "{LONE}"}}',
            f'{{"move": 0, "action": "{LONE}"}}',
        ]:
            ws.send_text(message)
            answer = ws.receive_json()
            assert (answer["type"], answer["error"]) == ("error", "web.error.bad_text"), message
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"  # still connected
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_text(f'{{"type": "hello", "seat": "{LONE}", "lang": "en"}}')
        assert ws.receive_json()["error"] == "web.error.bad_text"
