"""Names and lines a person can see: one policy, no empty or look-alike names at a table,
and a mute that a new key does not dodge.

Names made only of variation selectors, Mongolian selectors or combining marks were drawn
0 px wide; ``Mallory\\ufe0f`` passed a ban; two seats could both be "Ann" and a spectator
could call itself "Bob"; chat lines of only joiners, soft hyphens or tag characters were
stored; a host's mute was dodged by sending a new ``key``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.server import ServerConfig, create_app
from tests.server.conftest import new_table, sit

KEY = "k" * 16


@pytest.mark.parametrize(
    "name",
    ["\ufe0f", "\U000e0100\U000e0101", "\u180b\u180c", "\u0301\u0301", "Mallory\ufe0f"],
)
def test_names_that_show_nothing_or_hide_a_selector_are_refused(
    client: TestClient, name: str
) -> None:
    table, _ = new_table(client)
    r = client.post(f"/api/tables/{table}/seats/0", json={"name": name})
    assert (r.status_code, r.json()["error"]) == (400, "web.error.bad_name"), name


def test_two_names_that_compare_alike_are_one_name_at_a_table(client: TestClient) -> None:
    table, host = new_table(client, players=4)
    sit(client, table, 0, "Ann")
    for name in ["Ann", "ANN", "Ａｎｎ", " ann "]:
        r = client.post(f"/api/tables/{table}/seats/1", json={"name": name})
        assert (r.status_code, r.json()["error"]) == (409, "web.error.name_taken"), name
    body = {"bot": "random", "host_token": host, "name": "ann"}
    named_bot = client.post(f"/api/tables/{table}/bots/2", json=body)
    assert named_bot.json()["error"] == "web.error.name_taken"
    assert sit(client, table, 1, "Anna")


@pytest.fixture
def chat_client(db_url: str) -> Iterator[TestClient]:
    config = ServerConfig(database_url=db_url, bot_delay=0, create_rate="", seat_rate="")
    with TestClient(create_app(config)) as c:
        yield c


def until(ws: WebSocketTestSession, kind: str) -> dict[str, object]:
    for _ in range(50):
        message: dict[str, object] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_chat_refuses_empty_looking_lines_look_alike_names_and_mute_dodges(
    chat_client: TestClient,
) -> None:
    client = chat_client
    r = client.post("/api/tables", json={"game": "highcard", "players": 2})
    table, host = r.json()["table"]["id"], r.json()["host_token"]
    tokens = [sit(client, table, s, name) for s, name in enumerate(["Bob", "Eve"])]
    del tokens
    with client.websocket_connect(f"/ws/tables/{table}") as w:
        w.send_json({"type": "hello", "seat": None, "lang": "en"})
        until(w, "state")
        w.send_json({"type": "beat"})
        until(w, "chat")
        for text in ["\u200d\u200d", "\u00ad", "\u200b", "\ufeff", "\U000e0041\U000e0042"]:
            w.send_json({"type": "chat", "text": text, "name": "W", "key": KEY})
            assert until(w, "error")["error"] == "friends.error.chat_bad_text", repr(text)
        w.send_json({"type": "chat", "text": "hi", "name": "BOB", "key": KEY})
        assert until(w, "error")["error"] == "web.error.name_taken"
        w.send_json({"type": "chat", "text": "hi", "name": "Watcher", "key": KEY})
        line = until(w, "chat")["lines"][0]  # type: ignore[index]
        author = line["author"]
        muted = client.post(
            f"/api/tables/{table}/chat", json={"host_token": host, "mute": f"watcher:{author}"}
        )
        assert muted.status_code == 200
        until(w, "chat")
        w.send_json({"type": "chat", "text": "new key", "name": "W2", "key": "z" * 20})
        assert until(w, "error")["error"] == "friends.error.muted"
    with client.websocket_connect(f"/ws/tables/{table}") as again:  # a new connection
        again.send_json({"type": "hello", "seat": None, "lang": "en"})
        until(again, "state")
        again.send_json({"type": "chat", "text": "me again", "name": "W3", "key": "y" * 20})
        assert until(again, "error")["error"] == "friends.error.muted"
