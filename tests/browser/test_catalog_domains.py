"""Each page downloads only the catalog domains it uses: core and web, and its game's own
(a table page also the chat's and presence's, friends)."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import pytest

from tests.browser.test_play import create_table, new_page

pytestmark = pytest.mark.browser


def _asked(urls: list[str]) -> set[str]:
    out: set[str] = set()
    for url in urls:
        query = parse_qs(urlparse(url).query)
        assert "domains" in query, f"{url} asks for every domain"
        out |= set(query["domains"][0].split(","))
    return out


def _watch(page: Any) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url) if "/api/i18n/" in r.url else None)
    return urls


def test_the_endpoint_sends_only_the_domains_asked(base_url: str) -> None:
    some = httpx.get(f"{base_url}/api/i18n/vi?domains=core,web,nosuch").json()
    every = httpx.get(f"{base_url}/api/i18n/vi").json()
    assert {k.partition(".")[0] for k in some} == {"core", "web"}
    assert {"cli", "rl", "loveletter"} <= {k.partition(".")[0] for k in every}


def test_lobby_table_and_howto_fetch_only_their_domains(browser: Any, base_url: str) -> None:
    page = new_page(browser)
    urls = _watch(page)
    page.goto(f"{base_url}/")
    page.wait_for_selector("#create")
    assert _asked(urls) == {"core", "web"}
    urls.clear()
    create_table(page, base_url, "loveletter")
    page.wait_for_selector("#chat")
    assert _asked(urls) == {"core", "web", "loveletter", "friends"}
    urls.clear()
    page.select_option("#lang", "zh")  # a language switch fetches the same domains again
    page.wait_for_selector("html[lang='zh']")
    page.wait_for_timeout(200)
    assert _asked(urls) == {"core", "web", "loveletter", "friends"}
    assert page.locator("h1").inner_text() == "情书"
    how = new_page(browser)
    how_urls = _watch(how)
    how.goto(f"{base_url}/howto/gauntlet?lang=es")
    how.wait_for_selector("article.howto")
    assert _asked(how_urls) == {"core", "web", "gauntlet"}
    assert page.errors == [] and how.errors == []
