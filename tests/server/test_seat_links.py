"""Seat links: a person moves their seat to another device with a link shown once."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import human_table


def post(client: TestClient, path: str, body: dict[str, Any]) -> Any:
    return client.post(path, json=body)


def test_a_seat_link_moves_the_seat_once_and_the_old_device_watches(client: TestClient) -> None:
    table, tokens = human_table(client)
    base = f"/api/tables/{table}/seats/1"
    assert post(client, f"{base}/link", {"token": tokens[0]}).status_code == 403  # not its seat
    made = post(client, f"{base}/link", {"token": tokens[1]})
    assert made.status_code == 201
    path = made.json()["link"]
    assert path.startswith(f"/t/{table}#link=1.")
    link = path.split("#link=1.", 1)[1]
    with client.websocket_connect(f"/ws/tables/{table}") as old:
        old.send_json({"type": "hello", "seat": 1, "token": tokens[1], "lang": "en"})
        assert old.receive_json()["seat"] == 1
        claimed = post(client, f"{base}/claim", {"link": link})
        assert claimed.status_code == 200, claimed.text
        new_token = claimed.json()["token"]
        assert new_token != tokens[1]
        lost = old.receive_json()
        assert (lost["type"], lost["error"]) == ("error", "web.error.seat_lost")
        assert old.receive_json()["seat"] is None  # it watches from now on
    # Used up: the link works once; the old token no longer plays, the new one does.
    again = post(client, f"{base}/claim", {"link": link})
    assert (again.status_code, again.json()["error"]) == (400, "friends.error.bad_link")
    body = {"seat": 0, "token": tokens[0], "move": 0, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=body).status_code == 200
    old_move = {"seat": 1, "token": tokens[1], "move": 1, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=old_move).status_code == 403
    new_move = {"seat": 1, "token": new_token, "move": 1, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=new_move).status_code == 200


def test_a_revoked_or_replaced_link_no_longer_works(client: TestClient) -> None:
    table, tokens = human_table(client)
    base = f"/api/tables/{table}/seats/0"
    first = post(client, f"{base}/link", {"token": tokens[0]}).json()["link"].split(".", 1)[1]
    second = post(client, f"{base}/link", {"token": tokens[0]}).json()["link"].split(".", 1)[1]
    assert post(client, f"{base}/claim", {"link": first}).status_code == 400  # replaced
    assert post(client, f"{base}/link/revoke", {"token": tokens[0]}).status_code == 200
    assert post(client, f"{base}/claim", {"link": second}).status_code == 400  # revoked
    gone = post(client, f"{base}/link/revoke", {"token": tokens[0]})
    assert gone.json()["error"] == "friends.error.no_link"
    assert post(client, f"{base}/claim", {"link": 5}).status_code == 400
    # Nothing changed: the seat still plays with its token.
    body = {"seat": 0, "token": tokens[0], "move": 0, "action": "keep"}
    assert client.post(f"/api/tables/{table}/move", json=body).status_code == 200
