"""Presence and chat across two server processes on one database and one Redis.

Two apps in this test process stand for two server processes (each has its own hub, event
loop and Redis connection); without ``redis-server`` these skip. Every wait is bounded
(pytest's timeout, and ``eventually``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from parlour.server import ServerConfig, create_app
from parlour.server.features.chat import load_chat
from parlour.server.features.presence import HEARD_FOR
from tests.server.conftest import new_table, sit, start
from tests.server.test_cluster import eventually, hub, race

KEY = "spectator-key-1"


@pytest.fixture
def pair(db_url: str, redis_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    """Two processes' apps on one SQLite file and one Redis (no per-address limits)."""
    config = ServerConfig(
        database_url=db_url, redis_url=redis_url, bot_delay=0, create_rate="", seat_rate=""
    )
    with TestClient(create_app(config)) as a, TestClient(create_app(config)) as b:
        yield a, b


def table_of_two(a: TestClient, b: TestClient) -> tuple[str, str, list[str]]:
    """A started table of two people made on A, known to B; its id, host and tokens."""
    table, host = new_table(a, players=2)
    tokens = [sit(a, table, 0, "Ana"), sit(b, table, 1, "Ben")]
    start(a, table, host)
    eventually(lambda: b.get(f"/api/tables/{table}").json()["status"] == "playing", "B")
    return table, host, tokens


def live(ws: WebSocketTestSession, seat: int | None, token: str | None) -> None:
    """Say hello and beat: the client hears presence and chat from now on."""
    SKIPPED.pop(id(ws), None)
    ws.send_json({"type": "hello", "seat": seat, "token": token, "lang": "en"})
    assert ws.receive_json()["type"] == "state"
    ws.send_json({"type": "beat"})
    assert next_of(ws, "chat")["reset"] is True


SKIPPED: dict[int, Any] = {}
"""The last presence message a client was sent while another kind was awaited."""


def next_of(ws: WebSocketTestSession, kind: str) -> Any:
    """The next message of ``kind``; state, presence, chat and clock messages in between
    are skipped (an error is not)."""
    for _ in range(200):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg
        assert msg["type"] in ("state", "presence", "chat", "clock"), msg
        if msg["type"] == "presence":
            SKIPPED[id(ws)] = msg
    raise AssertionError(f"no {kind} message")


def presence_until(ws: WebSocketTestSession, seats: list[str], watchers: int) -> Any:
    """Presence messages (from the last one skipped) until one shows ``seats`` and
    ``watchers``."""
    msg = SKIPPED.pop(id(ws), None)
    for _ in range(50):
        if msg is not None and msg["seats"] == seats and msg["watchers"] == watchers:
            return msg
        msg = next_of(ws, "presence")
    raise AssertionError(f"presence never showed {seats}, {watchers} watchers")


def chat_line(ws: WebSocketTestSession) -> str:
    """The text of the next chat message's one line (a change of rules is skipped)."""
    for _ in range(50):
        msg = next_of(ws, "chat")
        if msg["lines"]:
            assert len(msg["lines"]) == 1 and not msg["reset"], msg
            text: str = msg["lines"][0]["text"]
            return text
    raise AssertionError("no chat line")


def say(ws: WebSocketTestSession, text: str, spectator: bool = False) -> None:
    body = {"type": "chat", "text": text}
    if spectator:
        body |= {"name": "Watcher", "key": KEY}
    ws.send_json(body)


def stored_lines(client: TestClient, table: str) -> list[dict[str, Any]]:
    lines, _, _ = load_chat(hub(client).store, table)
    return lines


def test_a_person_on_one_process_shows_online_to_a_spectator_on_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    a, b = pair
    table, _, tokens = table_of_two(a, b)
    url = f"/ws/tables/{table}"
    with b.websocket_connect(url) as watcher:
        live(watcher, None, None)
        presence_until(watcher, ["offline", "offline"], 1)
        with a.websocket_connect(url) as ana:
            live(ana, 0, tokens[0])
            came = presence_until(watcher, ["online", "offline"], 1)
            assert came["strip"][-1]["seat"] == 0 and came["strip"][-1]["status"] == "online"
            presence_until(ana, ["online", "offline"], 1)  # A counts B's spectator
            with b.websocket_connect(url) as ben:
                live(ben, 1, tokens[1])
                presence_until(ana, ["online", "online"], 1)  # one process each
                ben.send_json({"type": "beat", "away": True})
                presence_until(ana, ["online", "away"], 1)
                presence_until(watcher, ["online", "away"], 1)
            presence_until(ana, ["online", "offline"], 1)
        gone = presence_until(watcher, ["offline", "offline"], 1)
        assert [(e["seat"], e["status"]) for e in gone["strip"]][-2:] == [
            (1, "offline"),
            (0, "offline"),
        ]


def test_a_process_that_stops_saying_anything_stops_counting(
    pair: tuple[TestClient, TestClient],
) -> None:
    """A process killed says nothing more: what it said last counts for ``HEARD_FOR``."""
    a, b = pair
    now = [1000.0]
    hub(b).presence.clock = lambda: now[0]
    table, _, tokens = table_of_two(a, b)
    url = f"/ws/tables/{table}"
    with b.websocket_connect(url) as watcher, a.websocket_connect(url) as ana:
        live(watcher, None, None)
        live(ana, 0, tokens[0])
        presence_until(watcher, ["online", "offline"], 1)
        sayer = hub(a).cluster._sayer  # type: ignore[union-attr]
        assert sayer is not None and a.portal is not None
        a.portal.call(_cancel, sayer)  # A falls silent, as if killed
        now[0] += HEARD_FOR - 1
        assert b.portal is not None
        b.portal.call(_sweep, hub(b))
        assert hub(b).presence.seats(hub(b).get(table)) == ["online", "offline"]
        now[0] += 2
        b.portal.call(_sweep, hub(b))
        presence_until(watcher, ["offline", "offline"], 1)


