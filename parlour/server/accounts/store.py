"""The accounts' storage calls (synchronous: the server runs them on its storage threads).

A seat's token is otherwise stored only as its hash; an account keeps the tokens of the
seats and hosted tables it holds as they are, since every device the account signs in on
must act for them. They are answered only to that account's own sessions.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Connection, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from parlour.server.accounts.schema import (
    account_tables_t,
    accounts_t,
    ceremonies_t,
    credentials_t,
    recovery_t,
    sessions_t,
)
from parlour.server.store.storage import Store

PASSKEY = "passkey"
PASSWORD = "password"


@dataclass(frozen=True)
class Account:
    """An account as its owner sees it."""

    id: str
    name: str
    created: float
    passkeys: int
    password: bool


@dataclass(frozen=True)
class Passkey:
    """A passkey as stored: its account, public key (COSE, base64url) and sign count."""

    account_id: str
    public_key: str
    sign_count: int


@dataclass(frozen=True)
class NewAccount:
    """What a sign-up stores at once: the account, its passkey, recovery code and session."""

    id: str
    name: str
    name_key: str
    credential_id: str
    public_key: str
    sign_count: int
    code_hash: str
    session_hash: str
    expires: float


@dataclass(frozen=True)
class Held:
    """A seat (or, as seat :data:`HOST_SEAT`, a hosted table) an account holds."""

    table_id: str
    seat: int
    token: str


def name_taken(store: Store, name_key: str) -> bool:
    """Whether an account already has this name (compared as ``name_key``)."""
    with store.engine.connect() as conn:
        found = conn.execute(select(accounts_t.c.id).where(accounts_t.c.name_key == name_key))
        return found.first() is not None


def open_ceremony(
    store: Store, id_hash: str, purpose: str, challenge: str, name: str | None, expires: float
) -> None:
    """Keep a passkey ceremony's challenge (and forget those that expired)."""
    with store.engine.begin() as conn:
        conn.execute(delete(ceremonies_t).where(ceremonies_t.c.expires < time.time()))
        conn.execute(
            insert(ceremonies_t).values(
                id_hash=id_hash, purpose=purpose, challenge=challenge, name=name, expires=expires
            )
        )


def close_ceremony(store: Store, id_hash: str, purpose: str) -> tuple[str, str | None] | None:
    """Use a ceremony up: its challenge and name, or None when there is none (unknown,
    expired, used, or another purpose's)."""
    with store.engine.begin() as conn:
        where = ceremonies_t.c.id_hash == id_hash
        row = conn.execute(select(ceremonies_t).where(where)).first()
        if row is None or not conn.execute(delete(ceremonies_t).where(where)).rowcount:
            return None
        if row.purpose != purpose or row.expires < time.time():
            return None
        return str(row.challenge), row.name


def create_account(store: Store, new: NewAccount) -> bool:
    """Store a new account with its passkey, recovery code and first session, in one
    transaction; False (nothing stored) when its name was taken meanwhile."""
    now = time.time()
    try:
        with store.engine.begin() as conn:
            conn.execute(
                insert(accounts_t).values(
                    id=new.id, name=new.name, name_key=new.name_key, created=now
                )
            )
            conn.execute(
                insert(credentials_t).values(
                    kind=PASSKEY,
                    key=new.credential_id,
                    account_id=new.id,
                    secret=new.public_key,
                    sign_count=new.sign_count,
                    created=now,
                )
            )
            conn.execute(
                insert(recovery_t).values(code_hash=new.code_hash, account_id=new.id, created=now)
            )
            _add_session(conn, new.session_hash, new.id, now, new.expires)
    except IntegrityError:
        return False
    return True


def _add_session(
    conn: Connection, token_hash: str, account_id: str, now: float, until: float
) -> None:
    conn.execute(
        insert(sessions_t).values(
            token_hash=token_hash, account_id=account_id, created=now, expires=until
        )
    )


def passkey(store: Store, credential_id: str) -> Passkey | None:
    """The passkey with this credential id (None when there is none)."""
    with store.engine.connect() as conn:
        row = conn.execute(
            select(credentials_t).where(
                credentials_t.c.kind == PASSKEY, credentials_t.c.key == credential_id
            )
        ).first()
    return None if row is None else Passkey(row.account_id, row.secret, row.sign_count)


def passkey_used(store: Store, credential_id: str, sign_count: int) -> None:
    """Keep a passkey's new sign count."""
    with store.engine.begin() as conn:
        conn.execute(
            update(credentials_t)
            .where(credentials_t.c.kind == PASSKEY, credentials_t.c.key == credential_id)
            .values(sign_count=sign_count)
        )


def use_code(store: Store, code_hash: str, new_hash: str) -> str | None:
    """Use a recovery code up, giving its account the code hashed ``new_hash`` instead;
    the account's id, or None when no account has that code."""
    with store.engine.begin() as conn:
        where = recovery_t.c.code_hash == code_hash
        found = conn.execute(select(recovery_t.c.account_id).where(where)).scalar()
        if found is None or not conn.execute(delete(recovery_t).where(where)).rowcount:
            return None
        conn.execute(
            insert(recovery_t).values(code_hash=new_hash, account_id=found, created=time.time())
        )
        return str(found)


