"""Analysis over HTTP: only once the game is over, off the loop, kept, refused when busy."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from parlour.engine import Replay
from parlour.learn.analysis import Analysis, analyse
from parlour.learn.jobs import AnalysisPool
from parlour.server import ServerConfig, create_app
from tests.server.conftest import human_table


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A running app on a fresh database (no per-client limits: one address asks all)."""
    config = ServerConfig(
        database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0, create_rate="", seat_rate=""
    )
    with TestClient(create_app(config)) as c:
        yield c


def move(client: TestClient, table: str, seat: int, token: str, n: int, action: str) -> None:
    """Play one move over HTTP."""
    body = {"seat": seat, "token": token, "move": n, "action": action}
    assert client.post(f"/api/tables/{table}/move", json=body).status_code == 200


def finished(client: TestClient) -> tuple[str, list[str]]:
    """A two-seat High Card game played to its end."""
    table, tokens = human_table(client, players=2)
    move(client, table, 0, tokens[0], 0, "swap")
    move(client, table, 1, tokens[1], 1, "keep")
    return table, tokens


def wait_done(client: TestClient, url: str) -> dict[str, Any]:
    """Poll an analysis until it is no longer running."""
    deadline = time.monotonic() + 60
    while True:
        body: dict[str, Any] = client.get(url).json()
        if body["state"] != "running":
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.05)


def test_nobody_analyses_a_seat_before_the_game_is_over(client: TestClient) -> None:
    """Spectators, the other seat and the seat itself are refused until the end."""
    table, tokens = human_table(client, players=2)
    move(client, table, 0, tokens[0], 0, "swap")
    url = f"/api/tables/{table}/analysis/0"
    for asked in (url, f"{url}?token={tokens[0]}", f"{url}?token={tokens[1]}"):
        for answer in (client.post(asked), client.get(asked)):
            assert answer.status_code == 409
            assert answer.json()["error"] == "web.error.not_over"
    move(client, table, 1, tokens[1], 1, "keep")
    assert client.post(url).status_code == 200  # over: anyone may now


def test_an_analysis_runs_reports_progress_and_is_kept(client: TestClient) -> None:
    """Started by a spectator, followed to its end, written out; asking again reuses it."""
    table, _ = finished(client)
    url = f"/api/tables/{table}/analysis/0"
    assert client.get(url).json()["state"] == "none"
    started = client.post(f"{url}?lang=es").json()
    assert started["state"] in ("running", "done")
    body = wait_done(client, f"{url}?lang=es")
    assert body["state"] == "done" and body["done"] == body["total"] == 1
    (decision,) = body["analysis"]["decisions"]
    assert decision["chosen"] == "swap" and decision["index"] == 1
    assert {o["action"] for o in decision["options"]} == {"swap", "keep"}
    assert all(o["text"] and 0 <= o["win"] <= 1 for o in decision["options"])
    assert decision["chosen_text"] and body["analysis"]["names"] == ["P1", "P2"]
    pool: AnalysisPool = client.app.state.analyses  # type: ignore[attr-defined]
    assert pool.submit((table, 0), None, 0, None, 0) is pool.get((table, 0))  # type: ignore[arg-type]
    assert client.post(url).json()["analysis"] == client.get(url).json()["analysis"]
    bad = client.post(f"/api/tables/{table}/analysis/2")
    assert (bad.status_code, bad.json()["error"]) == (404, "web.error.no_seat")


def test_a_full_pool_refuses_politely_and_nothing_queues(client: TestClient) -> None:
    """One worker busy: a second seat's analysis is refused (503) until the first ends."""
    release = threading.Event()
    calls: list[int] = []

    def slow(replay: Replay, seat: int, **kwargs: Any) -> Analysis:
        calls.append(seat)
        release.wait(30)
        return analyse(replay, seat, **kwargs)

    client.app.state.analyses = AnalysisPool(1, 8, slow)  # type: ignore[attr-defined]
    table, _ = finished(client)
    first = client.post(f"/api/tables/{table}/analysis/0")
    assert first.json()["state"] == "running"
    busy = client.post(f"/api/tables/{table}/analysis/1?lang=vi")
    assert busy.status_code == 503 and busy.json()["error"] == "learn.error.busy"
    assert "phân tích" in busy.json()["message"]
    assert client.get(f"/api/tables/{table}/analysis/1").json()["state"] == "none"
    release.set()
    assert wait_done(client, f"/api/tables/{table}/analysis/0")["state"] == "done"
    assert client.post(f"/api/tables/{table}/analysis/1").status_code == 200
    assert wait_done(client, f"/api/tables/{table}/analysis/1")["state"] == "done"
    assert calls == [0, 1]  # the refused request left nothing behind


def test_an_analysis_that_breaks_fails_and_frees_its_worker(client: TestClient) -> None:
    """An unexpected fault inside the search ends the job as failed, not running for ever."""
    broken = True

    def faulty(replay: Replay, seat: int, **kwargs: Any) -> Analysis:
        if broken:
            raise RuntimeError("planted fault")
        return analyse(replay, seat, **kwargs)

    client.app.state.analyses = AnalysisPool(1, 8, faulty)  # type: ignore[attr-defined]
    table, _ = finished(client)
    client.post(f"/api/tables/{table}/analysis/0")
    assert wait_done(client, f"/api/tables/{table}/analysis/0")["state"] == "failed"
    broken = False
    assert client.post(f"/api/tables/{table}/analysis/0").status_code == 200  # tried again
    assert wait_done(client, f"/api/tables/{table}/analysis/0")["state"] == "done"
