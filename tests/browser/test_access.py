"""Accessibility: axe-core finds no serious or critical WCAG 2.1 AA problem on any page."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.games import game_ids
from tests.browser.conftest import axe_problems, shot, stray_words
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


def test_the_stray_word_check_catches_a_null_put_in_as_text(browser: Any, base_url: str) -> None:
    """Planted: a null appended to the page as a script would (``el.append(null)``) is found."""
    page = new_page(browser)
    page.goto(f"{base_url}/")
    page.wait_for_selector("#name")
    assert stray_words(page) == []
    page.evaluate("() => document.querySelector('main').append(null)")
    assert stray_words(page) == ["null"]
    page.context.close()
