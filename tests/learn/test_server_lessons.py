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


def test_love_letter_lessons_are_listed_by_edition(client: TestClient) -> None:
    """The list names each lesson's edition, so the page shows them in three groups."""
    listed = client.get("/api/learn/loveletter?lang=zh").json()["lessons"]
    groups = [x["group"] for x in listed]
    assert sorted(set(groups), key=groups.index) == ["classic", "2019", "premium"]
    titles = {x["group"]: x["group_title"] for x in listed}
    assert (
        titles["premium"] == t("learn.lesson.group.loveletter-premium", "zh") == "豪华版（5-8人）"
    )
    gauntlet = client.get("/api/learn/gauntlet").json()["lessons"]
    assert {(x["group"], x["group_title"]) for x in gauntlet} == {(None, None)}


def test_a_premium_lesson_names_four_rivals_and_refuses_a_wrong_guess(client: TestClient) -> None:
    """Five seats: the learner and Rival 1-4; the Guard naming a value other than the seen
    Bishop is explained and not played."""
    url = "/api/learn/lessons/loveletter-guard-premium?lang=es"
    opening = client.post(url, json={}).json()
    assert opening["names"][1:] == ["Rival 1", "Rival 2", "Rival 3", "Rival 4"]
    assert opening["lesson"]["group"] == "premium" and opening["view"]["known"] == {"1": "bishop"}
    wrong = client.post(url, json={"attempt": "guard>p1=8"}).json()
    assert not wrong["feedback"]["ok"] and wrong["view"] == opening["view"]
    right = client.post(url, json={"attempt": "guard>p1=9"}).json()
    assert right["done"] and right["view"]["in_round"][1] is False
