"""A deadline pending when the server is killed (kill -9) is acted on once after a restart."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from parlour.server.features.clocks import STORE_EVERY
from parlour.tools.process import free_port, serve_process

pytestmark = pytest.mark.server_process

LAUNCH = (
    "from parlour.games import register; from tests.support.highcard import GAME; register(GAME)"
)
ROOT = Path(__file__).resolve().parents[2]
PER_MOVE = 5.0


def until(check: Any, what: str, limit: float = 20.0) -> Any:
    deadline = time.monotonic() + limit
    while not (found := check()):
        assert time.monotonic() < deadline, what
        time.sleep(0.05)
    return found


def test_a_pending_deadline_survives_kill_9_and_is_applied_exactly_once(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.db'}"
    with serve_process(db, port=free_port(), preamble=LAUNCH, cwd=ROOT) as (base, proc):
        made = httpx.post(f"{base}/api/tables", json={"game": "highcard", "players": 3}).json()
        table, host = made["table"]["id"], made["host_token"]
        clock = {"mode": "realtime", "per_move": PER_MOVE, "bank": 0, "on_timeout": "move"}
        r = httpx.post(f"{base}/api/tables/{table}/clock", json={"host_token": host, **clock})
        assert r.status_code == 200, r.text
        for seat in range(3):
            httpx.post(f"{base}/api/tables/{table}/seats/{seat}", json={"name": f"P{seat}"})
        assert httpx.post(f"{base}/api/tables/{table}/start", json={"host_token": host}).is_success
        running = until(
            lambda: (c := httpx.get(f"{base}/api/tables/{table}/clock").json())["move"] == 0 and c,
            "the first turn's clock is stored",
        )
        time.sleep(STORE_EVERY + 0.5)  # stored with the next batch of turns
        os.kill(proc.pid, signal.SIGKILL)  # the deadline is still ahead
        proc.wait(10)
    assert time.time() < running["deadline"]
    time.sleep(max(0.0, running["deadline"] - time.time()) + 0.5)  # it passes while down
    with serve_process(db, port=free_port(), preamble=LAUNCH, cwd=ROOT) as (base, _):
        until(
            lambda: httpx.get(f"{base}/api/tables/{table}").json()["move"] == 1,
            "the timeout is applied after the restart",
        )
        # The next turn's clock is stored just after the move it follows.
        until(
            lambda: httpx.get(f"{base}/api/tables/{table}/clock").json()["move"] == 1,
            "the next turn's clock is stored",
        )
        after = httpx.get(f"{base}/api/tables/{table}/clock").json()
        assert (after["move"], after["seat"], after["timeouts"]) == (1, 1, [1, 0, 0])
        time.sleep(1.0)  # and not again: seat 1 has five seconds of its own
        assert httpx.get(f"{base}/api/tables/{table}").json()["move"] == 1
        assert httpx.get(f"{base}/api/tables/{table}/clock").json()["timeouts"] == [1, 0, 0]
