"""Refusals the framework would answer itself, answered as catalog errors instead.

Starlette and FastAPI answer an unknown address, a method a route does not take and a body
they cannot parse with their own English text (``{"detail": "Not Found"}``), and an
unexpected fault with a bare ``Internal Server Error``. Here each becomes a catalog error
in the reader's language, like every other refusal: ``web.error.not_found`` (404),
``web.error.bad_method`` (405), ``web.error.bad_request`` (400) and
``web.error.internal`` (500; the fault itself is still raised to the server's log).
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from parlour.server.edge.scope import lang_of
from parlour.server.errors import ServerError

KEYS = {404: "web.error.not_found", 405: "web.error.bad_method"}
"""The catalog key of each status the framework refuses with (else ``bad_request``)."""


async def refused(request: Request, exc: Exception) -> JSONResponse:
    """A refusal by the framework (unknown address, method, unreadable body)."""
    assert isinstance(exc, HTTPException)
    key = KEYS.get(exc.status_code)
    error = ServerError(key) if key else ServerError("web.error.bad_request", fields="body")
    status = exc.status_code if 400 <= exc.status_code < 500 else 400
    body = error.to_json(lang_of(request))
    return JSONResponse(body, status_code=status, headers=exc.headers)


async def failed(request: Request, exc: Exception) -> JSONResponse:
    """An unexpected fault: a clear answer here; the server's log gets the fault itself."""
    return JSONResponse(ServerError("web.error.internal").to_json(lang_of(request)), 500)


def install(app: FastAPI) -> None:
    """Answer the framework's own refusals and unexpected faults as catalog errors."""
    app.add_exception_handler(HTTPException, refused)
    app.add_exception_handler(Exception, failed)
