"""The lobby on a phone: a game against bots in one tap, open tables first with their edition
and free seats, every empty seat filled with bots at once, and no clock lost at the start."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.engine.i18n import t
from tests.browser.conftest import axe_problems, shot
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_play_now_against_bots_in_one_tap(browser: Any, base_url: str, lang: str) -> None:
    page = new_page(browser, phone=True)
    page.context.add_init_script(f"localStorage.setItem('parlour.lang', '{lang}')")
    page.goto(f"{base_url}/")
    page.wait_for_selector("#play-now")
    # What a phone shows first: the name, the game, players, the bots' level and Play now.
    box = page.locator("#play-now").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 800 and box["height"] >= 44
    assert page.inner_text("#quick-title") == t("web.lobby.quick", lang)
    # The open tables come before the form for a new table.
    order = page.evaluate(
        "() => [...document.querySelectorAll('main > section')].map((s) => s.className)"
    )
    assert [c.split()[-1] for c in order][:3] == ["quick-play", "lobby-tables", "lobby-new"]
    assert not page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
    shot(page, f"41-lobby-{lang}-phone", full_page=False)
    assert axe_problems(page) == []
    page.select_option("#quick-game", "splendor-marvel")
    page.select_option("#quick-players", "3")
    page.select_option("#quick-level", "easy")
    page.click("#play-now")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("main[data-status='playing'], main[data-status='over']")
    kinds = page.eval_on_selector_all(
        "li.player", "ps => ps.map((p) => p.querySelector('.badge') ? 'bot' : 'person')"
    )
    assert len(kinds) == 3 and kinds[1:] == ["bot", "bot"]
    assert page.locator("li.player[data-me='true']").get_attribute("data-seat") == "0"
    assert page.errors == []
    page.context.close()


def test_a_row_says_game_edition_and_free_seats(browser: Any, base_url: str) -> None:
    # The lobby's answer is made up here: a listed table made for this test would show up in
    # the other lobby tests' lists (one server serves them all).
    seats = [{"seat": 0, "kind": "human", "name": "Ana"}] + [
        {"seat": n, "kind": None, "name": None} for n in range(1, 5)
    ]
    row = {
        "id": "abcdef123456",
        "game": "loveletter",
        "players": 5,
        "options": {"edition": "premium"},
        "status": "open",
        "seats": seats,
        "move": 0,
        "to_act": None,
        "hints": False,
    }
    page = new_page(browser, phone=True)
    page.route(
        "**/api/tables?*",
        lambda route: route.fulfill(json=[row]),
    )
    page.goto(f"{base_url}/")
    found = page.locator(".table-row[data-table='abcdef123456']")
    found.wait_for()
    text = found.inner_text()
    assert "Love Letter · Premium" in text and "Ana" in text
    assert t("web.lobby.seats_free", "en", free=4, seats=5) in text
    assert page.errors == []
    page.context.close()


def test_fill_the_empty_seats_with_bots_then_start_keeps_the_clock_chosen(
    browser: Any, base_url: str
) -> None:
    page = new_page(browser, phone=True)
    create_table(page, base_url, "gauntlet", {})
    page.click("li.seat[data-seat='0'] button.sit")
    page.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    page.click("#fill-bots")
    page.wait_for_function(
        "() => [...document.querySelectorAll('li.seat')].every((s) => s.dataset.kind !== 'free')"
    )
    assert page.locator("#fill-bots").count() == 0  # every seat is taken
    # "Real time" chosen, "Set the clock" not pressed: Start sets it first.
    page.select_option("#clock-mode", "realtime")
    page.fill("#clock-per-move", "600")
    page.click("#start")
    page.wait_for_selector("main[data-status='playing']")
    page.wait_for_selector("li.player .clock")
    assert page.errors == []
    page.context.close()
