"""The staff queue hint: a cookie telling nginx that a signed-in organiser or referee is
asking, so that their reading of a public page (the standings, a player's page, the clock)
is served by the staff pool and never queues behind the stream's audience
(deploy/nginx.conf.template, the map $staff_hint).

The cookie proves nothing and grants nothing: every view still checks the session's user
(tournament/permissions.py). Forged, it only buys a place in the staff pool's queue, which
nginx bounds per address. So it is set for a user who is staff of any tournament, however
many, and cleared when the request carries no signed-in user any more (a logout, an expired
session, a deleted account); a user made staff while signed in gets it at the next login.
"""

from __future__ import annotations

from django.conf import settings

from tournament.models import Staff

COOKIE = "staff_queue"
# Remembered in the session, so that a signed-in player (not staff) costs no query per page.
SESSION_KEY = "_staff_queue"


def serves_staff(request) -> bool:
    """Whether the signed-in user is staff of a tournament, asked once per session."""
    known = request.session.get(SESSION_KEY)
    if known is None:
        user = request.user
        known = user.is_superuser or Staff.objects.filter(user=user).exists()
        request.session[SESSION_KEY] = known
    return known


class StaffQueueHintMiddleware:
    """After authentication: sets or clears the hint on the way out."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        signed_in = user is not None and user.is_authenticated
        has_hint = request.COOKIES.get(COOKIE) == "1"
        if signed_in and not has_hint and serves_staff(request):
            # Lives as long as the session cookie would (a browser session, or its age).
            age = None if settings.SESSION_EXPIRE_AT_BROWSER_CLOSE else settings.SESSION_COOKIE_AGE
            response.set_cookie(
                COOKIE,
                "1",
                max_age=age,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        elif has_hint and not signed_in:
            response.delete_cookie(COOKIE, samesite="Lax")
        return response
