"""Fair shares of the server-wide caps: what one client address may hold of them.

The server holds at most ``max_open_tables`` tables waiting for players and
``max_bot_tables`` tables of bots only in play; one address filled either alone (the 50
bot-only tables in under a second, the 2,000 waiting ones in 17 minutes within its create
rate). Each table remembers the address that made it (a rematch, the first table's), in
memory: one address may have ``max_client_open_tables`` waiting and
``max_client_bot_tables`` bot-only tables in play (``web.error.too_many_client_tables``,
``web.error.too_many_client_bot_tables``, 429). Each process counts its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.server.errors import ServerError
from parlour.server.tables.live import OPEN, PLAYING

if TYPE_CHECKING:
    from parlour.server.tables.hub import Hub


def bot_tables(hub: Hub, maker: str | None = None) -> int:
    """Tables of bots only in play now (only those made from ``maker``, if given)."""
    return sum(
        1
        for tb in hub.tables.values()
        if tb.status == PLAYING and tb.bots_only() and (maker is None or tb.maker == maker)
    )


def check_waiting(hub: Hub, maker: str | None) -> None:
    """Refuse another waiting table when the server, or the address ``maker``, has as many
    as it may."""
    if hub.waiting_tables() >= hub.config.max_open_tables:
        raise ServerError("web.error.too_many_tables")
    limit = hub.config.max_client_open_tables
    if maker is None:
        return
    if sum(1 for tb in hub.tables.values() if tb.status == OPEN and tb.maker == maker) >= limit:
        raise ServerError("web.error.too_many_client_tables", limit=limit)


def check_bot_tables(hub: Hub, maker: str | None) -> None:
    """Refuse starting another table of bots only when the server, or the address
    ``maker``, runs as many as it may."""
    if bot_tables(hub) >= hub.config.max_bot_tables:
        raise ServerError("web.error.too_many_bot_tables")
    limit = hub.config.max_client_bot_tables
    if maker is not None and bot_tables(hub, maker) >= limit:
        raise ServerError("web.error.too_many_client_bot_tables", limit=limit)
