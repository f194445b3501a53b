"""Accessibility: axe-core finds no serious or critical WCAG 2.1 AA problem on any page."""

from __future__ import annotations

import re
from typing import Any

import pytest

from parlour.games import game_ids
from tests.browser.conftest import MODERATE, axe_problems, shot, stray_words
from tests.browser.test_board import play_on_board
from tests.browser.test_games import GAMES, seat_and_start
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser


def test_the_lobby_and_a_how_to_page_pass_axe(browser: Any, base_url: str) -> None:
    page = new_page(browser)
    page.goto(f"{base_url}/")
    page.wait_for_selector("[data-game]")
    assert axe_problems(page) == []
    page.goto(f"{base_url}/howto/loveletter?lang=en")
    page.wait_for_selector("article.howto")
    assert axe_problems(page) == []
    page.context.close()


@pytest.mark.parametrize("game", [g for g in GAMES if g in game_ids()])
def test_a_table_mid_game_at_the_end_and_its_replay_pass_axe(
    browser: Any, base_url: str, game: str
) -> None:
    page = new_page(browser)
    page.emulate_media(reduced_motion="reduce")  # colours are measured at rest, not mid-slide
    create_table(page, base_url, game, GAMES[game])
    seat_and_start(page)
    page.wait_for_selector(".board")
    problems = {"mid-game": axe_problems(page)}
    play_on_board(page, game)
    problems["end"] = axe_problems(page)
    page.click("#summary a.button")
    page.wait_for_selector(".replay-controls")
    page.click("#next")
    page.wait_for_function("() => document.querySelector('main').dataset.move === '1'")
    problems["replay"] = axe_problems(page)
    shot(page, f"40-{game}-replay")
    assert problems == {"mid-game": [], "end": [], "replay": []}
    page.context.close()


NAMES = "els => els.map((e) => e.getAttribute('aria-label'))"


@pytest.mark.parametrize("game", [g for g in GAMES if g in game_ids()])
def test_a_table_passes_axe_s_moderate_rules_and_best_practices(
    browser: Any, base_url: str, game: str
) -> None:
    """Heading order, every part in a landmark (the card tip too), no status role on a heading:
    mid-game with a card's tip shown, a move under way, and at the end."""
    page = new_page(browser, phone=True)
    page.emulate_media(reduced_motion="reduce")
    create_table(page, base_url, game, GAMES[game])
    seat_and_start(page)
    page.wait_for_selector(".board .pickable")
    page.locator(".board [data-help]").first.hover()
    page.wait_for_selector("#card-tip:not([hidden])")
    problems = {"mid-game": axe_problems(page, MODERATE)}
    names = page.eval_on_selector_all(".board .pickable", NAMES)
    page.locator(".board .pickable").first.click()
    problems["step"] = axe_problems(page, MODERATE)
    names += page.eval_on_selector_all(".board .pickable", NAMES)
    # Every choice's name reads as words: a number never glued to a word ("bot 40 of 4").
    assert names and all(n.startswith("Choose: ") for n in names), names
    glued = r"[A-Za-z][0-9]|[0-9][A-Za-z]|[a-z][A-Z]"
    # A player's board said as a sentence: the name, then each part ("Bo, 0 of 2 tokens, ...").
    said = page.evaluate(
        "async () => (await import('/static/board.js'))"
        ".spokenName(document.querySelector('.seat-board[data-seat=\"1\"]'))"
    )
    assert said.startswith("Normal bot 2") and ", " in said, said
    names.append(said)
    assert [n for n in names if re.search(glued, n)] == []
    play_on_board(page, game)
    problems["end"] = axe_problems(page, MODERATE)
    assert problems == {"mid-game": [], "step": [], "end": []}
    page.context.close()


def test_the_stray_word_check_catches_a_null_put_in_as_text(browser: Any, base_url: str) -> None:
    """Planted: a null appended to the page as a script would (``el.append(null)``) is found."""
    page = new_page(browser)
    page.goto(f"{base_url}/")
    page.wait_for_selector("#name")
    assert stray_words(page) == []
    page.evaluate("() => document.querySelector('main').append(null)")
    assert stray_words(page) == ["null"]
    page.context.close()
