"""Accounts over HTTP: sign up with a passkey, sign in (passkey, recovery code, password),
sign out, a password, a new recovery code, and the account's games.

Every way in answers the same refusal (``account.error.sign_in_failed``) whatever was
wrong, after the same work, so nobody learns which names have an account; each is limited
per client address (``login_rate``), a password's also per name (``login_name_rate``).
Changes a session asks for need its CSRF token (see
:mod:`parlour.server.accounts.sessions`). The tokens a browser holds (the body of
``POST /api/tables/mine``) join the account at each sign-in.
"""

from __future__ import annotations

import secrets
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict

from parlour.server.accounts import keys, passkeys, sessions, store
from parlour.server.accounts.passkeys import Site
from parlour.server.accounts.schema import HOST_SEAT
from parlour.server.accounts.sessions import Signed, check_origin, signed_in
from parlour.server.accounts.store import Account, Held, NewAccount
from parlour.server.edge.limits import ClientLimits
from parlour.server.errors import ServerError
from parlour.server.features.my_games import MAX_MINE, my_tables
from parlour.server.routes.common import client_of, hub_of
from parlour.server.routes.tables import MyTables
from parlour.server.tables.names import clean_name, name_key

router = APIRouter(prefix="/api/account")

CEREMONY_LIFETIME = 600.0
"""Seconds a passkey ceremony may take, from its options to its answer."""
SIGN_UP, SIGN_IN = "signup", "signin"

Me = Annotated[Signed, Depends(signed_in)]
"""A route's signed-in session (refused without one; a change needs its CSRF token)."""


class Name(BaseModel):
    """Body of ``POST /api/account/signup/options``: the account's name."""

    model_config = ConfigDict(extra="forbid")
    name: str


class Empty(BaseModel):
    """A body with nothing in it."""

    model_config = ConfigDict(extra="forbid")


class Joining(BaseModel):
    """What every way in may carry: the tokens the browser holds, to join the account."""

    model_config = ConfigDict(extra="forbid")
    held: MyTables = MyTables()


class SignUp(Joining):
    """Body of ``POST /api/account/signup``: the ceremony, the authenticator's answer and
    an optional password."""

    ceremony: str
    credential: dict[str, Any]
    password: str | None = None


class PasskeySignIn(Joining):
    """Body of ``POST /api/account/signin/passkey``."""

    ceremony: str
    credential: dict[str, Any]


class CodeSignIn(Joining):
    """Body of ``POST /api/account/signin/code``: a recovery code."""

    code: str


class PasswordSignIn(Joining):
    """Body of ``POST /api/account/signin/password``."""

    name: str
    password: str


class NewPassword(BaseModel):
    """Body of ``POST /api/account/password``: the new password (None: remove it)."""

    model_config = ConfigDict(extra="forbid")
    password: str | None


def _limits(request: Request) -> ClientLimits:
    """The sign-in limits of this app (made on first use)."""
    state = request.app.state
    found: ClientLimits | None = getattr(state, "account_limits", None)
    if found is None:
        cfg = state.config
        found = ClientLimits({"login": cfg.login_rate, "login_name": cfg.login_name_rate})
        state.account_limits = found
    return found


def _site(request: Request) -> Site:
    """The passkeys' site: this request's host name and origin (and the allowed origins)."""
    own = f"{request.url.scheme}://{request.url.netloc}"
    others = [o.rstrip("/") for o in request.app.state.config.allowed_origins]
    return Site(request.url.hostname or "localhost", [own, *others])


def _me(account: Account) -> dict[str, Any]:
    return {
        "id": account.id,
        "name": account.name,
        "created": account.created,
        "passkeys": account.passkeys,
        "password": account.password,
    }


async def _join(request: Request, account_id: str, held: MyTables) -> None:
    """Let the account hold the seats and hosted tables whose tokens still hold them."""
    if not held.seats and not held.hosts:
        return
    hub = hub_of(request)
    seats = [(s.table, s.seat, s.token) for s in held.seats]
    found = await my_tables(hub, seats, [(h.table, h.token) for h in held.hosts])
    rows = {r["table"]["id"]: r for r in found["tables"]}
    keep = [
        Held(s.table, s.seat, s.token)
        for s in held.seats
        if s.table in rows and rows[s.table]["seat"] == s.seat
    ]
    keep += [
        Held(h.table, HOST_SEAT, h.token)
        for h in held.hosts
        if h.table in rows and rows[h.table]["host"]
    ]
    if keep:
        await hub.write(store.add_held, hub.store, account_id, keep)


