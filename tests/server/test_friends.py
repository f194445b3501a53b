"""Friends: added by name both ways, seen online and at public tables, invited to a table
(the invitation waits in the list and reaches the friend's device); strangers see nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.server.accounts.sessions import COOKIE
from tests.server.accounts_support import ORIGIN, csrf, sign_up
from tests.server.conftest import new_table, sit
from tests.server.passkey_device import Device
from tests.server.push_service import Browser, Service, push_service
from tests.server.test_push import app_on, settle


@pytest.fixture
def service() -> Iterator[Service]:
    with push_service() as found:
        yield found


class Person:
    """A signed-in browser."""

    def __init__(self, client: TestClient, name: str, held: dict[str, Any] | None = None):
        self.browser = TestClient(client.app)
        self.made = sign_up(self.browser, Device(), name, held=held)
        self.name = name

    def post(self, path: str, body: dict[str, Any]) -> Any:
        return self.browser.post(path, json=body, headers=csrf(self.made["csrf"]))

    def post_within(self, client: TestClient, path: str, body: dict[str, Any]) -> Any:
        """The same through the running app's own client, whose loop outlives the request
        (a bare TestClient's loop ends with each request, and the pushes under way with it)."""
        cookie = f"{COOKIE}={self.browser.cookies[COOKIE]}"
        headers = csrf(self.made["csrf"]) | {"Cookie": cookie}
        return client.post(path, json=body, headers=headers)

    def circle(self) -> dict[str, Any]:
        r = self.browser.get("/api/friends")
        assert r.status_code == 200, r.text
        found: dict[str, Any] = r.json()
        return found


def test_friends_are_made_both_ways_and_see_each_other(client: TestClient) -> None:
    table, _ = new_table(client, public=True)
    token = sit(client, table, 0, "Ana")
    held = {"seats": [{"table": table, "seat": 0, "token": token}], "hosts": []}
    ana, ben, cid = Person(client, "Ana", held), Person(client, "Ben"), Person(client, "Cid")
    assert ana.post("/api/friends/add", {"name": "ben"}).status_code == 200
    # Asked, not yet friends: Ben sees the request, nobody sees anyone online.
    assert ana.circle()["asking"] == ["Ben"] and ana.circle()["friends"] == []
    assert ben.circle()["asked_by"] == ["Ana"]
    assert ben.post("/api/friends/add", {"name": "Ana"}).status_code == 200
    ben_view = ben.circle()["friends"]
    assert ben_view == [
        {
            "name": "Ana",
            "online": True,
            "tables": [{"table": table, "game": "highcard", "status": "open"}],
        }
    ]
    assert cid.circle() == {"friends": [], "asked_by": [], "asking": [], "invitations": []}
    for bad, error in (("Cid", None), ("Nobody", "account.error.no_player"), ("Cid", None)):
        r = cid.post("/api/friends/add", {"name": bad})
        if error:
            assert r.status_code == 404 and r.json()["error"] == error
        else:
            assert r.status_code == 400 and r.json()["error"] == "account.error.self_friend"
    assert ana.post("/api/friends/remove", {"name": "Ben"}).status_code == 200
    assert ben.circle()["friends"] == [] and ana.circle()["friends"] == []


def test_an_invitation_waits_in_the_list_and_is_pushed(tmp_path: Path, service: Service) -> None:
    with app_on(tmp_path / "f.db") as client:
        table, host = new_table(client)
        held = {"seats": [], "hosts": [{"table": table, "token": host}]}
        ana, ben, cid = Person(client, "Ana", held), Person(client, "Ben"), Person(client, "Cid")
        phone = Browser(f"{service.url}/push/ben")
        r = ben.post("/api/push/subscribe?lang=es", {"subscription": phone.subscription()})
        assert r.status_code == 200, r.text
        # Not friends yet: refused, nothing pushed.
        r = ana.post("/api/friends/invite", {"name": "Ben", "table": table})
        assert r.status_code == 403 and r.json()["error"] == "account.error.not_friends"
        ana.post("/api/friends/add", {"name": "Ben"})
        ben.post("/api/friends/add", {"name": "Ana"})
        ben.post("/api/friends/add", {"name": "Cid"})
        cid.post("/api/friends/add", {"name": "Ben"})
        # Cid may not invite to a table Cid neither sits at nor hosts.
        r = cid.post("/api/friends/invite", {"name": "Ben", "table": table})
        assert r.status_code == 403 and r.json()["error"] == "account.error.not_your_table"
        r = ana.post_within(client, "/api/friends/invite", {"name": "Ben", "table": table})
        assert r.status_code == 200, r.text
        settle(client)
        assert [p.path for p in service.received] == ["/push/ben"]
        message = phone.read(service.received[0])
        assert message["url"] == f"/t/{table}" and message["title"] == "Una invitación"
        assert "Ana" in message["body"]
        invitations = ben.circle()["invitations"]
        assert [(i["from"], i["table"]) for i in invitations] == [("Ana", table)]
        assert cid.circle()["invitations"] == []


def test_friends_need_a_session_and_its_csrf_token(client: TestClient) -> None:
    ana = Person(client, "Ana")
    Person(client, "Ben")
    stranger = TestClient(client.app)
    assert stranger.get("/api/friends").status_code == 401
    r = ana.browser.post("/api/friends/add", json={"name": "Ben"}, headers=ORIGIN)
    assert r.status_code == 403
    assert ana.circle()["asking"] == []


def test_a_deleted_account_leaves_no_friend_behind(client: TestClient) -> None:
    ana, ben = Person(client, "Ana"), Person(client, "Ben")
    ana.post("/api/friends/add", {"name": "Ben"})
    ben.post("/api/friends/add", {"name": "Ana"})
    assert ben.post("/api/account/delete", {"name": "Ben"}).status_code == 200
    assert ana.circle() == {"friends": [], "asked_by": [], "asking": [], "invitations": []}
