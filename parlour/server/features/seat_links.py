"""Seat links: a person moves their seat to another device.

A seated person asks for their seat's link (with their seat's token); it is answered once
(only its hash is stored, one link per seat: a new one replaces the old) and the person may
revoke it. Opening it on another device claims the seat there: the seat gets a new token,
sent to that device only, and the link is used up. The old device's token no longer holds
the seat, so it watches from then on (told ``web.error.seat_lost``): a seat lives in one
browser at a time. The link travels in the page address's fragment (``/t/{id}#link=...``),
which browsers never send to the server, so it stays out of access logs.

A link is bound to the person who asked for it: what is stored is the hash of the link
together with the hash of the seat's token at that moment, so the link is void the moment
the seat is freed, changes hands, goes to a bot or its person is removed (any of which
changes or clears the seat's token), whatever else forgets to drop it. Freeing a seat drops
its link too.
"""

from __future__ import annotations

import hmac
import time
from typing import TYPE_CHECKING

from sqlalchemy import delete, insert, select, update

from parlour.server.errors import ServerError
from parlour.server.store.storage import Store, seat_links_t, seats_t
from parlour.server.tables.live import LiveTable, new_token, token_hash

if TYPE_CHECKING:
    from parlour.server.tables.hub import Hub


def bound_hash(link: str, holder: str) -> str:
    """What is stored of ``link``: its hash bound to the seat holder's token hash."""
    return token_hash(f"{holder}:{link}")


def store_link(store: Store, table_id: str, seat: int, link_hash: str) -> None:
    """Keep a seat's new link (replacing any other)."""
    with store.engine.begin() as conn:
        where = (seat_links_t.c.table_id == table_id, seat_links_t.c.seat == seat)
        conn.execute(delete(seat_links_t).where(*where))
        conn.execute(
            insert(seat_links_t).values(
                table_id=table_id, seat=seat, link_hash=link_hash, created=time.time()
            )
        )


def drop_link(store: Store, table_id: str, seat: int) -> bool:
    """Forget a seat's link; True if there was one."""
    with store.engine.begin() as conn:
        where = (seat_links_t.c.table_id == table_id, seat_links_t.c.seat == seat)
        return bool(conn.execute(delete(seat_links_t).where(*where)).rowcount)


def claim_link(store: Store, table_id: str, seat: int, link: str, new_hash: str) -> bool:
    """Use a seat's link up and give the seat the token hashed ``new_hash``, in one
    transaction; False if the link is not (or no longer) the seat's, or the seat is no
    longer held by the person who asked for it."""
    with store.engine.begin() as conn:
        where = (seat_links_t.c.table_id == table_id, seat_links_t.c.seat == seat)
        found = conn.execute(select(seat_links_t.c.link_hash).where(*where)).scalar()
        sitting = conn.execute(
            select(seats_t.c.kind, seats_t.c.token_hash).where(
                seats_t.c.table_id == table_id, seats_t.c.seat == seat
            )
        ).first()
        if found is None or sitting is None or sitting.kind != "human":
            return False
        if sitting.token_hash is None or not hmac.compare_digest(
            bound_hash(link, sitting.token_hash), found
        ):
            return False
        conn.execute(delete(seat_links_t).where(*where))
        conn.execute(
            update(seats_t)
            .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
            .values(token_hash=new_hash)
        )
        return True


def _person(table: LiveTable, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
        raise ServerError("web.error.no_seat", seat=str(seat)[:20])
    rec = table.seat(seat)
    if rec is None or rec.kind != "human":
        raise ServerError("friends.error.bad_link")  # freed or a bot's: its link is void
    return seat


async def make_link(hub: Hub, table: LiveTable, seat: int, token: object) -> str:
    """A new link for the seat whose token is ``token`` (the only time it is sent)."""
    seat = hub.check_seat_token(table, seat, token)
    holder = table.record.seats[seat].token_hash or ""  # a person's seat: never None here
    link = new_token()
    await hub.write(store_link, hub.store, table.id, seat, bound_hash(link, holder))
    return link


async def revoke_link(hub: Hub, table: LiveTable, seat: int, token: object) -> None:
    """Revoke the seat's link (its person only)."""
    seat = hub.check_seat_token(table, seat, token)
    if not await hub.write(drop_link, hub.store, table.id, seat):
        raise ServerError("friends.error.no_link")


async def claim(hub: Hub, table: LiveTable, seat: int, link: object) -> str:
    """Move the seat to this device: answers its new token."""
    seat = _person(table, seat)
    if not isinstance(link, str) or len(link) > 200:
        raise ServerError("friends.error.bad_link")
    token = new_token()
    async with hub.table_change(table):
        rec = table.seat(seat)
        if rec is None or rec.kind != "human":
            raise ServerError("friends.error.bad_link")
        if not await hub.write(claim_link, hub.store, table.id, seat, link, token_hash(token)):
            raise ServerError("friends.error.bad_link")
        rec.token_hash = token_hash(token)
        hub.broadcast(table)  # the old device's connection now watches
    return token
