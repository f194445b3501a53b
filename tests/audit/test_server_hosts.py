"""Who the client is and what name it asked for: trusted only as configured.

``X-Forwarded-For`` was trusted from loopback by default, so a client at 127.0.0.1 with
no proxy in front rotated it to escape the create limit and bans; and with
``allowed_hosts`` empty a DNS-rebinding page (the attacker's name, resolving to this
machine) got 101 and API answers.
"""

from __future__ import annotations

import httpx
import pytest
from fastapi.testclient import TestClient

from parlour.server import create_app
from parlour.server.config import host_warning, serve_config
from parlour.tools.process import serve_process

TABLE = {"game": "loveletter", "players": 2}


def test_parlour_serve_answers_only_loopback_names_unless_told() -> None:
    config = serve_config({"database_url": "sqlite://"}, "127.0.0.1")
    with TestClient(create_app(config), base_url="http://localhost:8000") as client:
        assert client.get("/api/tables").status_code == 200
        for host in ["127.0.0.1:8000", "[::1]:8000", "localhost"]:
            assert client.get("/api/tables", headers={"host": host}).status_code == 200, host
        foreign = client.get("/api/tables", headers={"host": "rebind.example:8000"})
        assert (foreign.status_code, foreign.json()["error"]) == (400, "web.error.bad_host")
        assert client.get("/api/tables", headers={"host": "10.0.0.5"}).status_code == 400
    assert host_warning(config, "127.0.0.1", chosen=False) is None


def test_beyond_loopback_ip_addresses_are_answered_names_refused_and_a_warning_given() -> None:
    config = serve_config({"database_url": "sqlite://"}, "0.0.0.0")
    with TestClient(create_app(config), base_url="http://10.0.0.5:8000") as client:
        assert client.get("/api/tables").status_code == 200
        assert client.get("/api/tables", headers={"host": "[fd00::1]:80"}).status_code == 200
        assert client.get("/api/tables", headers={"host": "rebind.example"}).status_code == 400
    assert host_warning(config, "0.0.0.0", chosen=False) == "web.warn.no_host_names"
    named = serve_config({"database_url": "sqlite://", "allowed_hosts": ["p.example"]}, "::")
    assert host_warning(named, "::", chosen=True) is None
    anyone = serve_config({"database_url": "sqlite://", "allowed_hosts": []}, "0.0.0.0")
    assert host_warning(anyone, "0.0.0.0", chosen=True) == "web.warn.any_host"


def creates(base: str, forwarded: list[str]) -> list[int]:
    return [
        httpx.post(f"{base}/api/tables", json=TABLE, headers={"X-Forwarded-For": f}).status_code
        for f in forwarded
    ]


@pytest.mark.server_process
def test_a_forwarded_address_counts_only_from_a_configured_proxy() -> None:
    rotating = ["203.0.113.1", "203.0.113.2", "203.0.113.3"]
    env = {"PARLOUR_CREATE_RATE": "1/minute"}
    with serve_process("sqlite://", env=env, wait=40) as (base, _):
        # No proxy configured: the header is the client's say, and changes nothing.
        assert creates(base, rotating) == [201, 429, 429]
    env["PARLOUR_FORWARDED_ALLOW_IPS"] = "127.0.0.1"
    with serve_process("sqlite://", env=env, wait=40) as (base, _):
        assert creates(base, rotating) == [201, 201, 201]  # a proxy here names each client
