"""Accounts: sign up with a passkey, sign in by passkey, recovery code or password, the
browser's seats joining the account, and "My games" on every device the account uses."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from parlour.server.accounts.sessions import COOKIE
from tests.server.accounts_support import (
    ORIGIN,
    csrf,
    passkey_sign_in,
    sign_up,
    sign_up_answer,
)
from tests.server.conftest import human_table, new_table
from tests.server.passkey_device import Device


def second(client: TestClient) -> TestClient:
    """Another browser on the same server (no cookies of the first)."""
    return TestClient(client.app)


def test_sign_up_signs_in_and_shows_the_recovery_code_once(client: TestClient) -> None:
    made = sign_up(client, Device(), "Ada")
    assert made["account"]["name"] == "Ada" and made["account"]["passkeys"] == 1
    assert not made["account"]["password"]
    code = made["recovery_code"]
    assert len(code.replace("-", "")) == 24
    cookie = client.cookies.get(COOKIE)
    assert cookie
    me = client.get("/api/account").json()
    assert me["account"]["id"] == made["account"]["id"] and me["csrf"] == made["csrf"]
    assert code not in str(me)  # shown once: nothing answers it again


def test_the_session_cookie_is_httponly_and_samesite(client: TestClient) -> None:
    header = sign_up_answer(client, Device(), "Bea").headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header and "path=/" in header
    assert "secure" not in header  # plain http: a cookie marked Secure would not come back
    tls = TestClient(client.app, base_url="https://testserver")
    r = sign_up_answer(tls, Device(origin="https://testserver"), "Cy")
    assert r.status_code == 201, r.text
    assert "; secure" in r.headers["set-cookie"].lower()


def test_a_passkey_signs_in_on_another_browser(client: TestClient) -> None:
    device = Device()
    made = sign_up(client, device, "Dee")
    other = second(client)
    r = passkey_sign_in(other, device)
    assert r.status_code == 200, r.text
    assert r.json()["account"]["id"] == made["account"]["id"]
    assert other.cookies.get(COOKIE) != client.cookies.get(COOKIE)
    # Both sessions live; signing out ends only the one.
    r = other.post("/api/account/signout", headers=csrf(r.json()["csrf"]))
    assert r.status_code == 200, r.text
    assert other.get("/api/account").json()["account"] is None
    assert client.get("/api/account").json()["account"]["name"] == "Dee"


def test_the_recovery_code_signs_in_once_and_is_replaced(client: TestClient) -> None:
    made = sign_up(client, Device(), "Eve")
    other = second(client)
    r = other.post(
        "/api/account/signin/code", json={"code": made["recovery_code"].lower()}, headers=ORIGIN
    )
    assert r.status_code == 200, r.text
    fresh = r.json()["recovery_code"]
    assert fresh != made["recovery_code"] and r.json()["account"]["name"] == "Eve"
    third = second(client)
    again = third.post(
        "/api/account/signin/code", json={"code": made["recovery_code"]}, headers=ORIGIN
    )
    assert again.status_code == 401, again.text
    r = third.post("/api/account/signin/code", json={"code": fresh}, headers=ORIGIN)
    assert r.status_code == 200, r.text


def test_a_password_is_optional_and_a_second_way_in(client: TestClient) -> None:
    made = sign_up(client, Device(), "Fay", password="correct horse")
    assert made["account"]["password"]
    other = second(client)
    body = {"name": "fay", "password": "correct horse"}  # names compare case-folded
    r = other.post("/api/account/signin/password", json=body, headers=ORIGIN)
    assert r.status_code == 200, r.text
    token = r.json()["csrf"]
    r = other.post("/api/account/password", json={"password": None}, headers=csrf(token))
    assert r.status_code == 200 and not r.json()["account"]["password"]
    r = second(client).post("/api/account/signin/password", json=body, headers=ORIGIN)
    assert r.status_code == 401, r.text
    short = other.post("/api/account/password", json={"password": "short"}, headers=csrf(token))
    assert short.status_code == 400 and short.json()["error"] == "account.error.bad_password"


def test_names_follow_the_name_policy_and_are_unique(client: TestClient) -> None:
    sign_up(client, Device(), "Gus")
    for taken in ("Gus", "GUS", "Ｇus"):
        r = client.post("/api/account/signup/options", json={"name": taken}, headers=ORIGIN)
        assert r.status_code == 409, (taken, r.text)
    for bad in ("", "x" * 33, "p\u0430ypal", "a\u202eb"):
        r = client.post("/api/account/signup/options", json={"name": bad}, headers=ORIGIN)
        assert r.status_code == 400 and r.json()["error"] == "web.error.bad_name", bad


def test_a_ceremony_is_used_once(client: TestClient) -> None:
    device = Device()
    r = client.post("/api/account/signup/options", json={"name": "Hal"}, headers=ORIGIN)
    begun = r.json()
    body = {"ceremony": begun["ceremony"], "credential": device.create(begun["options"])}
    assert client.post("/api/account/signup", json=body, headers=ORIGIN).status_code == 201
    again = second(client).post("/api/account/signup", json=body, headers=ORIGIN)
    assert again.status_code == 400 and again.json()["error"] == "account.error.ceremony"


def held(seats: list[tuple[str, int, str]], hosts: list[tuple[str, str]]) -> dict[str, Any]:
    return {
        "seats": [{"table": t, "seat": s, "token": k} for t, s, k in seats],
        "hosts": [{"table": t, "token": k} for t, k in hosts],
    }


def test_the_guests_seats_join_the_account_and_follow_it(client: TestClient) -> None:
    table, tokens = human_table(client)
    waiting, host = new_table(client)
    stranger, stranger_tokens = human_table(client)
    mine = held([(table, 1, tokens[1]), (stranger, 0, "x" * 32)], [(waiting, host)])
    device = Device()
    sign_up(client, device, "Ivy", held=mine)
    other = second(client)
    r = passkey_sign_in(other, device)
    assert r.status_code == 200, r.text
    games = other.get("/api/account/tables").json()
    assert {row["table"]["id"] for row in games["tables"]} == {table, waiting}
    assert games["held"] == held([(table, 1, tokens[1])], [(waiting, host)])
    # The other browser plays the seat with the token it was given.
    first = {"seat": 0, "token": tokens[0], "move": 0, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=first).status_code == 200
    body = {"seat": 1, "token": games["held"]["seats"][0]["token"], "move": 1, "action": "keep"}
    assert other.post(f"/api/tables/{table}/move", json=body).status_code == 200
    # More tables join later, from a signed-in browser.
    r = other.post(
        "/api/account/tables",
        json=held([(stranger, 1, stranger_tokens[1])], []),
        headers=csrf(r.json()["csrf"]),
    )
    assert r.status_code == 200, r.text
    assert {row["table"]["id"] for row in r.json()["tables"]} == {table, waiting, stranger}


def test_playing_without_an_account_is_unchanged(client: TestClient) -> None:
    table, tokens = human_table(client)
    assert client.get("/api/account").json() == {"account": None, "csrf": None}
    body = {"seat": 0, "token": tokens[0], "move": 0, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=body).status_code == 200


def test_accounts_work_on_postgres(pg_url: str) -> None:
    config = ServerConfig(database_url=pg_url, bot_delay=0, create_rate="", seat_rate="")
    with TestClient(create_app(config)) as client:
        table, tokens = human_table(client)
        device = Device()
        made = sign_up(client, device, "Pia", "a long password", held([(table, 0, tokens[0])], []))
        other = second(client)
        assert passkey_sign_in(other, device).status_code == 200
        games = other.get("/api/account/tables").json()
        assert [row["table"]["id"] for row in games["tables"]] == [table]
        code = {"code": made["recovery_code"]}
        assert (
            second(client).post("/api/account/signin/code", json=code, headers=ORIGIN).status_code
            == 200
        )
        body = {"name": "Pia", "password": "a long password"}
        assert (
            second(client)
            .post("/api/account/signin/password", json=body, headers=ORIGIN)
            .status_code
            == 200
        )


def test_an_expired_session_is_signed_out_and_forgotten(client: TestClient) -> None:
    device = Device()
    made = sign_up(client, device, "Quin")
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    from sqlalchemy import func, select, update

    from parlour.server.accounts.schema import sessions_t

    with hub.store.engine.begin() as conn:
        conn.execute(update(sessions_t).values(expires=0.0))
    assert client.get("/api/account").json()["account"] is None
    assert client.get("/api/account/tables").status_code == 401
    assert passkey_sign_in(second(client), device).status_code == 200
    with hub.store.engine.connect() as conn:
        count = conn.execute(
            select(func.count()).where(sessions_t.c.account_id == made["account"]["id"])
        ).scalar()
    assert count == 1  # the new one; the expired one went with the sign-in
