"""Counting attempts per client in the cache, atomically: the slip codes' wrong guesses, the
logins per address, the API's requests.

A window per client, opened by his first attempt: each attempt of ``client`` in the
window of ``seconds`` is counted with one atomic ``incr`` in the cache (Redis's INCR in
production, so every gunicorn process and thread shares one count, and 100 requests at
once are 100 counts: a list of times read, appended and written back, as django-ninja's
throttle keeps it, loses the requests that raced). The wait a page states is what is left
of the window.

The client's address is ``REMOTE_ADDR`` unless ``NUM_PROXIES`` (setting
``NINJA_NUM_PROXIES``) reverse proxies put addresses in ``X-Forwarded-For``: then the one
the nearest of them saw, as the API's rate limit reads it (``api/throttling.py``), never
what a client wrote into the header himself (OWASP Authentication and Credential Stuffing
cheat sheets: limit per account and per address; the address must not be forgeable).

The cache is a help here, not a need (``web/cache.py``): when it is down nothing is limited,
and score entry goes on.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import logging
import time

from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)


def _now() -> float:
    return time.time()  # a function of its own, so that a test can hold the clock


@dataclasses.dataclass(frozen=True)
class Limit:
    """At most ``count`` attempts of one client in each window of ``seconds``."""

    scope: str
    count: int
    seconds: int

    def __post_init__(self):
        assert self.count >= 1 and self.seconds >= 1, self


def client_address(request) -> str:
    """The client's IP address, behind ``NINJA_NUM_PROXIES`` trusted proxies."""
    remote = request.META.get("REMOTE_ADDR") or ""
    proxies = getattr(settings, "NINJA_NUM_PROXIES", 0) or 0
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies and forwarded:
        addresses = [a.strip() for a in forwarded.split(",")]
        candidate = addresses[-min(proxies, len(addresses))]
        try:
            return str(ipaddress.ip_address(candidate))
        except ValueError:
            # Not an address: a proxy that passes a forged header on; REMOTE_ADDR at least
            # is the proxy's own, which keeps the limit for everyone behind it.
            logger.warning("X-Forwarded-For without an address: %r", forwarded[:100])
    return remote


def _keys(limit: Limit, client: str) -> tuple[str, str]:
    # A client may be an address or an account id; the cache key holds no space or colon
    # from it that could run into another key (IPv6 addresses have colons).
    safe = client.replace(":", "_").replace(" ", "_")[:100]
    base = f"throttle:{limit.scope}:{safe}"
    return f"{base}:count", f"{base}:since"


def _safe(call, default):
    try:
        return call()
    except Exception:  # the cache is down (module docstring)
        logger.warning("throttle cache unavailable", exc_info=True)
        return default


def count(limit: Limit, client: str) -> int:
    """Attempts counted so far in the client's current window."""
    counter, _ = _keys(limit, client)
    return int(_safe(lambda: cache.get(counter), 0) or 0)


def hit(limit: Limit, client: str, *, now: float | None = None) -> int:
    """Count one attempt; the number of attempts in the window with this one.  The window
    opens at the client's first attempt and lasts ``limit.seconds`` (both keys expire
    then): no boundary shared by every client, where a burst could count twice."""
    now = _now() if now is None else now
    counter, since = _keys(limit, client)

    def count_one() -> int:
        # add() is an atomic "set if absent", incr() an atomic increment.
        cache.add(counter, 0, limit.seconds)
        cache.add(since, now, limit.seconds)
        try:
            return cache.incr(counter)
        except ValueError:  # expired between the two calls: a new window's first
            cache.add(counter, 1, limit.seconds)
            return 1

    return _safe(count_one, 0)


def left(limit: Limit, client: str, *, now: float | None = None) -> int:
    """Seconds left of the client's current window (at least 1)."""
    now = _now() if now is None else now
    _, since = _keys(limit, client)
    opened = _safe(lambda: cache.get(since), None)
    opened = now if opened is None else float(opened)
    return max(1, int(-(-(opened + limit.seconds - now) // 1)))


def wait(limit: Limit, client: str, *, now: float | None = None) -> int | None:
    """Seconds until ``client`` may try again, or None when he may try now."""
    if count(limit, client) < limit.count:
        return None
    return left(limit, client, now=now)


def minutes(seconds: int) -> int:
    """Seconds as whole minutes for a page, rounded up: never "0 minutes"."""
    return max(1, -(-seconds // 60))
