"""Rate limits of the API: per IP address for anonymous clients, per user for logged-in ones.

django-ninja's throttles keep each client's recent requests in Django's cache (Redis in
production, so the limit holds across gunicorn processes) and answer 429 with
``Retry-After``.  The rates are read from the settings at each request (``API_ANON_RATE``,
``API_USER_RATE``, e.g. "60/min"), so a deployment or a test can change them.

The client's IP address is ``REMOTE_ADDR`` unless ``NINJA_NUM_PROXIES`` (environment variable
``NUM_PROXIES``) says how many reverse proxies put their address in ``X-Forwarded-For``: a
client cannot then escape the limit by sending that header itself.

One throttle object serves every request of a process, and django-ninja keeps the current
request's key, time and history on it between ``allow_request`` and ``wait``; here they live
in a thread-local, so that threads serving two clients at once (runserver, gunicorn's gthread
workers) do not write one client's history under the other's key.

With the cache down (Redis stopped) the limit cannot be counted and is not applied: the API
answers from the database like the pages do, rather than refusing everyone with a 500.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from ninja.throttling import SimpleRateThrottle

from web import throttle

logger = logging.getLogger(__name__)


def _per_thread(name: str) -> property:
    return property(
        lambda self: getattr(self._state, name),
        lambda self, value: setattr(self._state, name, value),
    )


class _SettingsRateThrottle(SimpleRateThrottle):
    """django-ninja's throttle, counting with ``web.throttle``'s atomic counter.

    django-ninja keeps each client's history as a list it reads, appends to and writes
    back: 100 requests at once read the same list, and 68 were answered against a limit of
    60.  One atomic increment per request counts each of them.
    """

    setting = ""
    key = _per_thread("key")
    left = _per_thread("left")

    def __init__(self):
        self._state = threading.local()
        super().__init__(rate=self.get_rate())

    def get_rate(self) -> str:
        return getattr(settings, self.setting)

    def allow_request(self, request) -> bool:
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request)
        if self.key is None:
            return True
        limit = throttle.Limit(
            self.scope, count=self.num_requests, seconds=self.duration, durable=False
        )
        allowed = throttle.hit(limit, self.key) <= self.num_requests
        self.left = None if allowed else throttle.left(limit, self.key)
        return allowed

    def wait(self) -> float | None:
        return self.left


class AnonymousThrottle(_SettingsRateThrottle):
    """Anonymous clients, by IP address."""

    scope = "api_anon"
    setting = "API_ANON_RATE"

    def get_cache_key(self, request) -> str | None:
        if request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class UserThrottle(_SettingsRateThrottle):
    """Logged-in users (staff looking at a draft, a player), by account: anyone may sign up,
    so an account is limited too, only less tightly."""

    scope = "api_user"
    setting = "API_USER_RATE"

    def get_cache_key(self, request) -> str | None:
        if not request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}
