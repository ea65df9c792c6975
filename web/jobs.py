"""Queueing a background task by its registered name once the transaction commits.

A service queues the task that calls it back (a task is a thin wrapper around a service), so
a service importing its task module would close a circle of imports. The task modules are
imported when Django starts (:meth:`tournament.apps.TournamentConfig.ready`) and register
their names with Celery; services queue them here by name. With eager Celery (no
``REDIS_URL``) the task runs inline, as with ``.delay``.

The broker can be down (Redis stopped, restarted) while the database is fine. The queueing
runs after the commit, so an error there must not become a 500: the change is already
made, and a retry by the user would make it twice (an extension of the clock added twice).
So a broker error is logged and handed to ``on_failure``, which lets the service record
what it means (a seating job that will not run is marked failed at once); the settings keep
the broker's timeouts short so that the request does not hang while it finds out.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable

from celery import current_app
from django.db import transaction
from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)

try:  # redis-py's errors, where a transport lets them through unwrapped
    from redis.exceptions import RedisError
except ImportError:  # pragma: no cover - redis is in requirements.txt
    RedisError = OperationalError

BROKER_ERRORS = (OperationalError, RedisError, ConnectionError, TimeoutError)


def queue_on_commit(
    name: str,
    *,
    args: list,
    eta: dt.datetime | None = None,
    on_failure: Callable[[Exception], None] | None = None,
) -> None:
    """Queue task ``name`` after the commit, so a worker never looks for a row it cannot see."""

    def send() -> None:
        try:
            current_app.tasks[name].apply_async(args=args, eta=eta)
        except BROKER_ERRORS as error:
            logger.error("could not queue %s%r: %s", name, args, error)
            if on_failure is not None:
                on_failure(error)

    transaction.on_commit(send)
