"""The host removes a person from a seat before the start: a confirmation step first (kept
seated when declined), then the seat is freed, and with the ban ticked the person may not sit
there again; their page forgets the seat it lost. A bot's seat is freed without asking."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import axe_problems, shot
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser


def test_the_host_removes_and_bans_a_person_after_confirming(browser: Any, base_url: str) -> None:
    host = new_page(browser)
    table = create_table(host, base_url, "loveletter")
    host.click("li.seat[data-seat='0'] button.sit")
    host.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    guest = new_page(browser)
    guest.goto(f"{base_url}/t/{table}")
    guest.fill("#name", "Bo")
    guest.click("li.seat[data-seat='1'] button.sit")
    guest.wait_for_selector("li.seat[data-seat='1'] .badge.you")
    seat = "li.seat[data-seat='1']"
    host.wait_for_selector(f"{seat}[data-kind='human']")
    assert guest.locator("button.remove-person").count() == 0  # the host's alone

    # Declined: nothing changes.
    host.click(f"{seat} button.remove-person")
    confirm = host.locator("#remove-confirm")
    assert "Remove Bo from seat 2?" in confirm.inner_text()
    assert host.evaluate("document.activeElement.id") == "remove-yes"
    assert axe_problems(host) == []
    host.click("#remove-no")
    assert host.locator("#remove-confirm").count() == 0
    host.wait_for_timeout(300)
    assert host.locator(f"{seat}[data-kind='human']").count() == 1

    # Confirmed with the ban: the seat is free, and Bo cannot sit at this table again.
    for lang in ("en", "vi", "zh", "es"):
        for phone in (False, True):
            view = new_page(browser, phone)
            if phone:
                view.set_viewport_size({"width": 390, "height": 844})
            view.goto(f"{base_url}/t/{table}?lang={lang}")
            view.evaluate(
                "([id, token]) => localStorage.setItem(`parlour.host.${id}`, token)",
                [table, host.evaluate(f"localStorage.getItem('parlour.host.{table}')")],
            )
            view.reload()
            view.click(f"{seat} button.remove-person")
            view.wait_for_selector("#remove-confirm")
            shot(view, f"{lang}-{'phone' if phone else 'desktop'}-remove-confirm")
            view.context.close()
    host.click(f"{seat} button.remove-person")
    host.check("#remove-ban")
    host.click("#remove-yes")
    host.wait_for_selector(f"{seat}[data-kind='free']")
    assert "may not sit at this table again" in host.locator("#toast").inner_text()
    guest.wait_for_selector(f"{seat}[data-kind='free']")
    guest.wait_for_function(f"localStorage.getItem('parlour.seat.{table}') === null")
    guest.click(f"{seat} button.sit")
    guest.wait_for_selector("#toast:has-text('removed you from this table')")
    guest.wait_for_timeout(300)
    assert host.locator(f"{seat}[data-kind='free']").count() == 1

    # A bot's seat is freed at once.
    host.click(f"{seat} button.add-bot")
    host.wait_for_selector(f"{seat}[data-kind='bot']")
    host.click(f"{seat} button.free-seat")
    host.wait_for_selector(f"{seat}[data-kind='free']")
    assert host.locator("#remove-confirm").count() == 0
    assert host.errors == [] and guest.errors == []
