"""Web Push with VAPID (RFC 8030, 8291, 8292) through pywebpush."""

from __future__ import annotations

import base64
import hashlib
import json

import requests
from django.conf import settings
from pywebpush import WebPushException, webpush

# How long a push service keeps a message for a phone that is off: a seat or a result is
# stale after a day.
TTL_SECONDS = 24 * 3600


class Gone(Exception):
    """The push service says the subscription no longer exists (404, 410)."""


class TryAgain(Exception):
    """The push service or the network failed for now (5xx, 429, no answer)."""


class Refused(Exception):
    """The push service refused the message for good (another 4xx)."""


# What a retry may cure: the network and the push service's bad moments.
NETWORK_ERRORS = (requests.RequestException, OSError, TryAgain)


def enabled() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def public_key() -> str:
    """The application server key a browser subscribes with (RFC 8292 3.2)."""
    return settings.VAPID_PUBLIC_KEY


def topic_for(text: str) -> str:
    """A Topic header (RFC 8030 5.4: at most 32 characters of the URL-safe base64
    alphabet) naming the message, the same on every attempt."""
    digest = hashlib.sha256(text.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:32]


def send(subscription_info: dict, payload: dict, *, topic: str) -> None:
    """Send one encrypted message; raises Gone, TryAgain or Refused."""
    try:
        webpush(
            subscription_info,
            data=json.dumps(payload),
            vapid_private_key=settings.VAPID_PRIVATE_KEY,
            # pywebpush adds "aud" and "exp" to the dictionary it is given: a new one each time.
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            headers={"Topic": topic, "Urgency": "high"},
            ttl=TTL_SECONDS,
            timeout=settings.COMPANION_PUSH_TIMEOUT,
        )
    except (ValueError, TypeError) as error:
        # Keys that are no point on P-256 or an auth secret of the wrong size: this
        # subscription can never be written to.
        raise Refused(f"the subscription's keys are not valid: {error}"[:200]) from error
    except WebPushException as error:
        status = getattr(error.response, "status_code", None)
        if status in (404, 410):
            raise Gone(str(status)) from error
        if status is None or status == 429 or status >= 500:
            raise TryAgain(str(error)[:200]) from error
        raise Refused(str(error)[:200]) from error
