"""The retention job (CELERY_IMPORTS: autodiscovery looks only at ``<app>/tasks.py``)."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from results.privacy import services


# Named as before the module moved up to results: the beat schedule and tasks already queued
# call it by this name.
@shared_task(name="tournament.privacy.purge_private_details")
def purge_private_details() -> int:
    """Daily: remove the entries' e-mails of the tournaments past their retention."""
    return services.private_details_purge(now=timezone.now())
