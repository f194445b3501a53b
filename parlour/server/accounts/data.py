"""An account's own data: all of it as JSON (export), and its deletion.

Deleting an account deletes everything of it: its ways in, recovery code, sessions, the
seats it held, its ratings and rating changes, its devices' push subscriptions, its
friends and invitations. The seats it played in past games stay in those games (their
logs need them) under no name: every page shows such a seat as its generic seat name
("Player 2"), a former player.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import delete, select, update

from parlour.server.accounts.friends import friends_t, invitations_t, seen_t
from parlour.server.accounts.push import push_t
from parlour.server.accounts.ratings import changes_t, profiles_t, ratings_t
from parlour.server.accounts.schema import (
    HOST_SEAT,
    account_tables_t,
    accounts_t,
    credentials_t,
    recovery_t,
    sessions_t,
)
from parlour.server.store.storage import Store, seats_t
from parlour.server.tables.live import token_hash

FORMER = ""
"""The stored name of a deleted account's seats: none (shown as the seat's generic name)."""


def export(store: Store, account_id: str) -> dict[str, Any]:
    """Everything stored of an account, secrets left out (hashes, keys, tokens)."""
    with store.engine.connect() as conn:
        account = conn.execute(select(accounts_t).where(accounts_t.c.id == account_id)).one()
        ways = conn.execute(
            select(credentials_t.c.kind, credentials_t.c.sign_count, credentials_t.c.created)
            .where(credentials_t.c.account_id == account_id)
            .order_by(credentials_t.c.created)
        ).all()
        sessions = conn.execute(
            select(sessions_t.c.created, sessions_t.c.expires)
            .where(sessions_t.c.account_id == account_id)
            .order_by(sessions_t.c.created)
        ).all()
        code = conn.execute(
            select(recovery_t.c.created).where(recovery_t.c.account_id == account_id)
        ).scalar()
        held = conn.execute(
            select(account_tables_t.c.table_id, account_tables_t.c.seat, account_tables_t.c.added)
            .where(account_tables_t.c.account_id == account_id)
            .order_by(account_tables_t.c.added, account_tables_t.c.table_id)
        ).all()
        rated = conn.execute(
            select(ratings_t).where(ratings_t.c.account_id == account_id).order_by(ratings_t.c.game)
        ).all()
        profile = conn.execute(
            select(profiles_t).where(profiles_t.c.account_id == account_id)
        ).first()
        changed = conn.execute(
            select(changes_t)
            .where(changes_t.c.account_id == account_id)
            .order_by(changes_t.c.at, changes_t.c.table_id)
        ).all()
    return {
        "account": {"id": account.id, "name": account.name, "created": account.created},
        "ways_in": [{"kind": w.kind, "uses": w.sign_count, "created": w.created} for w in ways],
        "recovery_code_made": code,
        "sessions": [{"created": s.created, "expires": s.expires} for s in sessions],
        "tables": [
            {
                "table": h.table_id,
                "seat": None if h.seat == HOST_SEAT else h.seat,
                "host": h.seat == HOST_SEAT,
                "added": h.added,
            }
            for h in held
        ],
        "ratings": [
            {"game": r.game, "mu": r.mu, "sigma": r.sigma, "games": r.games, "wins": r.wins}
            for r in rated
        ],
        "rated_games": [
            {
                "table": c.table_id,
                "seat": c.seat,
                "game": c.game,
                "won": c.won,
                "before": c.before,
                "after": c.after,
                "at": c.at,
            }
            for c in changed
        ],
        "profile_shows": {
            "ratings": True if profile is None else bool(profile.ratings),
            "games": True if profile is None else bool(profile.games),
        },
        "exported": time.time(),
    }


def delete_account(store: Store, account_id: str) -> list[tuple[str, int]]:
    """Delete an account and all of its data in one transaction; the seats (table, seat)
    whose name it took away (those its tokens still held)."""
    with store.engine.begin() as conn:
        held = conn.execute(
            select(
                account_tables_t.c.table_id, account_tables_t.c.seat, account_tables_t.c.token
            ).where(account_tables_t.c.account_id == account_id, account_tables_t.c.seat >= 0)
        ).all()
        renamed = []
        for table_id, seat, token in held:
            done = conn.execute(
                update(seats_t)
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.seat == seat,
                    seats_t.c.kind == "human",
                    seats_t.c.token_hash == token_hash(token),
                )
                .values(name=FORMER)
            ).rowcount
            if done:
                renamed.append((str(table_id), int(seat)))
        for table, column in (
            (account_tables_t, account_tables_t.c.account_id),
            (sessions_t, sessions_t.c.account_id),
            (credentials_t, credentials_t.c.account_id),
            (recovery_t, recovery_t.c.account_id),
            (ratings_t, ratings_t.c.account_id),
            (changes_t, changes_t.c.account_id),
            (push_t, push_t.c.account_id),
            (profiles_t, profiles_t.c.account_id),
            (accounts_t, accounts_t.c.id),
        ):
            conn.execute(delete(table).where(column == account_id))
        for table, either in (
            (friends_t, (friends_t.c.account_id, friends_t.c.friend_id)),
            (invitations_t, (invitations_t.c.to_id, invitations_t.c.from_id)),
            (seen_t, (seen_t.c.account_id, seen_t.c.account_id)),
        ):
            conn.execute(delete(table).where((either[0] == account_id) | (either[1] == account_id)))
    return renamed
