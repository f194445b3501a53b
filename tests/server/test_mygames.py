"""My games: the tables of the tokens a browser holds, your move marked, nothing hidden
shown, tokens that hold nothing reported as gone, the list's size bounded."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from parlour.server.features.my_games import MAX_MINE
from parlour.server.tables.live import token_hash
from tests.server.conftest import human_table, new_table, sit
from tests.server.test_clocks import Clock, timed_table

ROW_KEYS = {"table", "seat", "host", "your_turn", "deadline", "now"}


def mine(client: TestClient, seats: list[Any], hosts: list[Any] | None = None) -> Any:
    body = {"seats": seats, "hosts": hosts or []}
    r = client.post("/api/tables/mine", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def held(table: str, seat: int, token: str) -> dict[str, Any]:
    return {"table": table, "seat": seat, "token": token}


def move(client: TestClient, table: str, seat: int, token: str, number: int) -> None:
    body = {"seat": seat, "token": token, "move": number, "action": "keep"}
    r = client.post(f"/api/tables/{table}/move", json=body)
    assert r.status_code == 200, r.text


def test_my_tables_mark_your_move_and_follow_the_turn(client: TestClient) -> None:
    table, tokens = human_table(client)
    other, other_tokens = human_table(client)
    waiting, host = new_table(client)
    seats = [held(table, 1, tokens[1]), held(other, 0, other_tokens[0])]
    found = mine(client, seats, [{"table": waiting, "token": host}])
    rows = {r["table"]["id"]: r for r in found["tables"]}
    assert set(rows) == {table, other, waiting}
    assert found["gone_seats"] == [] and found["gone_hosts"] == []
    # Seat 0 is to act at both tables: the other table (where I am seat 0) comes first.
    assert found["tables"][0]["table"]["id"] == other
    assert rows[other]["your_turn"] and not rows[table]["your_turn"]
    assert rows[table]["seat"] == 1 and rows[table]["table"]["to_act"] == 0
    assert rows[waiting] | {"table": None} == {
        "table": None,
        "seat": None,
        "host": True,
        "your_turn": False,
        "deadline": None,
        "now": None,
    }
    assert rows[waiting]["table"]["status"] == "open"
    move(client, table, 0, tokens[0], 0)
    after = {r["table"]["id"]: r for r in mine(client, seats)["tables"]}
    assert after[table]["your_turn"] and after[table]["table"]["to_act"] == 1


def test_a_row_holds_only_the_public_summary_and_never_a_token(client: TestClient) -> None:
    table, tokens = human_table(client)
    host_table, host = new_table(client)
    mine_token = sit(client, host_table, 0, "Me")
    sit(client, host_table, 1, "Them")
    found = mine(
        client,
        [held(table, 0, tokens[0]), held(host_table, 0, mine_token)],
        [{"table": host_table, "token": host}],
    )
    for row in found["tables"]:
        assert set(row) == ROW_KEYS
        public = client.get(f"/api/tables/{row['table']['id']}").json()
        assert row["table"] == public  # what any stranger may read of the table, no more
    text = json.dumps(found)
    for secret in [*tokens, mine_token, host]:
        assert secret not in text and token_hash(secret) not in text
    assert "view" not in text and "hand" not in text


def test_tokens_that_hold_nothing_are_skipped_and_reported_gone(client: TestClient) -> None:
    table, tokens = human_table(client)
    free_table, host = new_table(client)
    freed = sit(client, free_table, 0, "Gone")
    r = client.post(f"/api/tables/{free_table}/seats/0/free", json={"token": freed})
    assert r.status_code == 200, r.text
    found = mine(
        client,
        [
            held(table, 0, tokens[0]),
            held(table + "x", 0, tokens[0]),  # no such table
            held(free_table, 0, freed),  # the seat was freed
            {"table": "x" * 500, "seat": 0, "token": "y"},  # no table has an id that long
            held(table, 7, tokens[0]),  # no such seat
        ],
        [{"table": table, "token": "not the host's"}, {"table": free_table, "token": host}],
    )
    assert [r["table"]["id"] for r in found["tables"]] == [table, free_table]
    assert found["gone_seats"] == sorted([table + "x", free_table, "x" * 500])
    assert found["gone_hosts"] == [table]


def test_a_seat_moved_with_a_seat_link_is_listed_on_the_new_device_only(
    client: TestClient,
) -> None:
    table, tokens = human_table(client)
    link = client.post(f"/api/tables/{table}/seats/1/link", json={"token": tokens[1]})
    secret = link.json()["link"].split("#link=1.", 1)[1]
    claimed = client.post(f"/api/tables/{table}/seats/1/claim", json={"link": secret})
    new_token = claimed.json()["token"]
    old_device = mine(client, [held(table, 1, tokens[1])])
    assert old_device["tables"] == [] and old_device["gone_seats"] == [table]
    new_device = mine(client, [held(table, 1, new_token)])
    assert [r["seat"] for r in new_device["tables"]] == [1]


def test_a_turn_based_table_says_when_your_move_is_due(client: TestClient) -> None:
    clock = Clock(client)
    settings = {"mode": "turn", "per_move": 7200, "on_timeout": "move"}
    table, _, tokens = timed_table(client, settings, players=2)
    clock.tick()
    row = mine(client, [held(table, 0, tokens[0])])["tables"][0]
    assert row["your_turn"]
    assert row["deadline"] - row["now"] == 7200


def test_too_many_tables_or_a_malformed_body_is_refused_clearly(client: TestClient) -> None:
    table, tokens = human_table(client)
    many = [held(table, 0, tokens[0])] * (MAX_MINE + 1)
    r = client.post("/api/tables/mine?lang=es", json={"seats": many})
    assert r.status_code == 400
    assert r.json()["error"] == "mine.error.too_many" and str(MAX_MINE) in r.json()["message"]
    r = client.post("/api/tables/mine", json={"seats": [{"table": table, "seat": "zero"}]})
    assert (r.status_code, r.json()["error"]) == (400, "web.error.bad_request")
    r = client.post("/api/tables/mine", json={"seats": [], "spy": 1})
    assert (r.status_code, r.json()["error"]) == (400, "web.error.bad_request")
    assert mine(client, [held(table, 0, tokens[0])] * MAX_MINE)["tables"][0]["seat"] == 0
