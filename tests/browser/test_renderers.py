"""Each game's own renderer draws its table on a phone without errors; card help by tapping."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.games import game_ids
from tests.browser.conftest import shot
from tests.browser.test_play import create_table

pytestmark = pytest.mark.browser

BOARDS = {"loveletter": ".ll-board", "gauntlet": ".ig-board", "splendor-marvel": ".sm-board"}


@pytest.mark.parametrize("game", [g for g in BOARDS if g in game_ids()])
def test_the_game_renderer_draws_a_few_moves(browser: Any, base_url: str, game: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 800}, locale="en-US", has_touch=True
    )
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    create_table(page, base_url, game)
    page.click("li.seat[data-seat='0'] button.sit")
    page.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    page.click("li.seat[data-seat='1'] button.add-bot")
    page.wait_for_selector("li.seat[data-seat='1'][data-kind='bot']")
    page.click("#start")
    for _ in range(4):
        page.wait_for_selector("#actions button.step, #summary", timeout=20000)
        if page.locator("#summary").count():
            break
        page.locator("#actions button.step").first.click()
    page.wait_for_selector(BOARDS[game])
    assert page.locator(f"{BOARDS[game]} .card").count() > 0
    shot(page, f"10-{game}-phone")
    # On a touch screen the first tap on a card shows its effect, the second opens its rule.
    # Tap once the bots have moved: a redraw in between would replace the tapped card.
    # A card to be played takes a tap as the move: the help is shown on a card that is not.
    free = f"{BOARDS[game]} [data-help]:not(.pickable)"
    for _ in range(20):
        page.wait_for_selector("#actions button.step, #summary", timeout=20000)
        if page.locator(free).count() or page.locator("#summary").count():
            break
        page.locator("#actions button.step").first.click()
    card = page.locator(free).first
    card.tap()
    page.wait_for_selector("#card-tip:not([hidden])")
    assert page.locator("#help-panel:not([hidden])").count() == 0
    # As the page shifts after a tap the browser moves its idea of the mouse onto whatever
    # is now under the finger; a tapped tip stays until a tap elsewhere.
    page.locator("#actions button.step, #summary").first.hover()
    assert page.locator("#card-tip").is_visible()
    card.tap()
    page.wait_for_selector("#help-panel:not([hidden]) article.howto")
    context.close()
    assert not problems, problems
