"""API answers travel gzipped when the client takes it; small ones and static files as they are."""

from __future__ import annotations

import gzip
import json

from fastapi.testclient import TestClient


def test_a_catalog_is_gzipped_for_a_client_that_takes_it(client: TestClient) -> None:
    plain = client.get("/api/i18n/en", headers={"Accept-Encoding": "identity"})
    packed = client.get("/api/i18n/en", headers={"Accept-Encoding": "gzip"})
    assert plain.headers.get("content-encoding") is None
    assert packed.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in packed.headers["vary"].lower()
    # httpx undoes the gzip: the bytes that travelled are the raw stream's.
    assert packed.json() == plain.json()
    assert len(gzip.compress(plain.content)) < len(plain.content) // 2


def test_small_answers_and_static_files_are_left_as_they_are(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "highcard", "players": 2})
    table = made.json()["table"]["id"]
    small = client.get(f"/api/tables/{table}", headers={"Accept-Encoding": "gzip"})
    assert len(json.dumps(small.json())) < 1024
    assert small.headers.get("content-encoding") is None
    # A static file is compressed once, ahead (brotli or gzip), never again on the way out.
    css = client.get("/static/app.css", headers={"Accept-Encoding": "gzip"})
    assert css.headers["content-encoding"] == "gzip"
    assert css.text.startswith(":root")
