"""The header's My games link counts the tables awaiting your move (from the answer the My
games page reads), is looked up again when you return to the lobby, reads out in words for a
screen reader, and fits a desktop and a phone in four languages, axe clean."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from tests.browser.conftest import axe_problems, shot
from tests.browser.test_play import new_page

pytestmark = pytest.mark.browser

WORDS = {
    "en": "2 tables await your move",
    "vi": "Đến lượt bạn ở 2 bàn",
    "zh": "有 2 桌轮到你了",
    "es": "Te toca en 2 mesas",
}


def two_person_table(base: str) -> tuple[str, list[str]]:
    """A started High Card table of two people (private); its id and the seats' tokens."""
    made = httpx.post(f"{base}/api/tables", json={"game": "highcard", "players": 2})
    assert made.status_code == 201, made.text
    table, host = made.json()["table"]["id"], made.json()["host_token"]
    tokens = []
    for seat, name in enumerate(["Ana", "Bo"]):
        sat = httpx.post(f"{base}/api/tables/{table}/seats/{seat}", json={"name": name})
        assert sat.status_code == 201, sat.text
        tokens.append(sat.json()["token"])
    started = httpx.post(f"{base}/api/tables/{table}/start", json={"host_token": host})
    assert started.status_code == 200, started.text
    return table, tokens


def hold(page: Any, base: str, seats: dict[str, tuple[int, str]]) -> None:
    """This browser holds these tables' seats, as if it had taken them itself."""
    page.goto(f"{base}/mine")
    for table, (seat, token) in seats.items():
        held = json.dumps({"seat": seat, "token": token})
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"parlour.seat.{table}", held])


def badge(page: Any) -> Any:
    """The link's count, once the lobby has looked (hidden when nothing awaits)."""
    page.wait_for_function(
        "() => document.getElementById('my-games-turns').dataset.looked === 'yes'"
    )
    return page.locator("#my-games-turns")


def test_my_games_counts_the_tables_awaiting_your_move(browser: Any, base_url: str) -> None:
    one, tokens_one = two_person_table(base_url)
    two, tokens_two = two_person_table(base_url)
    ana, bo = new_page(browser), new_page(browser)
    hold(ana, base_url, {one: (0, tokens_one[0]), two: (0, tokens_two[0])})
    hold(bo, base_url, {one: (1, tokens_one[1]), two: (1, tokens_two[1])})
    # Seat 0 moves first at both tables: Ana has two, Bo none.
    ana.goto(f"{base_url}/")
    assert badge(ana).is_visible()
    assert badge(ana).locator("[aria-hidden='true']").inner_text() == "2"
    assert badge(ana).locator(".sr-only").inner_text() == WORDS["en"]
    assert "2 tables await your move" in ana.locator("#my-games").text_content()
    bo.goto(f"{base_url}/")
    assert not badge(bo).is_visible()
    # Ana moves at one table; back in the lobby she has one left, and Bo has one.
    move = {"seat": 0, "token": tokens_one[0], "move": 0, "action": "keep"}
    assert httpx.post(f"{base_url}/api/tables/{one}/move", json=move).status_code == 200
    ana.goto(f"{base_url}/t/{one}")
    ana.go_back()
    ana.wait_for_url(f"{base_url}/")
    ana.wait_for_function(
        "() => document.querySelector('#my-games-turns [aria-hidden]')?.textContent === '1'"
    )
    assert "1 table awaits your move" in ana.locator("#my-games").text_content()
    bo.goto(f"{base_url}/")
    assert badge(bo).locator("[aria-hidden='true']").inner_text() == "1"
    # My games itself shows the same count, from its own look.
    bo.click("#my-games")
    bo.wait_for_selector("li.mine-row")
    assert bo.locator("li.mine-row[data-your-turn='true']").count() == 1
    assert badge(bo).locator("[aria-hidden='true']").inner_text() == "1"
    assert ana.errors == [] and bo.errors == []


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_the_count_in_four_languages_on_desktop_and_phone(
    browser: Any, base_url: str, lang: str
) -> None:
    one, tokens_one = two_person_table(base_url)
    two, tokens_two = two_person_table(base_url)
    for phone in (False, True):
        page = new_page(browser, phone=phone)
        if phone:
            page.set_viewport_size({"width": 390, "height": 844})
        hold(page, base_url, {one: (0, tokens_one[0]), two: (0, tokens_two[0])})
        page.goto(f"{base_url}/?lang={lang}")
        assert badge(page).locator(".sr-only").inner_text() == WORDS[lang]
        assert badge(page).get_attribute("title") == WORDS[lang]
        # The link and its count stay on one line, inside the header's width.
        box = page.locator("#my-games").bounding_box()
        count = badge(page).bounding_box()
        assert (
            count["y"] >= box["y"] - 1
            and count["y"] + count["height"] <= box["y"] + box["height"] + 1
        )
        assert box["x"] + box["width"] <= page.viewport_size["width"]
        assert axe_problems(page) == []
        shot(page, f"{lang}-{'phone' if phone else 'desktop'}-mygames-count")
        assert page.errors == []
