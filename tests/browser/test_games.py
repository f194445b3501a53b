"""Each game played to its end by clicking, with its summary, card help and a mid-game picture."""

from __future__ import annotations

import json
from typing import Any
from urllib.request import urlopen

import pytest

from parlour.games import game_ids
from tests.browser.conftest import shot
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser

Page = Any

# Small configurations so that a whole game takes a few dozen clicks at most.
GAMES = {
    "loveletter": {"tokens_to_win": "2"},
    "gauntlet": {},
    "splendor-marvel": {"max_rounds": "4"},
}


def catalog(base: str, lang: str) -> dict[str, str]:
    """Every catalog text of a language, as the client gets it."""
    with urlopen(f"{base}/api/i18n/{lang}") as r:
        data: dict[str, str] = json.load(r)
    return data


def seat_and_start(page: Page, seat: int = 0) -> None:
    """Sit in seat 1 (or ``seat``, counted from 0), a bot in the other of two seats, start."""
    bot = 1 - seat
    page.click(f"li.seat[data-seat='{seat}'] button.sit")
    page.wait_for_selector(f"li.seat[data-seat='{seat}'] .badge.you")
    page.click(f"li.seat[data-seat='{bot}'] button.add-bot")
    page.wait_for_selector(f"li.seat[data-seat='{bot}'][data-kind='bot']")
    page.click("#start")
    page.wait_for_selector("#actions button.step, #summary")


# Counts every card the board marks new, whenever it happens (a bot's move may be drawn and
# replaced between two looks of the test).
COUNT_FRESH = """
window.freshCards = 0;
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.matches && r.target.matches(".board .card.fresh")) window.freshCards += 1;
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
"""


def play(page: Page, game: str, limit: int = 300) -> dict[str, int]:
    """Click the first offered step until the summary shows; close round panels on the way."""
    seen = {"clicks": 0, "rounds": 0, "fresh": 0}
    for _ in range(limit):
        if page.locator("#summary").count():
            seen["fresh"] = int(page.evaluate("window.freshCards"))
            return seen
        if page.locator("#round-summary").count():
            if not seen["rounds"]:
                shot(page, f"23-{game}-round")
            seen["rounds"] += 1
            panel = page.locator("#round-summary")
            current = page.locator(".ll-round").inner_text().removeprefix("Round ")
            assert panel.locator("h2").inner_text() == f"Round {int(current) - 1} is over"
            assert panel.locator("table.scores tbody tr").count() == 2
            panel.locator("button.dismiss").click()
            assert page.locator("#round-summary").count() == 0
        if seen["clicks"] == 3:
            shot(page, f"20-{game}-midgame")
        step = page.locator("#actions button.step").first
        if step.count():
            move = page.locator("main").get_attribute("data-move")
            step.click()
            seen["clicks"] += 1
            page.wait_for_function(
                "m => document.querySelector('main').dataset.move !== m"
                " || document.querySelector('#actions button.step')",
                arg=move,
                timeout=20000,
            )
        else:
            page.wait_for_selector("#actions button.step, #summary, #round-summary", timeout=20000)
    raise AssertionError("the game did not end")


def check_card_help(page: Page, base: str, game: str) -> None:
    """Hovering a card shows its effect from the catalog; clicking opens its rule in the panel."""
    card = page.locator(".board [data-help]:not(.pickable)").first
    card.wait_for()
    anchor = card.get_attribute("data-help-anchor")
    ident = card.get_attribute("data-card") or card.get_attribute("data-location")
    card.hover()
    tip = page.locator("#card-tip")
    tip.wait_for(state="visible")
    texts = catalog(base, "en")
    if game == "loveletter":
        assert texts[f"loveletter.card.{ident}.effect"] in tip.inner_text()
    elif game == "gauntlet":
        assert anchor is not None
        assert texts[f"gauntlet.effect.{anchor.removeprefix('card-')}"] in tip.inner_text()
    else:
        assert texts[f"splendor-marvel.name.{ident}"] in tip.inner_text()
    page.locator("h1").first.hover()  # a tip shown by hovering goes with the mouse
    tip.wait_for(state="hidden")
    card.click()
    panel = page.locator("#help-panel")
    panel.locator("article.howto").wait_for()
    assert panel.locator(f"[id='{anchor}']").get_attribute("class") == "howto-target"
    link = panel.locator("a.help-page").get_attribute("href") or ""
    assert link.startswith(f"/howto/{game}?lang=en") and link.endswith(f"#{anchor}")
    panel.locator("button.help-close").click()
    assert panel.is_hidden()


