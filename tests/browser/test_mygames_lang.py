"""A language switch the table refuses (too many in a short time) leaves the page in one
language: it goes back to the language of its log and says why."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser


def switch(page: Any, lang: str) -> None:
    page.select_option("#lang", lang)
    page.wait_for_selector(f"html[lang='{lang}']")


def first_log_line(page: Any) -> str:
    return str(page.locator("#log li").first.inner_text())


def test_a_refused_language_switch_keeps_the_page_in_the_log_language(
    browser: Any, base_url: str
) -> None:
    page = new_page(browser)
    table = create_table(page, base_url, "loveletter")
    page.click("li.seat[data-seat='0'] button.sit")
    page.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    page.click("li.seat[data-seat='1'] button.add-bot")
    page.wait_for_selector("li.seat[data-seat='1'][data-kind='bot']")
    page.click("#start")
    page.wait_for_selector("#log li")
    for lang in ("vi", "zh", "es"):  # the burst the server allows (lang_burst, 3)
        before = first_log_line(page)
        switch(page, lang)
        page.wait_for_function("t => document.querySelector('#log li').innerText !== t", arg=before)
    spanish = first_log_line(page)
    page.select_option("#lang", "vi")  # one too many: refused
    page.wait_for_selector("#toast:has-text('Demasiados cambios de idioma')")
    page.wait_for_selector("html[lang='es']")
    assert page.locator("#lang").input_value() == "es"
    assert page.evaluate("localStorage.getItem('parlour.lang')") == "es"
    assert first_log_line(page) == spanish
    assert page.locator("h1").inner_text() == "Love Letter"
    assert page.locator("#actions, .waiting").first.count() == 1
    # The page's own words are Spanish too, as its log: a spectator in Spanish reads the same line.
    watcher = new_page(browser)
    watcher.goto(f"{base_url}/t/{table}?lang=es")
    watcher.wait_for_selector("#log li")
    assert first_log_line(watcher) == spanish
    assert "Registro" in page.locator(".log-panel h2").inner_text()
    assert page.errors == [] and watcher.errors == []
