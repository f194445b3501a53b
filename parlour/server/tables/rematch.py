"""Play again: a finished table makes one new table with the same people, bots and options.

Every seat is carried over as it was, a person's with the same token (its hash), so each
person's browser finds its seat at the new table with the token it already holds; the host
stays the host. The new table opens with every seat taken and is started as any other (a
person who does not want to play again frees their seat). Its first player is whatever the
options say (random unless set), with a fresh seed. A table has at most one rematch, even
with several processes: the link is set in the same transaction that stores the new table,
only where none is set yet. The host's bans and the table's clock follow the table into its
rematch.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from parlour.server.errors import ServerError
from parlour.server.store.storage import TableRecord
from parlour.server.tables import shares
from parlour.server.tables.live import OPEN, OVER, LiveTable, token_matches

if TYPE_CHECKING:
    from parlour.server.tables.hub import Hub


def may_ask(table: LiveTable, token: object) -> bool:
    """Whether ``token`` is the host's or one of the people seated at ``table``."""
    if token_matches(token, table.record.host_hash):
        return True
    return any(
        rec.token_hash is not None and token_matches(token, rec.token_hash)
        for rec in table.record.seats.values()
    )


async def rematch(hub: Hub, table: LiveTable, token: object) -> LiveTable:
    """The rematch of a finished ``table``, made now unless it was made before."""
    if not may_ask(table, token):
        raise ServerError("web.error.not_seated")
    async with hub.table_change(table):
        if table.status != OVER:
            raise ServerError("web.error.not_over")
        if table.record.rematch is None:
            shares.check_waiting(hub, table.maker)
            old = table.record
            rec = TableRecord(
                id=secrets.token_hex(6),
                game=old.game,
                players=old.players,
                options=dict(old.options),
                seed=table.game.fresh_seed(None),
                host_hash=old.host_hash,
                status=OPEN,
                created=time.time(),
                seats={n: replace(seat) for n, seat in old.seats.items()},
                public=old.public,
                hints=old.hints,
                bans=set(old.bans),  # whom the host removed may not sit at the rematch either
            )
            linked = await hub.write(hub.store.create_rematch, old.id, rec)
            if linked == rec.id:
                made = hub.tables[rec.id] = LiveTable(rec, table.game)
                made.maker = table.maker  # the first table's address answers for it
                hub.made_waiting(rec.id)
                await hub.clocks.carry(table, hub.tables[rec.id])  # the same clock again
                await hub.cluster.changed(rec.id)
            table.record.rematch = linked
            hub.broadcast(table)
    return await hub.find(table.record.rematch)
