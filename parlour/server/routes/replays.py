"""Replays: a position as a seat saw it, and a finished game's replay file."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Header, Request

from parlour.engine import Replay
from parlour.server.errors import ServerError
from parlour.server.routes.common import hub_of, lang_of
from parlour.server.tables.live import LiveTable
from parlour.server.tables.protocol import event_json

router = APIRouter(prefix="/api/tables")

REPLAY_CACHE = 128
"""Replay positions kept (the most recently asked)."""


@router.get("/{table_id}/replay/{move}")
async def replay_step(
    table_id: str,
    move: int,
    request: Request,
    seat: int | None = None,
    token: str | None = Header(None, alias="X-Seat-Token"),
) -> dict[str, Any]:
    """The position after ``move`` actions as ``seat`` saw it (any seat once it is over).

    The seat's token comes in the ``X-Seat-Token`` header, never in the address: addresses
    are written to access logs and browser history."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    lang = lang_of(request)
    table.ensure_state()
    if table.state is None:
        raise ServerError("web.error.not_started")
    if seat is not None and not table.closed:
        seat = await hub.seat_token(table, seat, token)
    if seat is not None and not 0 <= seat < table.players:
        raise ServerError("web.error.no_seat", seat=seat)
    total = len(table.record.actions)
    move = max(0, min(move, total))
    names = table.names(lang)
    key = (table.id, move, seat, lang, tuple(names))
    step = hub.replays.get(key)
    if step is None:
        # Rebuilt on a worker thread (a long game takes a while) and kept: the first
        # ``move`` actions never change, so neither does what a seat saw after them.
        step = await asyncio.to_thread(_replay_step, table, move, seat, lang, names)
        hub.replays[key] = step
        while len(hub.replays) > REPLAY_CACHE:
            hub.replays.popitem(last=False)
    else:
        hub.replays.move_to_end(key)
    return {"table": table.summary(), "move": move, "total": total, "seat": seat, **step}


def _replay_step(
    table: LiveTable, move: int, seat: int | None, lang: str, names: list[str]
) -> dict[str, Any]:
    """What ``seat`` saw after ``move`` actions: names, view and events (off the loop)."""
    state, log = table.state_at(move)
    return {
        "names": names,
        "view": state.view(seat),
        "events": [
            event_json(table.game, m, e, lang, names, state.options)
            for m, e in log
            if e.visible_to(seat)
        ],
    }


@router.get("/{table_id}/record")
async def record(table_id: str, request: Request) -> dict[str, Any]:
    """The finished game's replay file (hidden actions stay hidden until the end)."""
    table = await hub_of(request).find(table_id)
    if not table.closed:
        raise ServerError("web.error.not_over")
    rec = table.record
    rp = Replay(rec.game, rec.players, dict(rec.options), rec.seed, None, list(rec.actions))
    rp.names = table.names("en")
    return rp.to_json()
