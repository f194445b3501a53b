"""The server's edge: size caps, allowed hosts and origins, and security headers.

An ASGI middleware around the whole app, so every route and the websocket pass through it
before any of their code runs:

- a request whose headers exceed ``max_header_bytes`` is answered 431, a body over
  ``max_body_bytes`` 413 (the body is read here, up to the cap, never further);
- with ``allowed_hosts`` set, another ``Host`` is answered 400 (a websocket refused),
  an IP address excepted when ``allow_ip_hosts``;
- a websocket upgrade whose ``Origin`` is neither this server's own address nor in
  ``allowed_origins`` is refused (403) before the app sees it: another site's page cannot
  act for a visitor's seat;
- every HTTP answer carries a Content-Security-Policy (scripts, styles and connections
  from this server only, no framing: ``frame-ancestors 'none'``), ``nosniff`` and a
  Referrer-Policy; a 429 or 503 carries ``Retry-After``;
- a request the HTTP server marked as past its connection cap (:data:`BUSY`, see
  :mod:`parlour.server.fast.http_protocol`) is answered 503 ``web.error.server_busy`` in the
  reader's language;
- a body escaping a lone surrogate anywhere is refused 400 ``web.error.bad_text``
  (:mod:`parlour.server.edge.surrogates`);
- ``HEAD`` is answered wherever ``GET`` is: the app answers the ``GET`` and its body is
  dropped.

Timeouts for slow or idle connections are the HTTP server's (``parlour serve`` sets them,
see docs/deploy.md).
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from parlour.server.config import ServerConfig
from parlour.server.edge.scope import BUSY, RAW_SEND, accept_language, header
from parlour.server.edge.surrogates import check_json
from parlour.server.errors import ServerError

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class FastLanes:
    """The paths past the framework the guard may hand a request to, set by the app as
    ``app.state.fast_lanes`` (see :mod:`parlour.server.fast`); without them every request
    goes through the framework."""

    answer: Callable[[Scope, bytes, Send], Awaitable[bool]]
    """Answer a checked request body here (True), or leave it (False)."""
    table_socket: Callable[[Scope, Receive, Send], Awaitable[bool]]
    """Serve a table's websocket here (True), or leave it (False)."""


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self' ws: wss:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
"""What a page of this server may load and who may frame it (nobody)."""
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]
RETRY_AFTER = {429: b"5", 503: b"10"}
"""Seconds a refused client is told to wait before it asks again, by status."""


def with_retry(status: int, headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``headers`` with ``Retry-After`` added when ``status`` asks the client to wait."""
    wait = RETRY_AFTER.get(status)
    if wait is None or any(name.lower() == b"retry-after" for name, _ in headers):
        return headers
    return [*headers, (b"retry-after", wait)]


class Guard:
    """The middleware (see the module's docstring)."""

    fast = True
    """Whether the busiest requests take the fast lane (:mod:`parlour.server.fast.direct_routes`);
    the tests compare its answers with the framework's, with a guard that sets it off."""

    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app = app
        self.config = config
        self.hosts = {h.lower() for h in config.allowed_hosts}
        self.ip_hosts = config.allow_ip_hosts
        self.origins = {o.rstrip("/").lower() for o in config.allowed_origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        cfg = self.config
        size = sum(len(k) + len(v) for k, v in scope.get("headers", ()))
        refusal: tuple[int, ServerError] | None = None
        host = (header(scope, b"host") or "").lower()
        if size > cfg.max_header_bytes:
            refusal = 431, ServerError("web.error.too_large", limit=cfg.max_header_bytes)
        elif self.hosts and not self._host_ok(host):
            refusal = 400, ServerError("web.error.bad_host")
        elif kind == "websocket" and not self._origin_ok(scope, host):
            refusal = 403, ServerError("web.error.bad_origin")
        if refusal is not None:
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 4403})
            else:
                await _answer(send, refusal[0], refusal[1], accept_language(scope))
            return
        if kind == "websocket":
            if self.fast and await self.fast_socket(scope, receive, send):
                return  # a table's socket, served without the framework's layers
            # The send this layer was handed, for the table socket's messages: the
            # routing and exception layers inside add nothing to a websocket frame but
            # their calls (see session.table_socket).
            scope[RAW_SEND] = send
            await self.app(scope, receive, send)
            return
        lang = accept_language(scope)
        if scope.get(BUSY):
            await _answer(send, 503, ServerError("web.error.server_busy"), lang)
            return
        head = scope["method"] == "HEAD"
        if head:  # answered as a GET, its body dropped
            scope = {**scope, "method": "GET"}
        length = header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > cfg.max_body_bytes):
            await _answer(
                send,
                413,
                ServerError("web.error.too_large", limit=cfg.max_body_bytes),
                accept_language(scope),
            )
            return
        body = b""
        more = True
        while more and scope["method"] not in ("GET", "HEAD"):
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > cfg.max_body_bytes:
                limit = cfg.max_body_bytes
                await _answer(
                    send,
                    413,
                    ServerError("web.error.too_large", limit=limit),
                    accept_language(scope),
                )
                return

        try:
            check_json(body)  # a lone surrogate in any field: refused once, here
        except ServerError as exc:
            await _answer(send, 400, exc, lang)
            return

        async def secure(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", ()), *SECURITY_HEADERS]
                message["headers"] = with_retry(message["status"], headers)
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        if self.fast and await self.fast_answer(scope, body, secure):
            return  # a start or rematch, answered without the framework's layers
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay if scope["method"] not in ("GET", "HEAD") else receive, secure)

    async def fast_answer(self, scope: Scope, body: bytes, send: Send) -> bool:
        """Answer a start or rematch here (True), or leave it to the app (False)."""
        lanes: FastLanes | None = getattr(scope["app"].state, "fast_lanes", None)
        return lanes is not None and await lanes.answer(scope, body, send)

    async def fast_socket(self, scope: Scope, receive: Receive, send: Send) -> bool:
        """Serve a table's websocket here (True), or leave it to the app (False)."""
        lanes: FastLanes | None = getattr(scope["app"].state, "fast_lanes", None)
        return lanes is not None and await lanes.table_socket(scope, receive, send)

    def _host_ok(self, host: str) -> bool:
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if name in self.hosts or host in self.hosts:
            return True
        if not self.ip_hosts:
            return False
        try:
            ipaddress.ip_address(name.removeprefix("[").removesuffix("]"))
        except ValueError:
            return False
        return True

    def _origin_ok(self, scope: Scope, host: str) -> bool:
        origin = header(scope, b"origin")
        if origin is None:
            return True  # not a browser: nothing of a visitor's to protect
        origin = origin.rstrip("/").lower()
        if origin in self.origins:
            return True
        return urlsplit(origin).netloc == host and host != ""


async def _answer(send: Send, status: int, error: ServerError, lang: str) -> None:
    body = json.dumps(error.to_json(lang), ensure_ascii=False).encode("utf-8")
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *SECURITY_HEADERS,
    ]
    headers = with_retry(status, headers)
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
