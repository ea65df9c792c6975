"""Celery tasks of the clock: thin, an id in and a service call (style.md).

Imported at start-up (``tournament/apps.py``, and ``CELERY_IMPORTS`` for workers): Celery's
autodiscovery only looks at ``<app>/tasks.py``. The services queue them by name.
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import services


@shared_task(name=services.SIGNAL_TASK)
def fire_session_signal(session_id: int, version: int) -> bool:
    """Queued with an ETA at the signal's time; a no-op if the clock changed since."""
    return services.session_signal_fire(session_id=session_id, version=version, now=timezone.now())


@shared_task(name="tournament.clock.fire_due_signals")
def fire_due_signals() -> int:
    """The beat sweep: catches a signal whose ETA task was lost (e.g. a broker restart)."""
    return services.session_signals_fire_due(now=timezone.now())
