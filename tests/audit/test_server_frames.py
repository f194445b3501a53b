"""The websocket protocol of ``parlour serve`` (uvicorn's, with whole small text frames
read and written directly) answers every frame sequence byte for byte as uvicorn's own:
whole messages, split and batched frames, fragments, control frames, and the refusals
(unmasked, reserved bits, not UTF-8, too big), on loopback servers, in bounded time."""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import pytest
import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from parlour.server.edge.scope import WRITE_TEXT
from parlour.server.fast.websocket_protocol import FramesProtocol, Inbox
from parlour.tools.process import free_port

TEXT, BINARY, CONT, CLOSE, PING = 0x1, 0x2, 0x0, 0x8, 0x9
IDLE = 0.3
"""Seconds without a byte after which a connection's answer is taken as complete."""
Scope = MutableMapping[str, Any]


def frame(
    opcode: int,
    payload: bytes,
    *,
    fin: bool = True,
    mask: bool = True,
    rsv: int = 0,
    wide: bool = False,
) -> bytes:
    """A client frame (masked unless ``mask`` is false; ``wide``: a 16-bit length)."""
    head = bytes([(0x80 if fin else 0) | rsv << 4 | opcode])
    size = len(payload)
    bit = 0x80 if mask else 0
    if size < 126 and not wide:
        head += bytes([bit | size])
    elif size < 65536:
        head += bytes([bit | 126]) + size.to_bytes(2, "big")
    else:
        head += bytes([bit | 127]) + size.to_bytes(8, "big")
    if not mask:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def text(words: str, **kw: Any) -> bytes:
    return frame(TEXT, words.encode(), **kw)


def split(data: bytes, *at: int) -> list[bytes]:
    """One frame's bytes in several writes."""
    cuts = [0, *at, len(data)]
    return [data[a:b] for a, b in itertools.pairwise(cuts)]


SEQUENCES: dict[str, list[bytes]] = {
    "one message": [text('{"move": 3, "action": "play 1"}')],
    "empty message": [text("")],
    "two in one write": [text("a") + text("b")],
    "split across writes": split(text("hello"), 7),
    "header split": split(text("x" * 200), 3),
    "then half of another": split(text("a") + text("bc"), 11),
    "fragments": [frame(TEXT, b"hel", fin=False) + frame(CONT, b"lo")],
    "fragment then message": [frame(TEXT, b"he", fin=False), frame(CONT, b"y"), text("z")],
    "message within fragments": [frame(TEXT, b"he", fin=False), text("z")],
    "binary": [frame(BINARY, b"\x00\x01")],
    "ping": [frame(PING, b"p"), text("after")],
    "sixteen-bit length": [text("y" * 300)],
    "sixteen-bit length, small": [text("short", wide=True)],
    "past the fast size": [text("z" * 5000)],
    "too big": [text("w" * 70000)[:100]],  # refused from its header
    "unmasked": [text("plain", mask=False)],
    "reserved bit": [text("rsv", rsv=4)],
    "not UTF-8": [frame(TEXT, b"\xff\xfe")],
    "UTF-8 split": [frame(TEXT, "é".encode()[:1], fin=False) + frame(CONT, "é".encode()[1:])],
    "close": [frame(CLOSE, (1000).to_bytes(2, "big"))],
    "message then close": [text("last") + frame(CLOSE, (1001).to_bytes(2, "big"))],
    "after the app closes": [text("close"), text("ignored")],
    "many at once": [b"".join(text(f"m{i}") for i in range(20))],
    "written at once": [text("both")],
    "written at once, several": [text("both1") + text("both2") + text("x") + text("both3")],
}


async def echo(scope: Scope, receive: Callable[[], Awaitable[Any]], send: Any) -> None:
    """Answers each message with its kind and content; ``close`` closes (4001); a message
    starting ``both`` is answered twice, first by the protocol's own immediate write."""
    assert scope["type"] == "websocket"
    await receive()
    await send({"type": "websocket.accept"})
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            return
        words = message.get("text")
        if words == "close":
            await send({"type": "websocket.close", "code": 4001})
            return
        if words is not None and words.startswith("both"):
            # Written at once where the protocol offers it, then sent: in this order.
            write = scope.get(WRITE_TEXT)
            if write is None or not write(f"now:{words}"):
                await send({"type": "websocket.send", "text": f"now:{words}"})
            await send({"type": "websocket.send", "text": f"then:{words}" + "é" * 200})
        elif words is not None:
            await send({"type": "websocket.send", "text": f"text:{words[:40]}:{len(words)}"})
        else:
            await send({"type": "websocket.send", "bytes": b"bytes:" + message["bytes"]})


