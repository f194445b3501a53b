"""Screenshots of every phase of every game, desktop and phone, in the four languages.

Run by ``scripts/screenshots`` (about ten minutes); the files go to artifacts/screenshots/
as ``<lang>-<desktop|phone>-<game>-<n>-<phase>.png``. Without PARLOUR_SCREENSHOTS=1 the
test is skipped, so the regular suite stays short (the same flows are tested there).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

import parlour.games
from parlour.games import game_ids
from tests.browser.conftest import shot
from tests.browser.test_board import BOARD, wait_change
from tests.browser.test_games import GAMES
from tests.browser.test_play import create_table

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        os.environ.get("PARLOUR_SCREENSHOTS") != "1", reason="scripts/screenshots takes them"
    ),
]

Page = Any
SIZES = {"desktop": {"width": 1100, "height": 850}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(autouse=True)
def only_real_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The lobby pictured lists the games people play, not the one the browser tests add."""
    monkeypatch.delitem(parlour.games._LOADED, "highcard", raising=False)
    yield


def open_page(browser: Any, lang: str, size: str) -> Page:
    """A page in ``lang`` at ``size`` with its animations at rest."""
    context = browser.new_context(viewport=SIZES[size], locale="en-US", reduced_motion="reduce")
    context.add_init_script(f"localStorage.setItem('parlour.lang', '{lang}')")
    context.add_init_script("localStorage.setItem('parlour.unseen', 'on')")  # pictured too
    return context.new_page()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_every_phase_pictured(browser: Any, base_url: str, lang: str, size: str) -> None:
    page = open_page(browser, lang, size)
    page.goto(f"{base_url}/")
    page.wait_for_selector("[data-game]")
    assert ".name." not in page.inner_text("main")  # every game named in words
    assert page.locator("[data-game='highcard']").count() == 0
    shot(page, f"{lang}-{size}-0-lobby")
    page.goto(f"{base_url}/howto/loveletter?lang={lang}")
    page.wait_for_selector("article.howto")
    shot(page, f"{lang}-{size}-0-howto")
    for game in [g for g in GAMES if g in game_ids()]:
        name = f"{lang}-{size}-{game}"
        create_table(page, base_url, game, GAMES[game])
        page.click("li.seat[data-seat='0'] button.sit")
        page.wait_for_selector("li.seat[data-seat='0'] .badge.you")
        page.click("li.seat[data-seat='1'] button.add-bot")
        page.wait_for_selector("li.seat[data-seat='1'][data-kind='bot']")
        shot(page, f"{name}-1-seats")
        page.click("#start")
        page.wait_for_selector(f"{BOARD}, #summary")
        shot(page, f"{name}-2-turn")
        taken: set[str] = set()
        for _ in range(600):
            if page.locator("#summary").count():
                break
            if page.locator("#round-summary").count():
                if "round" not in taken:
                    taken.add("round")
                    shot(page, f"{name}-5-round")
                page.locator("#round-summary button.dismiss").click()
            move = page.locator("main").get_attribute("data-move")
            if page.locator("#confirm-send").count():
                if "confirm" not in taken:
                    taken.add("confirm")
                    shot(page, f"{name}-4-confirm")
                page.click("#confirm-send")
            elif page.locator(BOARD).count():
                page.locator(BOARD).first.click()
                if "picking" not in taken and page.locator(".board .picked").count():
                    taken.add("picking")
                    shot(page, f"{name}-3-picking")
                    continue
            else:
                page.wait_for_selector(
                    f"{BOARD}, #confirm-send, #summary, #round-summary", timeout=20000
                )
                continue
            wait_change(page, move)
        page.wait_for_selector("#summary")
        shot(page, f"{name}-6-end")
        page.click("#summary a.button")
        page.wait_for_selector(".replay-controls")
        page.keyboard.press("End")
        page.wait_for_function(
            "() => !document.querySelector('#next') || document.querySelector('#next').disabled"
        )
        page.keyboard.press("ArrowLeft")
        page.wait_for_timeout(300)
        shot(page, f"{name}-7-replay")
    page.context.close()
