"""The one place where the API caches what it computed.

Every answer of the API that is the same for everyone who may see it is computed once per
``API_CACHE_SECONDS`` (the clock once per ``API_CLOCK_CACHE_SECONDS``) and kept in Django's
cache (Redis in production, shared by all processes).  The permission check runs before the
cache is asked, so a cached answer never reaches someone who may not see the tournament.

Issue 16 adds a per-tournament cache version raised when what the pages show changes; the key
below is made in one function (``cache_key``) so that version can be added to it there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.core.cache import cache

from tournament.models import Tournament

T = TypeVar("T")
_MISSING = object()


def cache_key(tournament: Tournament | None, name: str, params: dict) -> str:
    scope = f"t{tournament.pk}" if tournament is not None else "site"
    args = ",".join(f"{k}={params[k]}" for k in sorted(params))
    return f"api:v1:{scope}:{name}:{args}"


def cached(
    tournament: Tournament | None,
    name: str,
    compute: Callable[[], T],
    *,
    timeout: int | None = None,
    **params,
) -> T:
    """``compute()``'s answer for this tournament, endpoint and parameters, from the cache
    when it holds one."""
    key = cache_key(tournament, name, params)
    value = cache.get(key, _MISSING)
    if value is _MISSING:
        value = compute()
        cache.set(key, value, settings.API_CACHE_SECONDS if timeout is None else timeout)
    return value
