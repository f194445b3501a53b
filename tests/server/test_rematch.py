"""Play again: a finished table makes one new table with the same people, bots and options."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from tests.server.conftest import add_bot, new_table, sit, start


def finish(client: TestClient, table: str, tokens: dict[int, str]) -> None:
    """Play the toy game to its end (each person keeps their card)."""
    for _ in range(200):
        summary = client.get(f"/api/tables/{table}").json()
        if summary["status"] == "over":
            return
        seat = summary["to_act"]
        if seat not in tokens:  # the bot's turn: it plays by itself
            time.sleep(0.02)
            continue
        body = {"seat": seat, "token": tokens[seat], "move": summary["move"], "action": "keep"}
        r = client.post(f"/api/tables/{table}/move", json=body)
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def finished_table(client: TestClient) -> tuple[str, str, dict[int, str]]:
    """A finished three-seat toy table: two people (seats 0, 2) and a bot (seat 1)."""
    table, host = new_table(client, players=3)
    tokens = {0: sit(client, table, 0, "Ánh"), 2: sit(client, table, 2, "<b>Lucía</b>")}
    add_bot(client, table, host, 1)
    start(client, table, host)
    finish(client, table, tokens)
    return table, host, tokens


def rematch(client: TestClient, table: str, token: str) -> Any:
    return client.post(f"/api/tables/{table}/rematch", json={"token": token})


def test_rematch_carries_seats_tokens_bots_and_options(client: TestClient) -> None:
    table, host, tokens = finished_table(client)
    old = client.get(f"/api/tables/{table}").json()
    assert old["rematch"] is None
    r = rematch(client, table, tokens[2])
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["id"] != table and new["status"] == "open" and new["rematch"] is None
    assert (new["game"], new["players"], new["options"]) == (
        old["game"],
        old["players"],
        old["options"],
    )
    assert new["seats"] == old["seats"]
    # The finished table links to it, and everyone asking later gets the same one.
    assert client.get(f"/api/tables/{table}").json()["rematch"] == new["id"]
    for token in (tokens[0], host):
        again = rematch(client, table, token)
        assert (again.status_code, again.json()["id"]) == (201, new["id"])
    # The host starts it with the same host token; each person plays with their old token.
    start(client, new["id"], host)
    finish(client, new["id"], tokens)
    # A seat's old token does not reach another seat at the new table.
    body = {"seat": 0, "token": tokens[2], "move": 0, "action": "keep"}
    assert client.post(f"/api/tables/{new['id']}/move", json=body).status_code >= 400


def test_rematch_refused_before_the_end_and_to_strangers(client: TestClient) -> None:
    table, host = new_table(client, players=2)
    tokens = {0: sit(client, table, 0, "A"), 1: sit(client, table, 1, "B")}
    start(client, table, host)
    early = rematch(client, table, tokens[0])
    assert (early.status_code, early.json()["error"]) == (409, "web.error.not_over")
    finish(client, table, tokens)
    for stranger in ("x" * 32, ""):
        r = rematch(client, table, stranger)
        assert (r.status_code, r.json()["error"]) == (403, "web.error.not_seated")
    junk = client.post(f"/api/tables/{table}/rematch", json={"token": "t", "more": 1})
    assert junk.status_code == 400
    # Nothing was made by the refusals.
    assert client.get(f"/api/tables/{table}").json()["rematch"] is None
    assert len(client.app.state.hub.tables) == 1  # type: ignore[attr-defined]


def test_rematch_link_survives_a_restart(db_url: str) -> None:
    config = ServerConfig(database_url=db_url, bot_delay=0, bot_think_limit=5)
    with TestClient(create_app(config)) as client:
        table, host, tokens = finished_table(client)
        made = rematch(client, table, host).json()["id"]
    with TestClient(create_app(config)) as client:
        assert client.get(f"/api/tables/{table}").json()["rematch"] == made
        assert rematch(client, table, tokens[0]).json()["id"] == made
        start(client, made, host)
        finish(client, made, tokens)
    assert Path(db_url.removeprefix("sqlite:///")).exists()


def test_rematch_keeps_the_table_s_clock(client: TestClient) -> None:
    table, host = new_table(client, players=3)
    settings = {"mode": "realtime", "per_move": 600, "bank": 60, "on_timeout": "move"}
    r = client.post(f"/api/tables/{table}/clock", json={"host_token": host, **settings})
    assert r.status_code == 200, r.text
    tokens = {0: sit(client, table, 0, "Ánh"), 2: sit(client, table, 2, "Lucía")}
    add_bot(client, table, host, 1)
    start(client, table, host)
    finish(client, table, tokens)
    new = rematch(client, table, tokens[0]).json()["id"]
    kept = client.get(f"/api/tables/{new}/clock").json()["settings"]
    assert {k: kept[k] for k in settings} == settings
    # A table with no clock makes a rematch with none.
    plain, _, plain_tokens = finished_table(client)
    other = rematch(client, plain, plain_tokens[0]).json()["id"]
    clock = client.get(f"/api/tables/{other}/clock").json()
    assert clock is None or clock["settings"]["mode"] == "none"
