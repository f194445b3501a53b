"""Friends: an account adds another by name; the two are friends once each has added the
other. Friends see whether the other is online (seen in the last few minutes) and at
which public tables they sit, and invite each other to tables (the invitation waits in the
friend's list, and is pushed to their devices).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Column, Float, String, Table, delete, insert, select, update

from parlour.server.accounts.schema import accounts_t
from parlour.server.store.storage import Store, metadata

ONLINE = 180.0
"""Seconds since an account was last seen during which it shows as online."""
MAX_FRIENDS = 200
"""The most accounts one account may add."""
MAX_INVITATIONS = 50
"""Invitations a list shows, newest first."""

friends_t = Table(
    "parlour_friends",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("friend_id", String(32), primary_key=True, index=True),
    Column("created", Float, nullable=False),
)

invitations_t = Table(
    "parlour_invitations",
    metadata,
    Column("to_id", String(32), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("from_id", String(32), primary_key=True, index=True),
    Column("created", Float, nullable=False),
)

seen_t = Table(
    "parlour_account_seen",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("seen", Float, nullable=False),
)


@dataclass(frozen=True)
class Circle:
    """An account's friends and the requests either way (account id -> name)."""

    friends: dict[str, str]
    asked_by: dict[str, str]
    asking: dict[str, str]
    seen: dict[str, float]


def add(store: Store, account_id: str, friend_id: str) -> bool:
    """Add ``friend_id`` to the account's friends (False when it has too many)."""
    with store.engine.begin() as conn:
        mine = conn.execute(
            select(friends_t.c.friend_id).where(friends_t.c.account_id == account_id)
        ).scalars()
        known = set(mine)
        if friend_id in known:
            return True
        if len(known) >= MAX_FRIENDS:
            return False
        conn.execute(
            insert(friends_t).values(
                account_id=account_id, friend_id=friend_id, created=time.time()
            )
        )
        return True


def remove(store: Store, account_id: str, friend_id: str) -> None:
    """Take ``friend_id`` off the account's friends (and their invitations either way)."""
    with store.engine.begin() as conn:
        conn.execute(
            delete(friends_t).where(
                friends_t.c.account_id == account_id, friends_t.c.friend_id == friend_id
            )
        )
        for a, b in ((account_id, friend_id), (friend_id, account_id)):
            conn.execute(
                delete(invitations_t).where(
                    invitations_t.c.to_id == a, invitations_t.c.from_id == b
                )
            )


def circle(store: Store, account_id: str) -> Circle:
    """The account's friends, who asked it, whom it asked, and when its friends were seen."""
    with store.engine.connect() as conn:
        added = set(
            conn.execute(
                select(friends_t.c.friend_id).where(friends_t.c.account_id == account_id)
            ).scalars()
        )
        added_by = set(
            conn.execute(
                select(friends_t.c.account_id).where(friends_t.c.friend_id == account_id)
            ).scalars()
        )
        ids = sorted(added | added_by)
        names = {
            str(row.id): str(row.name)
            for row in conn.execute(
                select(accounts_t.c.id, accounts_t.c.name).where(accounts_t.c.id.in_(ids))
            )
        }
        mutual = added & added_by
        seen = {
            str(row.account_id): float(row.seen)
            for row in conn.execute(select(seen_t).where(seen_t.c.account_id.in_(sorted(mutual))))
        }
    return Circle(
        {a: names[a] for a in sorted(mutual) if a in names},
        {a: names[a] for a in sorted(added_by - added) if a in names},
        {a: names[a] for a in sorted(added - added_by) if a in names},
        seen,
    )


def are_friends(store: Store, account_id: str, other_id: str) -> bool:
    """Whether each of the two has added the other."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(friends_t.c.account_id).where(
                ((friends_t.c.account_id == account_id) & (friends_t.c.friend_id == other_id))
                | ((friends_t.c.account_id == other_id) & (friends_t.c.friend_id == account_id))
            )
        ).all()
    return len(rows) == 2


def saw(store: Store, account_id: str) -> None:
    """Note that the account is here now."""
    now = time.time()
    with store.engine.begin() as conn:
        done = conn.execute(
            update(seen_t).where(seen_t.c.account_id == account_id).values(seen=now)
        ).rowcount
        if not done:
            conn.execute(insert(seen_t).values(account_id=account_id, seen=now))


def invite(store: Store, from_id: str, to_id: str, table_id: str) -> None:
    """Invite a friend to a table (again: the invitation is renewed)."""
    with store.engine.begin() as conn:
        where = (
            invitations_t.c.to_id == to_id,
            invitations_t.c.table_id == table_id,
            invitations_t.c.from_id == from_id,
        )
        conn.execute(delete(invitations_t).where(*where))
        conn.execute(
            insert(invitations_t).values(
                to_id=to_id, table_id=table_id, from_id=from_id, created=time.time()
            )
        )


def invitations(store: Store, account_id: str) -> list[tuple[str, str, float]]:
    """The invitations an account has: (who, table, when), newest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(accounts_t.c.name, invitations_t.c.table_id, invitations_t.c.created)
            .join(accounts_t, accounts_t.c.id == invitations_t.c.from_id)
            .where(invitations_t.c.to_id == account_id)
            .order_by(invitations_t.c.created.desc())
            .limit(MAX_INVITATIONS)
        ).all()
    return [(str(n), str(t), float(c)) for n, t, c in rows]
