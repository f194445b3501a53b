"""Friends over HTTP: add and remove by name, the list (online, at which public tables,
invitations), and inviting a friend to a table, pushed to their devices (see
:mod:`parlour.server.accounts.friends`)."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from parlour.engine.i18n import t
from parlour.server.accounts import friends, store
from parlour.server.accounts.schema import HOST_SEAT
from parlour.server.errors import ServerError
from parlour.server.routes.accounts import Me
from parlour.server.routes.common import hub_of
from parlour.server.routes.push import deliver, later
from parlour.server.tables.names import name_key

router = APIRouter(prefix="/api/friends")


class Named(BaseModel):
    """Body of ``POST /api/friends/add`` and ``/remove``: the other account's name."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200)


class Invite(Named):
    """Body of ``POST /api/friends/invite``: the friend and the table."""

    table: str = Field(max_length=32)


async def _other(request: Request, name: str) -> str:
    hub = hub_of(request)
    found = await hub.read(store.account_named, hub.store, name_key(name.strip())[:80])
    if found is None:
        raise ServerError("account.error.no_player")
    return found


@router.get("")
async def circle(request: Request, me: Me) -> dict[str, Any]:
    """My friends (online or not, at which public tables), who asked to be my friend, whom
    I asked, and my invitations."""
    hub = hub_of(request)
    await hub.write(friends.saw, hub.store, me.account.id)
    found = await hub.read(friends.circle, hub.store, me.account.id)
    now = time.time()
    rows = []
    for account_id, name in found.friends.items():
        held = await hub.read(store.held_by, hub.store, account_id)
        at = []
        for h in held:
            table = hub.tables.get(h.table_id)
            if table is None or h.seat == HOST_SEAT or not table.record.public or table.closed:
                continue
            at.append({"table": table.id, "game": table.game.id, "status": table.status})
        seen = found.seen.get(account_id)
        online = seen is not None and now - seen < friends.ONLINE
        rows.append({"name": name, "online": online, "tables": at})
    invites = await hub.read(friends.invitations, hub.store, me.account.id)
    return {
        "friends": rows,
        "asked_by": sorted(found.asked_by.values()),
        "asking": sorted(found.asking.values()),
        "invitations": [{"from": n, "table": tb, "at": at} for n, tb, at in invites],
    }


@router.post("/add")
async def add(body: Named, request: Request, me: Me) -> dict[str, Any]:
    """Add an account as a friend (friends once it adds me too)."""
    other = await _other(request, body.name)
    if other == me.account.id:
        raise ServerError("account.error.self_friend")
    hub = hub_of(request)
    if not await hub.write(friends.add, hub.store, me.account.id, other):
        raise ServerError("account.error.too_many_friends", limit=friends.MAX_FRIENDS)
    return await circle(request, me)


@router.post("/remove")
async def remove(body: Named, request: Request, me: Me) -> dict[str, Any]:
    """Take an account off my friends (or turn down its request)."""
    other = await _other(request, body.name)
    hub = hub_of(request)
    await hub.write(friends.remove, hub.store, me.account.id, other)
    await hub.write(friends.remove, hub.store, other, me.account.id)
    return await circle(request, me)


@router.post("/invite")
async def invite(body: Invite, request: Request, me: Me) -> dict[str, Any]:
    """Invite a friend to a table I sit at or host; it waits in their list and is pushed
    to their devices."""
    other = await _other(request, body.name)
    hub = hub_of(request)
    if not await hub.read(friends.are_friends, hub.store, me.account.id, other):
        raise ServerError("account.error.not_friends")
    held = {h.table_id for h in await hub.read(store.held_by, hub.store, me.account.id)}
    table = hub.tables.get(body.table)
    if body.table not in held or table is None or table.closed:
        raise ServerError("account.error.not_your_table")
    await hub.write(friends.invite, hub.store, me.account.id, other, table.id)
    sender, game = me.account.name, table.game.id

    def message(lang: str) -> dict[str, str]:
        return {
            "title": t("account.push.invite_title", lang),
            "body": t("account.push.invite_body", lang, name=sender, game=game),
            "url": f"/t/{table.id}",
            "tag": f"invites:{table.id}",
        }

    later(hub, deliver(hub, [other], "invites", message))
    return {"invited": True}