async def exchange(port: int, writes: list[bytes]) -> bytes:
    """What the server sends after its handshake answer, for these writes."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    assert head.startswith(b"HTTP/1.1 101")
    got = b""
    for data in writes:
        writer.write(data)
        await writer.drain()
        await asyncio.sleep(0.02)
    while True:
        try:
            chunk = await asyncio.wait_for(reader.read(65536), IDLE)
        except (TimeoutError, ConnectionError):
            break
        if not chunk:
            break
        got += chunk
    writer.close()
    return got


async def answers(protocol: type[asyncio.Protocol]) -> dict[str, bytes]:
    """Every sequence's answer from a loopback server running ``protocol``."""
    port = free_port()
    config = uvicorn.Config(
        echo,
        host="127.0.0.1",
        port=port,
        ws=protocol,
        lifespan="off",
        log_level="critical",
        ws_per_message_deflate=False,
        ws_max_size=64 * 1024,
        ws_ping_interval=None,
    )
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    for _ in range(500):
        if server.started:
            break
        await asyncio.sleep(0.01)
    try:
        found = await asyncio.gather(*(exchange(port, w) for w in SEQUENCES.values()))
        return dict(zip(SEQUENCES, found, strict=True))
    finally:
        server.should_exit = True
        await serving


def run(protocol: type[asyncio.Protocol]) -> dict[str, bytes]:
    return asyncio.run(answers(protocol))


@pytest.fixture(scope="module")
def uvicorns() -> dict[str, bytes]:
    return run(WebSocketsSansIOProtocol)


def test_frames_answered_as_uvicorn_does(uvicorns: dict[str, bytes]) -> None:
    ours = run(FramesProtocol)
    for name in SEQUENCES:
        assert ours[name] == uvicorns[name], name
    # The sequences reach every kind of answer: an echo, a pong, each close code.
    assert b"text:" in uvicorns["one message"] and b"bytes:" in uvicorns["binary"]
    assert uvicorns["written at once"].index(b"now:") < uvicorns["written at once"].index(b"then:")
    closes = {name: uvicorns[name][2:4] for name in ("unmasked", "not UTF-8", "too big")}
    assert closes == {
        "unmasked": (1002).to_bytes(2, "big"),
        "not UTF-8": (1007).to_bytes(2, "big"),
        "too big": (1009).to_bytes(2, "big"),
    }


class Careless(FramesProtocol):
    """A planted fault: a frame's mask bit is not checked (an unmasked frame is read)."""

    def _text_frame(self, data: bytes, start: int, end: int) -> tuple[int, str] | None:
        if data[start] == 0x81 and not data[start + 1] & 0x80 and data[start + 1] < 126:
            size = data[start + 1]
            return start + 2 + size, data[start + 2 : start + 2 + size].decode()
        return super()._text_frame(data, start, end)


class Hasty(FramesProtocol):
    """A planted fault: a message written at once loses its last byte."""

    def write_text(self, text: str) -> bool:
        return super().write_text(text[:-1])


@pytest.mark.parametrize(("planted", "where"), [(Careless, "unmasked"), (Hasty, "written at once")])
def test_the_comparison_catches_planted_faults(
    uvicorns: dict[str, bytes], planted: type[FramesProtocol], where: str
) -> None:
    assert run(planted)[where] != uvicorns[where]


def test_the_inbox_keeps_messages_for_a_reader_that_gave_up_waiting() -> None:
    """A reader cancelled while it waits (a hello's deadline) loses nothing: the next
    reader gets every message, in order."""

    async def scenario() -> list[Any]:
        inbox = Inbox(asyncio.get_running_loop())
        waiting = asyncio.create_task(inbox.get())
        await asyncio.sleep(0)
        waiting.cancel()
        await asyncio.sleep(0)
        inbox.put_nowait("a")
        inbox.put_nowait("b")
        got = [await inbox.get(), await inbox.get()]
        later = asyncio.create_task(inbox.get())
        await asyncio.sleep(0)
        inbox.put_nowait("c")
        return [*got, await later, inbox.qsize(), inbox.empty(), waiting.cancelled()]

    assert asyncio.run(scenario()) == ["a", "b", "c", 0, True, True]
