"""A throwaway Redis server for tests: 127.0.0.1 on a free port, nothing saved to disk.

Whatever keeps it from starting (no ``redis-server`` installed) is a skip reason, not a
failure.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

from parlour.tools.process import free_port, stop

START_WAIT = 10.0
"""Seconds the server may take to answer."""


class Unavailable(Exception):
    """Redis cannot run here (the message says why)."""


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextmanager
def server(port: int | None = None) -> Iterator[str]:
    """Run a private Redis server (on ``port``, else a free one); yield its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise Unavailable("redis-server is not installed (apt-get install redis-server)")
    port = port or free_port()
    with tempfile.TemporaryDirectory() as folder:
        cmd = [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", folder]
        cmd += ["--save", "", "--appendonly", "no", "--protected-mode", "yes"]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + START_WAIT
            while not _answers(port):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise Unavailable(f"redis-server did not start (exit {proc.poll()})")
                time.sleep(0.05)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            stop(proc)
