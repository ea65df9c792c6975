"""The companion's Celery tasks: thin wrappers around its services."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import mail, push, reminders, services


@shared_task(
    name="companion.send_message",
    autoretry_for=(*push.NETWORK_ERRORS, *mail.MAIL_ERRORS),
    retry_backoff=5,
    retry_backoff_max=600,
    retry_jitter=True,
    max_retries=services.MAX_ATTEMPTS,
)
def send_message(outbox_id: int) -> bool:
    return services.deliver(outbox_id)


@shared_task(name="companion.send_due")
def send_due() -> int:
    return services.send_due()


@shared_task(name="companion.sessions_soon")
def sessions_soon() -> int:
    return reminders.announce_sessions_soon(now=timezone.now())
