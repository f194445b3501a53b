"""Web Push: notifications to an account's devices, through their browsers' push services.

The server signs its pushes with a VAPID key pair made at its first start and kept in the
database (``parlour_server_keys``), so every process of a server and every restart uses
the same one. A device subscribes with its push service's endpoint and keys, its language
and what it wants to hear of (its turn at a turn-based table, invitations, a game's end).
A push is encrypted for the device (RFC 8291, ``aes128gcm``) by ``pywebpush``; an endpoint
the push service answers 404 or 410 for is gone and is dropped.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import time
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush
from sqlalchemy import Boolean, Column, Float, String, Table, Text, delete, insert, select
from sqlalchemy.exc import IntegrityError

from parlour.server.store.storage import Store, metadata

log = logging.getLogger("parlour.server")

KINDS = ("turns", "invites", "ends")
"""What a device may be told of: its turn at a turn-based table, invitations, game ends."""
VAPID = "vapid"
PUSH_TIMEOUT = 10.0
"""Seconds one push service may take to answer."""
TTL = 24 * 3600
"""Seconds a push service keeps a push for a device that is away."""

server_keys_t = Table(
    "parlour_server_keys",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)

push_t = Table(
    "parlour_push",
    metadata,
    Column("endpoint_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("endpoint", Text, nullable=False),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("turns", Boolean, nullable=False),
    Column("invites", Boolean, nullable=False),
    Column("ends", Boolean, nullable=False),
    Column("created", Float, nullable=False),
)


@dataclass(frozen=True)
class Subscription:
    """A device's push subscription."""

    endpoint: str
    p256dh: str
    auth: str
    lang: str
    turns: bool = True
    invites: bool = True
    ends: bool = True

    def info(self) -> dict[str, Any]:
        """As ``pywebpush`` takes it (the browser's ``PushSubscription.toJSON()``)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def endpoint_hash(endpoint: str) -> str:
    """A subscription's key: its endpoint's SHA-256."""
    return hashlib.sha256(endpoint.encode("utf-8", "replace")).hexdigest()


def vapid(store: Store) -> Vapid02:
    """The server's VAPID key pair, made and kept at the first call on a new database."""
    with store.engine.connect() as conn:
        found = conn.execute(
            select(server_keys_t.c.value).where(server_keys_t.c.name == VAPID)
        ).scalar()
    if found is None:
        made = Vapid02()
        made.generate_keys()
        try:
            with store.engine.begin() as conn:
                conn.execute(
                    insert(server_keys_t).values(name=VAPID, value=made.private_pem().decode())
                )
            return made
        except IntegrityError:  # another process made it first: use that one
            return vapid(store)
    return Vapid02.from_pem(str(found).encode())


def public_key(key: Vapid02) -> str:
    """The key pages subscribe with (``applicationServerKey``): the public key's
    uncompressed point, base64url."""
    raw = key.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def subscribe(store: Store, account_id: str, sub: Subscription) -> None:
    """Keep a device's subscription (replacing what its endpoint had)."""
    with store.engine.begin() as conn:
        key = endpoint_hash(sub.endpoint)
        conn.execute(delete(push_t).where(push_t.c.endpoint_hash == key))
        conn.execute(
            insert(push_t).values(
                endpoint_hash=key,
                account_id=account_id,
                endpoint=sub.endpoint,
                p256dh=sub.p256dh,
                auth=sub.auth,
                lang=sub.lang,
                turns=sub.turns,
                invites=sub.invites,
                ends=sub.ends,
                created=time.time(),
            )
        )


def unsubscribe(store: Store, account_id: str, endpoint: str) -> None:
    """Forget one of an account's devices."""
    with store.engine.begin() as conn:
        conn.execute(
            delete(push_t).where(
                push_t.c.endpoint_hash == endpoint_hash(endpoint), push_t.c.account_id == account_id
            )
        )


def forget_account(store: Store, account_id: str) -> None:
    """Forget every device of an account (deleted)."""
    with store.engine.begin() as conn:
        conn.execute(delete(push_t).where(push_t.c.account_id == account_id))


def devices(store: Store, account_ids: list[str], kind: str) -> list[Subscription]:
    """The devices of these accounts that want to hear of ``kind``."""
    if kind not in KINDS or not account_ids:
        return []
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(push_t).where(push_t.c.account_id.in_(account_ids), push_t.c[kind].is_(True))
        ).all()
    return [
        Subscription(r.endpoint, r.p256dh, r.auth, r.lang, r.turns, r.invites, r.ends) for r in rows
    ]


def drop(store: Store, endpoint: str) -> None:
    """Forget a subscription its push service says is gone."""
    with store.engine.begin() as conn:
        conn.execute(delete(push_t).where(push_t.c.endpoint_hash == endpoint_hash(endpoint)))


def send(key: Vapid02, subject: str, sub: Subscription, message: dict[str, str]) -> bool:
    """Push ``message`` (JSON) to one device; False when its push service says the
    subscription is gone (404, 410). Other failures are logged: the next push tries again."""
    try:
        webpush(
            sub.info(),
            json.dumps(message, ensure_ascii=False),
            vapid_private_key=key,
            vapid_claims={"sub": subject},
            timeout=PUSH_TIMEOUT,
            ttl=TTL,
        )
    except WebPushException as exc:
        status = None if exc.response is None else exc.response.status_code
        if status in (404, 410):
            return False
        log.warning("a push was refused (%s)", status)
    except Exception:
        log.exception("a push could not be sent")
    return True
