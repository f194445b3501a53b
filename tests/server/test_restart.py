"""Kill the server mid-game (kill -9), restart it: every table is back at the same move."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from parlour.tools.process import free_port, serve_process

pytestmark = pytest.mark.server_process

# The child process registers the toy game before it serves.
LAUNCH = (
    "from parlour.games import register; from tests.support.highcard import GAME; register(GAME)"
)
ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def server(db: Path, port: int) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A real ``parlour serve`` process; yields its base URL and the process."""
    with serve_process(f"sqlite:///{db}", port=port, preamble=LAUNCH, cwd=ROOT, wait=20) as up:
        yield up


def test_tables_survive_a_killed_server(tmp_path: Path) -> None:
    db = tmp_path / "parlour.db"
    port = free_port()
    with server(db, port) as (base, proc):
        r = httpx.post(f"{base}/api/tables", json={"game": "highcard", "players": 4})
        table, host = r.json()["table"]["id"], r.json()["host_token"]
        tokens = [
            httpx.post(f"{base}/api/tables/{table}/seats/{s}", json={"name": f"P{s}"}).json()[
                "token"
            ]
            for s in range(4)
        ]
        seat0 = {"X-Seat-Token": tokens[0]}
        httpx.post(f"{base}/api/tables/{table}/start", json={"host_token": host})
        for seat, action in ((0, "swap"), (1, "keep")):
            body = {"seat": seat, "token": tokens[seat], "move": seat, "action": action}
            assert httpx.post(f"{base}/api/tables/{table}/move", json=body).status_code == 200
        before = httpx.get(f"{base}/api/tables/{table}/replay/2?seat=0", headers=seat0).json()
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    with server(db, free_port()) as (base, _):
        summary = httpx.get(f"{base}/api/tables/{table}").json()
        assert (summary["status"], summary["move"], summary["to_act"]) == ("playing", 2, 2)
        after = httpx.get(f"{base}/api/tables/{table}/replay/2?seat=0", headers=seat0).json()
        assert after["view"] == before["view"] and after["events"] == before["events"]
        # Old tokens still work; the same move number is not accepted twice.
        stale = {"seat": 1, "token": tokens[1], "move": 1, "action": "keep"}
        assert httpx.post(f"{base}/api/tables/{table}/move", json=stale).status_code == 409
        for seat in (2, 3):
            body = {"seat": seat, "token": tokens[seat], "move": seat, "action": "keep"}
            assert httpx.post(f"{base}/api/tables/{table}/move", json=body).status_code == 200
        assert httpx.get(f"{base}/api/tables/{table}").json()["status"] == "over"
