"""Key pairs the tests make: the server's VAPID pair and a browser subscription's ECDH pair
and auth secret (RFC 8291), so that a test can decrypt what the server sent."""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _raw_public(private: ec.EllipticCurvePrivateKey) -> bytes:
    return private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


def vapid_pair() -> tuple[str, str]:
    """(public, private) as the settings take them: base64url of the raw key bytes."""
    private = ec.generate_private_key(ec.SECP256R1())
    number = private.private_numbers().private_value.to_bytes(32, "big")
    return b64(_raw_public(private)), b64(number)


@dataclass
class Browser:
    """What a browser keeps of its subscription."""

    private: ec.EllipticCurvePrivateKey
    auth: bytes

    @classmethod
    def new(cls) -> Browser:
        return cls(ec.generate_private_key(ec.SECP256R1()), os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64(_raw_public(self.private))

    @property
    def auth_b64(self) -> str:
        return b64(self.auth)

    def decrypt(self, body: bytes) -> bytes:
        return http_ece.decrypt(
            body, private_key=self.private, auth_secret=self.auth, version="aes128gcm"
        )
