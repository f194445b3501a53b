"""The secrets of accounts: recovery codes, passwords (argon2), session and CSRF tokens."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import Argon2Error

from parlour.server.errors import ServerError

CODE_BYTES = 15
"""Random bytes of a recovery code: 120 bits, 24 letters and digits in base 32."""
MIN_PASSWORD = 8
MAX_PASSWORD = 128
"""The shortest and longest password accepted (characters)."""

_hasher = PasswordHasher()


def digest(token: str) -> str:
    """What is stored of a random token: its SHA-256 (a token has too many bits to guess)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    """A fresh random token (a session's, a ceremony's)."""
    return secrets.token_urlsafe(32)


def new_code() -> str:
    """A fresh recovery code, in groups of four (``ABCD-EFGH-...``), easy to copy by hand."""
    text = base64.b32encode(secrets.token_bytes(CODE_BYTES)).decode("ascii")
    return "-".join(text[i : i + 4] for i in range(0, len(text), 4))


def code_digest(code: str) -> str:
    """The stored form of a recovery code as a person may type it: spaces, dashes and
    case ignored."""
    plain = "".join(ch for ch in code.upper() if ch.isalnum())[:64]
    return digest(f"code:{plain}")


def csrf_token(session: str) -> str:
    """The token a page of a session sends in ``X-CSRF-Token`` with every change it asks
    for: derived from the session's, so another site (which cannot read either) cannot
    send it, and a token planted in a cookie is worth nothing."""
    return hashlib.sha256(f"csrf:{session}".encode("utf-8", "replace")).hexdigest()


def csrf_matches(session: str, given: str | None) -> bool:
    """Whether ``given`` is this session's CSRF token (constant-time)."""
    return given is not None and hmac.compare_digest(csrf_token(session), given)


def check_password(password: str) -> str:
    """A password fit to keep (refused when too short or long)."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ServerError("account.error.bad_password", least=MIN_PASSWORD, most=MAX_PASSWORD)
    return password


def hash_password(password: str) -> str:
    """A password's argon2id hash."""
    return _hasher.hash(check_password(password))


@cache
def _stand_in() -> str:
    """The hash a sign-in for a name without a password is checked against, so that it
    takes as long as one with a password."""
    return _hasher.hash(secrets.token_urlsafe(16))


def password_ok(password: str, stored: str | None) -> bool:
    """Whether ``password`` is the one hashed ``stored``; with ``stored`` None, the same
    work is done and the answer is no (no account of that name)."""
    try:
        return _hasher.verify(stored or _stand_in(), password[:MAX_PASSWORD]) and stored is not None
    except Argon2Error:
        return False
