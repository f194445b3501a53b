"""The websocket protocol of ``parlour serve``: uvicorn's, with the common frames read and
written directly.

Nearly every frame a table's socket carries is a whole text message: a client's move,
beat or ping (small, masked, one frame), the server's state message. Uvicorn's protocol
runs each through the websockets library's general parser and frame objects (a
generator stepping through the header, a frame object, its events list), which cost a
busy server about as much as reading the message's JSON and checking it.

Here a frame that is a whole, masked text message of at most ``FAST_MAX`` bytes, arriving
complete while nothing else is half-read, is unmasked and handed to the app directly; a
text message the app sends is framed directly. Every other case goes through uvicorn and
the library as before, so their checks and answers stay theirs: a fragment, a control
frame (ping, pong, close), an unmasked client frame (a protocol error), a frame past
the size cap (too big), text that is not UTF-8 (closed with 1007), data that arrives
split or after a close, extensions. Reading pauses while two messages wait for the app
(uvicorn pauses at every message), so a client cannot queue more on the server.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any, Literal

from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import OPEN

from parlour.server.edge.scope import WRITE_TEXT

try:  # the library's C unmasking, as its own parser uses when built
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover
    from websockets.utils import apply_mask

FAST_MAX = 4096
"""The largest client frame read here (bigger ones are the library's; the app refuses
messages past 4 KiB anyway)."""
TEXT_FIN = 0x81
"""A frame's first byte for a whole text message (FIN set, no extension bits, opcode 1)."""
MASKED = 0x80
LENGTH_ORDER: Literal["big"] = "big"
"""The byte order of a frame's 16-bit length (network order; a test plants the other)."""


def text_frame(text: str) -> bytes:
    """A server's frame of a whole text message (unmasked), as the library writes it."""
    payload = text.encode("utf-8")
    size = len(payload)
    if size < 126:
        head = bytes((TEXT_FIN, size))
    elif size < 65536:
        head = bytes((TEXT_FIN, 126)) + size.to_bytes(2, "big")
    else:
        head = bytes((TEXT_FIN, 127)) + size.to_bytes(8, "big")
    return head + payload


class Inbox:
    """The messages waiting for the app, read by one reader: what uvicorn's protocol asks of
    its ``asyncio.Queue`` (``put_nowait``, ``get``, ``empty``, ``qsize``) without a
    general queue's bookkeeping at every message."""

    __slots__ = ("items", "loop", "waiter")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.items: deque[Any] = deque()
        self.loop = loop
        self.waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: Any) -> None:
        """Add a message; the reader waiting for one wakes."""
        self.items.append(item)
        waiter, self.waiter = self.waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> Any:
        """The next message, once there is one."""
        while not self.items:
            waiter = self.waiter = self.loop.create_future()
            try:
                await waiter
            finally:
                if self.waiter is waiter:
                    self.waiter = None
        return self.items.popleft()

    def empty(self) -> bool:
        """Whether no message waits."""
        return not self.items

    def qsize(self) -> int:
        """How many messages wait."""
        return len(self.items)


class FramesProtocol(WebSocketsSansIOProtocol):
    """Uvicorn's websocket protocol with the common frames read and written here."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Inbox(self.loop)  # type: ignore[assignment]

    def _plain(self) -> bool:
        """Whether the connection is open, between frames and messages, without
        extensions: a whole frame may be read or written here."""
        conn = self.conn
        return (
            self.handshake_complete
            and not self.close_sent
            and not self.disconnected
            and self.initial_response is None
            and conn.state is OPEN
            and conn.current_size is None
            and not conn.expect_continuation_frame
            and not conn.extensions
            and conn.parser_exc is None
            and not conn.reader.buffer
        )

    def data_received(self, data: bytes) -> None:
        """Read whole small text frames here; hand anything else to uvicorn."""
        start, end = 0, len(data)
        while start < end and self._plain():
            taken = self._text_frame(data, start, end)
            if taken is None:
                break
            start, text = taken
            queue = self.queue
            queue.put_nowait({"type": "websocket.receive", "text": text})
            # Reading pauses once a message waits behind one the app has not taken yet
            # (uvicorn pauses at every message, and resumes as the app takes it: two
            # system calls a message when the app is waiting, as it nearly always is).
            if queue.qsize() > 1 and not self.read_paused:
                self.read_paused = True
                self.transport.pause_reading()
        if start < end:
            super().data_received(data[start:] if start else data)

    def _text_frame(self, data: bytes, start: int, end: int) -> tuple[int, str] | None:
        """The end and text of the frame at ``start`` if it is one read here."""
        if end - start < 6 or data[start] != TEXT_FIN:
            return None
        second = data[start + 1]
        size = second & 0x7F
        if not second & MASKED or size > 126:
            return None
        head = start + 2
        if size == 126:
            if end - start < 8:
                return None
            size = int.from_bytes(data[head : head + 2], LENGTH_ORDER)
            head += 2
        limit = self.conn.max_message_size
        if size > FAST_MAX or (limit is not None and size > limit):
            return None
        stop = head + 4 + size
        if stop > end:
            return None  # arrives split: the library waits for the rest
        try:
            text = apply_mask(data[head + 4 : stop], data[head : head + 4]).decode("utf-8")
        except UnicodeDecodeError:
            return None  # the library closes the connection (1007)
        return stop, text

    def handle_connect(self, event: Any) -> None:
        """Open the connection as uvicorn does; the app's scope gets :meth:`write_text`."""
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # (none when the upgrade was refused)
            scope[WRITE_TEXT] = self.write_text

    def write_text(self, text: str) -> bool:
        """Write a text message at once if nothing stands in the way (the connection open
        between messages, its transport taking writes); False: send it the ASGI way.

        The table socket writes its messages so when none waits before them: no task
        wakes and no queue is passed for each (see ``tables.Connection.send``)."""
        if self.disconnected or not self.writable.is_set() or not self._writable_plain():
            return False
        self.transport.write(text_frame(text))
        return True

    async def send(self, message: Any) -> None:
        """Frame a text message here; anything else is uvicorn's."""
        text = message.get("text") if message["type"] == "websocket.send" else None
        if text is None or message.get("bytes") is not None:
            await super().send(message)
            return
        await self.writable.wait()
        if self.disconnected:
            raise ClientDisconnected()
        if not self._writable_plain():
            await super().send(message)
            return
        self.transport.write(text_frame(text))

    def _writable_plain(self) -> bool:
        conn = self.conn
        return (
            self.handshake_complete
            and not self.close_sent
            and self.initial_response is None
            and conn.state is OPEN
            and not conn.expect_continuation_frame
            and not conn.extensions
        )
