"""Answers a client can act on: ``Retry-After`` when asked to wait, ``HEAD`` wherever ``GET``.

A 429 said nothing of when to ask again, and ``HEAD`` was refused 405 everywhere.
"""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from parlour.server import ServerConfig, create_app
from tests.server.conftest import human_table


def test_a_request_refused_for_its_rate_says_when_to_ask_again(db_url: str) -> None:
    config = ServerConfig(database_url=db_url, create_rate="1/minute")
    with TestClient(create_app(config)) as client:
        body = {"game": "highcard", "players": 2}
        assert client.post("/api/tables", json=body).status_code == 201
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 429
        assert refused.json()["error"] == "web.error.too_fast"
        assert int(refused.headers["retry-after"]) > 0


def test_head_is_answered_wherever_get_is_with_the_same_head_and_no_body(
    client: TestClient,
) -> None:
    table, _ = human_table(client)
    fill = {"table_id": table, "lang": "en", "game_id": "loveletter", "move": "0", "seat": "0"}
    fill["name"] = "cards"
    paths = ["/", f"/t/{table}", "/mine", f"/replay/{table}", "/howto/loveletter"]
    paths.append("/static/app.js")
    schema = client.app.openapi()  # type: ignore[attr-defined]
    for path, methods in schema["paths"].items():
        if "get" in methods:
            paths.append(re.sub(r"\{(\w+)\}", lambda m: fill[m.group(1)], path))
    assert len(paths) > 12
    for path in paths:
        got, head = client.get(path), client.head(path)
        assert head.status_code == got.status_code, path
        assert head.content == b"", path
        assert head.headers.get("content-type") == got.headers.get("content-type"), path
