"""Accounts in the browser: an account made with a passkey (the DevTools virtual
authenticator), signed in on other browsers with that passkey and with the recovery code,
the same My games on each; the pages axe clean on a desktop and a phone, in four languages."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import axe_problems, shot
from tests.browser.test_play import new_page

pytestmark = pytest.mark.browser

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}
"""A platform authenticator (a phone's or laptop's) that answers at once, user verified."""


def local(base_url: str) -> str:
    """The server under the name ``localhost``: a passkey's site must be a domain, not an
    address."""
    return base_url.replace("127.0.0.1", "localhost")


def with_authenticator(page: Any) -> tuple[Any, str]:
    """A virtual authenticator in the page's browser; its DevTools session and id."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    found = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return cdp, str(found["authenticatorId"])


def seated_guest(page: Any, base: str) -> str:
    """A private table where this browser sits as a guest (its token in localStorage)."""
    page.goto(f"{base}/")
    return str(
        page.evaluate(
            """async () => {
              const post = (path, body) => fetch(path, {method: "POST",
                headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)})
                .then((r) => r.json());
              const made = await post("/api/tables", {game: "loveletter", players: 2});
              const id = made.table.id;
              const seat = await post(`/api/tables/${id}/seats/0`, {name: "Guest"});
              const held = JSON.stringify({seat: 0, token: seat.token});
              localStorage.setItem(`parlour.seat.${id}`, held);
              localStorage.setItem(`parlour.host.${id}`, made.host_token);
              return id;
            }"""
        )
    )


def my_games(page: Any, base: str) -> set[str]:
    """The tables My games lists in this browser."""
    page.goto(f"{base}/mine")
    page.wait_for_selector("#mine")
    page.wait_for_selector("li.mine-row, .mine-empty")
    rows = page.locator("li.mine-row").evaluate_all("els => els.map((e) => e.dataset.table)")
    return set(rows)


def test_a_passkey_account_on_three_browsers(browser: Any, base_url: str) -> None:
    base = local(base_url)
    first = new_page(browser)
    cdp, authenticator = with_authenticator(first)
    table = seated_guest(first, base)
    first.goto(f"{base}/account")
    first.wait_for_selector("#signup")
    assert axe_problems(first) == []
    first.fill("#signup-name", "Passkey Ada")
    first.click("#signup-submit")
    code = first.locator("#recovery-code")
    code.wait_for()
    recovery = code.inner_text()
    assert len(recovery.replace("-", "")) == 24
    assert axe_problems(first) == []
    first.click("#code-done")
    first.wait_for_selector("#account-games")
    assert "Passkey Ada" in first.locator("h1").inner_text()
    assert axe_problems(first) == []
    shot(first, "account-desktop")
    # The passkey, synced to another device (its authenticator gets a copy).
    credentials = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
    assert len(credentials["credentials"]) == 1
    second = new_page(browser)
    cdp2, authenticator2 = with_authenticator(second)
    cdp2.send(
        "WebAuthn.addCredential",
        {"authenticatorId": authenticator2, "credential": credentials["credentials"][0]},
    )
    second.goto(f"{base}/account")
    second.click("#signin-passkey")
    second.wait_for_selector("#account-games")
    assert my_games(second, base) == {table}
    # A third browser, without the passkey, with the recovery code (a new one is shown).
    third = new_page(browser, phone=True)
    third.goto(f"{base}/account")
    third.fill("#signin-code", recovery.lower())
    third.click("#signin-code-submit")
    third.locator("#recovery-code").wait_for()
    assert third.locator("#recovery-code").inner_text() != recovery
    third.click("#code-done")
    third.wait_for_selector("#account-games")
    assert my_games(third, base) == {table}
    assert my_games(first, base) == {table}
    for page in (first, second, third):
        assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "vi", "zh", "es"])
def test_the_account_pages_pass_axe_in_every_language(
    browser: Any, base_url: str, lang: str
) -> None:
    for phone in (False, True):
        page = new_page(browser, phone=phone)
        page.goto(f"{local(base_url)}/account?lang={lang}")
        page.wait_for_selector("#signup")
        assert page.locator("html").get_attribute("lang") == lang
        assert axe_problems(page) == [], (lang, phone)
        # A refusal shows in the page's language, in the alert.
        page.fill("#signin-code", "AAAA-BBBB")
        page.click("#signin-code-submit")
        page.wait_for_selector(".account .form-error:not(:empty)")
        assert axe_problems(page) == [], (lang, phone)
        if phone:
            shot(page, f"account-signin-phone-{lang}")


