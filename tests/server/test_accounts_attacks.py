"""Attacks on the accounts' doors: another site's requests, a planted session, login
floods, telling names apart by the answer, another account's games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from parlour.server.accounts import keys
from parlour.server.accounts.sessions import COOKIE
from tests.server.accounts_support import ORIGIN, csrf, passkey_sign_in, sign_up
from tests.server.conftest import human_table
from tests.server.passkey_device import Device

EVIL = {"Origin": "https://evil.example"}


def app_with(tmp_path: Path, **settings: Any) -> TestClient:
    config = ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'limits.db'}",
        bot_delay=0,
        create_rate="",
        seat_rate="",
        **settings,
    )
    return TestClient(create_app(config))


def test_changes_from_another_site_are_refused_and_change_nothing(client: TestClient) -> None:
    made = sign_up(client, Device(), "Ann")
    token = made["csrf"]
    body = {"password": "a new password"}
    attempts = [
        EVIL | {"X-CSRF-Token": token},  # another site (it could not know the token anyway)
        ORIGIN,  # no token: a form or a script of another site with the cookie only
        ORIGIN | {"X-CSRF-Token": keys.csrf_token("a planted token")},
        {"X-CSRF-Token": token[:-1] + ("1" if token.endswith("0") else "0")},  # one character off
    ]
    for headers in attempts:
        for path, json in (("/api/account/password", body), ("/api/account/recovery", None)):
            r = client.post(path, json=json, headers=headers)
            assert r.status_code == 403 and r.json()["error"] == "account.error.bad_csrf", headers
        r = client.post("/api/account/signout", headers=headers)
        assert r.status_code == 403, headers
    me = client.get("/api/account").json()["account"]
    assert me is not None and not me["password"]  # still signed in, no password set
    code = {"code": made["recovery_code"]}
    other = TestClient(client.app)
    assert other.post("/api/account/signin/code", json=code, headers=ORIGIN).status_code == 200
    # Planted fault: the same request with the page's token is accepted.
    assert client.post("/api/account/password", json=body, headers=csrf(token)).status_code == 200


def test_another_site_cannot_sign_a_visitor_in(client: TestClient) -> None:
    made = sign_up(client, Device(), "Bob")
    victim = TestClient(client.app)
    for path, body in (
        ("/api/account/signin/code", {"code": made["recovery_code"]}),
        ("/api/account/signin/password", {"name": "Bob", "password": "whatever it is"}),
        ("/api/account/signin/options", {}),
        ("/api/account/signup/options", {"name": "Mallory"}),
    ):
        r = victim.post(path, json=body, headers=EVIL)
        assert r.status_code == 403, (path, r.text)
    assert victim.cookies.get(COOKIE) is None


def test_a_planted_session_token_is_never_signed_in(client: TestClient) -> None:
    device = Device()
    sign_up(client, device, "Cat")
    # An attacker's own live session, planted in the victim's browser before sign-in.
    attacker = TestClient(client.app)
    sign_up(attacker, Device(), "Mallory")
    planted = attacker.cookies[COOKIE]
    victim = TestClient(client.app)
    victim.cookies.set(COOKIE, planted, domain="testserver.local")
    r = passkey_sign_in(victim, device)
    assert r.status_code == 200, r.text
    assert victim.cookies[COOKIE] != planted
    assert r.json()["account"]["name"] == "Cat"
    # The planted token names no session any more: the attacker is not the victim.
    assert attacker.get("/api/account").json()["account"] is None
    # A token the server never made is no session either.
    forged = TestClient(client.app)
    forged.cookies.set(COOKIE, "x" * 43, domain="testserver.local")
    assert forged.get("/api/account").json()["account"] is None
    assert forged.get("/api/account/tables").status_code == 401


def test_login_floods_are_cut_per_client_and_per_name(tmp_path: Path) -> None:
    with app_with(tmp_path, login_rate="5/minute", login_name_rate="") as client:
        wrong = {"name": "Nobody", "password": "not the one"}
        answers = [
            client.post("/api/account/signin/password", json=wrong, headers=ORIGIN).status_code
            for _ in range(6)
        ]
        assert answers == [401] * 5 + [429]
        code = client.post("/api/account/signin/code", json={"code": "AAAA"}, headers=ORIGIN)
        assert code.status_code == 429  # every way in shares the client's limit
    with app_with(tmp_path, login_rate="", login_name_rate="3/minute") as client:
        target = {"name": "Dot", "password": "guess number n"}
        answers = [
            client.post("/api/account/signin/password", json=target, headers=ORIGIN).status_code
            for _ in range(4)
        ]
        assert answers == [401, 401, 401, 429]
        other = {"name": "DOT ", "password": "guess number n"}  # the same name, written otherwise
        assert (
            client.post("/api/account/signin/password", json=other, headers=ORIGIN).status_code
            == 429
        )
        elsewhere = {"name": "Eli", "password": "guess number n"}
        assert (
            client.post("/api/account/signin/password", json=elsewhere, headers=ORIGIN).status_code
            == 401
        )


@pytest.fixture
def verifications(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The hashes each password check verified against, in order."""
    seen: list[str] = []
    real = keys._hasher

    class Counting:
        def hash(self, password: str) -> str:
            return real.hash(password)

        def verify(self, stored: str, password: str) -> bool:
            seen.append(stored)
            return real.verify(stored, password)

    monkeypatch.setattr(keys, "_hasher", Counting())
    yield seen


def test_names_cannot_be_told_apart_by_the_answer(
    client: TestClient, verifications: list[str]
) -> None:
    sign_up(client, Device(), "Fox", password="the right password")
    sign_up(client, Device(), "Gil")  # an account without a password
    answers = []
    for name in ("Fox", "Gil", "Nobody at all"):
        body = {"name": name, "password": "a wrong password"}
        r = client.post("/api/account/signin/password", json=body, headers=ORIGIN)
        answers.append((r.status_code, r.json()))
    assert answers[0] == answers[1] == answers[2]
    assert answers[0][0] == 401
    # The same work for each: one argon2 verification (a stand-in hash for no password).
    assert len(verifications) == 3
    assert len({v.split("$")[3] for v in verifications}) == 1  # the same argon2 parameters
    codes = [
        client.post("/api/account/signin/code", json={"code": c}, headers=ORIGIN).json()
        for c in ("AAAA-BBBB", "not even a code")
    ]
    assert codes[0] == codes[1] == answers[0][1]


def test_an_account_sees_only_its_own_games(client: TestClient) -> None:
    table, tokens = human_table(client)
    held = {"seats": [{"table": table, "seat": 0, "token": tokens[0]}], "hosts": []}
    owner = TestClient(client.app)
    sign_up(owner, Device(), "Hana", held=held)
    other = TestClient(client.app)
    made = sign_up(other, Device(), "Ivo")
    assert other.get("/api/account/tables").json()["tables"] == []
    # A seat it does not hold cannot join by naming it without its token.
    guess = {"seats": [{"table": table, "seat": 0, "token": "x" * 32}], "hosts": []}
    r = other.post("/api/account/tables", json=guess, headers=csrf(made["csrf"]))
    assert r.status_code == 200 and r.json()["tables"] == [] and r.json()["held"]["seats"] == []
    assert [row["table"]["id"] for row in owner.get("/api/account/tables").json()["tables"]] == [
        table
    ]
    signed_out = TestClient(client.app)
    assert signed_out.get("/api/account/tables").status_code == 401
    assert signed_out.post("/api/account/tables", json=guess, headers=ORIGIN).status_code == 401
