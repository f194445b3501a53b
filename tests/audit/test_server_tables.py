"""Hosts in charge of their tables, private tables, the lobby's pages and abandoned tables.

A stranger could sit at any listed table and squat a freed seat; now the host removes a
person before the start and may ban them (their name and the address they sat from), a
table is private unless its host makes it public, and tables left without anyone for long
are closed and archived, their replays kept.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from parlour.server.store.storage import Store
from tests.server.conftest import add_bot, new_table, start


@pytest.fixture
def app_url(db_url: str) -> Iterator[tuple[TestClient, TestClient, str]]:
    """One app seen from two addresses: the host's and a stranger's."""
    config = ServerConfig(database_url=db_url, bot_delay=0, create_rate="", seat_rate="")
    app = create_app(config)
    with TestClient(app, client=("10.0.0.1", 5000)) as host:
        stranger = TestClient(app, client=("10.0.0.66", 5000))
        stranger.portal = host.portal  # the same running app, on its event loop
        yield host, stranger, db_url


def sit(client: TestClient, table: str, seat: int, name: str) -> tuple[int, dict[str, str]]:
    r = client.post(f"/api/tables/{table}/seats/{seat}", json={"name": name})
    return r.status_code, r.json()


def free(client: TestClient, table: str, seat: int, token: str, ban: bool) -> int:
    body = {"token": token, "ban": ban}
    code: int = client.post(f"/api/tables/{table}/seats/{seat}/free", json=body).status_code
    return code


def test_the_host_removes_and_bans_a_person_before_the_start(
    app_url: tuple[TestClient, TestClient, str],
) -> None:
    host, stranger, _ = app_url
    table, host_token = new_table(host, "highcard", 3)
    code, _ = sit(stranger, table, 1, "Mallory")
    assert code == 201
    # The host removes Mallory and bans her: neither her name (in any case or width) nor
    # her address may sit again.
    assert free(host, table, 1, host_token, ban=True) == 200
    assert host.get(f"/api/tables/{table}").json()["seats"][1]["kind"] is None
    for who, name in [(stranger, "Mallory"), (host, "ＭＡＬＬＯＲＹ"), (stranger, "Eve")]:
        code, answer = sit(who, table, 1, name)
        assert (code, answer["error"]) == (403, "web.error.banned"), name
        assert answer["message"]
    assert host.get(f"/api/tables/{table}").json()["seats"][1]["kind"] is None
    # Another person from the host's address sits; the game starts and plays.
    assert sit(host, table, 1, "Bob")[0] == 201
    add_bot(host, table, host_token, 0)
    add_bot(host, table, host_token, 2)
    start(host, table, host_token)


def test_only_the_host_bans_and_a_plain_removal_bans_nobody(
    app_url: tuple[TestClient, TestClient, str],
) -> None:
    host, stranger, _ = app_url
    table, host_token = new_table(host, "highcard", 2)
    _, seat = sit(stranger, table, 0, "Eve")
    # A person may leave their own seat, but not ban themselves (or anyone).
    assert free(stranger, table, 0, seat["token"], ban=True) == 403
    assert free(stranger, table, 0, seat["token"], ban=False) == 200
    # Freed without a ban, Eve may sit again; removed by the host without a ban, too.
    code, seat = sit(stranger, table, 0, "Eve")
    assert code == 201
    assert free(host, table, 0, host_token, ban=False) == 200
    assert sit(stranger, table, 0, "Eve")[0] == 201
    # A bot's seat freed "with a ban" bans no name.
    add_bot(host, table, host_token, 1)
    assert free(host, table, 1, host_token, ban=True) == 200
    assert sit(host, table, 1, "Random")[0] == 201


def test_a_ban_is_stored_with_the_table_and_holds_after_a_restart(db_url: str) -> None:
    config = ServerConfig(database_url=db_url, bot_delay=0, create_rate="", seat_rate="")
    with TestClient(create_app(config), client=("10.0.0.1", 1)) as host:
        table, host_token = new_table(host, "highcard", 2)
        assert sit(host, table, 0, "Mallory")[0] == 201
        assert free(host, table, 0, host_token, ban=True) == 200
    with TestClient(create_app(config), client=("10.0.0.9", 1)) as other:
        code, answer = sit(other, table, 0, "mallory")
        assert (code, answer["error"]) == (403, "web.error.banned")
        assert sit(other, table, 0, "Trent")[0] == 201
    store = Store(db_url)
    try:
        rec = store.load_table(table)
        assert rec is not None and any(v.startswith("client:") for v in rec.bans)
        assert "name:mallory" in rec.bans
    finally:
        store.close()


def test_tables_are_private_unless_made_public(client: TestClient) -> None:
    private, _ = new_table(client, "highcard", 2)
    public, _ = new_table(client, "highcard", 2, public=True)
    listed = [row["id"] for row in client.get("/api/tables").json()]
    assert listed == [public]
    # A private table is reached by its invitation link (its id) all the same.
    summary = client.get(f"/api/tables/{private}").json()
    assert (summary["public"], summary["status"]) == (False, "open")
    assert client.post(f"/api/tables/{private}/seats/0", json={"name": "Ann"}).status_code == 201
    bad = client.post("/api/tables", json={"game": "highcard", "players": 2, "public": "yes"})
    assert bad.status_code == 400


def test_the_lobby_pages_and_filters_public_tables(client: TestClient) -> None:
    made = [new_table(client, "highcard", 2, public=True)[0] for _ in range(5)]
    lover, lover_host = new_table(client, "loveletter", 2, public=True)
    add_bot(client, lover, lover_host, 0)
    add_bot(client, lover, lover_host, 1)
    start(client, lover, lover_host)
    newest_first = [lover, *reversed(made)]
    r = client.get("/api/tables")
    assert [row["id"] for row in r.json()] == newest_first
    assert r.headers["x-total-count"] == "6"
    pages = [client.get(f"/api/tables?limit=4&offset={o}") for o in (0, 4, 8)]
    assert [[row["id"] for row in p.json()] for p in pages] == [
        newest_first[:4],
        newest_first[4:],
        [],
    ]
    assert {p.headers["x-total-count"] for p in pages} == {"6"}
    only = client.get("/api/tables?game=loveletter").json()
    assert [row["id"] for row in only] == [lover]
    waiting = client.get("/api/tables?waiting=true")
    assert [row["id"] for row in waiting.json()] == newest_first[1:]
    assert waiting.headers["x-total-count"] == "5"
    both = client.get("/api/tables?waiting=true&game=loveletter").json()
    assert both == []
    for bad in ("limit=0", "limit=201", "offset=-1", "waiting=maybe"):
        r = client.get(f"/api/tables?{bad}")
        assert r.status_code == 400, bad


def test_an_abandoned_table_is_archived_never_deleted(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    finished, host = new_table(client, "highcard", 2, public=True)
    add_bot(client, finished, host, 0)
    add_bot(client, finished, host, 1)
    start(client, finished, host)
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{finished}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.02)
    idle, idle_host = new_table(client, "highcard", 3, public=True)
    _, ann = sit(client, idle, 0, "Ann")
    add_bot(client, idle, idle_host, 1)
    add_bot(client, idle, idle_host, 2)
    start(client, idle, idle_host)  # Ann is to act: nothing happens without her
    watched, _ = new_table(client, "highcard", 2, public=True)
    fresh, _ = new_table(client, "highcard", 2, public=True)
    for table_id in (finished, idle, watched):
        hub.tables[table_id].record.active -= 25 * 3600  # a day and an hour ago
    with client.websocket_connect(f"/ws/tables/{watched}") as ws:
        ws.send_json({"type": "hello", "seat": None, "lang": "en"})
        ws.receive_json()
        # Someone is watching: that table stays, as does the one that just began.
        archived = sweep(client)
    assert sorted(archived) == sorted([finished, idle])
    listed = {row["id"] for row in client.get("/api/tables").json()}
    assert listed == {watched, fresh}
    # Archived, not deleted: read back on demand, closed, its record and replay kept.
    summary = client.get(f"/api/tables/{idle}").json()
    assert summary["archived"] is True and summary["move"] == 0
    record = client.get(f"/api/tables/{idle}/record")
    assert record.status_code == 200 and record.json()["seed"] is not None
    assert client.get(f"/api/tables/{finished}/record").status_code == 200
    assert client.get(f"/api/tables/{idle}/replay/0").status_code == 200
    # Nothing more happens there.
    body = {"seat": 0, "token": ann["token"], "move": 0, "action": "keep"}
    moved = client.post(f"/api/tables/{idle}/move", json=body)
    assert (moved.status_code, moved.json()["error"]) == (410, "web.error.archived")
    assert moved.json()["message"]
    # An archived table read back is dropped from memory again at the next sweep; the
    # watched table, left by its spectator, is archived then.
    assert idle in hub.tables
    assert sweep(client) == [watched]
    assert idle not in hub.tables and watched not in hub.tables


def test_a_turn_based_table_waits_thirty_days(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table, _ = new_table(client, "highcard", 2, public=True)
    hub.archiver.turn_based = lambda t: t.id == table
    hub.tables[table].record.active -= 25 * 3600
    assert sweep(client) == []
    hub.tables[table].record.active -= 30 * 24 * 3600
    assert sweep(client) == [table]


def sweep(client: TestClient) -> list[str]:
    """Look for abandoned tables now, on the app's own event loop (where its tables live)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert client.portal is not None
    archived: list[str] = client.portal.call(hub.archiver.sweep)
    return archived