def api(page: Any, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """A request from the page (its cookies), answered as JSON."""
    return page.evaluate(
        """async ([method, path, body]) => {
          const r = await fetch(path, {method, headers: {"Content-Type": "application/json"},
            body: body === null ? undefined : JSON.stringify(body)});
          return r.json();
        }""",
        [method, path, body],
    )


def sign_up_here(page: Any, base: str, name: str) -> None:
    """Make an account on the account page with this browser's passkey."""
    page.goto(f"{base}/account")
    page.fill("#signup-name", name)
    page.click("#signup-submit")
    page.click("#code-done")
    page.wait_for_selector("#account-games")


def test_a_rated_game_shows_its_rating_changes_ladder_and_profiles(
    browser: Any, base_url: str
) -> None:
    base = local(base_url)
    ana, ben = new_page(browser), new_page(phone=True, browser=browser)
    for page in (ana, ben):
        with_authenticator(page)
        page.goto(f"{base}/")
    made = api(ana, "POST", "/api/tables", {"game": "highcard", "players": 2})
    table, host = made["table"]["id"], made["host_token"]
    ana.evaluate(f"localStorage.setItem('parlour.host.{table}', '{host}')")
    ana.goto(f"{base}/t/{table}")
    ana.click("#make-rated")
    ana.wait_for_selector("#rated-slot .badge")
    tokens = []
    for seat, (page, name) in enumerate(((ana, "Rated Ana"), (ben, "Rated Ben"))):
        token = api(page, "POST", f"/api/tables/{table}/seats/{seat}", {"name": name})["token"]
        held = f'{{"seat": {seat}, "token": "{token}"}}'
        page.evaluate(f"localStorage.setItem('parlour.seat.{table}', '{held}')")
        sign_up_here(page, base, name)
        tokens.append(token)
    api(ana, "POST", f"/api/tables/{table}/start", {"host_token": host})
    for move in (0, 1):
        body = {"seat": move, "token": tokens[move], "move": move, "action": "keep"}
        assert api(ana, "POST", f"/api/tables/{table}/move", body)["move"] == move + 1
    ana.goto(f"{base}/t/{table}")
    changes = ana.locator("#rating-changes li")
    changes.first.wait_for()
    assert changes.count() == 2
    assert "Rated Ana" in changes.nth(0).inner_text()
    ben.goto(f"{base}/ladder/highcard?min_games=1")
    ben.wait_for_selector("#ladder-rows")
    names = ben.locator("#ladder-rows tbody th").all_inner_texts()
    assert sorted(names) == ["Rated Ana", "Rated Ben"]
    assert axe_problems(ben) == []
    ben.click("#ladder-rows a:has-text('Rated Ana')")
    ben.wait_for_selector("#profile-ratings")
    assert ben.locator("#profile-ratings tbody td").first.inner_text() != ""
    assert ben.locator(f"#profile-recent li[data-table='{table}'] a").count() == 1
    assert axe_problems(ben) == []
    shot(ben, "account-profile-phone")
    # Each rating changed exactly once.
    ladder = api(ben, "GET", "/api/ratings/highcard?min_games=1")
    assert sorted((row["name"], row["games"]) for row in ladder) == [
        ("Rated Ana", 1),
        ("Rated Ben", 1),
    ]
    assert ana.errors == [] and ben.errors == []


def test_my_games_follow_the_account_without_visiting_its_page(browser: Any, base_url: str) -> None:
    base = local(base_url)
    phone, laptop = new_page(browser, phone=True), new_page(browser)
    cdp, authenticator = with_authenticator(phone)
    sign_up_here(phone, base, "Roaming Ana")
    credentials = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator})
    cdp2, authenticator2 = with_authenticator(laptop)
    cdp2.send(
        "WebAuthn.addCredential",
        {"authenticatorId": authenticator2, "credential": credentials["credentials"][0]},
    )
    laptop.goto(f"{base}/account")
    laptop.click("#signin-passkey")
    laptop.wait_for_selector("#account-games")
    # Later the phone sits at a new table; its My games sends the seat to the account.
    table = seated_guest(phone, base)
    assert my_games(phone, base) == {table}
    # The laptop's My games lists it at once.
    assert my_games(laptop, base) == {table}
    # A guest's pages ask nothing of accounts.
    guest = new_page(browser)
    asked: list[str] = []
    guest.on("request", lambda r: asked.append(r.url) if "/api/account" in r.url else None)
    assert my_games(guest, base) == set()
    assert asked == []
    assert phone.errors == [] and laptop.errors == []
