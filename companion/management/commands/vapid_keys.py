"""Print a new VAPID key pair for Web Push, as the settings take them."""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def new_pair() -> tuple[str, str]:
    """(public, private): the P-256 public point and the private number, base64url (RFC 8292)."""
    private = ec.generate_private_key(ec.SECP256R1())
    public = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return _b64(public), _b64(private.private_numbers().private_value.to_bytes(32, "big"))


class Command(BaseCommand):
    help = "Print a new VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) for Web Push."

    def handle(self, *args, **options) -> None:
        public, private = new_pair()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}\n")
        self.stderr.write(
            "Keep the private key secret; a new pair makes every phone subscribe again."
        )
