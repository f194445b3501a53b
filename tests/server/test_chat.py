"""Chat: the players' channel and the spectators' one, limits, the host's say, storage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.server import ServerConfig, create_app
from parlour.server.features.chat import MAX_CHAT
from tests.server.conftest import human_table

KEY = "k" * 16


def until(ws: WebSocketTestSession, kind: str) -> Any:
    """The next message of ``kind`` (presence and chat changes in between are skipped)."""
    for _ in range(50):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
        assert msg["type"] in ("presence", "chat", "state"), msg
    raise AssertionError(f"no {kind} message")


def live(ws: WebSocketTestSession, seat: int | None, token: str | None) -> Any:
    """Say hello, beat, and return the chat the client is sent first."""
    ws.send_json({"type": "hello", "seat": seat, "token": token, "lang": "en"})
    assert ws.receive_json()["type"] == "state"
    ws.send_json({"type": "beat"})
    welcome = until(ws, "chat")
    assert welcome["reset"] is True
    return welcome


def texts(msg: Any) -> list[str]:
    return [line["text"] or line["phrase"] for line in msg["lines"]]


def refused(ws: WebSocketTestSession, message: dict[str, Any]) -> str:
    ws.send_json({"type": "chat", **message})
    error: str = until(ws, "error")["error"]
    return error


def test_players_chat_reaches_players_only_and_spectators_chat_everyone(
    client: TestClient,
) -> None:
    table, tokens = human_table(client)
    url = f"/ws/tables/{table}"
    with (
        client.websocket_connect(url) as a,
        client.websocket_connect(url) as b,
        client.websocket_connect(url) as w,
    ):
        live(a, 0, tokens[0])
        live(b, 1, tokens[1])
        live(w, None, None)
        a.send_json({"type": "chat", "text": "<script>alert(1)</script> my Priest?"})
        for ws in (a, b):
            line = until(ws, "chat")["lines"][0]
            assert (line["channel"], line["seat"], line["name"]) == ("players", 0, "P1")
            assert line["text"] == "<script>alert(1)</script> my Priest?"  # data, never markup
        w.send_json({"type": "chat", "phrase": "wp", "name": "Watcher", "key": KEY})
        for ws in (a, b, w):
            line = until(ws, "chat")["lines"][0]
            assert (line["channel"], line["phrase"], line["text"]) == ("spectators", "wp", "")
            assert line["author"] and KEY not in str(line)
        # The spectator never heard the players' line: its next chat is its own second line.
        w.send_json({"type": "chat", "text": "hi", "name": "Watcher", "key": KEY})
        assert texts(until(w, "chat")) == ["hi"]
    # A spectator coming later is sent the spectators' channel only; a player both.
    with client.websocket_connect(url) as w2, client.websocket_connect(url) as b2:
        assert texts(live(w2, None, None)) == ["wp", "hi"]
        assert texts(live(b2, 1, tokens[1])) == [
            "<script>alert(1)</script> my Priest?",
            "wp",
            "hi",
        ]


def test_oversized_hidden_and_flooding_lines_are_refused_and_nothing_else_lost(
    client: TestClient,
) -> None:
    table, tokens = human_table(client)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as w:
        live(a, 0, tokens[0])
        live(w, None, None)
        assert refused(a, {"text": "x" * (MAX_CHAT + 1)}) == "friends.error.chat_length"
        assert refused(a, {"text": "   "}) == "friends.error.chat_length"
        assert refused(a, {"text": "abc\u202edcba"}) == "friends.error.chat_bad_text"
        assert refused(a, {"text": "a\x00b"}) == "friends.error.chat_bad_text"
        assert refused(a, {"phrase": "rude"}) == "friends.error.bad_phrase"
        assert refused(a, {"text": "a", "phrase": "gg"}) == "web.error.bad_message"
        assert refused(w, {"text": "a", "key": KEY}) == "web.error.bad_name"
        assert refused(w, {"text": "a", "name": "W"}) == "friends.error.chat_no_key"
        assert refused(w, {"text": "a", "name": "<b>W</b>", "key": 42}) in (
            "web.error.bad_message",
            "web.error.unknown_fields",
        )
        for n in range(5):  # the burst
            a.send_json({"type": "chat", "text": f"line {n}"})
            assert texts(until(a, "chat")) == [f"line {n}"]
        assert refused(a, {"text": "flood"}) == "friends.error.chat_too_fast"
        # A move still goes through, and the stored chat holds the five lines.
        a.send_json({"move": 0, "action": "keep"})
        assert until(a, "state")["move"] == 1
    with client.websocket_connect(url) as b:
        assert texts(live(b, 1, tokens[1])) == [f"line {n}" for n in range(5)]


def test_the_host_mutes_a_person_and_turns_a_chat_off(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "highcard", "players": 2})
    table, host = r.json()["table"]["id"], r.json()["host_token"]
    tokens = [
        client.post(f"/api/tables/{table}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
        for s in range(2)
    ]
    url = f"/ws/tables/{table}"

    def rules(**body: Any) -> Any:
        return client.post(f"/api/tables/{table}/chat", json={"host_token": host, **body})

    with client.websocket_connect(url) as a, client.websocket_connect(url) as w:
        live(a, 1, tokens[1])
        live(w, None, None)
        w.send_json({"type": "chat", "text": "hello", "name": "W", "key": KEY})
        author = until(w, "chat")["lines"][0]["author"]
        assert texts(until(a, "chat")) == ["hello"]  # players read the spectators' chat
        stranger = client.post(f"/api/tables/{table}/chat", json={"host_token": tokens[0]})
        assert stranger.status_code == 403 and stranger.json()["error"] == "web.error.not_host"
        assert rules(off=["lobby"]).json()["error"] == "friends.error.bad_channel"
        assert rules(mute="seat:9").json()["error"] == "friends.error.bad_person"
        assert rules(mute=f"watcher:{author}").json() == {
            "off": [],
            "muted": [f"watcher:{author}"],
        }
        assert until(a, "chat")["rules"]["muted"] == [f"watcher:{author}"]  # pushed
        assert refused(w, {"text": "again", "name": "W", "key": KEY}) == "friends.error.muted"
        rules(unmute=f"watcher:{author}", off=["players"])
        assert until(a, "chat")["rules"] == {"off": ["players"], "muted": []}
        assert refused(a, {"text": "hi"}) == "friends.error.chat_off"
        w.send_json({"type": "chat", "text": "back", "name": "W", "key": KEY})
        assert texts(until(a, "chat")) == ["back"]


def test_chat_is_stored_with_the_table_and_read_back_after_a_restart(tmp_path: Path) -> None:
    config = ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'p.db'}",
        bot_delay=0,
        create_rate="",
        seat_rate="",
    )
    with TestClient(create_app(config)) as client:
        table, tokens = human_table(client)
        r = client.post(f"/api/tables/{table}/chat", json={"host_token": "x"})
        assert r.status_code == 403
        with client.websocket_connect(f"/ws/tables/{table}") as a:
            live(a, 0, tokens[0])
            a.send_json({"type": "chat", "phrase": "gg"})
            a.send_json({"type": "chat", "text": "Ánh’s <i>turn</i>"})
            until(a, "chat")
            until(a, "chat")
    with (
        TestClient(create_app(config)) as client,
        client.websocket_connect(f"/ws/tables/{table}") as b,
    ):
        again = live(b, 1, tokens[1])
        assert texts(again) == ["gg", "Ánh’s <i>turn</i>"]
        assert [line["n"] for line in again["lines"]] == [0, 1]
        b.send_json({"type": "chat", "text": "next"})
        assert until(b, "chat")["lines"][0]["n"] == 2
