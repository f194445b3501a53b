"""Kill the server mid-game (kill -9), restart it: every table is back at the same move."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

pytestmark = pytest.mark.server_process

# The child process registers the toy game before it serves.
LAUNCH = (
    "import sys; from parlour.games import register; "
    "from tests.support.highcard import GAME; register(GAME); "
    "from parlour.cli import main; sys.argv = ['parlour'] + sys.argv[1:]; main()"
)


def free_port() -> int:
    """A port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(db: Path, port: int) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A real ``parlour serve`` process; yields its base URL and the process."""
    cmd = [sys.executable, "-c", LAUNCH, "serve", "--port", str(port)]
    cmd += ["--database", f"sqlite:///{db}", "--bot-delay", "0"]
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(cmd, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(f"{base}/api/tables", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                err = proc.stderr.read().decode() if proc.stderr else ""
                pytest.fail(f"server did not start: {err[-2000:]}")
            time.sleep(0.1)
        yield base, proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)


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
        httpx.post(f"{base}/api/tables/{table}/start", json={"host_token": host})
        for seat, action in ((0, "swap"), (1, "keep")):
            body = {"seat": seat, "token": tokens[seat], "move": seat, "action": action}
            assert httpx.post(f"{base}/api/tables/{table}/move", json=body).status_code == 200
        before = httpx.get(f"{base}/api/tables/{table}/replay/2?seat=0&token={tokens[0]}").json()
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    with server(db, free_port()) as (base, _):
        summary = httpx.get(f"{base}/api/tables/{table}").json()
        assert (summary["status"], summary["move"], summary["to_act"]) == ("playing", 2, 2)
        after = httpx.get(f"{base}/api/tables/{table}/replay/2?seat=0&token={tokens[0]}").json()
        assert after["view"] == before["view"] and after["events"] == before["events"]
        # Old tokens still work; the same move number is not accepted twice.
        stale = {"seat": 1, "token": tokens[1], "move": 1, "action": "keep"}
        assert httpx.post(f"{base}/api/tables/{table}/move", json=stale).status_code == 409
        for seat in (2, 3):
            body = {"seat": seat, "token": tokens[seat], "move": seat, "action": "keep"}
            assert httpx.post(f"{base}/api/tables/{table}/move", json=body).status_code == 200
        assert httpx.get(f"{base}/api/tables/{table}").json()["status"] == "over"
