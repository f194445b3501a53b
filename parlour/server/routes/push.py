"""Web Push over HTTP (the server's key, a device's subscription and its settings) and the
pushes themselves: a person's turn at a turn-based table, and a rated or held game's end
(see :mod:`parlour.server.accounts.push`)."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Coroutine
from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from py_vapid import Vapid02
from pydantic import BaseModel, ConfigDict, Field, StrictBool

from parlour.engine.i18n import LANGUAGES, t
from parlour.server.accounts import push, store
from parlour.server.errors import ServerError
from parlour.server.routes.accounts import Me
from parlour.server.routes.common import hub_of, lang_of
from parlour.server.tables.hub import Hub
from parlour.server.tables.live import OVER, LiveTable

log = logging.getLogger("parlour.server")

router = APIRouter(prefix="/api/push")

_KEYS: weakref.WeakKeyDictionary[Hub, Vapid02] = weakref.WeakKeyDictionary()
"""Each hub's VAPID key (read or made at start)."""
_SENDING: weakref.WeakKeyDictionary[Hub, set[asyncio.Task[None]]] = weakref.WeakKeyDictionary()


class Keys(BaseModel):
    """A subscription's keys, as the browser gives them."""

    model_config = ConfigDict(extra="ignore")
    p256dh: str = Field(max_length=200)
    auth: str = Field(max_length=100)


class PushSubscription(BaseModel):
    """A browser's ``PushSubscription.toJSON()``."""

    model_config = ConfigDict(extra="ignore")
    endpoint: str = Field(max_length=2000, pattern=r"^https?://")
    keys: Keys


class Subscribe(BaseModel):
    """Body of ``POST /api/push/subscribe``: the subscription and what to be told of."""

    model_config = ConfigDict(extra="forbid")
    subscription: PushSubscription
    turns: StrictBool = True
    invites: StrictBool = True
    ends: StrictBool = True


class Unsubscribe(BaseModel):
    """Body of ``POST /api/push/unsubscribe``: the subscription's endpoint."""

    model_config = ConfigDict(extra="forbid")
    endpoint: str = Field(max_length=2000)


@router.get("/key")
async def key(request: Request) -> dict[str, str]:
    """The key a page subscribes with (``applicationServerKey``)."""
    return {"key": push.public_key(_KEYS[hub_of(request)])}


@router.post("/subscribe")
async def subscribe(body: Subscribe, request: Request, me: Me) -> dict[str, Any]:
    """Let this device be told of the account's turns, invitations and game ends (as
    chosen), in the page's language."""
    hub = hub_of(request)
    sub = body.subscription
    if not (sub.endpoint.startswith("https://") or hub.config.push_plain_http):
        raise ServerError("account.error.push_endpoint")
    found = push.Subscription(
        sub.endpoint,
        sub.keys.p256dh,
        sub.keys.auth,
        lang_of(request),
        body.turns,
        body.invites,
        body.ends,
    )
    await hub.write(push.subscribe, hub.store, me.account.id, found)
    return {"subscribed": True}


@router.post("/unsubscribe")
async def unsubscribe(body: Unsubscribe, request: Request, me: Me) -> dict[str, Any]:
    """Tell this device nothing more."""
    hub = hub_of(request)
    await hub.write(push.unsubscribe, hub.store, me.account.id, body.endpoint)
    return {"subscribed": False}


async def start(hub: Hub) -> None:
    """Read (or make) the server's key; push after every move this process stores."""
    _KEYS[hub] = await hub.db(push.vapid, hub.store)

    def moved(table: LiveTable) -> None:
        # Most moves tell nobody: decided here, without a task for each move.
        if table.record.status == OVER or hub.clocks.turn_based(table):
            later(hub, after_move(hub, table))

    hub.on_moved.append(moved)


async def settle(hub: Hub) -> None:
    """Wait for the pushes under way (tests; a stopping server)."""
    while _SENDING.get(hub):
        await asyncio.wait(list(_SENDING[hub]))


async def after_move(hub: Hub, table: LiveTable) -> None:
    """Tell the seat to act of its turn (a turn-based table), or every seat of the end."""
    state = table.state
    if state is None:
        return
    if table.record.status == OVER:
        seats = list(range(table.players))
        kind, title, body = "ends", "account.push.end_title", "account.push.end_body"
    elif state.to_act is not None and hub.clocks.turn_based(table):
        seats = [state.to_act]
        kind, title, body = "turns", "account.push.turn_title", "account.push.turn_body"
    else:
        return
    holders = await hub.read(store.holders, hub.store, table.id, seats)

    def message(lang: str) -> dict[str, str]:
        return {
            "title": t(title, lang),
            "body": t(body, lang, game=table.game.id),
            "url": f"/t/{table.id}",
            "tag": f"{kind}:{table.id}",
        }

    await deliver(hub, holders, kind, message)


async def deliver(
    hub: Hub, account_ids: list[str], kind: str, message: Callable[[str], dict[str, str]]
) -> None:
    """Push to every device of these accounts that wants to hear of ``kind`` the message
    written in its language; a device whose push service says it is gone is dropped."""
    targets = await hub.read(push.devices, hub.store, account_ids, kind)
    for device in targets:
        lang = device.lang if device.lang in LANGUAGES else "en"
        subject = hub.config.push_subject
        alive = await asyncio.to_thread(push.send, _KEYS[hub], subject, device, message(lang))
        if not alive:
            await hub.write(push.drop, hub.store, device.endpoint)


def later(hub: Hub, work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` (pushes) without holding up the request that asked for it."""
    task = asyncio.get_running_loop().create_task(work)
    sending = _SENDING.setdefault(hub, set())
    sending.add(task)  # kept until done: the loop holds tasks only weakly
    task.add_done_callback(partial(_sent, sending))


def _sent(sending: set[asyncio.Task[None]], task: asyncio.Task[None]) -> None:
    sending.discard(task)
    if not task.cancelled() and task.exception() is not None:
        log.error("pushing failed", exc_info=task.exception())