async def _cancel(task: Any) -> None:
    task.cancel()


async def _sweep(found: Any) -> None:
    found.presence.sweep()


def test_a_chat_line_posted_on_one_process_reaches_the_others_readers_once(
    pair: tuple[TestClient, TestClient],
) -> None:
    a, b = pair
    table, _, tokens = table_of_two(a, b)
    url = f"/ws/tables/{table}"
    with (
        a.websocket_connect(url) as ana,
        b.websocket_connect(url) as ben,
        b.websocket_connect(url) as watcher,
    ):
        live(ana, 0, tokens[0])
        live(ben, 1, tokens[1])
        live(watcher, None, None)
        say(ana, "from A")
        assert chat_line(ana) == "from A"
        assert chat_line(ben) == "from A"  # across the processes
        say(ben, "from B")
        assert chat_line(ben) == "from B"  # not "from A" a second time
        assert chat_line(ana) == "from B"
        say(watcher, "from the stands", spectator=True)
        # The spectator reads its own channel only: the players' lines never reached it.
        assert chat_line(watcher) == "from the stands"
        assert chat_line(ana) == "from the stands"
        assert chat_line(ben) == "from the stands"
        say(ana, "last")
        assert [chat_line(ws) for ws in (ana, ben)] == ["last", "last"]
    lines = stored_lines(a, table)
    assert [(line["n"], line["text"]) for line in lines] == [
        (0, "from A"),
        (1, "from B"),
        (2, "from the stands"),
        (3, "last"),
    ]
    # A client arriving later on either process is sent each line once.
    for client, seat in ((a, 1), (b, 0)):
        with client.websocket_connect(url) as again:
            again.send_json({"type": "hello", "seat": seat, "token": tokens[seat], "lang": "en"})
            next_of(again, "state")
            again.send_json({"type": "beat"})
            welcome = next_of(again, "chat")
            assert [line["n"] for line in welcome["lines"]] == [0, 1, 2, 3]


def test_lines_posted_on_both_processes_at_once_are_numbered_apart(
    pair: tuple[TestClient, TestClient],
) -> None:
    a, b = pair
    table, _, tokens = table_of_two(a, b)
    url = f"/ws/tables/{table}"
    with a.websocket_connect(url) as ana, b.websocket_connect(url) as ben:
        live(ana, 0, tokens[0])
        live(ben, 1, tokens[1])
        sent = [f"{who} {i}" for i in range(4) for who in ("A", "B")]
        for i in range(4):  # no waiting: both processes store lines at the same time
            say(ana, f"A {i}")
            say(ben, f"B {i}")
        for ws in (ana, ben):
            got = [chat_line(ws) for _ in sent]
            assert sorted(got) == sorted(sent)  # each once
            assert [t for t in got if t.startswith("A")] == [f"A {i}" for i in range(4)]
    lines = stored_lines(b, table)
    assert sorted(line["text"] for line in lines) == sorted(sent)
    assert sorted(line["n"] for line in lines) == list(range(8))


def test_mute_and_off_set_on_one_process_hold_on_the_other(
    pair: tuple[TestClient, TestClient],
) -> None:
    a, b = pair
    table, host, tokens = table_of_two(a, b)
    url = f"/ws/tables/{table}"
    rules = f"/api/tables/{table}/chat"
    with a.websocket_connect(url) as ana, b.websocket_connect(url) as ben:
        live(ana, 0, tokens[0])
        live(ben, 1, tokens[1])
        assert a.post(rules, json={"host_token": host, "mute": "seat:1"}).status_code == 200
        told = next_of(ben, "chat")  # B's reader hears of it...
        assert told["rules"] == {"off": [], "muted": ["seat:1"]}
        say(ben, "let me speak")  # ...and B refuses the muted seat
        assert next_of(ben, "error")["error"] == "friends.error.muted"
        # The host changes the rules on both processes at the same instant: both hold.
        on_a, on_b = race(
            partial(a.post, rules, json={"host_token": host, "mute": "seat:0"}),
            partial(b.post, rules, json={"host_token": host, "off": ["spectators"]}),
        )
        assert on_a is not None and on_b is not None
        assert on_a.status_code == on_b.status_code == 200
        both = {"off": ["spectators"], "muted": ["seat:0", "seat:1"]}
        assert b.post(rules, json={"host_token": host}).json() == both
        for client in (a, b):
            chat = hub(client).chat.tables[table]
            eventually(lambda c=chat: c.rules.to_json() == both, "a process missed a change")
        assert b.post(rules, json={"host_token": host, "unmute": "seat:0"}).status_code == 200
        assert b.post(rules, json={"host_token": host, "off": ["players"]}).status_code == 200
        eventually(lambda: hub(a).chat.tables[table].rules.off == {"players"}, "A missed the off")
        say(ana, "anyone?")
        assert next_of(ana, "error")["error"] == "friends.error.chat_off"
    assert stored_lines(a, table) == []
