"""The table is updated in place: focus survives other players' moves; the turn is noticed."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser

Page = Any

MOVE = "() => document.querySelector('main').dataset.move"


def seated_pair(browser: Any, base: str, script: str = "") -> tuple[Page, Page]:
    """Two people at a high-card table, started (the host sits first)."""
    host = new_page(browser)
    guest = new_page(browser)
    for page in (host, guest):
        # These tests are about focus and connection, not the move's confirmation.
        page.add_init_script("localStorage.setItem('parlour.confirm', 'off')")
        if script:
            page.add_init_script(script)
    table = create_table(host, base, "highcard")
    host.click("li.seat[data-seat='0'] button.sit")
    host.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    guest.goto(f"{base}/t/{table}")
    guest.fill("#name", "Bo")
    guest.click("li.seat[data-seat='1'] button.sit")
    guest.wait_for_selector("li.seat[data-seat='1'] .badge.you")
    host.wait_for_selector("li.seat[data-seat='1'][data-kind='human']")
    host.click("#start")
    host.wait_for_selector(".board")
    guest.wait_for_selector(".board")
    return host, guest


def acting(pages: tuple[Page, Page]) -> tuple[Page, Page]:
    """The page whose turn it is, then the other."""
    for p in pages:
        p.wait_for_function("() => document.querySelector('main').dataset.move !== ''")
    first, second = pages
    for _ in range(100):
        if first.locator("#actions button.step").count():
            return first, second
        if second.locator("#actions button.step").count():
            return second, first
        first.wait_for_timeout(50)
    raise AssertionError("nobody is to act")


def test_focus_and_scroll_stay_while_the_other_player_moves_and_the_title_tells_the_turn(
    browser: Any, base_url: str
) -> None:
    mover, watcher = acting(seated_pair(browser, base_url))
    assert mover.title().startswith("(!) ")
    assert not watcher.title().startswith("(!)")
    # The watcher puts the keyboard on the log and scrolls the page a little.
    watcher.focus("#log")
    watcher.evaluate("window.kept = document.activeElement")
    before = watcher.evaluate(MOVE)
    mover.locator("#actions button.step").first.click()
    watcher.wait_for_function(f"m => ({MOVE})() !== m", arg=before)
    # The same element, not a look-alike: a page rebuilt from scratch fails here.
    assert watcher.evaluate("document.activeElement === window.kept")
    assert watcher.evaluate("window.kept.isConnected")
    mover.context.close()
    watcher.context.close()


# Keeps the page's websockets reachable, and lets a test send new ones to a dead address.
SOCKETS = """
const Real = window.WebSocket;
window.sockets = [];
window.WebSocket = class extends Real {
  constructor(url, ...rest) {
    super(window.blockSockets ? url.replace("/ws/", "/nowhere/") : url, ...rest);
    window.sockets.push(this);
  }
};
"""


def test_the_move_area_keeps_focus_after_a_move_and_buttons_wait_while_disconnected(
    browser: Any, base_url: str
) -> None:
    pages = seated_pair(browser, base_url)
    mover, watcher = acting(pages)
    step = mover.locator("#actions button.step").first
    step.focus()
    step.press("Enter")
    # The pressed button is gone with the move: focus lands in the move area, not on the page.
    mover.wait_for_function(
        "() => !document.querySelector('#actions button.step')"
        " || document.querySelector('#summary')"
    )
    assert mover.evaluate("document.activeElement.closest('#actions, #summary') !== null")
    mover.context.close()
    watcher.context.close()


def test_moves_are_disabled_with_a_banner_while_the_connection_is_lost(
    browser: Any, base_url: str
) -> None:
    mover, watcher = acting(seated_pair(browser, base_url, SOCKETS))
    assert mover.locator("#banner").inner_text() == ""
    mover.evaluate("window.blockSockets = true; window.sockets.forEach((s) => s.close())")
    mover.wait_for_selector("#actions button.step[disabled]")
    assert mover.locator("#actions button.step:not([disabled])").count() == 0
    assert mover.locator("#banner").inner_text() == "Connection lost: reconnecting…"
    assert not mover.title().startswith("(!)")
    mover.evaluate("window.blockSockets = false")
    mover.wait_for_selector("#actions button.step:not([disabled])", timeout=20000)
    assert mover.locator("#banner").inner_text() == ""
    assert mover.title().startswith("(!) ")
    mover.context.close()
    watcher.context.close()
