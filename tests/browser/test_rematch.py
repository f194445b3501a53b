"""Play again in the browser: two people finish a game, one click each takes them to the
rematch at their own seats, the host starts it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.test_play import click_to_the_end, create_table, new_page

pytestmark = pytest.mark.browser


def test_play_again_takes_both_people_to_their_seats(browser: Any, base_url: str) -> None:
    host = new_page(browser)
    table = create_table(host, base_url, "loveletter", {"tokens_to_win": "1"})
    host.click("li.seat[data-seat='0'] button.sit")
    host.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    guest = new_page(browser)
    guest.goto(f"{base_url}/t/{table}")
    guest.fill("#name", "<img src=x onerror=alert(1)>")
    guest.click("li.seat[data-seat='1'] button.sit")
    guest.wait_for_selector("li.seat[data-seat='1'] .badge.you")
    host.wait_for_selector("li.seat[data-seat='1'][data-kind='human']")
    host.click("#start")
    click_to_the_end([host, guest])
    assert guest.locator("#summary a.rematch").count() == 0
    guest.click("#summary button.rematch")
    guest.wait_for_url(lambda url: "/t/" in url and not url.endswith(table))
    rematch = str(guest.url.rsplit("/", 1)[1])
    assert rematch != table
    guest.wait_for_selector("li.seat[data-seat='1'] .badge.you")
    # The host's finished table now links to the rematch (pushed, no reload).
    host.wait_for_selector("#summary a.rematch")
    shot(host, "rematch-link")
    host.click("#summary a.rematch")
    host.wait_for_url(f"**/t/{rematch}")
    host.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    host.click("#start")
    click_to_the_end([host, guest])  # each plays the rematch from their own seat
    assert host.errors == [] and guest.errors == []
