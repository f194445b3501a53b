"""Clocks in the browser: the host sets a real-time clock, every seat sees the time of the
seat to act count down, and when it runs out a bot makes the move."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser


def test_a_timed_table_counts_down_and_a_bot_moves_on_time_out(browser: Any, base_url: str) -> None:
    host = new_page(browser)
    table = create_table(host, base_url, "loveletter")
    host.click("li.seat[data-seat='0'] button.sit")
    host.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    host.select_option("#clock-mode", "realtime")
    host.fill("#clock-per-move", "5")
    host.fill("#clock-bank", "0")
    host.click("#clock-save")
    guest = new_page(browser)
    guest.goto(f"{base_url}/t/{table}")
    guest.wait_for_selector("#clock-summary:has-text('0:05 a move')")
    guest.fill("#name", "Bea")
    guest.click("li.seat[data-seat='1'] button.sit")
    host.wait_for_selector("li.seat[data-seat='1'][data-kind='human']")
    host.click("#start")
    for page in (host, guest):
        page.wait_for_selector("li.player .clock.running")
    shot(guest, "clock-running")
    before = host.locator("main").get_attribute("data-move")
    # Nobody moves: after five seconds a bot makes the move and the next turn's clock runs.
    # (Not necessarily the other seat's: the bot's move may end the round, and the round's
    # winner, perhaps the same seat, starts the next.)
    host.wait_for_function(
        f"() => Number(document.querySelector('main').dataset.move) > {before}", timeout=15000
    )
    host.wait_for_selector("li.player[data-acting='true'] .clock.running")
    assert host.errors == [] and guest.errors == []


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_the_clock_settings_fit_a_phone(browser: Any, base_url: str, lang: str) -> None:
    """The host's clock choices (the longest is Vietnamese's turn-based one) stay on screen."""
    host = new_page(browser, phone=True)
    table = create_table(host, base_url, "loveletter")
    host.goto(f"{base_url}/t/{table}?lang={lang}")
    host.click("li.seat[data-seat='0'] button.sit")
    host.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    host.select_option("#clock-mode", "turn")
    host.wait_for_selector("#clock-per-move")
    wide = host.evaluate(
        """() => [...document.querySelectorAll('body *')]
        .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
        .map(e => `${e.tagName}#${e.id}.${e.className}`)"""
    )
    assert wide == [], "\n".join(wide)
    shot(host, f"clock-settings-{lang}-phone")
    assert host.errors == []
    host.context.close()
