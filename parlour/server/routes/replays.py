"""Replays: a position as a seat saw it, and a finished game's replay file."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from parlour.engine import Replay
from parlour.server.errors import ServerError
from parlour.server.protocol import event_json
from parlour.server.routes.common import hub_of, lang_of
from parlour.server.tables import OVER

router = APIRouter(prefix="/api/tables")


@router.get("/{table_id}/replay/{move}")
async def replay_step(
    table_id: str,
    move: int,
    request: Request,
    seat: int | None = None,
    token: str | None = None,
) -> dict[str, Any]:
    """The position after ``move`` actions as ``seat`` saw it (any seat once it is over)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    lang = lang_of(request)
    table.ensure_state()
    if table.state is None:
        raise ServerError("web.error.not_started")
    if seat is not None and table.status != OVER:
        seat = await hub.seat_token(table, seat, token)
    if seat is not None and not 0 <= seat < table.players:
        raise ServerError("web.error.no_seat", seat=seat)
    total = len(table.record.actions)
    move = max(0, min(move, total))
    state, log = table.state_at(move)
    names = table.names(lang)
    return {
        "table": table.summary(),
        "move": move,
        "total": total,
        "seat": seat,
        "names": names,
        "view": state.view(seat),
        "events": [
            event_json(table.game.id, m, e, lang, names) for m, e in log if e.visible_to(seat)
        ],
    }


@router.get("/{table_id}/record")
async def record(table_id: str, request: Request) -> dict[str, Any]:
    """The finished game's replay file (hidden actions stay hidden until the end)."""
    table = await hub_of(request).find(table_id)
    if table.status != OVER:
        raise ServerError("web.error.not_over")
    rec = table.record
    rp = Replay(rec.game, rec.players, dict(rec.options), rec.seed, None, list(rec.actions))
    rp.names = table.names("en")
    return rp.to_json()
