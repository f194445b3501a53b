"""What every route needs: the hub of the app, and the reader's language."""

from __future__ import annotations

from fastapi import Request, WebSocket

from parlour.engine.i18n import DEFAULT_LANGUAGE, LANGUAGES
from parlour.server.tables.hub import Hub


def hub_of(request: Request | WebSocket) -> Hub:
    """The app's hub (made at startup)."""
    hub: Hub = request.app.state.hub
    return hub


def lang_of(request: Request | WebSocket) -> str:
    """The reader's language: ``?lang=``, else ``Accept-Language``, else English."""
    lang = request.query_params.get("lang")
    if lang in LANGUAGES:
        return lang
    header = request.headers.get("accept-language", "")
    for part in header.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def client_of(request: Request | WebSocket) -> str:
    """The client's address, for per-client limits (behind a reverse proxy, the address
    it forwards: see docs/deploy.md)."""
    return request.client.host if request.client is not None else "unknown"
