"""Love Letter's lessons by edition in the browser: the grouped list and a premium lesson."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.engine.i18n import t
from tests.browser.conftest import axe_problems, shot
from tests.browser.test_play import new_page

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_the_premium_cardinal_lesson_under_its_edition(
    browser: Any, base_url: str, lang: str
) -> None:
    """The list shows the three editions in order; the Cardinal on two rivals is explained and
    not played; the Cardinal on the learner and Rival 1, then a look, ends the lesson."""
    for phone in (False, True):
        page = new_page(browser, phone=phone)
        page.goto(f"{base_url}/learn/loveletter?lang={lang}&lesson=loveletter-cardinal")
        page.wait_for_selector("#lesson[data-lesson='loveletter-cardinal'] .lesson-move")
        heads = page.locator(".lesson-group-title").all_inner_texts()
        assert heads == [
            t(f"learn.lesson.group.loveletter-{g}", lang) for g in ("classic", "2019", "premium")
        ]
        premium = page.locator(".lesson-group[data-group='premium']")
        assert premium.locator("a[aria-current='page']").get_attribute("data-lesson") == (
            "loveletter-cardinal"
        )
        first = premium.locator("ol").get_attribute("start")
        assert first == str(page.locator(".lesson-list li").count() - 10 + 1)
        assert t("learn.lesson.rival_n", lang, number=4) in page.locator(".board").inner_text()
        page.click(".lesson-move[data-action='cardinal>p1+p2']")
        page.wait_for_selector(".lesson-feedback.not-it")
        wrong = t("learn.lesson.loveletter-cardinal.wrong1", lang)
        assert wrong in page.locator("#lesson-feedback").inner_text()
        if not phone:
            assert axe_problems(page) == []
        shot(page, f"62-lesson-premium-{lang}-{'phone' if phone else 'desktop'}-explained")
        page.click(".lesson-move[data-action='cardinal>p0+p1']")
        page.wait_for_selector(".lesson-move[data-action='look=p1']")
        assert page.locator("#lesson-ask").inner_text() == t(
            "learn.lesson.loveletter-cardinal.step2", lang
        )
        page.click(".lesson-move[data-action='look=p1']")
        page.wait_for_selector("#lesson[data-done='true'] .lesson-feedback.ok")
        done = t("learn.lesson.loveletter-cardinal.done", lang)
        assert done in page.locator("#lesson-feedback").inner_text()
        shot(page, f"62-lesson-premium-{lang}-{'phone' if phone else 'desktop'}-done")
        assert page.errors == []
        page.context.close()
