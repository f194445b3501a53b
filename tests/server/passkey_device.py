"""A software passkey authenticator for tests: makes and uses P-256 passkeys as a
browser's authenticator would answer ``navigator.credentials.create`` and ``.get``."""

from __future__ import annotations

import hashlib
import json
import os
import struct
from base64 import urlsafe_b64decode, urlsafe_b64encode
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP, UV, AT = 0x01, 0x04, 0x40
"""Authenticator data flags: user present, user verified, attested credential data."""


def b64(data: bytes) -> str:
    """base64url without padding (as WebAuthn's JSON has it)."""
    return urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    """The bytes of a base64url text without padding."""
    return urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Key:
    """One passkey this device holds."""

    credential_id: bytes
    private: ec.EllipticCurvePrivateKey
    rp_id: str
    user_handle: bytes
    count: int = 0


@dataclass
class Device:
    """A device's authenticator, answering for the page at ``origin``."""

    origin: str = "http://testserver"
    keys: list[Key] = field(default_factory=list)

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        """A new passkey for the creation ``options``: the browser's answer, as JSON."""
        rp_id = options["rp"]["id"]
        key = Key(
            os.urandom(32),
            ec.generate_private_key(ec.SECP256R1()),
            rp_id,
            unb64(options["user"]["id"]),
        )
        self.keys.append(key)
        numbers = key.private.public_key().public_numbers()
        cose = cbor2.dumps(
            {
                1: 2,
                3: -7,
                -1: 1,
                -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big"),
            }
        )
        attested = bytes(16) + struct.pack(">H", len(key.credential_id)) + key.credential_id
        auth = self._auth_data(key, UP | UV | AT) + attested + cose
        client = self._client("webauthn.create", options["challenge"])
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth})
        return {
            "id": b64(key.credential_id),
            "rawId": b64(key.credential_id),
            "type": "public-key",
            "response": {"clientDataJSON": b64(client), "attestationObject": b64(attestation)},
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], key: Key | None = None) -> dict[str, Any]:
        """A signed answer to the request ``options`` with ``key`` (the newest by default)."""
        key = key or self.keys[-1]
        key.count += 1
        auth = self._auth_data(key, UP | UV)
        client = self._client("webauthn.get", options["challenge"])
        signed = auth + hashlib.sha256(client).digest()
        signature = key.private.sign(signed, ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(key.credential_id),
            "rawId": b64(key.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client),
                "authenticatorData": b64(auth),
                "signature": b64(signature),
                "userHandle": b64(key.user_handle),
            },
            "clientExtensionResults": {},
        }

    @staticmethod
    def _auth_data(key: Key, flags: int) -> bytes:
        rp_hash = hashlib.sha256(key.rp_id.encode()).digest()
        return rp_hash + bytes([flags]) + struct.pack(">I", key.count)

    def _client(self, kind: str, challenge: str) -> bytes:
        data = {"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}
        return json.dumps(data).encode()
