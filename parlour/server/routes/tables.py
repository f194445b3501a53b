"""The lobby's tables: list, create, seats for people and bots, start, moves over HTTP."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, StrictBool

from parlour.server.features.my_games import my_tables
from parlour.server.routes.common import client_of, hub_of
from parlour.server.tables.hub import Hub
from parlour.server.tables.live import OPEN, token_hash
from parlour.server.tables.rematch import rematch

router = APIRouter(prefix="/api/tables")

LOBBY_PAGE = 50
"""Tables a page of the lobby lists when the request does not say."""
LOBBY_MAX_PAGE = 200
"""The most tables one page of the lobby lists."""


class CreateTable(BaseModel):
    """Body of ``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid")
    game: str
    players: int
    options: dict[str, Any] = {}
    public: StrictBool = False
    """Listed in the lobby; by default a table is private (its invitation link only)."""
    hints: StrictBool = False
    """The seat to act may ask for the hard bot's advice (shown to everyone at the table)."""


class TakeSeat(BaseModel):
    """Body of ``POST /api/tables/{id}/seats/{seat}``: a person's display name."""

    model_config = ConfigDict(extra="forbid")
    name: str


class SeatToken(BaseModel):
    """Body of ``POST /api/tables/{id}/rematch``: the host's or a seat's token."""

    model_config = ConfigDict(extra="forbid")
    token: str


class FreeSeat(SeatToken):
    """Body of ``POST /api/tables/{id}/seats/{seat}/free``: the host's or the seat's token,
    and (host only) whether the person removed is banned from the table's seats."""

    ban: StrictBool = False


class SeatBot(BaseModel):
    """Body of ``POST /api/tables/{id}/bots/{seat}``."""

    model_config = ConfigDict(extra="forbid")
    bot: str
    host_token: str
    name: str | None = None


class HostOnly(BaseModel):
    """Body of ``POST /api/tables/{id}/start``."""

    model_config = ConfigDict(extra="forbid")
    host_token: str


class Move(BaseModel):
    """Body of ``POST /api/tables/{id}/move`` (the websocket is the usual way)."""

    model_config = ConfigDict(extra="forbid")
    seat: int
    token: str
    move: int
    action: str


class HeldSeat(BaseModel):
    """A seat a browser holds: its table, number and token."""

    model_config = ConfigDict(extra="forbid")
    table: str
    seat: int
    token: str


class HeldHost(BaseModel):
    """A table a browser hosts: its id and host token."""

    model_config = ConfigDict(extra="forbid")
    table: str
    token: str


class MyTables(BaseModel):
    """Body of ``POST /api/tables/mine``: the tokens a browser holds."""

    model_config = ConfigDict(extra="forbid")
    seats: list[HeldSeat] = []
    hosts: list[HeldHost] = []


@router.get("")
async def list_tables(
    request: Request,
    response: Response,
    game: str | None = None,
    waiting: bool = False,
    offset: int = Query(0, ge=0),
    limit: int = Query(LOBBY_PAGE, ge=1, le=LOBBY_MAX_PAGE),
) -> list[dict[str, Any]]:
    """The public tables, newest first, a page at a time (``offset``, ``limit``); only one
    game's (``game``), only those waiting for players (``waiting``). The header
    ``X-Total-Count`` says how many match in all. Private and archived tables are never
    listed."""
    listed = [
        tb
        for tb in hub_of(request).tables.values()
        if tb.record.public
        and tb.record.archived is None
        and (game is None or tb.game.id == game)
        and (not waiting or tb.status == OPEN)
    ]
    listed.sort(key=lambda tb: -tb.record.created)
    response.headers["X-Total-Count"] = str(len(listed))
    return [tb.summary() for tb in listed[offset : offset + limit]]


@router.post("", status_code=201)
async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
    """Create a table; the answer holds the host token (sent only here)."""
    hub = hub_of(request)
    client = client_of(request)
    hub.client_limits.hit("create", client)
    table, host = await hub.create(
        body.game, body.players, body.options, body.public, body.hints, client
    )
    return {"table": table.summary(), "host_token": host, "invite": f"/t/{table.id}"}


@router.post("/mine")
async def mine(body: MyTables, request: Request) -> dict[str, Any]:
    """My games: the tables of the seat and host tokens a browser holds (sent in the body,
    never in an address; see :mod:`parlour.server.features.my_games`)."""
    seats = [(s.table, s.seat, s.token) for s in body.seats]
    return await my_tables(hub_of(request), seats, [(h.table, h.token) for h in body.hosts])


@router.get("/{table_id}")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    """A table's public summary."""
    return (await hub_of(request).find(table_id)).summary()


@router.post("/{table_id}/seats/{seat}", status_code=201)
async def take_seat(table_id: str, seat: int, body: TakeSeat, request: Request) -> Any:
    """Take a free seat; the answer holds the seat's token (sent only here)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    hub.client_limits.hit("seat", client_of(request))
    token = await hub.take_seat(table, seat, body.name, client_of(request))
    return {"seat": seat, "token": token, "table": table.summary()}


@router.post("/{table_id}/seats/{seat}/free")
async def free_seat(table_id: str, seat: int, body: FreeSeat, request: Request) -> Any:
    """Empty a seat before the start (the host, or the person sitting there); the host may
    ban the person removed from sitting at this table again (``ban``)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    await hub.free_seat(table, seat, body.token, body.ban)
    return table.summary()


@router.post("/{table_id}/bots/{seat}")
async def seat_bot(table_id: str, seat: int, body: SeatBot, request: Request) -> Any:
    """Put a bot in a free seat (host only)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    hub.client_limits.hit("seat", client_of(request))
    await hub.seat_bot(table, seat, body.bot, body.host_token, body.name)
    return table.summary()


@router.post("/{table_id}/start")
async def start(table_id: str, body: HostOnly, request: Request) -> Any:
    """Start a full table (host only)."""
    return await started(hub_of(request), table_id, body)


async def started(hub: Hub, table_id: str, body: HostOnly) -> dict[str, Any]:
    """What :func:`start` does and answers (the guard's fast lane calls it too)."""
    table = await hub.find(table_id)
    await hub.start(table, body.host_token)
    return table.summary()


@router.post("/{table_id}/move")
async def move(table_id: str, body: Move, request: Request) -> Any:
    """Play a move over HTTP (same checks as the websocket)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    seat = await hub.seat_token(table, body.seat, body.token)
    await hub.play(table, seat, body.move, body.action, token_hash(body.token))
    return table.summary()


@router.post("/{table_id}/rematch", status_code=201)
async def play_again(table_id: str, body: SeatToken, request: Request) -> Any:
    """Play again: the finished table's rematch, made by the first who asks (host or seat)."""
    return await played_again(hub_of(request), table_id, body)


async def played_again(hub: Hub, table_id: str, body: SeatToken) -> dict[str, Any]:
    """What :func:`play_again` does and answers (the guard's fast lane calls it too)."""
    made = await rematch(hub, await hub.find(table_id), body.token)
    return made.summary()
