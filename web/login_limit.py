"""Wrong passwords per client address, next to django-axes' per user name.

django-axes locks one user name at one address after AXES_FAILURE_LIMIT wrong passwords;
one address could still try 40 passwords over 10 user names in 15 s.  Here every wrong
password also counts against the address (``web.throttle``, read behind NUM_PROXIES
proxies, as axes now reads it too: ``AXES_CLIENT_IP_CALLABLE``), and an address beyond
LOGIN_ADDRESS_FAILURE_LIMIT in a window of AXES_COOLOFF_TIME waits for the end of it.

The limit is higher than axes' own: a venue's phones share one address behind its Wi-Fi,
and a hall of players mistyping a password now and then must not lock out the hall
(OWASP Authentication cheat sheet: throttle by account and by address, lock by the pair).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.shortcuts import render
from django.urls import reverse

from web import throttle


def limit() -> throttle.Limit:
    return throttle.Limit(
        "login-address",
        count=settings.LOGIN_ADDRESS_FAILURE_LIMIT,
        seconds=int(settings.AXES_COOLOFF_TIME.total_seconds()),
    )


def _count_failure(sender, credentials=None, request=None, **kwargs) -> None:
    if request is not None and settings.AXES_ENABLED:
        throttle.hit(limit(), throttle.client_address(request))


def connect() -> None:
    user_login_failed.connect(_count_failure, dispatch_uid="web.login_limit")


class LoginAddressLimitMiddleware:
    """A login POSTed from an address over its limit gets the lock-out page (429), before
    any password is checked."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if (
            request.method == "POST"
            and settings.AXES_ENABLED
            and request.path in (reverse("login"), reverse("admin:login"))
        ):
            left = throttle.wait(limit(), throttle.client_address(request))
            if left is not None:
                response = render(
                    request,
                    "registration/lockout.html",
                    {
                        "minutes": throttle.minutes(left),
                        "failure_limit": settings.LOGIN_ADDRESS_FAILURE_LIMIT,
                        "per_address": True,
                        "admin": request.path.startswith("/admin/"),
                    },
                    status=429,
                )
                response["Retry-After"] = str(left)
                return response
        return self.get_response(request)
