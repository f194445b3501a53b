"""Presence in the browser: the host sees a guest arrive at the seats, then leave, in the
table's strip, with the seat's marker changing; names are text, never markup."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser


def test_the_host_sees_a_guest_arrive_and_leave(browser: Any, base_url: str) -> None:
    host = new_page(browser)
    table = create_table(host, base_url, "loveletter")
    host.click("li.seat[data-seat='0'] button.sit")
    host.wait_for_selector("li.seat[data-seat='0'] .presence.online")
    guest = new_page(browser)
    guest.goto(f"{base_url}/t/{table}")
    guest.fill("#name", "<img src=x onerror=alert(1)>")
    guest.click("li.seat[data-seat='1'] button.sit")
    host.wait_for_selector("li.seat[data-seat='1'] .presence.online")
    arrived = host.locator("#presence-strip li[data-seat='1'][data-status='online']")
    arrived.wait_for()
    assert "<img src=x onerror=alert(1)>" in arrived.inner_text()
    assert host.locator("#presence-strip img").count() == 0
    shot(host, "presence-arrived")
    guest.context.close()
    host.wait_for_selector("li.seat[data-seat='1'] .presence.offline")
    host.wait_for_selector("#presence-strip li[data-seat='1'][data-status='offline']")
    assert host.errors == []
