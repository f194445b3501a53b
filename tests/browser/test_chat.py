"""Chat in Chromium: script and markup in names and messages stay text, quick phrases come
in each reader's language, spectators have their own channel, the host mutes and turns off."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import shot
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser

NAME = "<img src=x onerror=__pwned=1>"
TEXT = '<script>window.__pwned=2</script><img src=x onerror="window.__pwned=3"><b>bold</b>'


def pwned(page: Any) -> Any:
    return page.evaluate("window.__pwned === undefined ? null : window.__pwned")


def test_chat_stays_text_and_speaks_each_readers_language(browser: Any, base_url: str) -> None:
    host = new_page(browser)
    table = create_table(host, base_url, "loveletter")
    host.click("li.seat[data-seat='0'] button.sit")
    host.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    guest = new_page(browser)
    guest.goto(f"{base_url}/t/{table}")
    guest.fill("#name", NAME)
    guest.click("li.seat[data-seat='1'] button.sit")
    guest.wait_for_selector("li.seat[data-seat='1'] .badge.you")
    guest.select_option("#lang", "vi")
    guest.wait_for_selector("html[lang='vi']")
    guest.fill("#chat-input", TEXT)
    guest.click("#chat-send")
    line = host.locator("#chat-lines li.chat-line").last
    line.wait_for()
    assert line.locator(".chat-name").inner_text() == NAME
    assert line.locator(".chat-text").inner_text() == TEXT
    host.click("button.chat-phrase[data-phrase='gg']")
    guest.wait_for_selector("#chat-lines li.chat-line .chat-text:text-is('Ván hay lắm!')")
    host.wait_for_selector("#chat-lines li.chat-line .chat-text:text-is('Good game!')")
    # A spectator writes in its own channel, which the players read and it reads alone.
    watcher = new_page(browser)
    watcher.goto(f"{base_url}/t/{table}")
    watcher.wait_for_selector("#chat-input")
    watcher.fill("#chat-name", "Watcher")
    assert watcher.locator("#chat-lines").count() == 0  # the players' lines are not its
    watcher.fill("#chat-input", "<i>hello</i> from the stands")
    watcher.press("#chat-input", "Enter")
    watcher.wait_for_selector("#chat-lines .chat-text:text-is('<i>hello</i> from the stands')")
    host.click("#chat-tab-spectators")
    host.wait_for_selector("#chat-lines .chat-text:text-is('<i>hello</i> from the stands')")
    shot(host, "chat-spectators-tab")
    # The host mutes the spectator: its next line is refused with a clear message.
    host.click("#chat-lines button.chat-mute")
    host.wait_for_selector("#chat-lines button.chat-mute:has-text('Unmute')")
    watcher.fill("#chat-input", "still here")
    watcher.press("#chat-input", "Enter")
    watcher.wait_for_selector("#toast:has-text('muted you')")
    # The host turns the players' chat off: the guest's box says so.
    host.uncheck("#chat-on-players")
    guest.wait_for_selector("#chat .chat-off")
    host.click("#chat-tab-players")
    shot(host, "chat-players")
    shot(guest, "chat-guest-vi")
    for page in (host, guest, watcher):
        assert page.locator("#chat img, #chat script, #chat b, #chat i").count() == 0
        assert pwned(page) is None
        assert page.errors == []
