"""What a screen reader is given on each game's table, as far as a machine can tell: Playwright's
accessibility snapshot (roles and names) mid-game, and the live region for others' moves."""

from __future__ import annotations

import re
from typing import Any

import pytest

from parlour.games import game_ids
from tests.browser.test_games import GAMES, seat_and_start
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser

Page = Any
NAMES = {
    "loveletter": "Love Letter",
    "gauntlet": "Infinity Gauntlet: A Love Letter Game",
    "splendor-marvel": "Splendor Marvel",
}


def reader_problems(tree: str, game: str) -> list[str]:
    """What the snapshot lacks: one h1 naming the game, the turn's region and status, a name
    for every button and image, a named log; no bare number as a control's whole name."""
    problems = []
    h1 = re.findall(r'heading "([^"]*)" \[level=1\]', tree)
    if h1 != [NAMES[game]]:
        problems.append(f"level-1 headings: {h1}")
    # The status (a live region) holds the heading: it is said once as it appears.
    status = re.search(r'- status:\s*\n\s*- heading "Your move" \[level=2\]', tree)
    if 'region "Your move"' not in tree or not status:
        problems.append("no 'Your move' region with its status")
    if not re.search(r'list "Log"', tree):
        problems.append("no log list named Log")
    for role in ("button", "img", "checkbox", "combobox"):
        unnamed = re.findall(rf"^\s*- {role}(?::|$)", tree, re.M)
        if unnamed:
            problems.append(f"{len(unnamed)} {role}(s) without a name")
    for name in re.findall(r'- (?:button|img) "([^"]*)"', tree):
        if re.fullmatch(r"(Choose: )?[\d\s/]*", name):
            problems.append(f"a control named only by a number: {name!r}")
    return problems


def test_the_check_catches_planted_faults() -> None:
    good = (
        '- heading "Love Letter" [level=1]\n- region "Your move":\n  - status:\n'
        '    - heading "Your move" [level=2]\n'
        '  - button "Guard"\n- img "Mind (yellow): 4"\n- list "Log":\n'
    )
    assert reader_problems(good, "loveletter") == []
    assert reader_problems(good.replace("[level=1]", "[level=2]"), "loveletter")
    assert reader_problems(good + "- button\n", "loveletter")
    assert reader_problems(good + '- button "Choose: 4"\n', "loveletter")
    assert reader_problems(good.replace('list "Log"', "list"), "loveletter")
    assert reader_problems(good.replace("  - status:\n", ""), "loveletter")


@pytest.mark.parametrize("game", [g for g in GAMES if g in game_ids()])
def test_each_table_names_its_parts_for_a_screen_reader(
    browser: Any, base_url: str, game: str
) -> None:
    page = new_page(browser)
    create_table(page, base_url, game, GAMES[game])
    seat_and_start(page)
    page.wait_for_selector(".board")
    page.wait_for_selector("#actions .your-turn")
    tree = page.locator("body").aria_snapshot()
    assert reader_problems(tree, game) == [], tree
    # Other players' moves are read out by a polite live region.
    assert page.locator("[aria-live='polite']").count() >= 1
    # Another player's face-down hand is told in words (the card backs are hidden from readers).
    if game != "splendor-marvel":
        for board in page.locator(".seat-board:has(.card.back)").all():
            told = board.locator(".sr-only").all_inner_texts()
            assert any(re.search(r"\d+ cards? in hand", text) for text in told), told
    page.context.close()
