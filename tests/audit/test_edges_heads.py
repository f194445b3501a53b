"""Slow requests against a real ``parlour serve``: answered 408 and closed in time.

Half-sent requests once held their connections forever: 1,100 of them exhausted a server
of 1,024 file descriptors. Here a server limited to 160 descriptors is sent 300 requests
that never finish (heads of plain requests and websocket upgrades, bodies cut short); a
real request still gets through. The same attack against the same server with the
deadlines turned off (the planted fault) shuts the real request out, so the check can
fail. Loopback only, bounded in time.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import httpx
import pytest

from parlour.tools.process import serve_process

pytestmark = pytest.mark.server_process

DESCRIPTORS = 160
ATTACKERS = 300
# The child caps its own descriptors before it serves, as a small server's ulimit would.
LIMIT_FDS = (
    f"import resource; resource.setrlimit(resource.RLIMIT_NOFILE, ({DESCRIPTORS}, {DESCRIPTORS}))"
)
HALF_HEADS = [
    b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-",
    b"GET /ws/table/x HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
    b"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n",
    b"POST /api/tables HTTP/1.1\r\n",
    b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b'Content-Length: 100\r\n\r\n{"game": ',
    b"",  # connects and says nothing
]


@contextmanager
def server(timeout: float) -> Iterator[tuple[str, int]]:
    """A ``parlour serve`` with few descriptors and this timeout for a request's head and
    for its body (0: none)."""
    env = {
        "PARLOUR_HEADER_TIMEOUT": str(timeout),
        "PARLOUR_BODY_TIMEOUT": str(timeout),
        "PARLOUR_MAX_CONNECTIONS": "100",
    }
    with serve_process("sqlite://", preamble=LIMIT_FDS, env=env, wait=40) as (base, _):
        yield base, int(base.rsplit(":", 1)[1])


def attack(port: int, stack: ExitStack) -> None:
    """Open ``ATTACKERS`` connections, each sending a head that never ends."""
    for n in range(ATTACKERS):
        sock = stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=5))
        head = HALF_HEADS[n % len(HALF_HEADS)]
        if head:
            sock.sendall(head)


@pytest.fixture(scope="module")
def guarded() -> Iterator[tuple[str, int]]:
    """A server whose request heads and bodies have one second each."""
    with server(1.0) as up:
        yield up


def real_request_gets_through(base: str, port: int, within: float = 8.0) -> bool:
    """Whether a real request is answered within ``within`` seconds of the attack, while
    the attack's connections stay open (the heads still waiting in the listen queue are
    accepted, and cut off, as the first are closed)."""
    with ExitStack() as stack:
        attack(port, stack)
        deadline = time.monotonic() + within
        while (left := deadline - time.monotonic()) > 0:
            try:
                if httpx.get(f"{base}/api/tables", timeout=left).status_code == 200:
                    return True
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        return False


def test_half_sent_requests_do_not_exhaust_the_server(guarded: tuple[str, int]) -> None:
    assert real_request_gets_through(*guarded)


def test_planted_fault_without_the_deadlines_the_server_is_exhausted() -> None:
    with server(0) as up:
        assert not real_request_gets_through(*up)


@pytest.mark.parametrize(
    "head",
    [
        b"GET /api/tables HTTP/1.1\r\nAccept-Language: vi\r\nHost: 127.0.0.1\r\n",
        b"GET /ws/table/x HTTP/1.1\r\nAccept-Language: vi\r\nUpgrade: websocket\r\n",
        b"POST /api/tables HTTP/1.1\r\nAccept-Language: vi\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
    ],
    ids=["request", "websocket-upgrade", "body"],
)
def test_a_stalled_request_is_answered_408_in_the_readers_language(
    guarded: tuple[str, int], head: bytes
) -> None:
    port = guarded[1]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        started = time.monotonic()
        sock.sendall(head)
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
        waited = time.monotonic() - started
    status, _, body = answer.partition(b"\r\n\r\n")
    assert status.startswith(b"HTTP/1.1 408 ") and b"connection: close" in status
    assert b'"web.error.header_timeout"' in body and "giây".encode() in body
    assert waited >= 0.9  # the deadline, not an immediate refusal


def test_a_head_past_its_cap_is_refused_as_it_arrives(guarded: tuple[str, int]) -> None:
    base, port = guarded
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 26_000)
        answer = sock.recv(4096)
    # refused before the head ended (it never does), not left to the deadline (26 kB
    # all read: a refusal with bytes unread would be a reset)
    assert answer.startswith(b"HTTP/1.1 431 ") and b"web.error.too_large" in answer
    assert httpx.get(f"{base}/api/tables", timeout=8).status_code == 200
