"""The lobby API: games, tables, seats, bots, start, and the refusals with their keys."""

from __future__ import annotations

from fastapi.testclient import TestClient

from parlour.bots.registry import make_bot
from tests.server.conftest import add_bot, human_table, new_table, sit, start


def test_games_are_listed_with_names_options_and_bots(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    hc = games["highcard"]
    assert (hc["min_players"], hc["max_players"]) == (2, 4)
    assert hc["options"][0]["name"] == "copies"
    assert "random" in hc["bots"]


def test_the_lobby_lists_each_bot_kind_once(client: TestClient) -> None:
    """ "heuristic" is Normal's older name: the command line takes it, the lobby lists Normal."""
    games = {g["id"]: g for g in client.get("/api/games").json()}
    for game in ("loveletter", "gauntlet", "splendor-marvel"):
        bots = games[game]["bots"]
        assert {"easy", "normal", "hard", "random"} <= set(bots) and "heuristic" not in bots
        assert make_bot("heuristic", game).name == "heuristic"


def test_bad_options_are_refused_with_the_engine_key_in_the_asked_language(
    client: TestClient,
) -> None:
    r = client.post(
        "/api/tables?lang=es", json={"game": "highcard", "players": 2, "options": {"copies": 9}}
    )
    assert r.status_code == 400
    assert r.json()["error"] == "core.error.option_bad_value"
    r = client.post("/api/tables", json={"game": "highcard", "players": 7})
    assert r.json()["error"] == "core.error.player_count"
    r = client.post("/api/tables", json={"game": "nope", "players": 2})
    assert r.json()["error"] == "core.error.unknown_game"
    r = client.post("/api/tables", json={"game": "highcard", "players": 2, "extra": 1})
    assert (r.status_code, r.json()["error"]) == (400, "web.error.bad_request")
    assert client.get("/api/tables").json() == []


def test_seats_tokens_bots_and_start(client: TestClient) -> None:
    table, host = new_table(client, players=3)
    token = sit(client, table, 0, "Ana")
    assert len(token) >= 24
    again = client.post(f"/api/tables/{table}/seats/0", json={"name": "Bea"})
    assert (again.status_code, again.json()["error"]) == (409, "web.error.seat_taken")
    assert client.post(f"/api/tables/{table}/seats/1", json={"name": "  "}).status_code == 400
    assert client.post(f"/api/tables/{table}/seats/5", json={"name": "X"}).status_code == 404
    bad = client.post(f"/api/tables/{table}/bots/1", json={"bot": "random", "host_token": token})
    assert (bad.status_code, bad.json()["error"]) == (403, "web.error.not_host")
    unknown = client.post(f"/api/tables/{table}/bots/1", json={"bot": "zzz", "host_token": host})
    assert unknown.json()["error"] == "core.error.unknown_bot"
    add_bot(client, table, host, 1)
    early = client.post(f"/api/tables/{table}/start", json={"host_token": host})
    assert (early.status_code, early.json()["error"]) == (409, "web.error.seats_free")
    sit(client, table, 2, "Cy")
    start(client, table, host)
    summary = client.get(f"/api/tables/{table}").json()
    assert summary["status"] == "playing"
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "human"]
    # No token of any seat is ever part of what others can read.
    listing = client.get("/api/tables").text
    assert token not in listing and host not in listing
    late = client.post(f"/api/tables/{table}/seats/0", json={"name": "Dan"})
    assert late.json()["error"] == "web.error.not_open"


def test_moves_over_http_check_token_turn_and_move_number(client: TestClient) -> None:
    table, tokens = human_table(client)
    url = f"/api/tables/{table}/move"
    wrong = client.post(url, json={"seat": 0, "token": tokens[1], "move": 0, "action": "keep"})
    assert (wrong.status_code, wrong.json()["error"]) == (403, "web.error.bad_token")
    turn = client.post(url, json={"seat": 1, "token": tokens[1], "move": 0, "action": "keep"})
    assert turn.json()["error"] == "core.error.not_your_turn"
    junk = client.post(url, json={"seat": 0, "token": tokens[0], "move": 0, "action": "fold"})
    assert junk.json()["error"] == "core.error.unknown_action"
    ok = client.post(url, json={"seat": 0, "token": tokens[0], "move": 0, "action": "keep"})
    assert ok.status_code == 200 and ok.json()["move"] == 1
    dup = client.post(url, json={"seat": 0, "token": tokens[0], "move": 0, "action": "keep"})
    assert (dup.status_code, dup.json()["error"]) == (409, "web.error.stale_move")
    assert client.get(f"/api/tables/{table}").json()["move"] == 1


def test_catalogs_are_served_for_every_language(client: TestClient) -> None:
    en = client.get("/api/i18n/en").json()
    vi = client.get("/api/i18n/vi").json()
    assert en["web.lobby.create"] == "Create table"
    assert vi["web.lobby.create"] != en["web.lobby.create"]
    assert "core.seat_name" in vi
    assert client.get("/api/i18n/xx").status_code == 400


def test_pages_and_static_client_are_served(client: TestClient) -> None:
    for path in ("/", "/t/abc", "/replay/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "<html" in r.text
    assert client.get("/static/app.js").status_code == 200


def test_seats_can_be_freed_before_the_start_by_the_host_or_their_person(
    client: TestClient,
) -> None:
    table, host = new_table(client, players=2)
    ana = sit(client, table, 0, "Ana")
    add_bot(client, table, host, 1)
    url = f"/api/tables/{table}/seats"
    stranger = client.post(f"{url}/1/free", json={"token": ana})
    assert (stranger.status_code, stranger.json()["error"]) == (403, "web.error.not_host")
    assert client.post(f"{url}/1/free", json={"token": host}).status_code == 200
    assert client.post(f"{url}/0/free", json={"token": ana}).status_code == 200
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert [s["kind"] for s in seats] == [None, None]
    assert client.post(f"{url}/0/free", json={"token": host}).status_code == 404
    sit(client, table, 0, "Bo")
    sit(client, table, 1, "Cy")
    start(client, table, host)
    late = client.post(f"{url}/0/free", json={"token": host})
    assert late.json()["error"] == "web.error.not_open"


def test_how_to_play_pages_are_served_for_known_games_only(client: TestClient) -> None:
    r = client.get("/howto/loveletter?lang=vi")
    assert r.status_code == 200 and "<html" in r.text
    fragment = client.get("/static/howto/loveletter.vi.html")
    assert fragment.status_code == 200 and 'lang="vi"' in fragment.text
    unknown = client.get("/howto/chess")
    assert unknown.status_code == 400 and unknown.json()["error"] == "core.error.unknown_game"


def test_static_files_come_compressed_with_etags(client: TestClient) -> None:
    plain = client.get("/static/app.js", headers={"accept-encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    assert plain.headers["cache-control"] == "no-cache" and plain.headers["etag"]
    for encoding in ["br", "gzip"]:
        raw = client.get("/static/app.js", headers={"accept-encoding": encoding})
        assert raw.headers["content-encoding"] == encoding
        assert raw.headers["vary"] == "accept-encoding"
        assert raw.content == plain.content  # httpx decodes; the size on the wire is less
        assert int(raw.headers["content-length"]) < len(plain.content) / 2
        etag = raw.headers["etag"]
        again = client.get(
            "/static/app.js", headers={"accept-encoding": encoding, "if-none-match": etag}
        )
        assert again.status_code == 304 and again.content == b""
