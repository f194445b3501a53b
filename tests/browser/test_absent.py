"""Absent players in the browser, as the issue tells it: two people at a timed table; one
leaves; the clock runs out; a bot moves for them; the person comes back on another device
with their seat link and plays on."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.conftest import shot
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser


def play_one_move(page: Any) -> None:
    """Click this page's first choices (and the confirmation) until its move is sent."""
    move = page.locator("main").get_attribute("data-move")
    for _ in range(10):
        step = page.locator("#actions button.step").first
        if not step.count() or page.locator("main").get_attribute("data-move") != move:
            break
        step.click()
        page.wait_for_timeout(50)
    page.wait_for_function(
        "m => document.querySelector('main').dataset.move !== m", arg=move, timeout=20000
    )


def test_a_bot_moves_for_the_absent_and_the_seat_link_brings_them_back(
    browser: Any, base_url: str
) -> None:
    host = new_page(browser)
    table = create_table(host, base_url, "loveletter")
    host.click("li.seat[data-seat='0'] button.sit")
    host.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    host.select_option("#clock-mode", "realtime")
    host.fill("#clock-per-move", "5")
    host.fill("#clock-bank", "0")
    host.click("#clock-save")
    host.wait_for_selector("#clock-summary:has-text('0:05')")
    guest = new_page(browser)
    guest.goto(f"{base_url}/t/{table}")
    guest.fill("#name", "Bea")
    guest.click("li.seat[data-seat='1'] button.sit")
    host.wait_for_selector("li.seat[data-seat='1'][data-kind='human']")
    host.click("#start")
    guest.wait_for_selector("li.player .clock.running")
    guest.click("#seat-link-make")
    link = guest.locator("#seat-link").input_value()
    assert f"/t/{table}#link=1." in link
    shot(guest, "seat-link")
    guest.context.close()  # Bea leaves
    host.wait_for_selector("li.player[data-seat='1'] .presence.offline")
    clock_url = f"{base_url}/api/tables/{table}/clock"
    # The clock runs out on Bea's turn: a bot moves for her (the host plays on meanwhile).
    for _ in range(40):
        if httpx.get(clock_url).json()["timeouts"][1] >= 1:
            break
        if host.locator("#actions button.step").count():
            play_one_move(host)
        host.wait_for_timeout(250)
    assert httpx.get(clock_url).json()["timeouts"][1] >= 1
    # Bea comes back on another device with her seat link and plays on.
    phone = new_page(browser, phone=True)
    phone.goto(link)
    phone.wait_for_selector("li.player[data-seat='1'] .badge.you")
    assert "#link" not in phone.url
    host.wait_for_selector("li.player[data-seat='1'] .presence.online")
    for _ in range(80):
        if phone.locator("#actions button.step").count():
            break
        if host.locator("#actions button.step").count():
            play_one_move(host)
        phone.wait_for_timeout(100)
    play_one_move(phone)
    # Her own move: her timeouts in a row start again from nothing (a bot's would add one).
    for _ in range(40):
        if httpx.get(clock_url).json()["timeouts"][1] == 0:
            break
        phone.wait_for_timeout(100)
    assert httpx.get(clock_url).json()["timeouts"][1] == 0
    shot(phone, "seat-link-back-phone")
    # The link worked once: opened again, it is refused and the seat stays on the phone.
    again = new_page(browser)
    again.goto(link)
    again.wait_for_selector("#toast:has-text('does not work')")
    assert host.errors == [] and phone.errors == [] and again.errors == []
