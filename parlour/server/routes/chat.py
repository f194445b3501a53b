"""The host's say over a table's chat: channels on or off, people muted."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict

from parlour.server.routes.common import hub_of

router = APIRouter(prefix="/api/tables")


class ChatRules(BaseModel):
    """Body of ``POST /api/tables/{id}/chat``: what to change (anything left out stays)."""

    model_config = ConfigDict(extra="forbid")
    host_token: str
    off: list[str] | None = None
    mute: str | None = None
    unmute: str | None = None


@router.post("/{table_id}/chat")
async def chat_rules(table_id: str, body: ChatRules, request: Request) -> Any:
    """Turn chat channels off or on, mute or unmute a person (host only)."""
    hub = hub_of(request)
    table = await hub.find(table_id)
    rules = await hub.chat.set_rules(
        table, body.host_token, off=body.off, mute=body.mute, unmute=body.unmute
    )
    return rules.to_json()