async def _signed(
    request: Request, response: Response, account_id: str, held: MyTables
) -> dict[str, Any]:
    """Sign the browser in to the account and join what it holds; the account and the
    session's CSRF token."""
    hub = hub_of(request)
    csrf = await sessions.start(request, response, account_id)
    await _join(request, account_id, held)
    account = await hub.read(store.account, hub.store, account_id)
    if account is None:
        raise ServerError("account.error.sign_in_failed")
    return {"account": _me(account), "csrf": csrf}


async def _open(request: Request, purpose: str, name: str | None, challenge: str) -> str:
    hub = hub_of(request)
    ceremony = keys.new_token()
    until = time.time() + CEREMONY_LIFETIME
    await hub.write(
        store.open_ceremony, hub.store, keys.digest(ceremony), purpose, challenge, name, until
    )
    return ceremony


async def _close(request: Request, ceremony: str, purpose: str) -> tuple[str, str | None]:
    hub = hub_of(request)
    found = await hub.write(store.close_ceremony, hub.store, keys.digest(ceremony), purpose)
    if found is None:
        raise ServerError("account.error.ceremony")
    return found


@router.get("")
async def me(request: Request) -> dict[str, Any]:
    """The signed-in account and its CSRF token (both None when signed out)."""
    found = await sessions.session_of(request)
    if found is None:
        return {"account": None, "csrf": None}
    return {"account": _me(found.account), "csrf": keys.csrf_token(found.token)}


@router.post("/signup/options")
async def signup_options(body: Name, request: Request) -> dict[str, Any]:
    """Begin a sign-up: the name is checked (the names' policy, not taken) and the
    browser is answered its passkey creation options."""
    check_origin(request)
    _limits(request).hit("login", client_of(request))
    name = clean_name(body.name)
    hub = hub_of(request)
    if await hub.read(store.name_taken, hub.store, name_key(name)):
        raise ServerError("account.error.name_taken")
    user_id = secrets.token_bytes(16)
    challenge, options = passkeys.registration_options(_site(request), name, user_id)
    ceremony = await _open(request, SIGN_UP, f"{user_id.hex()}:{name}", challenge)
    return {"ceremony": ceremony, "options": options}


@router.post("/signup", status_code=201)
async def signup(body: SignUp, request: Request, response: Response) -> dict[str, Any]:
    """Make the account: its passkey, a recovery code (answered here only, once) and,
    when given, a password; the browser is signed in."""
    check_origin(request)
    _limits(request).hit("login", client_of(request))
    password = None if body.password is None else keys.hash_password(body.password)
    challenge, held = await _close(request, body.ceremony, SIGN_UP)
    assert held is not None
    account_id, name = held.split(":", 1)
    made = passkeys.verify_registration(_site(request), challenge, body.credential)
    code = keys.new_code()
    token = keys.new_token()
    new = NewAccount(
        account_id,
        name,
        name_key(name),
        made.credential_id,
        made.public_key,
        made.sign_count,
        keys.code_digest(code),
        keys.digest(token),
        time.time() + sessions.LIFETIME,
    )
    hub = hub_of(request)
    if not await hub.write(store.create_account, hub.store, new):
        raise ServerError("account.error.name_taken")
    if password is not None:
        await hub.write(store.set_password, hub.store, account_id, password)
    old = request.cookies.get(sessions.COOKIE)
    if old:
        await hub.write(store.end_session, hub.store, keys.digest(old[:200]))
    sessions.set_cookie(request, response, token)
    await _join(request, account_id, body.held)
    account = await hub.read(store.account, hub.store, account_id)
    assert account is not None
    return {"account": _me(account), "csrf": keys.csrf_token(token), "recovery_code": code}


@router.post("/signin/options")
async def signin_options(body: Empty, request: Request) -> dict[str, Any]:
    """Begin a passkey sign-in: the browser's request options (no account is named)."""
    check_origin(request)
    _limits(request).hit("login", client_of(request))
    challenge, options = passkeys.authentication_options(_site(request))
    return {"ceremony": await _open(request, SIGN_IN, None, challenge), "options": options}


