"""A push service stand-in on loopback, for Web Push tests: it keeps what it is sent, and
the browser's side of a subscription decrypts it (RFC 8291 / 8188 through ``http_ece``)
and checks its VAPID signature (RFC 8292)."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    """One push as the service got it."""

    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Service:
    """The running stand-in: its base URL, what it got, and the paths it answers 410."""

    url: str
    received: list[Received] = field(default_factory=list)
    gone: set[str] = field(default_factory=set)


@dataclass
class Browser:
    """A browser's side of one subscription: its ECDH key and auth secret."""

    endpoint: str
    private: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    secret: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self) -> dict[str, Any]:
        """As ``PushSubscription.toJSON()`` answers it."""
        public = self.private.public_key().public_bytes(
            Encoding.X962, PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "keys": {"p256dh": b64(public), "auth": b64(self.secret)},
        }

    def read(self, push: Received) -> dict[str, Any]:
        """The push's message, decrypted."""
        assert push.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(
            push.body, private_key=self.private, auth_secret=self.secret, version="aes128gcm"
        )
        found: dict[str, Any] = json.loads(plain)
        return found


def vapid_claims(push: Received, server_key: str) -> dict[str, Any]:
    """The push's VAPID claims, once its signature checks out against ``server_key`` (the
    server's published key); raises when it does not."""
    scheme, _, params = push.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    assert parts["k"] == server_key
    head, claims, signature = parts["t"].split(".")
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(server_key))
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    found: dict[str, Any] = json.loads(unb64(claims))
    assert found["exp"] > time.time()
    return found


@contextmanager
def push_service() -> Iterator[Service]:
    """A push service on 127.0.0.1 for the length of the block."""
    service = Service("")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            size = int(self.headers.get("content-length", "0"))
            body = self.rfile.read(size)
            headers = {k.lower(): v for k, v in self.headers.items()}
            service.received.append(Received(self.path, headers, body))
            self.send_response(410 if self.path in service.gone else 201)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            return  # quiet

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)
