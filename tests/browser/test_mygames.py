"""My games in the browser: a turn-based table left and resumed from My games when it is your
move; the lobby's Resume; the page in four languages on a desktop and a phone, axe clean."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import axe_problems, shot
from tests.browser.test_absent import play_one_move
from tests.browser.test_play import new_page

pytestmark = pytest.mark.browser


def turn_based_table_against_a_bot(page: Any, base_url: str) -> str:
    """A Love Letter table with a day a move, Ana in seat 0 and a bot in seat 1, started;
    returns its id. (Private: the lobby tests count the public tables of this server.)"""
    page.goto(f"{base_url}/")
    page.fill("#name", "Ana")
    page.click("[data-game='loveletter']")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".seat-list")
    table = str(page.url.rsplit("/", 1)[1])
    page.click("li.seat[data-seat='0'] button.sit")
    page.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    page.select_option("#clock-mode", "turn")
    page.fill("#clock-per-move", "24")
    page.click("#clock-save")
    page.wait_for_selector("#clock-summary:has-text('1')")
    page.click("li.seat[data-seat='1'] button.add-bot")
    page.wait_for_selector("li.seat[data-seat='1'][data-kind='bot']")
    page.click("#start")
    page.wait_for_selector("li.player[data-seat='0']")
    return table


def test_a_turn_based_game_left_and_resumed_from_my_games(browser: Any, base_url: str) -> None:
    page = new_page(browser)
    table = turn_based_table_against_a_bot(page, base_url)
    # Ana plays when it is her move, then leaves; the bot answers while she is away.
    page.wait_for_selector("#actions .your-turn", timeout=20000)
    play_one_move(page)
    # The lobby offers Resume at her table, not Watch (listed as if public: the lobby's list
    # is answered here, so that this server's public tables stay the lobby tests' own).
    summary = page.evaluate(f"fetch('/api/tables/{table}').then(r => r.json())")
    page.route("**/api/tables?*", lambda route: route.fulfill(json=[summary]))
    page.goto(f"{base_url}/")
    row = page.locator(f".table-row[data-table='{table}']")
    assert row.locator("a.button").first.inner_text() == "Resume"
    page.unroute("**/api/tables?*")
    page.click("#my-games")
    page.wait_for_url("**/mine")
    mine = page.locator(f"li.mine-row[data-table='{table}']")
    mine.wait_for()
    page.wait_for_function(
        "id => document.querySelector(`li.mine-row[data-table='${id}']`)"
        ".dataset.yourTurn === 'true' || !location.reload()",
        arg=table,
        timeout=20000,
        polling=1000,
    )
    mine = page.locator(f"li.mine-row[data-table='{table}']")
    assert mine.locator(".badge.turn").inner_text() == "Your move"
    left = mine.locator(".mine-left").inner_text()
    assert "left" in left  # a day a move, counting down between two looks
    page.wait_for_function(
        "t => document.querySelector('.mine-left').innerText !== t", arg=left, timeout=5000
    )
    assert page.title().startswith("(!)")
    shot(page, "mygames-your-turn")
    mine.locator("a.resume").click()
    page.wait_for_url(f"**/t/{table}")
    page.wait_for_selector("#actions .your-turn")
    before = page.locator("main").get_attribute("data-move")
    play_one_move(page)
    assert page.locator("main").get_attribute("data-move") != before
    assert page.errors == []


def test_no_games_and_a_stranger_token_are_told_plainly(browser: Any, base_url: str) -> None:
    page = new_page(browser)
    page.goto(f"{base_url}/mine")
    page.wait_for_selector(".mine-empty")
    # A token for a table that never was: skipped, and this browser forgets it.
    page.evaluate(
        "localStorage.setItem('parlour.seat.nosuch', JSON.stringify({seat: 0, token: 'x'}))"
    )
    page.reload()
    page.wait_for_selector(".mine-empty")
    page.wait_for_function("localStorage.getItem('parlour.seat.nosuch') === null")
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_my_games_in_four_languages_on_desktop_and_phone(
    browser: Any, base_url: str, lang: str
) -> None:
    page = new_page(browser)
    turn_based_table_against_a_bot(page, base_url)
    for phone in (False, True):
        viewer = page if not phone else page.context.new_page()
        if phone:
            viewer.set_viewport_size({"width": 390, "height": 844})
        viewer.goto(f"{base_url}/mine?lang={lang}")
        viewer.wait_for_selector("li.mine-row")
        assert viewer.locator("html").get_attribute("lang") == lang
        text = viewer.locator("#mine").inner_text()
        assert "mine." not in text and "web." not in text  # every text found in the catalog
        assert axe_problems(viewer) == []
        shot(viewer, f"{lang}-{'phone' if phone else 'desktop'}-mygames")
