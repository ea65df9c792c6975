"""Celery task of the seating (issue 8): thin, a job id in and a service call (style.md).

Imported at start-up (``tournament/apps.py``, and ``CELERY_IMPORTS`` for workers), since
autodiscovery only looks at ``<app>/tasks.py``; the service queues it by name. In eager mode
(no ``REDIS_URL``) it runs inline in the request that queued it, and the progress page finds
the job already done.
"""

from __future__ import annotations

from celery import shared_task

from tournament.seating.services import GENERATE_TASK, seating_job_run


@shared_task(name=GENERATE_TASK)
def generate_seating(job_id: int) -> str | None:
    """Generate the seating of a queued job; a second delivery of the same job does nothing."""
    job = seating_job_run(job_id=job_id)
    return job.state if job is not None else None
