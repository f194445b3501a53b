"""Learning in the browser: a finished game's analysis on its replay page."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from tests.browser.conftest import shot
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


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_the_replay_page_analyses_a_player(browser: Any, base_url: str, lang: str) -> None:
    """Analyse: progress, then the chart and one row per decision; a row jumps the replay."""
    table = bot_game(base_url)
    for phone in (False, True):
        page = new_page(browser, phone=phone)
        page.goto(f"{base_url}/replay/{table}?lang={lang}")
        page.wait_for_selector("#analyse")
        page.select_option("#analyse-seat", "1")
        page.click("#analyse")
        page.wait_for_selector("#analysis-table tbody tr", timeout=60_000)
        answer = api(base_url, "GET", f"/api/tables/{table}/analysis/1?lang={lang}")
        rows = page.locator("#analysis-table tbody tr")
        assert rows.count() == len(answer["analysis"]["decisions"]) > 0
        assert page.locator(".analysis-chart circle").count() == rows.count()
        first = answer["analysis"]["decisions"][0]
        assert first["chosen_text"] in rows.first.inner_text()
        shot(page, f"60-analysis-{lang}-{'phone' if phone else 'desktop'}")
        rows.first.locator("button").click()
        move = str(first["index"] - 1)
        page.wait_for_function(f"() => document.querySelector('main').dataset.move === '{move}'")
        assert page.errors == []
        page.context.close()
