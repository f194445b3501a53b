"""Lessons over HTTP: the list, a position rebuilt from moves, a move played or explained."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.engine.i18n import t
from parlour.server import ServerConfig, create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A running app on a fresh database."""
    config = ServerConfig(database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0)
    with TestClient(create_app(config)) as c:
        yield c


def test_a_game_lists_its_lessons_and_the_page_is_served(client: TestClient) -> None:
    listed = client.get("/api/learn/gauntlet?lang=es").json()
    assert [x["id"] for x in listed["lessons"]] == ["gauntlet-fight", "gauntlet-snap"]
    assert listed["lessons"][1]["title"] == t("learn.lesson.gauntlet-snap.title", "es")
    assert client.get("/learn/gauntlet").status_code == 200
    assert client.get("/learn/nonesuch").status_code == 400
    assert client.get("/api/learn/nonesuch").status_code == 400


def test_a_wrong_move_is_explained_and_the_asked_one_played(client: TestClient) -> None:
    url = "/api/learn/lessons/loveletter-king?lang=vi"
    opening = client.post(url, json={}).json()
    assert opening["step"] == 0 and not opening["done"] and opening["moves"] == []
    assert opening["ask"] == t("learn.lesson.loveletter-king.step1", "vi")
    assert {o["action"] for o in opening["options"]} == {"king>p1", "baron>p1"}
    assert opening["view"]["hand"] is not None and opening["feedback"] is None
    wrong = client.post(url, json={"moves": [], "attempt": "baron>p1"}).json()
    assert wrong["feedback"] == {
        "ok": False,
        "text": t("learn.lesson.loveletter-king.wrong1", "vi"),
    }
    assert wrong["moves"] == [] and wrong["view"] == opening["view"]
    right = client.post(url, json={"moves": [], "attempt": "king>p1"}).json()
    assert right["feedback"]["ok"] and right["done"] and right["moves"] == ["king>p1"]
    assert right["options"] == [] and right["lesson"]["next"] == "loveletter-countess"
    assert right["view"]["hand"] == ["princess"]
    assert "traded" in [e["kind"] for e in right["events"]]
    again = client.post(url, json={"moves": ["king>p1"]}).json()
    assert again["done"] and again["view"] == right["view"]


def test_bad_requests_are_refused_with_clear_errors(client: TestClient) -> None:
    url = "/api/learn/lessons/loveletter-king"
    illegal = client.post(url, json={"attempt": "prince>p1"})
    assert illegal.status_code == 400 and illegal.json()["error"].startswith("core.error")
    history = client.post(url, json={"moves": ["baron>p1"]})
    assert history.json()["error"] == "learn.error.bad_moves"
    over = client.post(url, json={"moves": ["king>p1"], "attempt": "baron>p1"})
    assert over.json()["error"] == "learn.error.lesson_over"
    assert client.post("/api/learn/lessons/nonesuch", json={}).json()["error"] == (
        "learn.error.no_lesson"
    )
    long = client.post(url, json={"moves": ["king>p1"] * 9})
    assert long.status_code == 400 and long.json()["error"] == "web.error.bad_request"
