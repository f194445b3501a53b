"""What the edge reads from a request, and the keys it leaves in an ASGI scope.

The reader's language and address are read here for every part of the server (the guard's
refusals before any route, the routes, the table websocket). The keys are how the HTTP
server's fast paths and the guard hand the code behind them what they made: each is set by
one layer and read by another, so both import it from here.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any
from urllib.parse import parse_qsl

from starlette.requests import HTTPConnection

from parlour.engine.i18n import DEFAULT_LANGUAGE, LANGUAGES

Scope = MutableMapping[str, Any]

RAW_SEND = "parlour.send"
"""The ``send`` the guard was handed, kept for the table websocket's messages (past the
framework's layers, which only pass a frame on)."""
WRITE_TEXT = "parlour.write_text"
"""A websocket connection's own writer of whole text frames (set by
:mod:`parlour.server.fast.websocket_protocol`; absent: the library's way)."""
BUSY = "parlour.busy"
"""Set by :mod:`parlour.server.fast.http_protocol` on a request that came past the HTTP
server's connection cap; the guard answers it 503."""


def header(scope: Scope, name: bytes) -> str | None:
    """A request header's value (the first given), or None."""
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def reader_language(scope: Scope) -> str:
    """The reader's language: ``?lang=`` (the last one given), else ``Accept-Language``,
    else English."""
    query = scope.get("query_string", b"").decode("latin-1")
    given = [str(v) for k, v in parse_qsl(query, keep_blank_values=True) if k == "lang"]
    if given and given[-1] in LANGUAGES:
        return given[-1]
    return accept_language(scope)


def accept_language(scope: Scope) -> str:
    """The first of our languages ``Accept-Language`` names, else English."""
    for part in (header(scope, b"accept-language") or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def lang_of(request: HTTPConnection) -> str:
    """The reader's language: ``?lang=``, else ``Accept-Language``, else English."""
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        return lang
    return accept_language(request.scope)


def client_of(request: HTTPConnection) -> str:
    """The client's address, for per-client limits (behind a reverse proxy, the address
    it forwards: see docs/deploy.md)."""
    return request.client.host if request.client is not None else "unknown"
