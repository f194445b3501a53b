"""Absent players: a table's clock, seats handed to a bot and back (the host's say), a
table waiting for a seat (the others' say), and seat links to another device (the
person's)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict

from parlour.server.features import seat_links, waits
from parlour.server.routes.common import hub_of

router = APIRouter(prefix="/api/tables")


class ClockBody(BaseModel):
    """Body of ``POST /api/tables/{id}/clock`` (see :mod:`parlour.server.features.clocks`)."""

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


class SeatBody(BaseModel):
    """Body of the requests a seated person makes with their seat's token."""

    model_config = ConfigDict(extra="forbid")
    seat: int
    token: str


@router.post("/{table_id}/waiting/bot")
async def hand_waited(table_id: str, body: SeatBody, request: Request) -> Any:
    """Hand the seat the table waits for to a bot (another person seated there)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    await waits.hand_waited(hub, table, body.seat, body.token)
    return hub.clocks.message(table)


@router.post("/{table_id}/waiting/end")
async def agree_to_end(table_id: str, body: SeatBody, request: Request) -> Any:
    """Agree to end the game while the table waits for a seat (another person seated
    there); it ends once every other person agrees."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    ended = await waits.agree_to_end(hub, table, body.seat, body.token)
    return {"ended": ended, "clock": hub.clocks.message(table), "table": table.summary()}


class SeatLinkBody(BaseModel):
    """Body of the seat link requests: the seat's token (asking, revoking) or the link
    (claiming)."""

    model_config = ConfigDict(extra="forbid")
    token: str | None = None
    link: str | None = None


@router.post("/{table_id}/seats/{seat}/link", status_code=201)
async def seat_link(table_id: str, seat: int, body: SeatLinkBody, request: Request) -> Any:
    """A new personal link for one's seat (shown once; a new one replaces the old)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    link = await seat_links.make_link(hub, table, seat, body.token)
    return {"seat": seat, "link": f"/t/{table.id}#link={seat}.{link}"}


@router.post("/{table_id}/seats/{seat}/link/revoke")
async def revoke_seat_link(table_id: str, seat: int, body: SeatLinkBody, request: Request) -> Any:
    """Revoke one's seat link."""
    hub = hub_of(request)
    await seat_links.revoke_link(hub, await hub.find(table_id), seat, body.token)
    return {"seat": seat}


@router.post("/{table_id}/seats/{seat}/claim")
async def claim_seat(table_id: str, seat: int, body: SeatLinkBody, request: Request) -> Any:
    """Move a seat to this device with its link: answers the seat's new token."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    token = await seat_links.claim(hub, table, seat, body.link)
    return {"seat": seat, "token": token, "table": table.summary()}
