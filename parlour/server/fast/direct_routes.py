"""The busiest requests answered without the framework's layers, as the framework would.

Every game after the first at a table is its rematch and its start: two requests that went
through every ASGI layer, the router's matching against every route, dependency solving
and the response's serialisation, which cost twice what the requests' own work did (a
sixth of a busy server's time). Here the guard hands such a request, once its body is read
and checked, straight to the same code the route runs (:mod:`parlour.server.routes.tables`).

Only a request the route would take as it is comes this way: ``POST`` to exactly
``/api/tables/{id}/start`` or ``/api/tables/{id}/rematch`` with a JSON content type and a
body that parses and validates against the route's own model (``json.loads`` and
``model_validate``, as FastAPI does). Anything else (another path, a malformed or unknown
body, another content type) goes through the framework, which answers it as before. A
refusal (:class:`~parlour.engine.ParlourError`) is answered here as the app's handler
answers it: its status, its catalog key and text in the reader's language (``?lang=``,
else ``Accept-Language``); any other fault is raised to the layers outside, whose handler
answers ``web.error.internal`` and logs it, as for a route.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from pydantic import BaseModel, ValidationError
from starlette.websockets import WebSocket

from parlour.engine import ParlourError
from parlour.server.edge.scope import header, reader_language
from parlour.server.errors import http_status
from parlour.server.routes import tables
from parlour.server.tables import session
from parlour.server.tables.hub import Hub

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
Handler = Callable[[Hub, str, Any], Awaitable[Any]]

PREFIX = "/api/tables/"
SOCKETS = "/ws/tables/"
LANES: dict[str, tuple[type[BaseModel], Handler, int]] = {
    "start": (tables.HostOnly, tables.started, 200),
    "rematch": (tables.SeatToken, tables.played_again, 201),
}
"""The last part of each path taken here: the route's body model, its code and status."""


def render(content: Any) -> bytes:
    """JSON as the framework's ``JSONResponse`` writes it."""
    return json.dumps(
        content, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    ).encode("utf-8")


def lane(scope: Scope, body: bytes) -> tuple[Handler, str, Any, int] | None:
    """The handler, table id, checked body and status of a request taken here, or None
    when the framework is to answer it."""
    if scope["method"] != "POST" or scope.get("root_path", ""):
        return None
    path: str = scope["path"]
    if not path.startswith(PREFIX):
        return None
    table_id, slash, last = path[len(PREFIX) :].partition("/")
    found = LANES.get(last)
    if found is None or not slash or not table_id:
        return None
    kind = (header(scope, b"content-type") or "").split(";")[0].strip().lower()
    if kind != "application/json":
        return None
    model, handler, status = found
    try:
        data = json.loads(body)
        checked = model.model_validate(data) if isinstance(data, dict) else None
    except (ValueError, RecursionError, ValidationError):  # JSONDecodeError is a ValueError
        return None
    if checked is None:
        return None
    return handler, table_id, checked, status


async def answer(scope: Scope, body: bytes, send: Send) -> bool:
    """Answer the request here if it is one of the lanes (True), else leave it (False)."""
    taken = lane(scope, body)
    if taken is None:
        return False
    handler, table_id, checked, status = taken
    hub: Hub = scope["app"].state.hub
    try:
        content = await handler(hub, table_id, checked)
    except ParlourError as exc:
        content, status = exc.to_json(reader_language(scope)), http_status(exc)
    data = render(content)
    headers = [
        (b"content-length", str(len(data)).encode("latin-1")),
        (b"content-type", b"application/json"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})
    return True


async def table_socket(scope: Scope, receive: Receive, send: Send) -> bool:
    """Serve a table's websocket (``/ws/tables/{id}``) with the route's own code, its
    messages read and sent on the connection's own channel (True), or leave it (False)."""
    path: str = scope["path"]
    table_id = path[len(SOCKETS) :]
    if not path.startswith(SOCKETS) or not table_id or "/" in table_id or scope.get("root_path"):
        return False
    await session.serve(WebSocket(scope, receive, send), table_id, receive, send)
    return True
