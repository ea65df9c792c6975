"""The page of a login locked after too many wrong passwords (django-axes).

axes gives its lock-out template the whole cool-off; a person at the door wants to know
how long is left, counted from the last wrong password (axes counts from there too).
"""

from __future__ import annotations

import datetime as dt

from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.shortcuts import render
from django.utils import timezone


def time_left(request, credentials) -> dt.timedelta:
    cool_off = get_cool_off(request) or dt.timedelta(0)
    username = get_client_username(request, credentials)
    last = (
        AccessAttempt.objects.filter(username=username)
        .order_by("-attempt_time")
        .values_list("attempt_time", flat=True)
        .first()
    )
    if last is None:
        return cool_off
    return max(last + cool_off - timezone.now(), dt.timedelta(0))


def lockout_response(request, original_response=None, credentials=None):
    left = time_left(request, credentials)
    minutes = max(1, -(-int(left.total_seconds()) // 60))  # rounded up: never "0 minutes"
    return render(
        request,
        "registration/lockout.html",
        {
            "minutes": minutes,
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "admin": request.path.startswith("/admin/"),
        },
        status=429,
    )
