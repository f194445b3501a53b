"""Rated games: a host makes a table rated; its end changes both accounts' ratings once,
even when the server stops between the last move and the rating; ladders and profiles."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from parlour.server.routes import ratings as rating_routes
from tests.server.accounts_support import sign_up
from tests.server.conftest import new_table, sit, start
from tests.server.passkey_device import Device


def app_on(db: Path) -> TestClient:
    config = ServerConfig(database_url=f"sqlite:///{db}", bot_delay=0, create_rate="", seat_rate="")
    return TestClient(create_app(config))


@dataclass
class Person:
    """A person at a rated table: their browser, passkey device and sign-up answer."""

    browser: TestClient
    device: Device
    made: dict[str, Any]


def rated_table(
    client: TestClient, names: tuple[str, str], rated: bool = True
) -> tuple[str, list[str]]:
    """A started table of two people, each making an account from their own browser with
    their seat; its id and the seats' tokens."""
    table, tokens, _ = rated_table_with(client, names, rated)
    return table, tokens


def rated_table_with(
    client: TestClient, names: tuple[str, str], rated: bool = True
) -> tuple[str, list[str], dict[str, Person]]:
    """:func:`rated_table`, and each person by name."""
    table, host = new_table(client)
    if rated:
        r = client.post(f"/api/tables/{table}/rated", json={"host_token": host})
        assert r.status_code == 200, r.text
    tokens = []
    people = {}
    for seat, name in enumerate(names):
        token = sit(client, table, seat, name)
        tokens.append(token)
        held = {"seats": [{"table": table, "seat": seat, "token": token}], "hosts": []}
        person = Person(TestClient(client.app), Device(), {})
        person.made = sign_up(person.browser, person.device, name, "password " + name, held)
        people[name] = person
    start(client, table, host)
    return table, tokens, people


def play_out(client: TestClient, table: str, tokens: list[str]) -> None:
    for move, seat in ((0, 0), (1, 1)):
        body = {"seat": seat, "token": tokens[seat], "move": move, "action": "keep"}
        r = client.post(f"/api/tables/{table}/move", json=body)
        assert r.status_code == 200, r.text
    # Answered once the game's rating (if any) is done.
    assert client.get(f"/api/tables/{table}/ratings").status_code == 200


def ladder(client: TestClient, min_games: int = 1) -> dict[str, tuple[float, int]]:
    r = client.get(f"/api/ratings/highcard?min_games={min_games}")
    assert r.status_code == 200, r.text
    return {row["name"]: (row["rating"], row["games"]) for row in r.json()}


def test_a_rated_game_changes_both_ratings_once(client: TestClient) -> None:
    table, tokens = rated_table(client, ("Ana", "Ben"))
    assert client.get(f"/api/tables/{table}/ratings").json() == {
        "rated": True,
        "done": False,
        "changes": [],
    }
    play_out(client, table, tokens)
    found = client.get(f"/api/tables/{table}/ratings").json()
    assert found["done"] and [c["name"] for c in found["changes"]] == ["Ana", "Ben"]
    after = ladder(client)
    assert set(after) == {"Ana", "Ben"} and all(games == 1 for _, games in after.values())
    for change in found["changes"]:
        assert after[change["name"]][0] == change["after"] != change["before"]
    assert ladder(client, min_games=2) == {}
    profile = client.get("/api/players/ana").json()
    assert profile["name"] == "Ana" and profile["ratings"][0]["games"] == 1
    assert profile["recent"][0]["replay"] == f"/replay/{table}"
    assert client.get("/api/players/nobody").status_code == 404


def test_an_unrated_table_changes_no_rating(client: TestClient) -> None:
    table, tokens = rated_table(client, ("Cid", "Dan"), rated=False)
    play_out(client, table, tokens)
    assert client.get(f"/api/tables/{table}/ratings").json()["rated"] is False
    assert ladder(client) == {}


def test_only_the_host_makes_an_open_table_rated(client: TestClient) -> None:
    table, host = new_table(client)
    r = client.post(f"/api/tables/{table}/rated", json={"host_token": "x" * 32})
    assert r.status_code == 403, r.text
    sit(client, table, 0, "A")
    sit(client, table, 1, "B")
    start(client, table, host)
    r = client.post(f"/api/tables/{table}/rated", json={"host_token": host})
    assert r.status_code == 409, r.text


