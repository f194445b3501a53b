"""Time and size limits on reading a request, in the HTTP server itself.

Uvicorn closes a keep-alive connection that stays idle between requests, but a client that
connects and sends nothing, or sends half a request head (or half a body) and stalls, holds
its connection (and a file descriptor) forever: a thousand of them exhaust a server.
``parlour serve`` runs this protocol instead of uvicorn's own (``http=``): a connection
whose request head is not complete within ``header_timeout`` seconds of its first byte (or
of the connection, for its first request) is answered 408 with
``web.error.header_timeout`` when it sent part of a head, and closed; a body not complete
within ``body_timeout`` seconds of its head is answered the same (unless the answer has
begun) and closed. A head that grows past ``max_header_bytes`` (and a request line's worth
more) is answered 431 and closed as it arrives, not read to its end.

A websocket's upgrade request is such a head too, so a stalled upgrade is closed the
same way; once upgraded, the websocket's own limits apply (its hello timeout, pings).

Past the server's connection cap (``limit_concurrency``, the setting ``max_connections``)
uvicorn answers a bare English ``Service Unavailable``; here the request is marked
(:data:`BUSY` in its scope) and the guard answers it 503 with a catalog error in the
reader's language and ``Retry-After`` (see :mod:`parlour.server.edge.guard`).
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from parlour.engine.i18n import DEFAULT_LANGUAGE, LANGUAGES
from parlour.server.edge.scope import BUSY
from parlour.server.errors import ServerError

log = logging.getLogger("parlour.server")

"""Set in a request's scope when it arrived past the server's connection cap."""
LINE_ALLOWANCE = 8 * 1024
"""Bytes a head may have beyond ``max_header_bytes``: its request line (the URL)."""


def _answer(status: bytes, error: ServerError, lang: str) -> bytes:
    body = json.dumps(error.to_json(lang), ensure_ascii=False).encode("utf-8")
    head = (
        b"HTTP/1.1 " + status + b"\r\n"
        b"content-type: application/json\r\n"
        b"content-length: " + str(len(body)).encode() + b"\r\n"
        b"connection: close\r\n\r\n"
    )
    return head + body


class HeadLimitProtocol(HttpToolsProtocol):
    """Uvicorn's HTTP protocol with a deadline and a size cap on each request head."""

    header_timeout: float = 10.0
    """Seconds a request head may take (0: no deadline)."""
    body_timeout: float = 10.0
    """Seconds a request body may take once its head is complete (0: no deadline)."""
    max_header_bytes: int = 16 * 1024
    """The head's bytes past which it is refused 431 (``LINE_ALLOWANCE`` more allowed)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_timer: asyncio.TimerHandle | None = None
        self.reading_head = True
        self.reading_body = False
        self.head_bytes = 0
        # The cap is checked here, so that uvicorn never answers its own bare 503.
        self.connection_cap, self.limit_concurrency = self.limit_concurrency, None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Start the first head's clock as the connection opens."""
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the head's clock with the connection."""
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """Read as uvicorn does, then refuse a head grown past its cap."""
        super().data_received(data)
        if not self.reading_head or self.transport.is_closing():
            return
        self.head_bytes += len(data)
        if self.head_bytes > self.max_header_bytes + LINE_ALLOWANCE:
            error = ServerError("web.error.too_large", limit=self.max_header_bytes)
            self._refuse(b"431 Request Header Fields Too Large", error)

    def on_message_begin(self) -> None:
        """A new head starts: its clock runs from its first byte."""
        super().on_message_begin()
        self.reading_head = True
        self.head_bytes = 0
        self._arm()

    def on_headers_complete(self) -> None:
        """The head is complete: its body's clock starts (a websocket's upgrade has none:
        the connection is the websocket's from here)."""
        self.reading_head = False
        self._disarm()
        cap = self.connection_cap
        if cap is not None and (len(self.connections) >= cap or len(self.tasks) >= cap):
            self.scope[BUSY] = True  # type: ignore[literal-required]
        super().on_headers_complete()
        if not (self.parser.should_upgrade() and self._should_upgrade()):
            self.reading_body = True
            self._arm(self.body_timeout)

    def on_message_complete(self) -> None:
        """The body is complete: no deadline of ours until the next head."""
        self.reading_body = False
        self._disarm()
        super().on_message_complete()

    def _arm(self, seconds: float | None = None) -> None:
        seconds = self.header_timeout if seconds is None else seconds
        if seconds > 0 and self.head_timer is None:
            self.head_timer = self.loop.call_later(seconds, self._expired)

    def _disarm(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _expired(self) -> None:
        self.head_timer = None
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return
        if self.reading_body:
            self.reading_body = False
            if self.cycle is not None and self.cycle.response_started:
                self.transport.close()  # an answer has begun: no other can be sent
                return
            error = ServerError("web.error.header_timeout", seconds=f"{self.body_timeout:g}")
            self._refuse(b"408 Request Timeout", error)
            return
        if not self.reading_head:
            return
        if self.head_bytes == 0 and not self.headers:
            self.transport.close()  # nothing was asked: nothing to answer
            return
        error = ServerError("web.error.header_timeout", seconds=f"{self.header_timeout:g}")
        self._refuse(b"408 Request Timeout", error)

    def _refuse(self, status: bytes, error: ServerError) -> None:
        self._disarm()
        self.reading_head = False
        client = "{}:{}".format(*self.client) if self.client else "?"
        log.info("refused a request head from %s: %s", client, error.key)
        self.transport.write(_answer(status, error, self._lang()))
        self.transport.close()

    def _lang(self) -> str:
        for name, value in self.headers or ():
            if name == b"accept-language":
                for part in value.decode("latin-1").split(","):
                    code = part.split(";")[0].strip().lower()[:2]
                    if code in LANGUAGES:
                        return code
        return DEFAULT_LANGUAGE


def head_limit_protocol(
    header_timeout: float, max_header_bytes: int, body_timeout: float = 10.0
) -> type[asyncio.Protocol]:
    """The protocol class for ``uvicorn.run(http=...)`` with these limits."""
    limits = {
        "header_timeout": header_timeout,
        "max_header_bytes": max_header_bytes,
        "body_timeout": body_timeout,
    }
    return type("ParlourHttpProtocol", (HeadLimitProtocol,), limits)
