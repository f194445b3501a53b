"""Credentials tied to a seat hold only while the person who got them still sits there."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from parlour.server import ServerConfig, create_app
from parlour.server.features.seat_links import bound_hash, claim_link, store_link
from parlour.server.store.storage import SeatRecord, Store, TableRecord, seats_t
from parlour.server.tables.live import token_hash
from tests.server.conftest import add_bot, new_table, sit, start
from tests.server.test_rematch import finish


@pytest.fixture
def two(db_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    """One app seen from two addresses: the host's and Mallory's."""
    config = ServerConfig(database_url=db_url, bot_delay=0, create_rate="", seat_rate="")
    with TestClient(create_app(config), client=("10.0.0.1", 5000)) as host:
        mallory = TestClient(host.app, client=("10.0.0.66", 5000))
        mallory.portal = host.portal  # the same running app, on its event loop
        yield host, mallory


def link_for(client: TestClient, table: str, seat: int, token: str) -> str:
    made = client.post(f"/api/tables/{table}/seats/{seat}/link", json={"token": token})
    assert made.status_code == 201, made.text
    path: str = made.json()["link"]
    return path.split(f"#link={seat}.", 1)[1]


def claim(client: TestClient, table: str, seat: int, link: str) -> Any:
    return client.post(f"/api/tables/{table}/seats/{seat}/claim", json={"link": link})


def free(client: TestClient, table: str, seat: int, token: str, ban: bool = False) -> None:
    body = {"token": token, "ban": ban}
    r = client.post(f"/api/tables/{table}/seats/{seat}/free", json=body)
    assert r.status_code == 200, r.text


def move(client: TestClient, table: str, seat: int, token: str, number: int) -> int:
    body = {"seat": seat, "token": token, "move": number, "action": "keep"}
    code: int = client.post(f"/api/tables/{table}/move", json=body).status_code
    return code


def assert_refused_and_nothing_changed(
    client: TestClient, table: str, seat: int, link: str, holder: str
) -> None:
    before = client.get(f"/api/tables/{table}").json()
    refused = claim(client, table, seat, link)
    assert (refused.status_code, refused.json()["error"]) == (400, "friends.error.bad_link")
    assert client.get(f"/api/tables/{table}").json() == before
    assert move(client, table, seat, holder, 0) == 200  # the seat still plays for its holder


def test_a_link_is_void_once_its_person_leaves_and_another_sits(client: TestClient) -> None:
    table, host = new_table(client)
    alice = sit(client, table, 0, "Alice")
    link = link_for(client, table, 0, alice)
    free(client, table, 0, alice)
    bob = sit(client, table, 0, "Bob")
    sit(client, table, 1, "Carol")
    start(client, table, host)
    assert_refused_and_nothing_changed(client, table, 0, link, bob)


def test_a_link_is_void_once_the_host_bans_its_person(
    two: tuple[TestClient, TestClient],
) -> None:
    client, stranger = two
    table, host = new_table(client)
    mallory = sit(stranger, table, 0, "Mallory")
    link = link_for(stranger, table, 0, mallory)
    free(client, table, 0, host, ban=True)
    bob = sit(client, table, 0, "Bob")
    sit(client, table, 1, "Carol")
    start(client, table, host)
    refused = claim(stranger, table, 0, link)
    assert (refused.status_code, refused.json()["error"]) == (400, "friends.error.bad_link")
    assert move(client, table, 0, bob, 0) == 200


def test_a_link_is_void_once_a_bot_takes_the_seat(client: TestClient) -> None:
    table, host = new_table(client)
    alice = sit(client, table, 0, "Alice")
    link = link_for(client, table, 0, alice)
    free(client, table, 0, alice)
    add_bot(client, table, host, 0)
    refused = claim(client, table, 0, link)
    assert (refused.status_code, refused.json()["error"]) == (400, "friends.error.bad_link")
    assert client.get(f"/api/tables/{table}").json()["seats"][0]["kind"] == "bot"


def test_a_stored_link_holds_only_for_the_holder_it_was_made_for(tmp_path: Any) -> None:
    # Even a link nothing dropped is void once the seat's token changed under it.
    store = Store(f"sqlite:///{tmp_path / 'links.db'}")
    try:
        rec = TableRecord("t1", "highcard", 2, {}, 1, "h", "open", 0.0)
        store.create_table(rec)
        store.take_seat("t1", SeatRecord(0, "human", "Alice", None, token_hash("alice")))
        store_link(store, "t1", 0, bound_hash("link", token_hash("alice")))
        with store.engine.begin() as conn:
            conn.execute(update(seats_t).values(token_hash=token_hash("bob")))
        assert not claim_link(store, "t1", 0, "link", token_hash("new"))
        with store.engine.begin() as conn:
            conn.execute(update(seats_t).values(token_hash=token_hash("alice")))
        assert claim_link(store, "t1", 0, "link", token_hash("new"))
    finally:
        store.close()


def test_my_games_forgets_a_seat_once_someone_else_holds_it(client: TestClient) -> None:
    table, _host = new_table(client)
    alice = sit(client, table, 0, "Alice")
    free(client, table, 0, alice)
    sit(client, table, 0, "Bob")
    body = {"seats": [{"table": table, "seat": 0, "token": alice}]}
    mine = client.post("/api/tables/mine", json=body).json()
    assert (mine["tables"], mine["gone_seats"]) == ([], [table])


def test_bans_follow_the_table_into_its_rematch(two: tuple[TestClient, TestClient]) -> None:
    client, stranger = two
    table, host = new_table(client)
    mallory = sit(stranger, table, 0, "Mallory")
    free(client, table, 0, host, ban=True)
    ann = sit(client, table, 0, "Ann")
    bob = sit(client, table, 1, "Bob")
    start(client, table, host)
    finish(client, table, {0: ann, 1: bob})
    assert mallory  # her old token holds nothing
    made = client.post(f"/api/tables/{table}/rematch", json={"token": host})
    assert made.status_code == 201, made.text
    again = made.json()["id"]
    free(client, again, 1, bob)
    for who, name in [(stranger, "Eve"), (client, "Mallory")]:  # her address, her name
        refused = who.post(f"/api/tables/{again}/seats/1", json={"name": name})
        assert (refused.status_code, refused.json()["error"]) == (403, "web.error.banned")
