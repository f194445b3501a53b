"""Hints in the browser: the host turns them on in the lobby, everyone at the table sees it,
and the player to move asks the hard bot's advice (desktop and phone, four languages)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.engine.i18n import t
from tests.browser.conftest import axe_problems, shot
from tests.browser.test_learn import api
from tests.browser.test_play import new_page

pytestmark = pytest.mark.browser


def hint_table(base: str, hints: bool = True) -> tuple[str, str]:
    """A started Love Letter table: a person at seat 0 (its token returned), a random bot at
    seat 1."""
    body = {"game": "loveletter", "players": 2, "options": {}, "hints": hints}
    made = api(base, "POST", "/api/tables", body)
    table, host = made["table"]["id"], made["host_token"]
    token = api(base, "POST", f"/api/tables/{table}/seats/0", {"name": "Ana"})["token"]
    api(base, "POST", f"/api/tables/{table}/bots/1", {"bot": "random", "host_token": host})
    api(base, "POST", f"/api/tables/{table}/start", {"host_token": host})
    return str(table), str(token)


def seated_page(browser: Any, base: str, table: str, token: str, lang: str, phone: bool) -> Any:
    """The table page of seat 0, in ``lang``, once it is that seat's turn."""
    page = new_page(browser, phone=phone)
    seat = json.dumps({"seat": 0, "token": token})
    page.add_init_script(f"localStorage.setItem('parlour.seat.{table}', {json.dumps(seat)})")
    page.goto(f"{base}/t/{table}?lang={lang}")
    page.wait_for_selector("#actions button.step", timeout=60_000)
    return page


def test_the_host_turns_hints_on_in_the_lobby(browser: Any, base_url: str) -> None:
    """The lobby's switch (off at first) makes a table with hints; the lobby's list marks a
    table with hints (the list is the table's own summary, served to this page alone: a
    public table would change the other lobby tests' lists)."""
    page = new_page(browser)
    page.goto(f"{base_url}/")
    page.fill("#name", "Ana")
    page.click("[data-game='loveletter']")
    assert not page.locator("#hints").is_checked()
    assert page.locator("#hints-hint").inner_text() == t("web.lobby.hints_hint", "en")
    page.check("#hints")
    assert axe_problems(page) == []
    shot(page, "hint-lobby-en")
    page.click("#create")
    page.wait_for_url("**/t/*")
    table = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#hints-on")  # shown while the seats fill, too
    summary = api(base_url, "GET", f"/api/tables/{table}")
    assert summary["hints"] is True
    plain = api(base_url, "POST", "/api/tables", {"game": "loveletter", "players": 2})["table"]
    lobby = new_page(browser)
    listed = json.dumps([summary, plain])
    lobby.route("**/api/tables?*", lambda route: route.fulfill(json=json.loads(listed)))
    lobby.goto(f"{base_url}/")
    lobby.wait_for_selector(f".table-row[data-table='{plain['id']}']")
    row = lobby.locator(f".table-row[data-table='{table}']")
    assert t("web.hint.on", "en") in row.inner_text()
    other = lobby.locator(f".table-row[data-table='{plain['id']}']")
    assert t("web.hint.on", "en") not in other.inner_text()
    assert page.errors == [] and lobby.errors == []


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_the_player_to_move_asks_for_a_hint(browser: Any, base_url: str, lang: str) -> None:
    """The badge for everyone; the Hint button for the player to move only; the answer names
    the hard bot's move and the best options' chances, as the server gave them."""
    for phone in (False, True):
        table, token = hint_table(base_url)
        page = seated_page(browser, base_url, table, token, lang, phone)
        assert t("web.hint.on", lang) in page.locator("#hints-on").inner_text()
        watcher = new_page(browser, phone=phone)
        watcher.goto(f"{base_url}/t/{table}?lang={lang}")
        watcher.wait_for_selector("#hints-on")
        assert watcher.locator("#hint-ask").count() == 0
        page.click("#hint-ask")
        page.wait_for_selector("#hint-answer", timeout=60_000)
        move = int(page.locator("main").get_attribute("data-move") or "0")
        body = {"seat": 0, "token": token}
        hint = api(base_url, "POST", f"/api/tables/{table}/hint?lang={lang}", body)
        assert hint["move"] == move  # the server kept the answer the page showed
        answer = page.locator("#hint-answer")
        assert hint["best_text"] in answer.locator(".hint-best").inner_text()
        rows = answer.locator(".hint-option")
        assert rows.count() == len(hint["options"]) >= 1
        for n, option in enumerate(hint["options"]):
            chance = t("web.hint.chance", lang, percent=round(option["win"] * 100))
            assert option["text"] in rows.nth(n).inner_text()
            assert chance in rows.nth(n).inner_text()
        assert axe_problems(page) == []
        shot(page, f"hint-{lang}-{'phone' if phone else 'desktop'}")
        # The move is played: the answer goes with its turn.
        for _ in range(8):  # each step of the first move, then its confirmation
            if page.locator(f"main[data-move='{move}']").count() == 0:
                break
            page.locator("#actions button.step").first.click()
            page.wait_for_timeout(300)
        page.wait_for_selector(f"main:not([data-move='{move}'])")
        assert page.locator("#hint-answer").count() == 0
        assert page.errors == [] and watcher.errors == []
        page.context.close()
        watcher.context.close()


def test_no_hint_control_where_hints_are_off(browser: Any, base_url: str) -> None:
    """A table without hints shows neither the badge nor the control, even on one's turn."""
    table, token = hint_table(base_url, hints=False)
    page = seated_page(browser, base_url, table, token, "en", False)
    assert page.locator("#hints-on").count() == 0 and page.locator("#hint-ask").count() == 0
    assert page.errors == []