@router.post("/signin/passkey")
async def signin_passkey(body: PasskeySignIn, request: Request, response: Response) -> Any:
    """Sign in with a passkey."""
    check_origin(request)
    _limits(request).hit("login", client_of(request))
    challenge, _ = await _close(request, body.ceremony, SIGN_IN)
    hub = hub_of(request)
    credential = passkeys.credential_id(body.credential)
    found = await hub.read(store.passkey, hub.store, credential)
    if found is None:
        raise ServerError("account.error.sign_in_failed")
    count = passkeys.verify_authentication(
        _site(request), challenge, body.credential, found.public_key, found.sign_count
    )
    await hub.write(store.passkey_used, hub.store, credential, count)
    return await _signed(request, response, found.account_id, body.held)


@router.post("/signin/code")
async def signin_code(body: CodeSignIn, request: Request, response: Response) -> Any:
    """Sign in with the recovery code: it is used up, and a new one is answered (once)."""
    check_origin(request)
    _limits(request).hit("login", client_of(request))
    hub = hub_of(request)
    code = keys.new_code()
    used = keys.code_digest(body.code)
    account_id = await hub.write(store.use_code, hub.store, used, keys.code_digest(code))
    if account_id is None:
        raise ServerError("account.error.sign_in_failed")
    return await _signed(request, response, account_id, body.held) | {"recovery_code": code}


@router.post("/signin/password")
async def signin_password(body: PasswordSignIn, request: Request, response: Response) -> Any:
    """Sign in with a name and password (an unknown name takes the same work and gets the
    same refusal as a wrong password)."""
    check_origin(request)
    limits = _limits(request)
    limits.hit("login", client_of(request))
    key = name_key(body.name.strip())[:80]
    limits.hit("login_name", key)
    hub = hub_of(request)
    found = await hub.read(store.password_of, hub.store, key)
    if not keys.password_ok(body.password, None if found is None else found[1]):
        raise ServerError("account.error.sign_in_failed")
    assert found is not None
    return await _signed(request, response, found[0], body.held)


@router.post("/signout")
async def signout(request: Request, response: Response, me: Me) -> Any:
    """End this browser's session."""
    hub = hub_of(request)
    await hub.write(store.end_session, hub.store, keys.digest(me.token))
    sessions.clear_cookie(request, response)
    return {"account": None, "csrf": None}


@router.post("/password")
async def password(body: NewPassword, request: Request, me: Me) -> Any:
    """Set, change or remove the account's password."""
    hashed = None if body.password is None else keys.hash_password(body.password)
    hub = hub_of(request)
    await hub.write(store.set_password, hub.store, me.account.id, hashed)
    account = await hub.read(store.account, hub.store, me.account.id)
    assert account is not None
    return {"account": _me(account)}


@router.post("/recovery")
async def recovery(request: Request, me: Me) -> dict[str, Any]:
    """A new recovery code (answered once; the old one no longer works)."""
    hub = hub_of(request)
    code = keys.new_code()
    await hub.write(store.replace_code, hub.store, me.account.id, keys.code_digest(code))
    return {"recovery_code": code}


@router.post("/tables")
async def join_tables(body: MyTables, request: Request, me: Me) -> Any:
    """Let the account hold more of this browser's seats and hosted tables; its games."""
    await _join(request, me.account.id, body)
    return await _games(request, me.account.id)


@router.get("/tables")
async def tables(request: Request, me: Me) -> dict[str, Any]:
    """The account's games (as ``POST /api/tables/mine`` answers them), and under ``held``
    the tokens of those that still hold their seat or table, for the browser to keep."""
    return await _games(request, me.account.id)


async def _games(request: Request, account_id: str) -> dict[str, Any]:
    hub = hub_of(request)
    held = (await hub.read(store.held_by, hub.store, account_id))[:MAX_MINE]
    seats = [(h.table_id, h.seat, h.token) for h in held if h.seat != HOST_SEAT]
    hosts = [(h.table_id, h.token) for h in held if h.seat == HOST_SEAT]
    found = await my_tables(hub, seats, hosts)
    gone = [(t, HOST_SEAT) for t in found["gone_hosts"]]
    gone += [(t, s) for t, s, _ in seats if t in found["gone_seats"]]
    if gone:
        await hub.write(store.drop_held, hub.store, account_id, gone)
    rows = {r["table"]["id"]: r for r in found["tables"]}
    found["held"] = {
        "seats": [
            {"table": t, "seat": s, "token": k}
            for t, s, k in seats
            if t in rows and rows[t]["seat"] == s
        ],
        "hosts": [{"table": t, "token": k} for t, k in hosts if t in rows and rows[t]["host"]],
    }
    return found
