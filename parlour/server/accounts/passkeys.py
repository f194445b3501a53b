"""Passkeys (WebAuthn) through the ``webauthn`` library: the options a browser's
authenticator is asked with, and the checks of what it answers.

Passkeys are discoverable (resident keys): signing in names no account, so it tells
nobody which names have one. No attestation is asked for: a small club has no list of
approved authenticators to check one against.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import webauthn
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from parlour.server.errors import ServerError

RP_NAME = "Parlour"
"""The name an authenticator shows for this site."""

TIMEOUT_MS = 300_000
"""Milliseconds the browser gives a person to answer their authenticator."""


@dataclass(frozen=True)
class Site:
    """Who the passkeys belong to: the site's host name, and the origins its pages load from."""

    rp_id: str
    origins: list[str]


@dataclass(frozen=True)
class NewPasskey:
    """A verified new passkey: its credential id and public key (base64url), sign count."""

    credential_id: str
    public_key: str
    sign_count: int


def _options(options: Any) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(webauthn.options_to_json(options))
    return found


def registration_options(site: Site, name: str, user_id: bytes) -> tuple[str, dict[str, Any]]:
    """A new passkey's challenge (base64url) and the browser's creation options."""
    options = webauthn.generate_registration_options(
        rp_id=site.rp_id,
        rp_name=RP_NAME,
        user_name=name,
        user_id=user_id,
        user_display_name=name,
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
    )
    return bytes_to_base64url(options.challenge), _options(options)


def authentication_options(site: Site) -> tuple[str, dict[str, Any]]:
    """A sign-in's challenge (base64url) and the browser's request options (any passkey
    of this site: none is named)."""
    options = webauthn.generate_authentication_options(
        rp_id=site.rp_id,
        timeout=TIMEOUT_MS,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    return bytes_to_base64url(options.challenge), _options(options)


def credential_id(credential: dict[str, Any]) -> str:
    """The credential id a browser's answer names (refused when it names none)."""
    found = credential.get("id")
    if not isinstance(found, str) or not 1 <= len(found) <= 1400:
        raise ServerError("account.error.passkey_failed")
    return found


def verify_registration(site: Site, challenge: str, credential: dict[str, Any]) -> NewPasskey:
    """The new passkey in a browser's answer, once its challenge, origin and site check out
    (refused as ``account.error.passkey_failed`` otherwise)."""
    try:
        found = webauthn.verify_registration_response(
            credential=credential,
            expected_challenge=webauthn.base64url_to_bytes(challenge),
            expected_rp_id=site.rp_id,
            expected_origin=site.origins,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
        raise ServerError("account.error.passkey_failed") from exc
    return NewPasskey(
        bytes_to_base64url(found.credential_id),
        bytes_to_base64url(found.credential_public_key),
        found.sign_count,
    )


def verify_authentication(
    site: Site, challenge: str, credential: dict[str, Any], public_key: str, sign_count: int
) -> int:
    """The passkey's new sign count, once a browser's signed answer checks out against the
    stored public key (refused as ``account.error.sign_in_failed`` otherwise)."""
    try:
        found = webauthn.verify_authentication_response(
            credential=credential,
            expected_challenge=webauthn.base64url_to_bytes(challenge),
            expected_rp_id=site.rp_id,
            expected_origin=site.origins,
            credential_public_key=webauthn.base64url_to_bytes(public_key),
            credential_current_sign_count=sign_count,
        )
    except (WebAuthnException, ValueError, KeyError, TypeError) as exc:
        raise ServerError("account.error.sign_in_failed") from exc
    return int(found.new_sign_count)
