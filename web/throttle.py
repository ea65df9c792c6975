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

Where the counts live. A limit that guards a secret or an account (logins, slip codes,
linking an account, sign-up: ``durable``, the default) counts in the database
(``web.models.ThrottleCounter``, a row locked while it is counted): a flood of cache entries
cannot evict it, and a stopped Redis does not switch it off. The API's per-request limit
counts in the cache, for speed, and in the database while the cache is down: never
unlimited.
"""

from __future__ import annotations

import dataclasses
import ipaddress
import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction

logger = logging.getLogger(__name__)


def _now() -> float:
    return time.time()  # a function of its own, so that a test can hold the clock


@dataclasses.dataclass(frozen=True)
class Limit:
    """At most ``count`` attempts of one client in each window of ``seconds``."""

    scope: str
    count: int
    seconds: int
    # Counted in the database (module docstring); False: in the cache while it is up.
    durable: bool = True

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


class _CacheDown(Exception):
    pass


def _cached(call):
    try:
        return call()
    except Exception as error:  # the cache is down: the database counts instead
        logger.warning("throttle cache unavailable", exc_info=True)
        raise _CacheDown from error


# --- the database's count -----------------------------------------------------------


def _row(limit: Limit, client: str):
    # Imported when used: the settings name this module (AXES_CLIENT_IP_CALLABLE) before
    # the models load.
    from web.models import ThrottleCounter

    counter, _ = _keys(limit, client)
    return ThrottleCounter.objects.filter(key=counter).first()


def _db_count(limit: Limit, client: str, now: float) -> int:
    row = _row(limit, client)
    if row is None or row.since + limit.seconds <= now:
        return 0
    return row.count


def _db_hit(limit: Limit, client: str, now: float) -> int:
    # Imported when used: the settings name this module before the models load.
    from web.models import ThrottleCounter

    counter, _ = _keys(limit, client)
    for _attempt in range(2):
        try:
            with transaction.atomic():
                row = ThrottleCounter.objects.select_for_update().filter(key=counter).first()
                if row is None:
                    ThrottleCounter.objects.create(key=counter, since=now, count=1)
                    return 1
                if row.since + limit.seconds <= now:
                    row.since, row.count = now, 0  # a new window
                row.count += 1
                row.save(update_fields=["since", "count"])
                return row.count
        except IntegrityError:  # another request made the row first: count in it
            continue
    return limit.count + 1  # could not count: refuse rather than let through


def _db_left(limit: Limit, client: str, now: float) -> int:
    row = _row(limit, client)
    opened = now if row is None else row.since
    return max(1, int(-(-(opened + limit.seconds - now) // 1)))


# --- the interface ------------------------------------------------------------------


def count(limit: Limit, client: str, *, now: float | None = None) -> int:
    """Attempts counted so far in the client's current window."""
    now = _now() if now is None else now
    if limit.durable:
        return _db_count(limit, client, now)
    counter, _ = _keys(limit, client)
    try:
        return int(_cached(lambda: cache.get(counter)) or 0) + _db_count(limit, client, now)
    except _CacheDown:
        return _db_count(limit, client, now)


def hit(limit: Limit, client: str, *, now: float | None = None) -> int:
    """Count one attempt; the number of attempts in the window with this one.  The window
    opens at the client's first attempt and lasts ``limit.seconds``: no boundary shared by
    every client, where a burst could count twice."""
    now = _now() if now is None else now
    if limit.durable:
        return _db_hit(limit, client, now)
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

    try:
        return _cached(count_one)
    except _CacheDown:
        return _db_hit(limit, client, now)


def left(limit: Limit, client: str, *, now: float | None = None) -> int:
    """Seconds left of the client's current window (at least 1)."""
    now = _now() if now is None else now
    if limit.durable:
        return _db_left(limit, client, now)
    _, since = _keys(limit, client)
    try:
        opened = _cached(lambda: cache.get(since))
    except _CacheDown:
        return _db_left(limit, client, now)
    if opened is None:
        return _db_left(limit, client, now)
    return max(1, int(-(-(float(opened) + limit.seconds - now) // 1)))


def wait(limit: Limit, client: str, *, now: float | None = None) -> int | None:
    """Seconds until ``client`` may try again, or None when he may try now."""
    now = _now() if now is None else now
    if count(limit, client, now=now) < limit.count:
        return None
    return left(limit, client, now=now)


def minutes(seconds: int) -> int:
    """Seconds as whole minutes for a page, rounded up: never "0 minutes"."""
    return max(1, -(-seconds // 60))
