"""Direct play: each game played to its end by tapping the board alone, and one by keyboard."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.games import game_ids
from tests.browser.conftest import shot
from tests.browser.test_games import GAMES, seat_and_start
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser

Page = Any

# Whatever the board offers: a highlighted element or a picker button, never the text menu.
BOARD = ".board .pickable, .board #picker button.pick"


def wait_change(page: Page, move: str | None) -> None:
    """Until the move number changes or the board offers something new."""
    page.wait_for_function(
        "m => document.querySelector('main').dataset.move !== m"
        " || document.querySelector('#summary, #confirm-send')"
        " || document.querySelector('.board .pickable, .board #picker button.pick')",
        arg=move,
        timeout=20000,
    )


def play_on_board(page: Page, game: str, limit: int = 600) -> int:
    """Tap the first thing the board offers (and confirm) until the game is over."""
    taps = 0
    for _ in range(limit):
        if page.locator("#summary").count():
            return taps
        if page.locator("#round-summary button.dismiss").count():
            page.locator("#round-summary button.dismiss").click()
        if page.locator("#confirm-send").count():
            move = page.locator("main").get_attribute("data-move")
            text = page.locator("#confirm-text").inner_text()
            assert text.startswith("Your move: ") and "say:" not in text
            page.click("#confirm-send")
            wait_change(page, move)
            continue
        target = page.locator(BOARD).first
        if target.count():
            if taps == 2:
                shot(page, f"30-{game}-board-pick")
            move = page.locator("main").get_attribute("data-move")
            target.click()
            taps += 1
            wait_change(page, move)
        else:
            page.wait_for_selector(
                f"{BOARD}, #confirm-send, #summary, #round-summary", timeout=20000
            )
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", [g for g in GAMES if g in game_ids()])
def test_a_whole_game_played_on_the_board_alone(browser: Any, base_url: str, game: str) -> None:
    for _ in range(4):  # a bot may end a Love Letter game before the first turn
        page = new_page(browser)
        create_table(page, base_url, game, GAMES[game])
        seat_and_start(page)
        if game == "loveletter":  # the log opens with round 1's deal, as later rounds do
            assert page.locator("#log li").first.inner_text().startswith("Round 1 begins")
        taps = play_on_board(page, game)
        if taps:
            break
        page.context.close()
    assert taps > 0
    shot(page, f"31-{game}-board-over")
    assert page.locator("#summary table.scores").count() == 1
    assert not page.errors, page.errors
    page.context.close()


WANTED = (
    "#summary, #round-summary button.dismiss, #confirm-send, .board .pickable,"
    " .board #picker button.pick"
)

# The focused element shows that it has the focus: an outline or a ring drawn around it.
FOCUS_SHOWN = """() => {
  const el = document.activeElement;
  const s = getComputedStyle(el);
  const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
  return outline || s.boxShadow !== "none";
}"""

# Every table is dealt from this seed, so each game is the same short one on every run.
SEED = 20261201

# The n-th move takes choice n * SPREAD (wrapped), so the games go beyond the first choices.
SPREAD = 3


@pytest.fixture()
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables created during the test are dealt from SEED (the server runs in this process)."""
    from parlour.server.store.storage import TableRecord
    from parlour.server.tables import hub

    def record(**fields: Any) -> TableRecord:
        return TableRecord(**{**fields, "seed": SEED})

    monkeypatch.setattr(hub, "TableRecord", record)


# Where the focus is among the things to choose (-1: elsewhere), and how many there are.
PLACE = f"""() => {{
  const all = [...document.querySelectorAll({WANTED!r})];
  return [all.indexOf(document.activeElement), all.length];
}}"""


def press_to_the_end(page: Page, seen: dict[str, int], spread: int, limit: int = 400) -> int:
    """Move the focus by Tab or Shift+Tab to one of the things to choose (board, picker,
    confirmation, a round's panel), a different one each time, and press Enter or Space."""
    for presses in range(limit):
        if page.locator("#summary").count():
            return presses
        page.wait_for_selector(WANTED, timeout=20000)
        if page.locator("#summary").count():
            return presses
        # Focus never drops to the page: after a move, a bot's move or a step, it is where it
        # was or in the move area, so the next Tab goes on from there.
        if presses:
            assert page.evaluate("document.activeElement !== document.body"), presses
        at, count = page.evaluate(PLACE)
        wanted = (presses * spread) % count
        key = "Shift+Tab" if 0 <= wanted < at else "Tab"
        for _ in range(200):
            at, count = page.evaluate(PLACE)
            if at == wanted:
                break
            page.keyboard.press(key)
            seen[key] += 1
        else:
            raise AssertionError(f"choice {wanted} of {count} cannot be reached by {key}")
        assert page.evaluate(FOCUS_SHOWN), page.evaluate("document.activeElement.outerHTML")
        if page.evaluate("document.activeElement.id") == "confirm-send":
            # Confirmations are off: only a move that knocks the player out still asks.
            assert page.locator("#confirm .self-out").count() == 1
            seen["self_out"] += 1
        move = page.locator("main").get_attribute("data-move")
        page.keyboard.press("Enter" if presses % 2 else " ")
        wait_change(page, move)
    raise AssertionError("the game did not end")


# Each game from its first seat; Infinity Gauntlet also as a hero (fights, ordering cards).
KEYBOARD = [(g, 0) for g in GAMES if g in game_ids()] + [("gauntlet", 1)]


@pytest.mark.parametrize(("game", "seat"), KEYBOARD)
def test_a_whole_game_played_by_keyboard_alone(
    browser: Any, base_url: str, game: str, seat: int, seeded: None
) -> None:
    seen = {"self_out": 0, "Tab": 0, "Shift+Tab": 0}
    page = new_page(browser)
    page.add_init_script("localStorage.setItem('parlour.confirm', 'off')")
    create_table(page, base_url, game, GAMES[game])
    seat_and_start(page, seat)
    presses = press_to_the_end(page, seen, SPREAD)
    # The seed deals a game in which the person moves (a bot may end a round before that).
    assert presses > 0
    assert page.locator("#summary table.scores").count() == 1
    assert not page.errors, page.errors
    page.context.close()
