"""Queueing a background task by its registered name once the transaction commits.

A service queues the task that calls it back (a task is a thin wrapper around a service), so
a service importing its task module would close a circle of imports. The task modules are
imported when Django starts (:meth:`tournament.apps.TournamentConfig.ready`) and register
their names with Celery; services queue them here by name. With eager Celery (no
``REDIS_URL``) the task runs inline, as with ``.delay``.
"""

from __future__ import annotations

import datetime as dt

from celery import current_app
from django.db import transaction


def queue_on_commit(name: str, *, args: list, eta: dt.datetime | None = None) -> None:
    """Queue task ``name`` after the commit, so a worker never looks for a row it cannot see."""

    def send() -> None:
        current_app.tasks[name].apply_async(args=args, eta=eta)

    transaction.on_commit(send)
