"""Limits a stranger meets at the server: floods of cheap messages that cost it dearly."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.engine.playout import observe
from parlour.server.tables import protocol
from tests.server.conftest import add_bot, new_table, start


def _bot_game(client: TestClient, game: str = "loveletter") -> str:
    """A finished game of two random bots (a log of a few hundred events)."""
    table, host = new_table(client, game, 2)
    add_bot(client, table, host, 0)
    add_bot(client, table, host, 1)
    start(client, table, host)
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return table


def test_a_flood_of_language_switches_is_refused_and_the_log_rendered_once_per_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = _bot_game(client)
    rendered = 0
    describe = protocol.describe

    def counting(*args: Any) -> str:
        nonlocal rendered
        rendered += 1
        return describe(*args)

    monkeypatch.setattr(protocol, "describe", counting)
    flood = 100
    languages = ["vi", "zh", "es", "en"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.send_json({"type": "hello", "seat": None, "lang": "en"})
        first = ws.receive_text()
        events = len(json.loads(first)["events"])
        assert events > 50
        for i in range(flood):
            ws.send_json({"type": "lang", "lang": languages[i % 4]})
        answers = [ws.receive_text() for _ in range(flood)]
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}  # the socket lives on
    states = [a for a in answers if json.loads(a)["type"] == "state"]
    refused = [json.loads(a) for a in answers if json.loads(a)["type"] == "error"]
    assert len(states) + len(refused) == flood
    assert 1 <= len(states) <= 5, len(states)
    assert {r["error"] for r in refused} == {"web.error.too_fast"}
    assert all(r["message"] for r in refused)
    # What the flood cost in rendering and in bytes sent back is bounded by the limit,
    # not by the flood: each event is rendered once per language at most.
    assert rendered <= events * len(languages), (rendered, events)
    assert sum(map(len, answers)) <= 6 * len(first) + 500 * flood
    # Nothing is held for the table once its last client has gone.
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.tables[table].histories == {}


@pytest.mark.parametrize("spec", ["ismcts:60s", "hard:6s", "ismcts:1000,5001ms"])
def test_a_bot_may_not_think_longer_than_the_servers_limit(client: TestClient, spec: str) -> None:
    table, host = new_table(client, "loveletter", 2)
    r = client.post(f"/api/tables/{table}/bots/0", json={"bot": spec, "host_token": host})
    assert r.status_code == 400 and r.json()["error"] == "web.error.bot_budget", r.text
    assert r.json()["params"]["limit"] == "5" and r.json()["message"]
    assert client.get(f"/api/tables/{table}").json()["seats"][0]["kind"] is None
    add_bot(client, table, host, 0, "ismcts:5s")  # up to the limit is fine


def test_a_search_asked_to_stop_ends_after_its_current_iteration() -> None:
    from parlour.bots.ismcts import Budget, IsmctsBot, stop_when
    from parlour.engine import Rng
    from parlour.games import get_game

    state = get_game("loveletter").new(2, {}, 7)
    seat = state.to_act
    assert seat is not None
    bot = IsmctsBot(Budget(iterations=1_000_000))
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return asked >= 3

    with stop_when(stop):
        bot.act(observe(bot, state, seat, Rng(1)), Rng(2))
    assert bot.stats.iterations == 3  # asked after each iteration, stopped on the third


def _bot_only(client: TestClient, game: str, spec: str) -> str:
    table, host = new_table(client, game, 2)
    add_bot(client, table, host, 0, spec)
    add_bot(client, table, host, 1, spec)
    start(client, table, host)
    return table


def test_searching_tables_neither_starve_another_tables_bots_nor_outlive_the_server(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    import threading

    from parlour.server import ServerConfig, create_app

    before = set(threading.enumerate())
    config = ServerConfig(
        database_url=db_url,
        bot_delay=0,
        bot_think_limit=4,
        bot_threads=2,
        max_client_bot_tables=10,  # many bot tables from one address, on purpose
    )
    with TestClient(create_app(config)) as client:
        attackers = [_bot_only(client, "loveletter", "ismcts:1000000") for _ in range(4)]
        time.sleep(0.3)  # their searches have taken every search thread
        victim = _bot_only(client, "highcard", "random")
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{victim}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the victim's random bots never moved"
            time.sleep(0.02)
        # The victim's game ended before any attacker's search reached the think limit:
        # its bots never waited behind their searches.
        timed_out = [r for r in caplog.records if "ran out of time" in r.getMessage()]
        assert not timed_out
        assert all(client.get(f"/api/tables/{t}").json()["status"] == "playing" for t in attackers)
    # The server stopped mid-search: every bot thread it started ends within seconds
    # instead of searching on for minutes.
    started = [th for th in threading.enumerate() if th not in before and "parlour-bot" in th.name]
    for th in started:
        th.join(timeout=10)
    assert not [th.name for th in started if th.is_alive()]


def _app(db_url: str, **settings: Any) -> TestClient:
    from parlour.server import ServerConfig, create_app

    return TestClient(create_app(ServerConfig(database_url=db_url, bot_delay=0, **settings)))


def test_oversized_headers_and_bodies_are_refused_before_the_app(client: TestClient) -> None:
    r = client.get("/api/tables", headers={"x-padding": "a" * 20_000})
    assert r.status_code == 431 and r.json()["error"] == "web.error.too_large"
    body = {"game": "highcard", "players": 2, "options": {"x": "a" * 100_000}}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 413 and r.json()["error"] == "web.error.too_large"
    assert client.get("/api/tables").json() == []


def test_table_creation_and_seats_are_limited_per_client(db_url: str) -> None:
    # Per day, not per minute: the sliding-window counter weighs the last window by the time
    # left in it, so a run that crosses a window boundary may be let through once more.
    with _app(db_url, create_rate="5/day", seat_rate="3/day") as client:
        made = [
            client.post("/api/tables", json={"game": "highcard", "players": 4}) for _ in range(8)
        ]
        assert [r.status_code for r in made] == [201] * 5 + [429] * 3
        assert made[-1].json()["error"] == "web.error.too_fast" and made[-1].json()["message"]
        table = made[0].json()["table"]["id"]
        seats = [
            client.post(f"/api/tables/{table}/seats/{s}", json={"name": f"A{s}"}) for s in range(4)
        ]
        assert [r.status_code for r in seats] == [201, 201, 201, 429]
        assert len(client.app.state.hub.tables) == 5  # type: ignore[attr-defined]


def test_open_tables_bot_only_tables_and_spectators_are_capped(db_url: str) -> None:
    with _app(db_url, max_open_tables=2, max_bot_tables=1, max_spectators=2) as client:
        first, host1 = new_table(client, "loveletter", 2)
        second, host2 = new_table(client, "loveletter", 2)
        r = client.post("/api/tables", json={"game": "highcard", "players": 2})
        assert r.status_code == 503 and r.json()["error"] == "web.error.too_many_tables"
        for table, host in [(first, host1), (second, host2)]:
            add_bot(client, table, host, 0, "ismcts:1000000")
            add_bot(client, table, host, 1, "ismcts:1000000")
        start(client, first, host1)
        r = client.post(f"/api/tables/{second}/start", json={"host_token": host2})
        assert r.status_code == 503 and r.json()["error"] == "web.error.too_many_bot_tables"
        with (
            client.websocket_connect(f"/ws/tables/{first}") as a,
            client.websocket_connect(f"/ws/tables/{first}") as b,
            client.websocket_connect(f"/ws/tables/{first}") as c,
        ):
            for ws in (a, b, c):
                ws.send_json({"type": "hello", "seat": None})
            assert a.receive_json()["type"] == "state"
            assert b.receive_json()["type"] == "state"
            assert c.receive_json()["error"] == "web.error.too_many_spectators"


def test_a_storage_fault_while_creating_or_sitting_is_a_clear_error(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy.exc import OperationalError

    hub = client.app.state.hub  # type: ignore[attr-defined]
    table, _ = new_table(client, "highcard", 2)

    def broken(*args: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    monkeypatch.setattr(hub.store, "create_table", broken)
    monkeypatch.setattr(hub.store, "take_seat", broken)
    r = client.post("/api/tables", json={"game": "highcard", "players": 2})
    assert r.status_code == 503 and r.json()["error"] == "web.error.storage", r.text
    r = client.post(f"/api/tables/{table}/seats/0", json={"name": "A"})
    assert r.status_code == 503 and r.json()["error"] == "web.error.storage", r.text
    assert len(hub.tables) == 1
    assert client.get(f"/api/tables/{table}").json()["seats"][0]["kind"] is None


def test_websockets_from_another_origin_are_refused(db_url: str) -> None:
    from starlette.websockets import WebSocketDisconnect

    with _app(db_url, allowed_origins=["https://friends.example"]) as client:
        table, _ = new_table(client, "highcard", 2)
        url = f"/ws/tables/{table}"
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(url, headers={"origin": "https://evil.example"}) as ws,
        ):
            ws.receive_json()
        for origin in ["http://testserver", "https://friends.example"]:
            with client.websocket_connect(url, headers={"origin": origin}) as ws:
                ws.send_json({"type": "hello", "seat": None})
                assert ws.receive_json()["type"] == "state"


def test_pages_forbid_framing_and_sniffing_and_hosts_can_be_pinned(db_url: str) -> None:
    with _app(db_url) as client:
        for path in ["/", "/api/games", "/static/app.js", "/api/tables/nope"]:
            headers = client.get(path).headers
            assert "frame-ancestors 'none'" in headers["content-security-policy"], path
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "same-origin"
    with _app(db_url, allowed_hosts=["parlour.example"]) as client:
        r = client.get("/api/tables")
        assert r.status_code == 400 and r.json()["error"] == "web.error.bad_host"
        assert client.get("/api/tables", headers={"host": "parlour.example"}).status_code == 200


@pytest.mark.parametrize(
    "name",
    [
        "A\ud800B",  # a lone surrogate: not Unicode text
        "\u3164",  # Hangul filler: shows as nothing
        "\u2800",  # blank Braille pattern
        "A\u2028B",  # line separator
        "Bob\u3164",
        "\u00a0Bob\u00a0Bob",  # a no-break space
        "p\u0430ypal",  # a Cyrillic "а" among Latin letters
        "A\u200dB",  # a joiner between letters hides nothing but joins nothing either
    ],
)
def test_invalid_invisible_and_look_alike_names_are_refused(client: TestClient, name: str) -> None:
    table, _ = new_table(client, "highcard", 2)
    raw = json.dumps({"name": name})  # a lone surrogate goes out as its JSON escape
    r = client.post(
        f"/api/tables/{table}/seats/0",
        content=raw.encode(),
        headers={"content-type": "application/json"},
    )
    # A lone surrogate is refused at the door, before any field is read as a name.
    key = "web.error.bad_text" if "\ud800" in name else "web.error.bad_name"
    assert r.status_code == 400 and r.json()["error"] == key, r.text
    assert client.get(f"/api/tables/{table}").json()["seats"][0]["kind"] is None


@pytest.mark.parametrize(
    "name",
    [
        "👨\u200d👩\u200d👧",
        "👩🏽\u200d💻 Ana",
        "❤\ufe0f",
        "Nguyễn Văn An",
        "王小明",
        "Василий",
        "José",
    ],
)
def test_emoji_sequences_and_names_in_any_one_script_are_accepted(
    client: TestClient, name: str
) -> None:
    table, _ = new_table(client, "highcard", 2)
    r = client.post(f"/api/tables/{table}/seats/0", json={"name": name})
    assert r.status_code == 201, r.text
    assert client.get(f"/api/tables/{table}").json()["seats"][0]["name"] == name


def test_a_replay_position_is_rebuilt_once_however_often_it_is_asked(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.server.tables.live import LiveTable

    table = _bot_game(client, "highcard")
    rebuilt = 0
    state_at = LiveTable.state_at

    def counting(self: LiveTable, move: int) -> Any:
        nonlocal rebuilt
        rebuilt += 1
        return state_at(self, move)

    monkeypatch.setattr(LiveTable, "state_at", counting)
    answers = [client.get(f"/api/tables/{table}/replay/1?seat=0").json() for _ in range(20)]
    assert rebuilt == 1
    assert all(a == answers[0] for a in answers) and answers[0]["view"]["seat"] == 0
    client.get(f"/api/tables/{table}/replay/1?seat=1")
    assert rebuilt == 2  # another seat saw another position


def test_a_move_is_built_and_encoded_once_per_audience_not_once_per_spectator(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parlour.server.tables import hub as hub_module

    table, host = new_table(client, "highcard", 2)
    tokens = [
        client.post(f"/api/tables/{table}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
        for s in range(2)
    ]
    start(client, table, host)
    built = 0
    state_message = hub_module.state_message  # type: ignore[attr-defined]

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal built
        built += 1
        return state_message(*args, **kwargs)

    monkeypatch.setattr(hub_module, "state_message", counting)
    url = f"/ws/tables/{table}"
    with client.websocket_connect(url) as player:
        player.send_json({"type": "hello", "seat": 0, "token": tokens[0]})
        first = player.receive_json()
        sockets = [client.websocket_connect(url) for _ in range(12)]
        watchers = [ws.__enter__() for ws in sockets]
        try:
            for ws in watchers:
                ws.send_json({"type": "hello", "seat": None, "lang": "vi"})
                ws.receive_json()
            built = 0
            mover = first["view"]["to_act"]
            if mover != 0:  # let seat 1 move over HTTP first, so that seat 0's socket moves
                r = client.post(
                    f"/api/tables/{table}/move",
                    json={"seat": 1, "token": tokens[1], "move": 0, "action": "keep"},
                )
                assert r.status_code == 200
                player.receive_json()
                for ws in watchers:
                    ws.receive_json()
                built = 0
            move = client.get(f"/api/tables/{table}").json()["move"]
            player.send_json({"move": move, "action": "keep"})
            assert player.receive_json()["move"] == move + 1
            seen = [ws.receive_json() for ws in watchers]
            assert all(s == seen[0] and s["seat"] is None for s in seen)
            assert built == 2  # one for the seat, one for the twelve spectators
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
