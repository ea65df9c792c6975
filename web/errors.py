"""The answer to an uncaught exception (``handler500``): a database that is not answering
gets "not saved, try again" (503 with ``Retry-After``), anything else Django's 500 page.

When PostgreSQL restarts (an upgrade, a failover, a full disk freed) the request in flight
loses its connection half-way. Its transaction is rolled back, so nothing of it is stored,
and the same form sent again a few seconds later is saved once (``web.idempotency``
forgets a token whose transaction rolled back). A bare "Server error" would leave the
referee wondering whether the sheet went in; this page says it did not and when to send
it again. ``CONN_HEALTH_CHECKS`` (config/settings.py) spares the requests after it: each
process checks a reused connection before its first query and reconnects.
"""

from __future__ import annotations

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.shortcuts import render
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
