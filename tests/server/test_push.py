"""Web Push end to end: a device subscribes; its turn at a turn-based table and the game's
end reach it through a push service stand-in on loopback, encrypted for it and signed with
the server's VAPID key; a subscription the service says is gone is dropped."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import http_ece
import pytest
from cryptography.exceptions import InvalidSignature
from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from parlour.server.routes import push as push_routes
from tests.server.accounts_support import ORIGIN, csrf, sign_up
from tests.server.conftest import new_table, sit, start
from tests.server.passkey_device import Device
from tests.server.push_service import Browser, Service, b64, push_service, vapid_claims

TURN = {"mode": "turn", "per_move": 3600, "on_timeout": "seat"}
SUBJECT = "mailto:host@club.example"


@pytest.fixture
def service() -> Iterator[Service]:
    with push_service() as found:
        yield found


def app_on(db: Path) -> TestClient:
    config = ServerConfig(
        database_url=f"sqlite:///{db}",
        bot_delay=0,
        create_rate="",
        seat_rate="",
        push_plain_http=True,
        push_subject=SUBJECT,
    )
    return TestClient(create_app(config))


def settle(client: TestClient) -> None:
    """Let the pushes under way reach the service."""
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    client.portal.call(push_routes.settle, hub)  # type: ignore[union-attr]


def seated_account(
    client: TestClient, table: str, seat: int, name: str
) -> tuple[TestClient, str, dict[str, Any]]:
    """A person sitting at ``seat`` who makes an account; their browser, token, sign-up."""
    token = sit(client, table, seat, name)
    browser = TestClient(client.app)
    held = {"seats": [{"table": table, "seat": seat, "token": token}], "hosts": []}
    return browser, token, sign_up(browser, Device(), name, held=held)


def test_turns_and_the_end_are_pushed_encrypted_and_signed(
    tmp_path: Path, service: Service
) -> None:
    with app_on(tmp_path / "p.db") as client:
        server_key = client.get("/api/push/key").json()["key"]
        table, host = new_table(client)
        r = client.post(f"/api/tables/{table}/clock", json={"host_token": host, **TURN})
        assert r.status_code == 200, r.text
        ana, ana_token, ana_made = seated_account(client, table, 0, "Ana")
        ben, ben_token, ben_made = seated_account(client, table, 1, "Ben")
        phone = Browser(f"{service.url}/push/ana")
        body = {"subscription": phone.subscription(), "ends": False}
        r = ana.post("/api/push/subscribe?lang=vi", json=body, headers=csrf(ana_made["csrf"]))
        assert r.status_code == 200, r.text
        laptop = Browser(f"{service.url}/push/ben")
        body = {"subscription": laptop.subscription()}
        r = ben.post("/api/push/subscribe", json=body, headers=csrf(ben_made["csrf"]))
        assert r.status_code == 200, r.text
        start(client, table, host)
        move = {"seat": 0, "token": ana_token, "move": 0, "action": "keep"}
        assert client.post(f"/api/tables/{table}/move", json=move).status_code == 200
        settle(client)
        # Ben's turn reached Ben's laptop only.
        assert [p.path for p in service.received] == ["/push/ben"]
        message = laptop.read(service.received[0])
        assert message == {
            "title": "Your move",
            "body": "highcard: it is your move.",  # a test game without a catalog
            "url": f"/t/{table}",
            "tag": f"turns:{table}",
        }
        claims = vapid_claims(service.received[0], server_key)
        assert claims["aud"] == service.url and claims["sub"] == SUBJECT
        # Planted fault: claims changed after signing do not check out.
        pushed = service.received[0]
        signed = pushed.headers["authorization"]
        _, claimed, _ = signed.split("t=")[1].split(",")[0].strip().split(".")
        forged = b64(json.dumps(claims | {"aud": "https://elsewhere.example"}).encode())
        headers = pushed.headers | {"authorization": signed.replace(claimed, forged)}
        with pytest.raises(InvalidSignature):
            vapid_claims(replace(pushed, headers=headers), server_key)
        with pytest.raises(http_ece.ECEException):
            phone.read(service.received[0])  # encrypted for the laptop only
        # The end: Ben's laptop hears of it; Ana's phone turned the ends off.
        service.received.clear()
        move = {"seat": 1, "token": ben_token, "move": 1, "action": "keep"}
        assert client.post(f"/api/tables/{table}/move", json=move).status_code == 200
        settle(client)
        assert [p.path for p in service.received] == ["/push/ben"]
        assert laptop.read(service.received[0])["title"] == "Game over"


def test_a_gone_subscription_is_dropped(tmp_path: Path, service: Service) -> None:
    with app_on(tmp_path / "p.db") as client:
        table, host = new_table(client)
        client.post(f"/api/tables/{table}/clock", json={"host_token": host, **TURN})
        _, ana_token, _ = seated_account(client, table, 0, "Cat")
        ben, _, ben_made = seated_account(client, table, 1, "Dan")
        laptop = Browser(f"{service.url}/push/gone")
        service.gone.add("/push/gone")
        body = {"subscription": laptop.subscription()}
        assert (
            ben.post("/api/push/subscribe", json=body, headers=csrf(ben_made["csrf"])).status_code
            == 200
        )
        start(client, table, host)
        move = {"seat": 0, "token": ana_token, "move": 0, "action": "keep"}
        assert client.post(f"/api/tables/{table}/move", json=move).status_code == 200
        settle(client)
        assert len(service.received) == 1
        hub: Any = client.app.state.hub  # type: ignore[attr-defined]
        from parlour.server.accounts.push import devices

        assert devices(hub.store, [ben_made["account"]["id"]], "turns") == []


def test_subscribing_needs_a_session_its_csrf_token_and_https(client: TestClient) -> None:
    made = sign_up(client, Device(), "Eve")
    body = {"subscription": Browser("https://push.example/x").subscription()}
    assert client.post("/api/push/subscribe", json=body, headers=ORIGIN).status_code == 403
    other = TestClient(client.app)
    assert other.post("/api/push/subscribe", json=body, headers=ORIGIN).status_code == 401
    plain = {"subscription": Browser("http://push.example/x").subscription()}
    r = client.post("/api/push/subscribe", json=plain, headers=csrf(made["csrf"]))
    assert r.status_code == 400 and r.json()["error"] == "account.error.push_endpoint"
    r = client.post("/api/push/subscribe", json=body, headers=csrf(made["csrf"]))
    assert r.status_code == 200, r.text


def test_the_vapid_key_is_made_once_and_kept(tmp_path: Path) -> None:
    with app_on(tmp_path / "k.db") as client:
        first = client.get("/api/push/key").json()["key"]
    with app_on(tmp_path / "k.db") as client:
        assert client.get("/api/push/key").json()["key"] == first
