"""Friends in the browser: two passkey accounts become friends on the friends page, one
invites the other from an open table, and the invitation arrives in the friend's list; the
friends page and the account page with its notifications settings pass axe."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import axe_problems, shot
from tests.browser.test_accounts import api, local, sign_up_here, with_authenticator
from tests.browser.test_play import new_page

pytestmark = pytest.mark.browser


def befriend(page: Any, base: str, name: str) -> None:
    """Add ``name`` on the friends page."""
    page.goto(f"{base}/friends")
    page.fill("#friend-name", name)
    page.click("#friend-add-submit")


def test_a_friend_invitation_arrives(browser: Any, base_url: str) -> None:
    base = local(base_url)
    ana, ben = new_page(browser), new_page(browser, phone=True)
    for page, name in ((ana, "Friendly Ana"), (ben, "Friendly Ben")):
        with_authenticator(page)
        sign_up_here(page, base, name)
    assert ana.locator("#push-part, #push-unavailable").count() == 1
    assert axe_problems(ana) == []
    befriend(ana, base, "Friendly Ben")
    ana.wait_for_selector("#friends-page li")  # "waiting for their answer"
    ben.goto(f"{base}/friends")
    ben.click("#asked-by li[data-name='Friendly Ana'] button.friend-accept")
    ben.wait_for_selector("#friend-list li[data-name='Friendly Ana']")
    assert axe_problems(ben) == []
    # Ana hosts an open table and invites Ben from it.
    made = api(ana, "POST", "/api/tables", {"game": "loveletter", "players": 2})
    table, host = made["table"]["id"], made["host_token"]
    ana.evaluate(f"localStorage.setItem('parlour.host.{table}', '{host}')")
    ana.goto(f"{base}/t/{table}")
    ana.click("#invite-slot button.invite[data-name='Friendly Ben']")
    ana.wait_for_selector("#invite-slot button.invite:has-text('Invited')")
    ben.goto(f"{base}/friends")
    link = ben.locator(f"#invitations li[data-table='{table}'] a")
    link.wait_for()
    assert "Friendly Ana" in ben.locator("#invitations li").first.inner_text()
    assert axe_problems(ben) == []
    shot(ben, "account-friends-phone")
    link.click()
    ben.wait_for_url(f"**/t/{table}")
    assert ana.errors == [] and ben.errors == []