def test_a_game_ended_before_its_rating_is_rated_once_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "parlour.db"
    with monkeypatch.context() as stopped, app_on(db) as client:
        # The server stops after the last move is stored and before the game is rated.
        async def stopped_here(hub: Any, table: Any) -> bool:
            return False

        stopped.setattr(rating_routes, "rate", stopped_here)
        table, tokens = rated_table(client, ("Eve", "Fay"))
        play_out(client, table, tokens)
        assert client.get(f"/api/tables/{table}").json()["status"] == "over"
        assert ladder(client) == {}
    with app_on(db) as client:
        once = ladder(client)
        assert set(once) == {"Eve", "Fay"} and all(g == 1 for _, g in once.values())
        changes = client.get(f"/api/tables/{table}/ratings").json()["changes"]
        assert len(changes) == 2
    with app_on(db) as client:  # started again: nothing left to rate, nothing rated twice
        assert ladder(client) == once
        assert client.get(f"/api/tables/{table}/ratings").json()["changes"] == changes


def test_rating_the_same_game_again_changes_nothing(client: TestClient) -> None:
    table, tokens = rated_table(client, ("Gil", "Hal"))
    play_out(client, table, tokens)
    before = ladder(client)
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    from parlour.server.accounts.ratings import rate_game

    assert rate_game(hub.store, table, "highcard", (0,)) is False
    assert ladder(client) == before


def test_a_rated_game_on_postgres(pg_url: str) -> None:
    config = ServerConfig(database_url=pg_url, bot_delay=0, create_rate="", seat_rate="")
    with TestClient(create_app(config)) as client:
        table, tokens = rated_table(client, ("Ivy", "Joe"))
        play_out(client, table, tokens)
        assert set(ladder(client)) == {"Ivy", "Joe"}
        hub: Any = client.app.state.hub  # type: ignore[attr-defined]
        from parlour.server.accounts.ratings import rate_game

        assert rate_game(hub.store, table, "highcard", (0,)) is False


def test_several_processes_rating_the_same_game_rate_it_once(tmp_path: Path) -> None:
    db = tmp_path / "parlour.db"
    with app_on(db) as client:
        hub: Any = client.app.state.hub  # type: ignore[attr-defined]
        table, tokens = rated_table(client, ("Kim", "Lou"))
        # The game ends with this process's rating held back, as if it stopped there.
        hub.on_moved.clear()
        play_out(client, table, tokens)
        assert ladder(client) == {}
    from concurrent.futures import ThreadPoolExecutor

    from parlour.server.accounts.ratings import rate_game
    from parlour.server.store.storage import Store

    stores = [Store(f"sqlite:///{db}") for _ in range(4)]
    try:
        with ThreadPoolExecutor(4) as pool:
            done = list(pool.map(lambda s: rate_game(s, table, "highcard", (0,)), stores))
    finally:
        for store in stores:
            store.close()
    assert sorted(done) == [False, False, False, True]
    with app_on(db) as client:
        assert sorted(games for _, games in ladder(client).values()) == [1, 1]


def test_a_player_chooses_what_their_profile_shows(client: TestClient) -> None:
    table, tokens, people = rated_table_with(client, ("Max", "Ned"))
    play_out(client, table, tokens)
    max_ = people["Max"]
    headers = {"Origin": "http://testserver", "X-CSRF-Token": max_.made["csrf"]}
    assert max_.browser.get("/api/account/profile").json() == {"ratings": True, "games": True}
    body = {"ratings": False, "games": False}
    r = max_.browser.post("/api/account/profile", json=body, headers=headers)
    assert r.status_code == 200, r.text
    profile = client.get("/api/players/Max").json()
    assert profile["ratings"] == [] and profile["recent"] == []
    assert profile["shown"] == body
    assert set(ladder(client)) == {"Ned"}  # hidden from the ladders too
    # Another site cannot choose for Max, nor a browser without Max's session.
    r = max_.browser.post(
        "/api/account/profile",
        json={"ratings": True, "games": True},
        headers={"Origin": "https://evil.example", "X-CSRF-Token": max_.made["csrf"]},
    )
    assert r.status_code == 403
    assert TestClient(client.app).get("/api/account/profile").status_code == 401
    body = {"ratings": True, "games": False}
    assert max_.browser.post("/api/account/profile", json=body, headers=headers).status_code == 200
    profile = client.get("/api/players/Max").json()
    assert profile["ratings"][0]["games"] == 1 and profile["recent"] == []
    assert set(ladder(client)) == {"Max", "Ned"}
