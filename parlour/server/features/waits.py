"""A table that waits for a seat: what the others may do.

With ``on_timeout="seat"`` a bot stands in for a person who is away when their time runs
out, until they are back. A person who is here (their page open) but does not move would
have the seat back at once, so the table waits for them instead: their clock stops at
zero and the clock message names the seat waited for (``waiting``). Nothing runs while it
waits (no timer, no messages). The person may still move; meanwhile every other person
seated there may, with their own seat's token:

- hand the seat waited for to a bot (:func:`hand_waited`), as the host may any seat;
- agree to end the game (:func:`agree_to_end`): once every other person at the table
  agrees (bots agree), the table is closed as abandoned (its replay stays). The clock
  message lists the seats that agree (``ending``); a move clears the list.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from parlour.server.errors import ServerError
from parlour.server.features.clocks import hand_seat
from parlour.server.store.clock_rows import TableClock
from parlour.server.tables.live import PLAYING, LiveTable

if TYPE_CHECKING:
    from parlour.server.tables.hub import Hub


def waited_seat(hub: Hub, table: LiveTable) -> int:
    """The seat the table waits for, or ``friends.error.not_waiting``."""
    found = hub.clocks.tables.get(table.id)
    if table.status != PLAYING or table.closed or found is None:
        raise ServerError("friends.error.not_waiting")
    r = found.running
    if r.seat is None or r.waited != r.move:
        raise ServerError("friends.error.not_waiting")
    return r.seat


def _other(hub: Hub, table: LiveTable, seat: object, token: object) -> tuple[int, int]:
    """The asking seat (checked by its token) and the seat waited for, which must differ."""
    asking = hub.check_seat_token(table, seat, token)
    waited = waited_seat(hub, table)
    if asking == waited:
        raise ServerError("friends.error.own_seat")
    return asking, waited


async def hand_waited(hub: Hub, table: LiveTable, seat: object, token: object) -> None:
    """Another person at the table hands the seat waited for to a bot."""
    _, waited = _other(hub, table, seat, token)
    await hub.clocks.amend(table, lambda found: hand_seat(found.running, waited, True))


async def agree_to_end(hub: Hub, table: LiveTable, seat: object, token: object) -> bool:
    """Another person at the table agrees to end the game; True when that ends it."""
    asking, waited = _other(hub, table, seat, token)

    def agree(found: TableClock) -> None:
        found.running.ending = sorted(set(found.running.ending) | {asking})

    await hub.clocks.amend(table, agree)
    found = hub.clocks.tables[table.id]
    people = {
        s
        for s, rec in table.record.seats.items()
        if rec.kind == "human" and s != waited and s not in found.bots_play()
    }
    if not people <= set(found.running.ending):
        return False
    async with hub.table_change(table):
        if table.closed:
            return True
        now = time.time()
        await hub.write(hub.store.archive, table.id, now)
        table.record.archived = now
        hub.broadcast(table)
    if table.bot_task is not None:
        table.bot_task.cancel()
    return True
