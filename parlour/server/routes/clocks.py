"""A table's clock, and seats handed to a bot and back (the host's say)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict

from parlour.server.routes.common import hub_of

router = APIRouter(prefix="/api/tables")


class ClockBody(BaseModel):
    """Body of ``POST /api/tables/{id}/clock`` (see :mod:`parlour.server.clocks`)."""

    model_config = ConfigDict(extra="forbid")
    host_token: str
    mode: str
    per_move: float | None = None
    bank: float = 0
    on_timeout: str = "move"
    max_timeouts: int = 0


class HandBody(BaseModel):
    """Body of ``POST /api/tables/{id}/seats/{seat}/bot``: ``bot`` true hands the seat to a
    bot, false gives it back."""

    model_config = ConfigDict(extra="forbid")
    host_token: str
    bot: bool


@router.get("/{table_id}/clock")
async def get_clock(table_id: str, request: Request) -> Any:
    """The table's clock as its clients are sent it (null when it has none)."""
    hub = hub_of(request)
    return hub.clocks.message(await hub.find(table_id))


@router.post("/{table_id}/clock")
async def set_clock(table_id: str, body: ClockBody, request: Request) -> Any:
    """Give a table a clock, or none (host only, before the start)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    asked: dict[str, Any] = body.model_dump(exclude={"host_token"})
    await hub.clocks.configure(table, body.host_token, asked)
    return hub.clocks.message(table)


@router.post("/{table_id}/seats/{seat}/bot")
async def hand_seat(table_id: str, seat: int, body: HandBody, request: Request) -> Any:
    """Hand a person's seat to a bot, or give it back (host only, in play)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    await hub.clocks.hand(table, body.host_token, seat, body.bot)
    return hub.clocks.message(table)
