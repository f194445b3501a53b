"""Playing in the browser: lobby, seats, bots, clicks to the end, languages, reload, replay."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.games import game_ids
from tests.browser.conftest import shot

pytestmark = pytest.mark.browser

Page = Any


def new_page(browser: Any, phone: bool = False) -> Page:
    """A fresh context (its own localStorage) and page; English unless switched."""
    size = {"width": 390, "height": 800} if phone else {"width": 1100, "height": 850}
    context = browser.new_context(viewport=size, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def create_table(page: Page, base: str, game: str, options: dict[str, str] | None = None) -> str:
    """Create a table from the lobby and return its id."""
    page.goto(f"{base}/")
    page.fill("#name", "Ana")
    page.click(f"[data-game='{game}']")
    for name, value in (options or {}).items():
        field = page.locator(f"#opt-{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".seat-list")
    return str(page.url.rsplit("/", 1)[1])


def click_to_the_end(pages: list[Page], limit: int = 400) -> None:
    """Whoever has a choice clicks its first step, until every page shows the summary."""
    for _ in range(limit):
        if all(p.locator("#summary").count() for p in pages):
            return
        for p in pages:
            step = p.locator("#actions button.step").first
            if step.count():
                move = p.locator("main").get_attribute("data-move")
                step.click()
                p.wait_for_function(
                    "m => document.querySelector('main').dataset.move !== m"
                    " || document.querySelector('#actions button.step')",
                    arg=move,
                    timeout=20000,
                )
        pages[0].wait_for_timeout(20)
    raise AssertionError("the game did not end")


def test_against_bots_to_the_end_then_language_reload_and_replay(
    browser: Any, base_url: str
) -> None:
    game = "loveletter" if "loveletter" in game_ids() else "highcard"
    options = {"tokens_to_win": "1"} if game == "loveletter" else {}
    page = new_page(browser)
    create_table(page, base_url, game, options)
    page.click("li.seat[data-seat='0'] button.sit")
    page.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    page.click("li.seat[data-seat='1'] button.add-bot")
    page.wait_for_selector("li.seat[data-seat='1'][data-kind='bot']")
    page.click("li.seat[data-seat='1'] button.free-seat")  # the host changes their mind
    page.wait_for_selector("li.seat[data-seat='1'][data-kind='free']")
    assert "random" not in page.locator("li.seat[data-seat='1'] select.bot-pick").inner_text()
    page.check("#advanced-bots")  # the kinds past Easy, Normal and Hard
    page.select_option("li.seat[data-seat='1'] select.bot-pick", "random")
    page.click("li.seat[data-seat='1'] button.add-bot")
    page.wait_for_selector("li.seat[data-seat='1'][data-kind='bot']")
    shot(page, "01-seats")
    page.click("#start")
    page.wait_for_selector("#actions button.step, #summary")
    shot(page, "02-play")
    click_to_the_end([page])
    shot(page, "03-over")
    assert page.locator("#log li").count() > 0
    moves = page.locator("main").get_attribute("data-move")
    english = page.locator("#summary p.summary-line").inner_text()
    page.select_option("#lang", "vi")
    page.wait_for_function(
        "() => document.querySelector('.log-panel h2').textContent === 'Nhật ký'"
    )
    assert page.locator("#summary p.summary-line").inner_text() != english
    page.reload()
    page.wait_for_selector("#summary")
    assert page.locator("main").get_attribute("data-move") == moves
    assert page.locator(".log-panel h2").inner_text() == "Nhật ký"
    page.select_option("#lang", "en")
    page.click("#summary a.button")
    page.wait_for_selector(".replay-controls")
    assert page.locator("main").get_attribute("data-move") == "0"
    page.click("#next")
    page.wait_for_function("() => document.querySelector('main').dataset.move === '1'")
    if moves != "1":  # a one-move game is already at its last move
        page.click("#last")
    page.wait_for_function(f"() => document.querySelector('main').dataset.move === '{moves}'")
    assert page.locator("#last").is_disabled()
    if game == "loveletter":  # the last position shows the score table, the first did not
        page.wait_for_selector(".replay-summary table.scores tr[data-winner='true']")
        page.click("#first")
        page.wait_for_function("() => document.querySelector('main').dataset.move === '0'")
        assert page.locator(".replay-summary").count() == 0
    shot(page, "04-replay")
    assert not page.errors


def test_two_browsers_play_each_other_and_a_phone_reconnects(browser: Any, base_url: str) -> None:
    host = new_page(browser)
    table = create_table(host, base_url, "highcard")
    host.click("li.seat[data-seat='0'] button.sit")
    host.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    guest = new_page(browser, phone=True)
    guest.goto(f"{base_url}/t/{table}")
    guest.fill("#name", "Bo")
    guest.click("li.seat[data-seat='1'] button.sit")
    guest.wait_for_selector("li.seat[data-seat='1'] .badge.you")
    host.wait_for_selector("li.seat[data-seat='1'][data-kind='human']")
    host.click("#start")
    guest.wait_for_selector("#actions")
    # The guest reloads mid-game: its token is kept and the seat resumes.
    guest.reload()
    guest.wait_for_selector(".player[data-me='true']")
    shot(guest, "05-phone")
    click_to_the_end([host, guest])
    shot(guest, "06-phone-over")
    assert (
        host.locator("#summary p.summary-line").inner_text()
        == guest.locator("#summary p.summary-line").inner_text()
    )
    assert not host.errors and not guest.errors
