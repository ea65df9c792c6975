"""Error pages: the answer to an uncaught exception (``handler500``), a request the site
cannot read (400) and a body it cannot take (413, 503).

A database that is not answering gets "not saved, try again" (503 with ``Retry-After``),
anything else Django's 500 page. When PostgreSQL restarts (an upgrade, a failover, a full
disk freed) the request in flight loses its connection half-way. Its transaction is rolled
back, so nothing of it is stored, and the same form sent again a few seconds later is saved
once (``web.idempotency`` forgets a token whose transaction rolled back). A bare "Server
error" would leave the referee wondering whether the sheet went in; this page says it did
not and when to send it again. ``CONN_HEALTH_CHECKS`` (config/settings.py) spares the
requests after it: each process checks a reused connection before its first query and
reconnects.

These pages are rendered without the site's context, like ``500.html``: the request may be
the very thing that is broken (a host not allowed, a body that cannot be parsed, a database
gone), so nothing on them reads it a second time.
"""

from __future__ import annotations

import errno
import logging
import sys

from django.core.exceptions import RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import get_language, gettext
from django.views import defaults

logger = logging.getLogger(__name__)

# Seconds a client is asked to wait: PostgreSQL's restart on a small server takes a few.
RETRY_AFTER = 5


def database_unavailable(error: BaseException | None) -> bool:
    """The connection failed, not the query: OperationalError (connection refused, closed
    by the server, terminated by an administrator) and InterfaceError (a connection already
    closed), also when another exception was raised while handling one. IntegrityError,
    DataError and ProgrammingError are bugs, not an outage: they keep the 500 page."""
    seen = 0
    while error is not None and seen < 5:
        if isinstance(error, (OperationalError, InterfaceError)):
            return True
        error = error.__cause__ or error.__context__
        seen += 1
    return False


def server_error(request, template_name: str = "500.html"):
    error = sys.exc_info()[1]
    if not database_unavailable(error):
        return defaults.server_error(request, template_name)
    logger.warning("database unavailable: %s %s", request.method, request.path)
    # Rendered without the site's context processors (they query the database).
    response = render(
        None,
        "503_database.html",
        {"saving": request.method not in ("GET", "HEAD", "OPTIONS")},
        status=503,
    )
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


def _page(title: str, message: str, status: int) -> HttpResponse:
    html = loader.get_template("request_refused.html").render(
        {"title": title, "message": message, "LANGUAGE_CODE": get_language()}
    )
    return HttpResponse(html, status=status)


def bad_request(request, exception=None):
    """The project's 400 (config/urls.py ``handler400``)."""
    return _page(
        gettext("Bad request"),
        gettext("The site could not read this request. Go back, reload the page and try again."),
        400,
    )


def too_large() -> HttpResponse:
    from django.conf import settings

    return _page(
        gettext("Too much sent at once"),
        gettext(
            "This form sent more than {size} MB, more than the site takes. Nothing was stored."
        ).format(size=round(settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 2**20, 1)),
        413,
    )


def storage_full() -> HttpResponse:
    response = _page(
        gettext("Upload not possible right now"),
        gettext(
            "The server has no room to take this upload at the moment. Nothing was stored; "
            "try again in a few minutes, and tell the organiser if it happens again."
        ),
        503,
    )
    response["Retry-After"] = "120"
    return response


class UploadGuardMiddleware:
    """Reads a form's body first, so that a body the server cannot take is a clear 413 or
    503 instead of a 500 raised wherever the body is first read (the CSRF check, a view).

    Django writes each file over FILE_UPLOAD_MAX_MEMORY_SIZE (2.5 MB) to the temporary
    folder while it parses the body, whatever the URL (a 3 MB file sent to /login/ as well):
    with that folder full the write fails with ENOSPC (OSError).  Django's own guidance
    ("File Uploads", DATA_UPLOAD_MAX_MEMORY_SIZE) bounds the size; this turns the failure of
    the disk into an answer that says what happened, and that nothing was stored.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST" and request.content_type in (
            "multipart/form-data",
            "application/x-www-form-urlencoded",
        ):
            try:
                request.POST  # noqa: B018 (read here, kept on the request for the rest)
                request.FILES  # noqa: B018
            except RequestDataTooBig:
                return too_large()
            except OSError as error:
                if error.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
                    raise
                logger.error("upload refused: temporary folder full", exc_info=True)
                return storage_full()
        return self.get_response(request)
