"""Celery task of the seating: thin, a job id in and a service call (style.md).

Imported at start-up (``tournament/apps.py``, and ``CELERY_IMPORTS`` for workers), since
autodiscovery only looks at ``<app>/tasks.py``; the service queues it by name. In eager mode
(no ``REDIS_URL``) it runs inline in the request that queued it, and the progress page finds
the job already done.
"""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from tournament.seating.jobs import GENERATE_TASK, seating_job_run


# The soft limit raises inside the job, which marks it failed at once; the hard limit, a
# little later, kills a job stuck where Python cannot interrupt it (the reaper then marks it
# failed within a minute).
@shared_task(
    name=GENERATE_TASK,
    soft_time_limit=settings.SEATING_TIME_LIMIT,
    time_limit=settings.SEATING_TIME_LIMIT + 30,
)
def generate_seating(job_id: int) -> str | None:
    """Generate the seating of a queued job; a second delivery of the same job does nothing."""
    job = seating_job_run(job_id=job_id)
    return job.state if job is not None else None