def replace_code(store: Store, account_id: str, new_hash: str) -> None:
    """Give an account a new recovery code (the old one no longer works)."""
    with store.engine.begin() as conn:
        conn.execute(delete(recovery_t).where(recovery_t.c.account_id == account_id))
        conn.execute(
            insert(recovery_t).values(
                code_hash=new_hash, account_id=account_id, created=time.time()
            )
        )


def password_of(store: Store, name_key: str) -> tuple[str, str] | None:
    """The account of this name and its password's hash (None: no such account, or it
    has no password)."""
    with store.engine.connect() as conn:
        row = conn.execute(
            select(accounts_t.c.id, credentials_t.c.secret)
            .join(credentials_t, credentials_t.c.key == accounts_t.c.id)
            .where(accounts_t.c.name_key == name_key, credentials_t.c.kind == PASSWORD)
        ).first()
    return None if row is None else (str(row.id), str(row.secret))


def set_password(store: Store, account_id: str, password_hash: str | None) -> None:
    """Set (or, with None, remove) an account's password."""
    with store.engine.begin() as conn:
        where = (credentials_t.c.kind == PASSWORD, credentials_t.c.key == account_id)
        conn.execute(delete(credentials_t).where(*where))
        if password_hash is not None:
            conn.execute(
                insert(credentials_t).values(
                    kind=PASSWORD,
                    key=account_id,
                    account_id=account_id,
                    secret=password_hash,
                    sign_count=0,
                    created=time.time(),
                )
            )


def start_session(store: Store, token_hash: str, account_id: str, expires: float) -> None:
    """Keep a new session of an account (and forget the account's expired ones)."""
    now = time.time()
    with store.engine.begin() as conn:
        conn.execute(
            delete(sessions_t).where(
                sessions_t.c.account_id == account_id, sessions_t.c.expires <= now
            )
        )
        _add_session(conn, token_hash, account_id, now, expires)


def end_session(store: Store, token_hash: str) -> None:
    """Forget a session (signing out; a session the browser replaces)."""
    with store.engine.begin() as conn:
        conn.execute(delete(sessions_t).where(sessions_t.c.token_hash == token_hash))


def session_account(store: Store, token_hash: str) -> Account | None:
    """The account a session belongs to (None: unknown or expired)."""
    with store.engine.connect() as conn:
        found = conn.execute(
            select(sessions_t.c.account_id).where(
                sessions_t.c.token_hash == token_hash, sessions_t.c.expires > time.time()
            )
        ).scalar()
        return None if found is None else _account(conn, str(found))


def account(store: Store, account_id: str) -> Account | None:
    """An account by its id."""
    with store.engine.connect() as conn:
        return _account(conn, account_id)


def _account(conn: Connection, account_id: str) -> Account | None:
    row = conn.execute(select(accounts_t).where(accounts_t.c.id == account_id)).first()
    if row is None:
        return None
    kinds: dict[str, int] = dict(
        conn.execute(
            select(credentials_t.c.kind, func.count())
            .where(credentials_t.c.account_id == account_id)
            .group_by(credentials_t.c.kind)
        ).all()
    )
    return Account(
        row.id, row.name, row.created, int(kinds.get(PASSKEY, 0)), bool(kinds.get(PASSWORD))
    )


def add_held(store: Store, account_id: str, held: list[Held]) -> None:
    """Let an account hold these seats and hosted tables (a token it held before for the
    same seat is replaced)."""
    now = time.time()
    with store.engine.begin() as conn:
        for h in held:
            conn.execute(
                delete(account_tables_t).where(
                    account_tables_t.c.account_id == account_id,
                    account_tables_t.c.table_id == h.table_id,
                    account_tables_t.c.seat == h.seat,
                )
            )
            conn.execute(
                insert(account_tables_t).values(
                    account_id=account_id,
                    table_id=h.table_id,
                    seat=h.seat,
                    token=h.token,
                    added=now,
                )
            )


def held_by(store: Store, account_id: str) -> list[Held]:
    """The seats and hosted tables an account holds, newest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(account_tables_t)
            .where(account_tables_t.c.account_id == account_id)
            .order_by(account_tables_t.c.added.desc(), account_tables_t.c.table_id)
        ).all()
    return [Held(r.table_id, r.seat, r.token) for r in rows]


def drop_held(store: Store, account_id: str, gone: list[tuple[str, int]]) -> None:
    """Forget seats (and hosted tables, seat :data:`HOST_SEAT`) whose tokens hold nothing."""
    with store.engine.begin() as conn:
        for table_id, seat in gone:
            conn.execute(
                delete(account_tables_t).where(
                    account_tables_t.c.account_id == account_id,
                    account_tables_t.c.table_id == table_id,
                    account_tables_t.c.seat == seat,
                )
            )


def account_named(store: Store, name_key: str) -> str | None:
    """The id of the account of this name (compared as ``name_key``)."""
    with store.engine.connect() as conn:
        found = conn.execute(select(accounts_t.c.id).where(accounts_t.c.name_key == name_key))
        value = found.scalar()
    return None if value is None else str(value)


def holders(store: Store, table_id: str, seats: list[int]) -> list[str]:
    """The accounts that hold these seats of a table."""
    with store.engine.connect() as conn:
        found = conn.execute(
            select(account_tables_t.c.account_id).where(
                account_tables_t.c.table_id == table_id, account_tables_t.c.seat.in_(seats)
            )
        ).scalars()
        return sorted({str(a) for a in found})
