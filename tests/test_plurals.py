"""Plural forms: CLDR's rules through Babel in Python, Intl.PluralRules in the browser, alike."""

from __future__ import annotations

import re
import shutil
import string
from pathlib import Path

import pytest

from parlour.engine.i18n import LANGUAGES, catalog, domains, plural_category, t

ROOT = Path(__file__).resolve().parents[1]
I18N_JS = ROOT / "parlour" / "web" / "static" / "i18n.js"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
NUMBERS = [*range(0, 121), 1000, 1_000_000, 2_000_000, 0.5, 1.5]
# "card(s)", "ficha(s)": a word that does not know its number.
HEDGED = re.compile(r"\w\((s|es)\)")


def _specs(text: str) -> list[tuple[str, str]]:
    return [(f, s) for _, f, s, _ in string.Formatter().parse(text) if f and s and "=" in s]


def _hedged(texts: dict[str, str]) -> list[str]:
    return [key for key, text in texts.items() if HEDGED.search(text)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_hedges_a_plural(lang: str) -> None:
    texts = {f"{d}.{k}": v for d in domains() for k, v in catalog(lang, d).items()}
    assert not _hedged(texts)


def test_the_hedge_check_catches_a_planted_card_s() -> None:
    assert _hedged({"a": "Draws {count} card(s).", "b": "Roba {count} carta(s)."}) == ["a", "b"]
    assert _hedged({"a": "Draws {count} {count:one=card;other=cards}."}) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_form_names_real_categories_and_has_other(lang: str) -> None:
    for domain in domains():
        for key, text in catalog(lang, domain).items():
            for field, spec in _specs(text):
                names = {part.split("=", 1)[0] for part in spec.split(";")}
                assert "other" in names and names <= CATEGORIES, (lang, domain, key, field)


def test_the_form_follows_the_language() -> None:
    assert t("loveletter.render.pile", "en", count=1) == "Pile: 1 card"
    assert t("loveletter.render.pile", "en", count="2") == "Pile: 2 cards"
    assert t("loveletter.render.pile", "es", count=1) == "Mazo: 1 carta"
    assert t("loveletter.render.pile", "es", count=0) == "Mazo: 0 cartas"
    assert t("gauntlet.event.token", "en", seat="Ana", count=1, total=3) == (
        "Ana takes 1 power token (3 in all)."
    )
    assert plural_category("vi", 1) == plural_category("zh", 1) == "other"
    assert plural_category("es", 1_000_000) == "many"
    assert plural_category("en", "not a number") == "other"


@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
def test_browser_and_server_agree_on_every_category() -> None:
    from playwright.sync_api import sync_playwright

    # The real module, inline: its exports are read back through a global.
    module = I18N_JS.read_text(encoding="utf-8") + "\nwindow.i18n = { pluralCategory, t };\n"
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            page = browser.new_page()
            page.set_content("<html><body></body></html>")
            page.add_script_tag(content=module, type="module")
            page.wait_for_function("window.i18n !== undefined")
            seen = page.evaluate(
                "([langs, numbers]) => langs.map("
                "(l) => numbers.map((n) => window.i18n.pluralCategory(l, n)))",
                [list(LANGUAGES), NUMBERS],
            )
            text = page.evaluate(
                "window.i18n.t('{count} {count:one=card;other=cards}', {count: 1}) + ' / ' +"
                "window.i18n.t('{count} {count:one=card;other=cards}', {count: 2})"
            )
        finally:
            browser.close()
    expected = [[plural_category(lang, n) for n in NUMBERS] for lang in LANGUAGES]
    assert seen == expected
    assert text == "1 card / 2 cards"
