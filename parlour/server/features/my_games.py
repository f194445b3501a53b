"""My games: the tables a browser sits at (or hosts), from the tokens it holds.

A browser keeps each seat's token (and each host token) it was given, the seats it claimed
with a seat link included. It sends them in a request's body, never in an address, and is
answered each table's public summary with its own seat, whether that seat is to act now and
the turn's deadline when the table has a clock: nothing another seat's token could show (no
view, no hand, no token). A token that no longer holds its seat (freed, moved to another
device) or names no table is left out quietly and reported (``gone_seats``, ``gone_hosts``),
so the browser can forget it; a request naming more than :data:`MAX_MINE` tables is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlour.server.errors import ServerError
from parlour.server.tables.live import OPEN, OVER, PLAYING, LiveTable, token_matches

if TYPE_CHECKING:
    from parlour.server.tables.hub import Hub

MAX_MINE = 100
"""The most tables one request may ask about (seats and hosted tables together)."""

ORDER = {PLAYING: 0, OPEN: 1, OVER: 2}
"""Tables in play first, then those being filled, then finished ones."""


async def _table(hub: Hub, table_id: str) -> LiveTable | None:
    """The table, or None when there is none (a storage fault is not hidden)."""
    try:
        return await hub.find(table_id)
    except ServerError as err:
        if err.key == "web.error.no_table":
            return None
        raise


def _row(hub: Hub, table: LiveTable, seat: int | None, host: bool) -> dict[str, Any]:
    """What the browser is told of one of its tables."""
    summary = table.summary()
    clock = hub.clocks.message(table)
    return {
        "table": summary,
        "seat": seat,
        "host": host,
        "your_turn": (
            seat is not None
            and not table.closed
            and summary["status"] == PLAYING
            and summary["to_act"] == seat
        ),
        "deadline": None if clock is None else clock["deadline"],
        "now": None if clock is None else clock["now"],
    }


async def my_tables(
    hub: Hub, seats: list[tuple[str, int, str]], hosts: list[tuple[str, str]]
) -> dict[str, Any]:
    """The tables of these (table, seat, token) seats and (table, token) hosted tables:
    ``tables`` (the caller's turn first), ``gone_seats`` and ``gone_hosts`` (the ids whose
    token holds nothing)."""
    if len(seats) + len(hosts) > MAX_MINE:
        raise ServerError("mine.error.too_many", limit=MAX_MINE)
    found: dict[str, dict[str, Any]] = {}
    gone_seats: set[str] = set()
    gone_hosts: set[str] = set()
    host_tokens = dict(hosts)
    for table_id, seat, token in seats:
        table = await _table(hub, table_id)
        rec = None if table is None or not 0 <= seat < table.players else table.seat(seat)
        if (
            table is None
            or rec is None
            or rec.kind != "human"
            or not token_matches(token, rec.token_hash)
        ):
            gone_seats.add(table_id)
            continue
        host = token_matches(host_tokens.get(table.id), table.record.host_hash)
        found[table.id] = _row(hub, table, seat, host)
    for table_id, token in hosts:
        known = found.get(table_id)
        if known is not None:
            if not known["host"]:
                gone_hosts.add(table_id)
            continue
        table = await _table(hub, table_id)
        if table is None or not token_matches(token, table.record.host_hash):
            gone_hosts.add(table_id)
            continue
        found[table.id] = _row(hub, table, None, True)
    rows = sorted(
        found.values(),
        key=lambda r: (
            not r["your_turn"],
            r["table"]["archived"],
            ORDER.get(r["table"]["status"], 3),
            -r["table"]["created"],
        ),
    )
    seated = {r["table"]["id"] for r in rows if r["seat"] is not None}
    return {
        "tables": rows,
        "gone_seats": sorted(gone_seats - seated),
        "gone_hosts": sorted(gone_hosts),
    }
