"""The lobby lists public tables only, a page at a time, filtered by game and by tables
waiting for players; a new table is private unless its host lists it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from parlour.engine.i18n import t
from tests.browser.conftest import axe_problems, shot
from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser


def _rows(page: Any) -> list[str]:
    return [
        str(r)
        for r in page.eval_on_selector_all(".table-row", "rs => rs.map(r => r.dataset.table)")
    ]


def test_public_and_private_tables_pages_and_filters(browser: Any, base_url: str) -> None:
    page = new_page(browser)
    private = create_table(page, base_url, "highcard")
    page.goto(f"{base_url}/")
    page.wait_for_selector("#public")
    assert not page.is_checked("#public")  # private by default
    page.fill("#name", "Ana")
    page.click("[data-game='loveletter']")
    page.check("#public")
    page.click("#create")
    page.wait_for_url("**/t/*")
    listed = page.url.rsplit("/", 1)[1]
    # 25 more public Highcard tables, made through the API: two pages of them.
    made = [
        httpx.post(
            f"{base_url}/api/tables", json={"game": "highcard", "players": 2, "public": True}
        ).json()["table"]["id"]
        for _ in range(25)
    ]
    page.goto(f"{base_url}/")
    page.wait_for_selector(".table-row")
    rows = _rows(page)
    assert private not in rows and len(rows) == 20 and rows[0] == made[-1]
    assert page.is_disabled("#page-prev") and not page.is_disabled("#page-next")
    page.click("#page-next")
    page.wait_for_function("() => !document.querySelector('#page-prev').disabled")
    second = _rows(page)
    assert second == [*reversed(made[:5]), listed]
    assert private not in second
    assert page.is_disabled("#page-next")
    # One game only: the Love Letter table, on one page.
    page.select_option("#filter-game", "loveletter")
    page.wait_for_function("() => document.querySelectorAll('.table-row').length === 1")
    assert _rows(page) == [listed]
    assert page.locator("#page-next").count() == 0
    # Waiting for players, and the game filter: still the Love Letter table (it is open).
    page.check("#filter-waiting")
    page.wait_for_timeout(300)
    assert _rows(page) == [listed]
    assert axe_problems(page) == []
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_the_lobby_s_new_controls_in_every_language(
    browser: Any, base_url: str, lang: str, size: str
) -> None:
    page = new_page(browser, phone=size == "phone")
    page.context.add_init_script(f"localStorage.setItem('parlour.lang', '{lang}')")
    for _ in range(21):  # enough public tables for a second page
        httpx.post(
            f"{base_url}/api/tables", json={"game": "highcard", "players": 2, "public": True}
        )
    page.goto(f"{base_url}/")
    page.wait_for_selector(".table-row")
    assert page.inner_text("label[for='public']").strip() == t("web.lobby.public", lang)
    assert t("web.lobby.waiting", lang) in page.inner_text(".table-filters")
    assert t("web.lobby.next", lang) in page.inner_text(".pager")
    wide = page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
    assert not wide  # no sideways scrolling, on a phone too
    shot(page, f"lobby-{lang}-{size}")
    assert axe_problems(page) == []
    page.context.close()
