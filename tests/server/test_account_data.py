"""An account's data: exported whole (no secret in it), and deleted everywhere, its seats
in past games left to a former player."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from parlour.server.accounts.sessions import COOKIE
from tests.server.accounts_support import ORIGIN, csrf, passkey_sign_in, sign_up
from tests.server.passkey_device import Device
from tests.server.test_ratings import ladder, play_out, rated_table_with

EVIL = {"Origin": "https://evil.example"}


def test_the_export_holds_the_accounts_data_and_no_secret(client: TestClient) -> None:
    table, tokens, people = rated_table_with(client, ("Ada", "Bo"))
    play_out(client, table, tokens)
    ada = people["Ada"]
    r = ada.browser.get("/api/account/export")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    found = r.json()
    assert found["account"]["name"] == "Ada"
    assert sorted(w["kind"] for w in found["ways_in"]) == ["passkey", "password"]
    assert [t["table"] for t in found["tables"]] == [table]
    assert [g["table"] for g in found["rated_games"]] == [table]
    assert found["ratings"][0]["games"] == 1
    text = json.dumps(found)
    for secret in (
        ada.made["recovery_code"],
        ada.browser.cookies[COOKIE],
        ada.made["csrf"],
        tokens[0],
        "argon2",
    ):
        assert secret not in text
    assert "Bo" not in text  # nothing of another account
    assert TestClient(client.app).get("/api/account/export").status_code == 401


def test_a_deleted_account_is_gone_everywhere(client: TestClient) -> None:
    table, tokens, people = rated_table_with(client, ("Dee", "Eli"))
    play_out(client, table, tokens)
    dee = people["Dee"]
    token = dee.made["csrf"]
    cookie = dee.browser.cookies[COOKIE]
    for headers in (EVIL | {"X-CSRF-Token": token}, ORIGIN):
        r = dee.browser.post("/api/account/delete", json={"name": "Dee"}, headers=headers)
        assert r.status_code == 403, r.text
    wrong = dee.browser.post("/api/account/delete", json={"name": "Eli"}, headers=csrf(token))
    assert wrong.status_code == 400 and wrong.json()["error"] == "account.error.confirm_name"
    assert dee.browser.get("/api/account").json()["account"]["name"] == "Dee"
    r = dee.browser.post("/api/account/delete", json={"name": "dee"}, headers=csrf(token))
    assert r.status_code == 200, r.text
    # No way in is left.
    planted = TestClient(client.app)
    planted.cookies.set(COOKIE, cookie, domain="testserver.local")
    assert planted.get("/api/account").json()["account"] is None
    other = TestClient(client.app)
    code = {"code": dee.made["recovery_code"]}
    assert other.post("/api/account/signin/code", json=code, headers=ORIGIN).status_code == 401
    body = {"name": "Dee", "password": "password Dee"}
    assert other.post("/api/account/signin/password", json=body, headers=ORIGIN).status_code == 401
    assert passkey_sign_in(other, dee.device).status_code == 401
    # Nothing shows it: its profile, the ladder, the game's ratings, the table, its replay.
    assert client.get("/api/players/Dee").status_code == 404
    assert set(ladder(client)) == {"Eli"}
    answers = [
        client.get(f"/api/tables/{table}/ratings").json(),
        client.get(f"/api/tables/{table}").json(),
        client.get(f"/api/tables/{table}/record").json(),
        client.get(f"/api/tables/{table}/replay/2").json(),
        client.get("/api/players/Eli").json(),
        client.get("/api/ratings/highcard?min_games=1").json(),
    ]
    for answer in answers:
        assert "Dee" not in json.dumps(answer), answer
    seat = client.get(f"/api/tables/{table}").json()["seats"][0]
    assert seat["kind"] == "human" and seat["name"] == ""  # shown as "Player 1"
    # Planted fault: the other player is still named everywhere.
    assert "Eli" in json.dumps(answers[1])
    # The name is free again.
    assert sign_up(TestClient(client.app), Device(), "Dee")["account"]["name"] == "Dee"
