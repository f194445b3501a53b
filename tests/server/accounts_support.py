"""Helpers of the accounts' tests: sign up and sign in through the HTTP API."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.passkey_device import Device

ORIGIN = {"Origin": "http://testserver"}
"""The header a page of the test server sends."""


def sign_up(
    client: TestClient,
    device: Device,
    name: str,
    password: str | None = None,
    held: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Make an account with a new passkey of ``device``; the answer (account, csrf, code)."""
    r = sign_up_answer(client, device, name, password, held)
    assert r.status_code == 201, r.text
    found: dict[str, Any] = r.json()
    return found


def sign_up_answer(
    client: TestClient,
    device: Device,
    name: str,
    password: str | None = None,
    held: dict[str, Any] | None = None,
) -> Any:
    """The response to making an account with a new passkey of ``device``."""
    r = client.post("/api/account/signup/options", json={"name": name}, headers=ORIGIN)
    assert r.status_code == 200, r.text
    begun = r.json()
    body: dict[str, Any] = {
        "ceremony": begun["ceremony"],
        "credential": device.create(begun["options"]),
    }
    if password is not None:
        body["password"] = password
    if held is not None:
        body["held"] = held
    return client.post("/api/account/signup", json=body, headers=ORIGIN)


def passkey_sign_in(client: TestClient, device: Device, held: dict[str, Any] | None = None) -> Any:
    """Sign in with ``device``'s newest passkey; the response."""
    r = client.post("/api/account/signin/options", json={}, headers=ORIGIN)
    assert r.status_code == 200, r.text
    begun = r.json()
    body: dict[str, Any] = {
        "ceremony": begun["ceremony"],
        "credential": device.get(begun["options"]),
    }
    if held is not None:
        body["held"] = held
    return client.post("/api/account/signin/passkey", json=body, headers=ORIGIN)


def csrf(token: str) -> dict[str, str]:
    """The headers of a change a signed-in page asks for."""
    return ORIGIN | {"X-CSRF-Token": token}
