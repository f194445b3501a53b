"""Browser tests: a real server in a thread and the system Chromium driven by Playwright."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.games import register
from tests.support.highcard import GAME as HIGHCARD

register(HIGHCARD)

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.browser


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip every browser test, with the reason, when no Chromium is installed."""
    if CHROMIUM is None:
        skip = pytest.mark.skip(reason="chromium is not installed (apt-get install chromium)")
        for item in items:
            if "tests/browser" in str(item.fspath):
                item.add_marker(skip)


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running server on a free port with a temporary database."""
    import uvicorn

    from parlour.server import ServerConfig, create_app
    from parlour.server.fast.websocket_protocol import FramesProtocol

    db = tmp_path_factory.mktemp("browser") / "parlour.db"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # One server serves every browser test from one address, faster than any person: the
    # per-address creation and seating limits (tested in tests/audit) would refuse them.
    config = ServerConfig(
        database_url=f"sqlite:///{db}",
        bot_delay=0,
        create_rate="",
        seat_rate="",
        max_bot_tables=1000,
        max_client_bot_tables=1000,
        max_client_open_tables=1000,
        max_client_sockets=1000,
    )
    app = create_app(config)
    # The websocket protocol parlour serve runs (whole small text frames read directly).
    serving = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws=FramesProtocol
    )
    server = uvicorn.Server(serving)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """A headless Chromium per module (Playwright's loop must not outlive these tests)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield b
        b.close()


STRAY_WORDS = """() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    if (/^(null|undefined|NaN)$/.test(text) || text.includes("[object ")) found.push(text);
  }
  return found;
}"""
"""Text nodes a page shows by mistake: a script's null, undefined or object put in as text."""


def stray_words(page: object) -> list[str]:
    """The words a page shows that no catalog wrote (``null`` appended as a node, ...)."""
    found: list[str] = page.evaluate(STRAY_WORDS)  # type: ignore[attr-defined]
    return found


def shot(page: object, name: str, full_page: bool = True) -> None:
    """Save a screenshot under artifacts/screenshots/, once the page shows no stray word
    (the whole page, or what the viewport shows)."""
    assert stray_words(page) == [], f"{name}: {stray_words(page)}"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(  # type: ignore[attr-defined]
        path=str(SHOTS / f"{name}.png"), full_page=full_page, animations="disabled"
    )


SERIOUS = ("serious", "critical")
"""The impacts every page must be free of."""

MODERATE = ("moderate", "serious", "critical")
"""With axe's best practices too (heading order, landmarks): the table pages are held to these."""


def axe_problems(page: object, impacts: tuple[str, ...] = SERIOUS) -> list[str]:
    """WCAG 2.1 A/AA violations of the given impacts axe-core finds on the page as it is now
    (with moderate ones, axe's best practices are run too).

    axe-core (MPL-2.0) comes with the axe-playwright-python test dependency; only its script is
    used, injected into the page.
    """
    import importlib.util

    spec = importlib.util.find_spec("axe_playwright_python")
    assert spec is not None and spec.origin, "pip install axe-playwright-python (see pyproject)"
    script = Path(spec.origin).with_name("axe.min.js")
    # Evaluated through the browser's debugging protocol: the server's Content-Security-Policy
    # (scripts from the server only) would block a script tag with axe inline.
    page.evaluate(script.read_text(encoding="utf-8") + "\n;0")  # type: ignore[attr-defined]
    tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
    if "moderate" in impacts:
        tags.append("best-practice")
    found = page.evaluate(  # type: ignore[attr-defined]
        """async ([tags, impacts]) => {
          const r = await axe.run(document, { runOnly: { type: "tag", values: tags } });
          return r.violations
            .filter((v) => impacts.includes(v.impact))
            .map((v) => `${v.id} (${v.impact}): `
              + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", "));
        }""",
        [tags, list(impacts)],
    )
    return list(found)
