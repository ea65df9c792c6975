"""Writes of the companion: the outbox (store once, claim, send, mark), subscriptions,
follows and preferences.

A message is stored before it is sent, under a unique key (kind, object, recipient,
channel): a happening received twice stores one row. A worker claims a row with one
conditional UPDATE that sets a lease; only a row still pending whose lease is empty or
expired can be claimed, so two workers never send the same row at once, and a worker killed
mid-send leaves its row to be sent again only when the lease runs out. The push message
carries a Topic and the notification a tag, both the row's: a message sent again after such
a death replaces the first at the push service and on the phone.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext

from web.jobs import BROKER_ERRORS

from . import mail, push
from .kinds import Channel, Kind
from .models import (
    MAX_FOLLOWS,
    MAX_SUBSCRIPTIONS_PER_USER,
    Follow,
    Outbox,
    Preference,
    PushSubscription,
)

logger = logging.getLogger(__name__)

# After this many failed attempts a message is given up (its last error kept).
MAX_ATTEMPTS = 8


@dataclass(frozen=True)
class Message:
    key: str
    kind: str
    channel: str
    title: str
    body: str
    url: str
    topic: str
    subscription_id: int | None = None
    email: str = ""


def enqueue(messages: list[Message]) -> int:
    """Store the messages not stored yet and queue their sending; the number new."""
    if not messages:
        return 0
    keys = [m.key for m in messages]
    with transaction.atomic():
        known = set(Outbox.objects.filter(key__in=keys).values_list("key", flat=True))
        Outbox.objects.bulk_create(
            [
                Outbox(
                    key=m.key[:200],
                    kind=m.kind,
                    channel=m.channel,
                    subscription_id=m.subscription_id,
                    email=m.email,
                    title=m.title[:200],
                    body=m.body[:1000],
                    url=m.url[:500],
                    topic=m.topic,
                )
                for m in messages
                if m.key not in known
            ],
            # A second receiver racing this one: the unique key keeps one row.
            ignore_conflicts=True,
        )
        new = list(
            Outbox.objects.filter(key__in=set(keys) - known, attempts=0)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        for pk in new:
            transaction.on_commit(lambda pk=pk: _queue(pk))
    return len(new)


def _queue(pk: int) -> None:
    """Queue the sending of row ``pk`` (after the commit that stored it). Whatever goes
    wrong here must not reach the request that published the happening: its change is made.
    The row stays pending and the sweep (``send_due``) sends it later."""
    try:
        if current_app.conf.task_always_eager:
            # No worker: one attempt inline; the task's retries with backoff would hold
            # the request for minutes.
            deliver(pk)
        else:
            current_app.tasks["companion.send_message"].apply_async(args=[pk])
    except (*BROKER_ERRORS, *push.NETWORK_ERRORS, *mail.MAIL_ERRORS) as error:
        logger.warning("companion: message %s left to the sweep: %s", pk, error)


def claim(pk: int, now: dt.datetime) -> bool:
    """Take row ``pk`` for sending until the lease runs out; False if someone holds it or
    it is no longer pending."""
    lease = dt.timedelta(seconds=settings.COMPANION_LEASE_SECONDS)
    return bool(
        Outbox.objects.filter(pk=pk, state=Outbox.State.PENDING)
        .filter(Q(lease_until__isnull=True) | Q(lease_until__lt=now))
        .update(lease_until=now + lease, attempts=F("attempts") + 1)
    )


def _finish(pk: int, state: str, error: str = "") -> None:
    Outbox.objects.filter(pk=pk).update(
        state=state,
        lease_until=None,
        sent_at=timezone.now() if state == Outbox.State.SENT else None,
        last_error=error[:300],
    )


def deliver(pk: int, *, now: dt.datetime | None = None) -> bool:
    """Send row ``pk`` if this caller can claim it; True when it went out now.

    Raises one of push.NETWORK_ERRORS or mail.MAIL_ERRORS when a retry may cure it, after
    giving the row back (lease emptied) so that the retry, or the sweep, can claim it.
    """
    if not claim(pk, now or timezone.now()):
        return False
    row = Outbox.objects.select_related("subscription").get(pk=pk)
    try:
        if row.channel == Channel.PUSH:
            if row.subscription is None:
                _finish(pk, Outbox.State.GONE, "subscription removed")
                return False
            if not push.enabled():
                _finish(pk, Outbox.State.FAILED, "push is off (no VAPID keys)")
                return False
            push.send(
                row.subscription.info(),
                {"title": row.title, "body": row.body, "url": row.url, "tag": row.topic},
                topic=row.topic,
            )
        else:
            mail.send(to=row.email, subject=row.title, body=row.body, url=row.url)
    except push.Gone:
        # RFC 8030 7.3: the subscription expired or was withdrawn: never again.
        PushSubscription.objects.filter(pk=row.subscription_id).delete()
        _finish(pk, Outbox.State.GONE, "the push service says the subscription is gone")
        return False
    except push.Refused as error:
        _finish(pk, Outbox.State.FAILED, str(error))
        return False
    except (*push.NETWORK_ERRORS, *mail.MAIL_ERRORS) as error:
        if row.attempts >= MAX_ATTEMPTS:
            _finish(pk, Outbox.State.FAILED, str(error))
            return False
        Outbox.objects.filter(pk=pk).update(lease_until=None, last_error=str(error)[:300])
        raise
    _finish(pk, Outbox.State.SENT)
    return True


def send_due(*, now: dt.datetime | None = None, limit: int = 500) -> int:
    """Send the pending rows nobody holds (lost tasks, dead workers); the number sent."""
    now = now or timezone.now()
    due = (
        Outbox.objects.filter(state=Outbox.State.PENDING)
        .filter(Q(lease_until__isnull=True) | Q(lease_until__lt=now))
        .order_by("pk")
        .values_list("pk", flat=True)[:limit]
    )
    sent = 0
    for pk in list(due):
        try:
            sent += deliver(pk)
        except (*push.NETWORK_ERRORS, *mail.MAIL_ERRORS) as error:
            logger.warning("companion: message %s not sent yet: %s", pk, error)
    return sent


# --- subscriptions, follows, preferences ---------------------------------------------------


class CompanionError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def subscribe(*, endpoint: str, p256dh: str, auth: str, user, language: str) -> PushSubscription:
    """Record a browser's subscription (again: its keys and owner are refreshed)."""
    owner = user if user is not None and user.is_authenticated else None
    with transaction.atomic():
        if (
            owner is not None
            and PushSubscription.objects.filter(user=owner).exclude(endpoint=endpoint).count()
            >= MAX_SUBSCRIPTIONS_PER_USER
        ):
            # The oldest phone makes room: a person changes phones, he does not own ten.
            PushSubscription.objects.filter(user=owner).order_by("created_at").first().delete()
        values = {"p256dh": p256dh, "auth": auth, "language": language}
        if owner is not None:
            values["user"] = owner
        # Posted again without a login (a Follow after logging out), the phone stays the
        # account's: only a login gives it an owner.
        subscription, _ = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults=values
        )
    return subscription


def unsubscribe(*, endpoint: str) -> None:
    PushSubscription.objects.filter(endpoint=endpoint).delete()


def follow(*, subscription: PushSubscription, player) -> Follow:
    with transaction.atomic():
        existing = Follow.objects.filter(subscription=subscription, player=player).first()
        if existing is not None:
            return existing
        if Follow.objects.filter(subscription=subscription).count() >= MAX_FOLLOWS:
            raise CompanionError(
                gettext(
                    "You follow {count} players already, the most one phone may follow."
                ).format(count=MAX_FOLLOWS)
            )
        return Follow.objects.create(subscription=subscription, player=player)


def unfollow(*, subscription: PushSubscription, player) -> None:
    Follow.objects.filter(subscription=subscription, player=player).delete()


def save_preferences(*, user, switches: dict[str, bool], language: str) -> Preference:
    known = {f"{k}.{c}" for k in Kind.values for c in Channel.values}
    preference, _ = Preference.objects.update_or_create(
        user=user,
        defaults={
            "switches": {key: bool(on) for key, on in switches.items() if key in known},
            "language": language,
        },
    )
    return preference
