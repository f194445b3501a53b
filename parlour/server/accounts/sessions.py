"""Signed-in browsers: a session cookie, and the checks a change it authorizes must pass.

The cookie (``parlour_session``) is HttpOnly, SameSite=Lax, Secure when the page came over
TLS, and holds a random token the server keeps only the hash of. Every change a session
authorizes must carry ``X-CSRF-Token`` (derived from the session's token: see
:func:`parlour.server.accounts.keys.csrf_token`) and, when the browser names an origin,
come from this server's own pages. A sign-in always starts a new session, so a token
planted in a browser beforehand is never signed in (session fixation).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from fastapi import Request, Response

from parlour.server.accounts import keys, store
from parlour.server.accounts.store import Account
from parlour.server.errors import ServerError
from parlour.server.tables.hub import hub_of

COOKIE = "parlour_session"
LIFETIME = 30 * 24 * 3600.0
"""Seconds a session lasts after its sign-in."""
CSRF_HEADER = "x-csrf-token"


@dataclass(frozen=True)
class Signed:
    """A request's session: its account and its token."""

    account: Account
    token: str


def same_origin(request: Request) -> bool:
    """Whether the request comes from this server's pages (or names no origin: not a
    browser's cross-site request)."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    origin = origin.rstrip("/").lower()
    allowed = {o.rstrip("/").lower() for o in request.app.state.config.allowed_origins}
    host = (request.headers.get("host") or "").lower()
    return origin in allowed or (host != "" and urlsplit(origin).netloc == host)


def check_origin(request: Request) -> None:
    """Refuse a request another site's page sent (a sign-in it would force on a visitor)."""
    if not same_origin(request):
        raise ServerError("account.error.bad_csrf")


async def session_of(request: Request) -> Signed | None:
    """The request's session, if its cookie holds a live one."""
    token = request.cookies.get(COOKIE)
    if not token or len(token) > 200:
        return None
    found = await hub_of(request).read(
        store.session_account, hub_of(request).store, keys.digest(token)
    )
    return None if found is None else Signed(found, token)


async def signed_in(request: Request) -> Signed:
    """The request's session (refused as ``account.error.signed_out`` without one); for
    a change (any method but GET and HEAD), its CSRF token and origin are checked too."""
    found = await session_of(request)
    if found is None:
        raise ServerError("account.error.signed_out")
    change = request.method not in ("GET", "HEAD")
    token = request.headers.get(CSRF_HEADER)
    if change and not (same_origin(request) and keys.csrf_matches(found.token, token)):
        raise ServerError("account.error.bad_csrf")
    return found


async def start(request: Request, response: Response, account_id: str) -> str:
    """Sign the browser in to ``account_id`` with a new session (the one its cookie held,
    if any, is ended); the new session's CSRF token."""
    hub = hub_of(request)
    old = request.cookies.get(COOKIE)
    if old:
        await hub.write(store.end_session, hub.store, keys.digest(old[:200]))
    token = keys.new_token()
    until = time.time() + LIFETIME
    await hub.write(store.start_session, hub.store, keys.digest(token), account_id, until)
    set_cookie(request, response, token)
    return keys.csrf_token(token)


def set_cookie(request: Request, response: Response, token: str) -> None:
    """Give the browser its session's cookie."""
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(LIFETIME),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_cookie(request: Request, response: Response) -> None:
    """Take the session's cookie away."""
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )
