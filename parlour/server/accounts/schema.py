"""The accounts' tables (revision 0008), in the server's one schema (storage.metadata)."""

from __future__ import annotations

from sqlalchemy import Column, Float, Integer, String, Table, Text

from parlour.server.store.storage import metadata

HOST_SEAT = -1
"""The seat number under which an account keeps a table it hosts."""

accounts_t = Table(
    "parlour_accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    # The name as compared (NFKC, case-folded): two accounts cannot look alike by case.
    Column("name_key", String(80), nullable=False, unique=True),
    Column("created", Float, nullable=False),
)

# A way in: a passkey (``key`` its credential id, ``secret`` its public key, both base64url)
# or a password (``key`` the account's id, ``secret`` its argon2 hash).
credentials_t = Table(
    "parlour_credentials",
    metadata,
    Column("kind", String(16), primary_key=True),
    Column("key", String(1400), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("secret", Text, nullable=False),
    Column("sign_count", Integer, nullable=False),
    Column("created", Float, nullable=False),
)

# An account's recovery code, as its SHA-256 (the code has 120 random bits): one at a time.
recovery_t = Table(
    "parlour_recovery_codes",
    metadata,
    Column("code_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, unique=True),
    Column("created", Float, nullable=False),
)

# A signed-in browser: the SHA-256 of its cookie's token.
sessions_t = Table(
    "parlour_sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

# A passkey ceremony under way: the challenge the browser's authenticator must sign, used
# once; a sign-up's name and user handle wait here too.
ceremonies_t = Table(
    "parlour_ceremonies",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("purpose", String(16), nullable=False),
    Column("challenge", String(128), nullable=False),
    Column("name", String(100), nullable=True),
    Column("expires", Float, nullable=False),
)

# The seats (and, as seat HOST_SEAT, the hosted tables) an account holds, with their
# tokens: every device the account signs in on acts for them.
account_tables_t = Table(
    "parlour_account_tables",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token", String(200), nullable=False),
    Column("added", Float, nullable=False),
)
