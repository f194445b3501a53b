"""Thumb-first play: whole games tapped on a 390x844 phone (and a wide screen), checking at
every step that each control of the step is on screen, without scrolling, and big enough."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.games import game_ids
from tests.browser.conftest import shot
from tests.browser.test_board import SEED, wait_change

pytestmark = pytest.mark.browser

Page = Any

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 850}

# Whatever the board offers for the first tap of a move.
BOARD = ".board .pickable, .board #picker button.pick"

# The controls of a step under way: the step bar (the trail's choices, "these", Back), the
# confirmation, the order taken as dragged, a round's panel.
STEP = ".step-bar button, #confirm button, #order-done, #round-summary button.dismiss"

# Each control of the step that is outside the viewport or smaller than 44 px, in words.
OFF_SCREEN = f"""async () => {{
  // Measured where things come to rest (a panel sliding in is scaled for 200 ms).
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const bad = [];
  for (const el of document.querySelectorAll({STEP!r})) {{
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    const big = r.height >= 44 && r.width >= 44;
    if (!inside || !big) {{
      bad.push(`${{el.textContent.trim()}} at ${{Math.round(r.left)}},${{Math.round(r.top)}}`
        + ` ${{Math.round(r.width)}}x${{Math.round(r.height)}}`);
    }}
  }}
  if (document.documentElement.scrollWidth > innerWidth) {{
    bad.push(`page ${{document.documentElement.scrollWidth}} px wide`);
  }}
  return bad;
}}"""

# (name, game, options, players, seat, language): every edition and side, a small game each,
# the four languages taken in turn (their words are the longest things in the bar).
GAMES = [
    ("ll-classic", "loveletter", {"tokens_to_win": "2"}, 2, 0, "en"),
    ("ll-premium", "loveletter", {"edition": '"premium"', "tokens_to_win": "1"}, 5, 0, "vi"),
    ("ll-2019", "loveletter", {"edition": '"2019"', "tokens_to_win": "2"}, 3, 0, "zh"),
    ("ig-thanos", "gauntlet", {}, 2, 0, "es"),
    ("ig-hero", "gauntlet", {}, 2, 1, "vi"),
    ("sm", "splendor-marvel", {"max_rounds": "4"}, 2, 0, "es"),
    ("sm-3", "splendor-marvel", {"max_rounds": "3"}, 3, 0, "zh"),
]


@pytest.fixture()
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables created during the test are dealt from SEED (the server runs in this process)."""
    from parlour.server.store.storage import TableRecord
    from parlour.server.tables import hub

    def record(**fields: Any) -> TableRecord:
        return TableRecord(**{**fields, "seed": SEED})

    monkeypatch.setattr(hub, "TableRecord", record)


def open_table(browser: Any, base: str, size: dict[str, int], spec: tuple[Any, ...]) -> Page:
    """A table of the spec's game with the person in its seat and bots elsewhere, started."""
    _, game, options, players, seat, language = spec
    context = browser.new_context(viewport=size, locale=language, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.add_init_script("localStorage.setItem('parlour.confirm', 'on')")
    page.goto(f"{base}/")
    page.fill("#name", "Ana")
    page.click(f"[data-game='{game}']")
    for name, value in options.items():
        field = page.locator(f"#opt-{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.select_option("#players", str(players))
    page.click("#create")
    page.wait_for_selector(".seat-list")
    page.click(f"li.seat[data-seat='{seat}'] button.sit")
    page.wait_for_selector(f"li.seat[data-seat='{seat}'] .badge.you")
    for other in range(players):
        if other != seat:
            page.click(f"li.seat[data-seat='{other}'] button.add-bot")
            page.wait_for_selector(f"li.seat[data-seat='{other}'][data-kind='bot']")
    page.click("#start")
    page.wait_for_selector("#actions button.step, #summary")
    return page


def panel_agrees_with_log(page: Page) -> int:
    """A round's or the game's panel tells the showdown in the log's own lines: each is a line
    of the log, the last the log's latest round result. 1 when the panel told one, else 0."""
    told = page.locator("#round-summary .summary-log li, #summary .summary-log li")
    if not told.count():
        return 0
    lines = told.all_inner_texts()
    log = [line.strip() for line in page.locator("#log li").all_inner_texts()]
    assert all(line.strip() in log for line in lines), (lines, log[-12:])
    results = page.locator("#log li[data-kind='round_won'], #log li[data-kind='round_nobody']")
    assert lines[-1].strip() == results.last.inner_text().strip()
    return 1


def tap_through(page: Page, name: str, limit: int = 800) -> dict[str, int]:
    """Tap the first thing offered until the game ends; every step's controls must be in view.

    Taps use the pointer at the control's place as it is on screen (no scrolling first)."""
    seen = {"taps": 0, "steps": 0, "panels": 0}
    for _ in range(limit):
        if page.locator("#round-summary, #summary").count():
            told = panel_agrees_with_log(page)
            if told and not seen["panels"]:
                shot(page, f"42-{name}-panel", full_page=False)
            seen["panels"] += told
        if page.locator("#summary").count():
            assert page.evaluate(OFF_SCREEN) == [], f"{name}: the end panel"
            shot(page, f"42-{name}-end", full_page=False)
            return seen
        bad = page.evaluate(OFF_SCREEN)
        assert bad == [], f"{name} after {seen['taps']} taps: {bad}"
        wanted = page.locator(
            "#round-summary button.dismiss, #confirm-send, .step-bar button.pick, #order-done"
        )
        if wanted.count():
            seen["steps"] += 1
            if seen["steps"] in (1, 4):
                shot(page, f"40-{name}-step-{seen['steps']}", full_page=False)
            move = page.locator("main").get_attribute("data-move")
            box = wanted.first.bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            seen["taps"] += 1
            if page.locator("#round-summary").count():
                continue
            wait_change(page, move)
            continue
        target = page.locator(BOARD).first
        if target.count():
            move = page.locator("main").get_attribute("data-move")
            target.click()
            seen["taps"] += 1
            wait_change(page, move)
        else:
            page.wait_for_selector(
                f"{BOARD}, #confirm-send, #summary, #round-summary", timeout=20000
            )
    raise AssertionError(f"{name}: the game did not end")


@pytest.mark.parametrize("spec", [g for g in GAMES if g[1] in game_ids()], ids=lambda g: g[0])
def test_every_step_within_reach_on_a_phone(
    browser: Any, base_url: str, spec: tuple[Any, ...], seeded: None
) -> None:
    page = open_table(browser, base_url, PHONE, spec)
    seen = tap_through(page, f"phone-{spec[5]}-{spec[0]}")
    assert seen["taps"] > 0 and seen["steps"] > 0
    assert not page.errors, page.errors
    page.context.close()


def test_the_premium_bishop_picker_stays_in_view_on_a_wide_screen(
    browser: Any, base_url: str, seeded: None
) -> None:
    spec = (*GAMES[1][:5], "en")
    page = open_table(browser, base_url, DESKTOP, spec)
    seen = tap_through(page, "desktop-en-ll-premium")
    assert seen["steps"] > 0
    assert not page.errors, page.errors
    page.context.close()
