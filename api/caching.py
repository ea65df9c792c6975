"""The one place where the API caches what it computed.

Every answer of the API that is the same for everyone who may see it is computed once per
``API_CACHE_SECONDS`` (the clock once per ``API_CLOCK_CACHE_SECONDS``) and kept in Django's
cache (Redis in production, shared by all processes).  The permission check runs before the
cache is asked, so a cached answer never reaches someone who may not see the tournament.

The key carries the tournament's versions of ``web/cache.py``, raised after the commit of
every change the pages show, so an answer is never older than the last confirmed sheet,
penalty, seating or clock change; the timeout only bounds how long an unread one is kept.

The cache is a help, never a need, as for the pages: with Redis down every answer is
computed from the database (``web/cache.py`` answers None for the versions then, and the
reads and writes here are skipped), so the API keeps answering instead of a 500.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.core.cache import cache

from tournament.models import Tournament
from web import cache as tournament_cache

logger = logging.getLogger(__name__)
T = TypeVar("T")
_MISSING = object()


def cache_key(tournament: Tournament | None, name: str, params: dict) -> str:
    # The site's lists (the published tournaments) carry the list's version (web.cache).
    scope = f"site:{tournament_cache.tournament_list_version() or '-'}"
    if tournament is not None:
        versions = [tournament_cache.version(tournament.pk, s) for s in tournament_cache.SCOPES]
        scope = f"t{tournament.pk}:" + ":".join(v or "-" for v in versions)
        # What this reader sees of it: a held session's results are the staff's alone.
        scope += tournament_cache.reader_variant(tournament.pk)
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
    try:
        value = cache.get(key, _MISSING)
    except Exception:  # Redis down: read the database (module docstring)
        logger.warning("cache unavailable", exc_info=True)
        return compute()
    if value is _MISSING:
        value = compute()
        try:
            cache.set(key, value, settings.API_CACHE_SECONDS if timeout is None else timeout)
        except Exception:
            logger.warning("cache unavailable", exc_info=True)
    return value