@pytest.mark.parametrize("game", [g for g in GAMES if g in game_ids()])
def test_a_whole_game_by_clicking_ends_with_its_score_summary(
    browser: Any, base_url: str, game: str
) -> None:
    # A Love Letter game can end before this player's first turn (about 1 in 60: the bot
    # starts and wins both rounds with its first card); then another table is played.
    for _ in range(4):
        page = new_page(browser)
        page.add_init_script(COUNT_FRESH)
        create_table(page, base_url, game, GAMES[game])
        seat_and_start(page)
        seen = play(page, game)
        if seen["clicks"]:
            break
        page.context.close()
    assert seen["clicks"] > 0
    assert seen["fresh"] > 0  # the cards a move brings slide in
    # The last lines are marked new (they glow briefly), the earlier ones are not.
    assert page.locator("#log li.fresh").count() >= 1
    assert page.locator("#log li:not(.fresh)").count() >= 1
    summary = page.locator("#summary")
    rows = summary.locator("table.scores tbody tr")
    assert rows.count() == 2
    winners = summary.locator("table.scores tr[data-winner='true']")
    assert winners.count() >= 1
    if game == "loveletter":
        assert winners.first.locator("td").first.inner_text() == "2 / 2"
        rounds = int(summary.locator(".summary-note").inner_text().removeprefix("Rounds played: "))
        # Rounds before the last end with a panel, seen unless the next round was over before
        # this player's turn (a bot's first move can end one); a Spy bonus can make one round.
        assert seen["rounds"] <= rounds - 1
        assert seen["rounds"] >= 1 or rounds <= 2
    elif game == "gauntlet":
        meters = page.locator(".ig-meter strong").all_inner_texts()[:2]
        assert [rows.nth(s).locator("td").nth(1).inner_text() for s in (0, 1)] == meters
    else:
        board = [
            b.removeprefix("Points: ")
            for b in page.locator(".sm-seat h3 .badge").all_inner_texts()
            if b.startswith("Points")
        ]
        assert [rows.nth(s).locator("td").first.inner_text() for s in (0, 1)] == board
        assert "Decided by" in summary.inner_text()
    shot(page, f"21-{game}-over")
    # At the end nothing is to be played, so a click on any card opens its rule.
    check_card_help(page, base_url, game)
    summary.locator("button.dismiss").click()
    page.wait_for_selector("#show-summary")
    page.click("#show-summary")
    page.wait_for_selector("#summary table.scores")
    assert not page.errors, page.errors
    page.context.close()


def test_how_to_play_pages_in_two_languages_from_the_lobby(browser: Any, base_url: str) -> None:
    page = new_page(browser, phone=True)
    page.goto(f"{base_url}/")
    link = page.locator("a[data-howto='loveletter']")
    assert link.get_attribute("href") == "/howto/loveletter?lang=en"
    page.click("[data-game='gauntlet']")
    options = page.locator(".howto-options")
    assert options.get_attribute("href") == "/howto/gauntlet?lang=en#options"
    page.goto(f"{base_url}/howto/gauntlet?lang=en#options")
    page.wait_for_selector("article.howto[data-game='gauntlet'] #options.howto-target")
    page.goto(f"{base_url}/")
    link.click()
    page.wait_for_selector("article.howto[data-game='loveletter'][lang='en']")
    english = page.locator("article.howto h1").inner_text()
    page.click(".howto-langs a[hreflang='vi']")
    page.wait_for_selector("article.howto[lang='vi']")
    assert page.locator("article.howto h1").inner_text() != english
    assert page.locator("#lang").input_value() == "vi"
    # Wide tables scroll inside the page; the page itself stays phone-wide.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.goto(f"{base_url}/howto/splendor-marvel?lang=zh#card-asgard")
    page.wait_for_selector("article.howto[lang='zh'] #card-asgard.howto-target")
    for table in page.locator("article.howto table").all():
        assert table.evaluate("t => t.getBoundingClientRect().right") <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "22-howto-phone-zh")
    # The header's switch turns animations off, and the choice outlives a reload.
    page.uncheck("#motion")
    assert page.evaluate("document.documentElement.dataset.motion") == "off"
    page.reload()
    page.wait_for_selector("article.howto")
    assert not page.is_checked("#motion")
    assert page.evaluate("document.documentElement.dataset.motion") == "off"
    page.check("#motion")
    assert page.evaluate("document.documentElement.dataset.motion") == "on"
    page.emulate_media(reduced_motion="reduce")  # the system's setting wins over the switch
    page.wait_for_function("() => document.documentElement.dataset.motion === 'off'")
    assert not page.errors, page.errors
    page.context.close()
