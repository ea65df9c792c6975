"""The staff queue hint: a cookie telling nginx that a signed-in organiser or referee is
asking, so that their reading of a public page (the standings, a player's page, the clock)
is served by the staff pool and never queues behind the stream's audience
(deploy/nginx.conf.template, the map $staff_hint).

The cookie proves nothing and grants nothing: every view still checks the session's user
(tournament/permissions.py). Forged, it only buys a place in the staff pool's queue, which
nginx bounds per address. So it is set at login for a user who is staff of any tournament
(one query, at login only: no page pays for it), and cleared at logout and whenever a
request carrying it has no signed-in user (an expired session, a deleted account). A user
made staff while signed in gets it at the next login.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver

from tournament.models import Staff

COOKIE = "staff_queue"


@receiver(user_logged_in, dispatch_uid="staff-queue-hint-login")
def _logged_in(sender, request, user, **kwargs) -> None:
    if request is not None:
        request.staff_queue = user.is_superuser or Staff.objects.filter(user=user).exists()


@receiver(user_logged_out, dispatch_uid="staff-queue-hint-logout")
def _logged_out(sender, request, **kwargs) -> None:
    if request is not None:
        request.staff_queue = False


class StaffQueueHintMiddleware:
    """Sets or clears the hint on the way out (after authentication, which logins need)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        decided = getattr(request, "staff_queue", None)  # a login or a logout just now
        has_hint = COOKIE in request.COOKIES
        if decided is None and has_hint:
            # Kept only for a signed-in user. No query for a reader without a session
            # cookie; with one, the page has almost always read its user already.
            decided = (
                request.COOKIES[COOKIE] == "1"
                and settings.SESSION_COOKIE_NAME in request.COOKIES
                and request.user.is_authenticated
            )
        if decided and not has_hint:
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
        elif decided is False and has_hint:
            response.delete_cookie(COOKIE, samesite="Lax")
        return response
