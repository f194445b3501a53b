"""An account's data over HTTP: export it as JSON, delete the account (see
:mod:`parlour.server.accounts.data`)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict

from parlour.server.accounts import data, sessions
from parlour.server.errors import ServerError
from parlour.server.routes.accounts import Me
from parlour.server.routes.common import hub_of
from parlour.server.tables.names import name_key

router = APIRouter(prefix="/api/account")


class Deletion(BaseModel):
    """Body of ``POST /api/account/delete``: the account's name, typed again to confirm."""

    model_config = ConfigDict(extra="forbid")
    name: str


@router.get("/export")
async def export(request: Request, me: Me) -> JSONResponse:
    """All the account's data as a JSON file to keep."""
    hub = hub_of(request)
    found = await hub.read(data.export, hub.store, me.account.id)
    headers = {"Content-Disposition": 'attachment; filename="parlour-account.json"'}
    return JSONResponse(found, headers=headers)


@router.post("/delete")
async def delete(body: Deletion, request: Request, response: Response, me: Me) -> Any:
    """Delete the account and everything of it; its seats in past games lose its name."""
    if name_key(body.name.strip()) != name_key(me.account.name):
        raise ServerError("account.error.confirm_name")
    hub = hub_of(request)
    renamed = await hub.write(data.delete_account, hub.store, me.account.id)
    for table_id, seat in renamed:
        table = hub.tables.get(table_id)
        rec = None if table is None else table.record.seats.get(seat)
        if rec is not None:
            rec.name = data.FORMER
    sessions.clear_cookie(request, response)
    return {"account": None, "csrf": None}
