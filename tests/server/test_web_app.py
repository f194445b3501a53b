"""The browser client as an installable web app: its manifest, icon and service worker."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_the_web_app_can_be_installed(client: TestClient) -> None:
    page = client.get("/").text
    assert '<link rel="manifest" href="/static/manifest.json">' in page
    manifest = client.get("/static/manifest.json").json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        r = client.get(icon["src"])
        assert r.status_code == 200 and r.headers["content-type"].startswith(icon["type"])
    worker = client.get("/static/sw.js")
    assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
