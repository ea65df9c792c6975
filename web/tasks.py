"""Celery tasks of the tournament app as a whole (found by Celery's autodiscovery).

Thin: the current time in, a service call (style.md).
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from .idempotency import form_tokens_purge


@shared_task(name="tournament.purge_form_tokens")
def purge_form_tokens() -> int:
    """Daily (CELERY_BEAT_SCHEDULE): forget the form tokens of forms sent long ago."""
    return form_tokens_purge(now=timezone.now())
