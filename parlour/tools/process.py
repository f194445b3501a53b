"""A ``parlour serve`` process on a free local port: for the load test and the restart tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

import httpx


def free_port() -> int:
    """A local port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def serve_process(
    database: str,
    *,
    port: int | None = None,
    bot_delay: float = 0.0,
    preamble: str = "",
    cwd: Path | None = None,
    wait: float = 30.0,
    extra: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """Start ``parlour serve`` on ``database``; yield its base URL and the process once it
    answers. ``preamble`` is Python run in the child first (tests register games with it).
    The server's output goes to a temporary file (a pipe could fill and stall the server);
    its tail is in the error when the server does not start within ``wait`` seconds.
    ``extra`` are more ``parlour serve`` options (``["--redis", url]``), ``env`` more
    environment variables (``{"PARLOUR_CREATE_RATE": ""}``).
    """
    port = port if port is not None else free_port()
    steps = ["import sys", preamble, "from parlour.cli import main", "sys.argv[0] = 'parlour'"]
    code = "; ".join(step for step in [*steps, "main()"] if step)
    cmd = [sys.executable, "-c", code, "serve", "--port", str(port), "--database", database]
    cmd += ["--bot-delay", str(bot_delay), *extra]
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryFile() as log:
        environ = {**os.environ, **(env or {})}
        proc = subprocess.Popen(cmd, cwd=cwd, env=environ, stdout=subprocess.DEVNULL, stderr=log)
        try:
            deadline = time.monotonic() + wait
            while True:
                try:
                    if httpx.get(f"{base}/api/tables", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    tail = log.read().decode(errors="replace")[-2000:]
                    raise RuntimeError(f"the server did not start: {tail}")
                time.sleep(0.1)
            yield base, proc
        finally:
            stop(proc)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop a child process: politely, then by force after 10 seconds."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    proc.wait(10)
