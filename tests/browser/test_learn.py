"""Learning in the browser: a finished game's analysis on its replay page."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from tests.browser.conftest import axe_problems, shot
from tests.browser.test_play import new_page

pytestmark = pytest.mark.browser


def api(base: str, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """One JSON request to the test server."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data else {}
    req = urllib.request.Request(f"{base}{path}", data, headers, method=method)
    with urllib.request.urlopen(req, timeout=30) as answer:
        return json.loads(answer.read())


def bot_game(base: str) -> str:
    """A one-round Love Letter game between two random bots, played to its end."""
    made = api(
        base,
        "POST",
        "/api/tables",
        {"game": "loveletter", "players": 2, "options": {"tokens_to_win": 1}},
    )
    table, host = made["table"]["id"], made["host_token"]
    for seat in (0, 1):
        api(base, "POST", f"/api/tables/{table}/bots/{seat}", {"bot": "random", "host_token": host})
    api(base, "POST", f"/api/tables/{table}/start", {"host_token": host})
    deadline = time.monotonic() + 30
    while api(base, "GET", f"/api/tables/{table}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return str(table)


def game_with_choices(base: str, seat: int) -> str:
    """A finished bot game in which ``seat`` made at least one choice between two options.

    A random one-round game sometimes ends before a seat has a real choice (a Guard guesses
    its only card on the first turn); its analysis then rightly says there is nothing to
    analyse, which is not what the test below looks at.
    """
    from parlour.engine import Replay
    from parlour.learn.analysis import decision_count

    for _ in range(20):
        table = bot_game(base)
        replay = Replay.from_json(api(base, "GET", f"/api/tables/{table}/record"))
        if decision_count(replay, seat) > 0:
            return table
    raise AssertionError("20 random games without a choice for the seat")


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_the_replay_page_analyses_a_player(browser: Any, base_url: str, lang: str) -> None:
    """Analyse: progress, then the chart and one row per decision; a row jumps the replay."""
    table = game_with_choices(base_url, 1)
    for phone in (False, True):
        page = new_page(browser, phone=phone)
        page.goto(f"{base_url}/replay/{table}?lang={lang}")
        page.wait_for_selector("#analyse", timeout=60_000)  # a loaded machine is slow
        page.select_option("#analyse-seat", "1")
        page.click("#analyse")
        page.wait_for_selector("#analysis-table tbody tr", timeout=120_000)
        answer = api(base_url, "GET", f"/api/tables/{table}/analysis/1?lang={lang}")
        rows = page.locator("#analysis-table tbody tr")
        assert rows.count() == len(answer["analysis"]["decisions"]) > 0
        assert page.locator(".analysis-chart circle").count() == rows.count()
        first = answer["analysis"]["decisions"][0]
        assert first["chosen_text"] in rows.first.inner_text()
        shot(page, f"60-analysis-{lang}-{'phone' if phone else 'desktop'}")
        if not phone and lang == "en":
            assert axe_problems(page) == []
        rows.first.locator("button").click()
        move = str(first["index"] - 1)
        page.wait_for_function(f"() => document.querySelector('main').dataset.move === '{move}'")
        assert page.errors == []
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_a_lesson_explains_a_wrong_move_then_plays_the_asked_one(
    browser: Any, base_url: str, lang: str
) -> None:
    """The King lesson: the Baron is explained and not played; the King ends the lesson."""
    from parlour.engine.i18n import t

    for phone in (False, True):
        page = new_page(browser, phone=phone)
        page.goto(f"{base_url}/learn/loveletter?lang={lang}&lesson=loveletter-king")
        page.wait_for_selector("#lesson[data-lesson='loveletter-king'] .lesson-move")
        assert page.locator("#lesson-ask").inner_text() == t(
            "learn.lesson.loveletter-king.step1", lang
        )
        page.click(".lesson-move[data-action='baron>p1']")
        page.wait_for_selector(".lesson-feedback.not-it")
        wrong = t("learn.lesson.loveletter-king.wrong1", lang)
        assert wrong in page.locator("#lesson-feedback").inner_text()
        assert page.locator(".lesson-move").count() == 2  # nothing was played
        if not phone:
            assert axe_problems(page) == []
        shot(page, f"61-lesson-{lang}-{'phone' if phone else 'desktop'}-explained")
        page.click(".lesson-move[data-action='king>p1']")
        page.wait_for_selector("#lesson[data-done='true'] .lesson-feedback.ok")
        done = t("learn.lesson.loveletter-king.done", lang)
        assert done in page.locator("#lesson-feedback").inner_text()
        shot(page, f"61-lesson-{lang}-{'phone' if phone else 'desktop'}-done")
        page.click("#next-lesson")
        page.wait_for_selector("#lesson[data-lesson='loveletter-countess']")
        assert page.errors == []
        page.context.close()


def test_the_lobby_and_the_how_to_pages_link_to_the_lessons(browser: Any, base_url: str) -> None:
    """Each game with lessons has a link in the lobby and on its how-to page."""
    page = new_page(browser)
    page.goto(f"{base_url}/")
    page.wait_for_selector("[data-lessons='gauntlet']")
    for game in ("loveletter", "gauntlet", "splendor-marvel"):
        assert page.locator(f"[data-lessons='{game}']").count() == 1
    page.goto(f"{base_url}/howto/splendor-marvel?lang=vi")
    page.click("#lessons-link")
    page.wait_for_selector("#lesson[data-lesson='splendor-marvel-win']")
    assert "lang=vi" in page.url
    assert page.errors == []
    page.context.close()
