"""Replays move by move with the right view, and storage that keeps no usable secret."""

from __future__ import annotations

import sqlite3
import time

from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from tests.server.conftest import add_bot, human_table, new_table, start


def play(client: TestClient, table: str, tokens: list[str], moves: list[str]) -> None:
    """Play moves over HTTP, seat after seat."""
    for n, action in enumerate(moves):
        body = {"seat": n, "token": tokens[n], "move": n, "action": action}
        assert client.post(f"/api/tables/{table}/move", json=body).status_code == 200


def test_replay_shows_a_seat_only_its_own_view_until_the_end(client: TestClient) -> None:
    table, tokens = human_table(client, players=3)
    play(client, table, tokens, ["swap", "keep"])
    url = f"/api/tables/{table}/replay"
    spectator = client.get(f"{url}/1").json()
    assert spectator["view"]["hands"] == [None, None, None]
    assert [e["kind"] for e in spectator["events"]] == ["acted", "discarded"]
    no_token = client.get(f"{url}/1?seat=0")
    assert (no_token.status_code, no_token.json()["error"]) == (403, "web.error.bad_token")
    other = client.get(f"{url}/1?seat=0", headers={"X-Seat-Token": tokens[1]})
    assert other.status_code == 403
    own = client.get(f"{url}/1?seat=0", headers={"X-Seat-Token": tokens[0]}).json()
    assert own["view"]["hands"][0] is not None and own["view"]["hands"][1] is None
    assert [e["kind"] for e in own["events"]] == ["acted", "discarded", "drew"]
    assert client.get(f"{url}/99").json()["move"] == 2  # clamped to the last move
    assert client.get(f"/api/tables/{table}/record").json()["error"] == "web.error.not_over"
    play_rest = {"seat": 2, "token": tokens[2], "move": 2, "action": "keep"}
    client.post(f"/api/tables/{table}/move", json=play_rest)
    # Once the game is over, every seat's view of every move is open to all.
    opened = client.get(f"{url}/1?seat=0").json()
    assert opened["view"] == own["view"] and opened["events"] == own["events"]
    record = client.get(f"/api/tables/{table}/record").json()
    assert record["actions"] == ["swap", "keep", "keep"] and record["names"] == ["P1", "P2", "P3"]


def test_the_database_holds_token_hashes_only(client: TestClient, db_url: str) -> None:
    table, host = new_table(client)
    tokens = [
        client.post(f"/api/tables/{table}/seats/{s}", json={"name": f"P{s}"}).json()["token"]
        for s in range(2)
    ]
    start(client, table, host)
    dump = "\n".join(sqlite3.connect(db_url.removeprefix("sqlite:///")).iterdump())
    assert table in dump
    assert all(secret not in dump for secret in [host, *tokens])


def test_a_bot_table_cut_off_mid_game_finishes_after_a_restart(db_url: str) -> None:
    slow = ServerConfig(database_url=db_url, bot_delay=0.05)
    with TestClient(create_app(slow)) as client:
        table, host = new_table(client, players=4, options={"copies": 3})
        for seat in range(4):
            add_bot(client, table, host, seat)
        start(client, table, host)
        while (mid := client.get(f"/api/tables/{table}").json())["move"] < 1:
            time.sleep(0.01)
        assert mid["status"] == "playing"
    # The first server stopped between bot moves; the next one picks the game up alone.
    with TestClient(create_app(ServerConfig(database_url=db_url, bot_delay=0))) as client:
        deadline = time.monotonic() + 10
        while (summary := client.get(f"/api/tables/{table}").json())["status"] != "over":
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert summary["move"] == 4
        assert len(client.get(f"/api/tables/{table}/record").json()["actions"]) == 4


def test_finished_tables_come_back_lazily_after_a_restart(db_url: str) -> None:
    config = ServerConfig(database_url=db_url, bot_delay=0)
    with TestClient(create_app(config)) as client:
        table, tokens = human_table(client, players=2)
        play(client, table, tokens, ["keep", "swap"])
    with TestClient(create_app(config)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.tables[table].state is None  # not replayed until someone looks
        summary = client.get(f"/api/tables/{table}").json()
        assert (summary["status"], summary["move"], summary["to_act"]) == ("over", 2, None)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.send_json({"type": "hello", "seat": None, "lang": "vi"})
            final = ws.receive_json()
        assert final["move"] == 2 and final["summary"] and None not in final["view"]["hands"]
        assert client.get(f"/api/tables/{table}/replay/1?seat=1").json()["move"] == 1
