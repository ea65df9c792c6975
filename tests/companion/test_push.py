"""Real Web Push messages to a push service on loopback, decrypted with the subscription's
keys; e-mails in Django's outbox."""

from __future__ import annotations

import pytest
from celery.exceptions import Retry
from django.core import mail
from django.db import transaction

from companion import services
from companion.models import Outbox, PushSubscription
from tournament import happenings

from .conftest import payloads, subscribe
from .keys import Browser

pytestmark = pytest.mark.django_db(transaction=True)


def publish(session):
    with transaction.atomic():
        happenings.announce(happenings.seating_published, sender=type(session), session=session)


def test_the_seat_reaches_the_phone_encrypted_and_signed(vapid, push_server, session5, anna):
    subscription, browser = subscribe(push_server, "anna", user=anna)
    publish(session5)

    [message] = payloads(push_server, browser, "/push/anna")
    assert message["body"] == "Session 5: table 7, East, with Bert Bos, Carl Cruz and Dora Dahl"
    assert message["title"] == "Session 5: your seat"
    [entry] = push_server.log
    assert entry["encoding"] == "aes128gcm"
    # VAPID (RFC 8292): a signed token and the server's public key.
    assert entry["authorization"].startswith("vapid t=") and f"k={vapid}" in entry["authorization"]
    # The same topic as the notification's tag: a message sent again replaces the first.
    assert entry["topic"] == message["tag"] and 0 < len(entry["topic"]) <= 32
    row = Outbox.objects.get(subscription=subscription)
    assert row.state == Outbox.State.SENT and row.attempts == 1


def test_a_happening_received_twice_is_sent_once(vapid, push_server, session5, anna):
    subscribe(push_server, "anna", user=anna)
    publish(session5)
    publish(session5)
    assert [e["path"] for e in push_server.log] == ["/push/anna"]
    # E-mail is on for the seating by default: one mail too, not two.
    assert len(mail.outbox) == 1


def test_the_message_is_in_the_subscriber_s_language(vapid, push_server, session5):
    from companion.models import Follow
    from tournament.models import Player

    subscription, browser = subscribe(push_server, "fan", language="de")
    Follow.objects.create(subscription=subscription, player=Player.objects.get(first_name="Dora"))
    publish(session5)
    [message] = payloads(push_server, browser, "/push/fan")
    assert message["body"] == "Runde 5: Tisch 7, Nord, mit Anna Ahn, Bert Bos und Carl Cruz"


def test_the_seat_by_e_mail(session5, anna, settings):
    settings.VAPID_PRIVATE_KEY = ""
    publish(session5)
    [email] = mail.outbox
    assert email.to == ["anna@example.org"]
    assert email.subject == "Session 5: your seat"
    assert "Session 5: table 7, East, with Bert Bos, Carl Cruz and Dora Dahl" in email.body


def test_a_subscription_the_push_service_says_is_gone_is_removed(
    vapid, push_server, session5, anna
):
    gone, _ = subscribe(push_server, "gone", user=anna)
    kept, browser = subscribe(push_server, "anna", user=anna)
    publish(session5)
    assert not PushSubscription.objects.filter(pk=gone.pk).exists()
    assert PushSubscription.objects.filter(pk=kept.pk).exists()
    assert len(payloads(push_server, browser, "/push/anna")) == 1


def test_switched_off_kinds_are_not_sent(vapid, push_server, session5, anna):
    subscribe(push_server, "anna", user=anna)
    services.save_preferences(
        user=anna, switches={"seating.push": False, "seating.email": False}, language=""
    )
    publish(session5)
    assert push_server.log == [] and mail.outbox == []
    assert not Outbox.objects.exists()


def test_a_push_service_s_bad_minute_is_retried_by_the_task(vapid, session5, anna, settings):
    from companion import tasks

    from .pushserver import PushServer

    with PushServer(fail_first=2) as server:
        _, browser = subscribe(server, "anna", user=anna)
        publish(session5)  # the first attempt, inline (eager): 503, left pending
        row = Outbox.objects.get(channel="push")
        assert row.state == Outbox.State.PENDING and row.lease_until is None
        # The worker's task: a 503 again asks Celery to retry it later (with backoff)...
        with pytest.raises(Retry):
            tasks.send_message.apply(args=[row.pk])
        row.refresh_from_db()
        assert row.state == Outbox.State.PENDING and row.lease_until is None
        # ... and the retry goes through.
        assert tasks.send_message.apply(args=[row.pk]).get() is True
        row.refresh_from_db()
        assert row.state == Outbox.State.SENT and row.attempts == 3
        assert [e["n"] for e in server.log] == [1, 2, 3]
        assert len(payloads(server, browser, "/push/anna")) == 3  # 2 refused, 1 delivered
        assert len(server.mailbox) == 1


def test_with_no_push_service_the_publish_still_succeeds(vapid, session5, anna):
    browser = Browser.new()
    PushSubscription.objects.create(
        endpoint="http://127.0.0.1:9/push/anna",
        p256dh=browser.p256dh,
        auth=browser.auth_b64,
        user=anna,
    )
    publish(session5)  # raises nothing: the seating is published whatever the network does
    row = Outbox.objects.get(channel="push")
    assert row.state == Outbox.State.PENDING and row.attempts == 1
    assert "127.0.0.1" in row.last_error


def test_a_subscription_with_broken_keys_fails_its_message_not_the_publish(vapid, session5, anna):
    PushSubscription.objects.create(
        endpoint="http://127.0.0.1:9/push/anna", p256dh="x" * 87, auth="y" * 22, user=anna
    )
    publish(session5)
    row = Outbox.objects.get(channel="push")
    assert row.state == Outbox.State.FAILED and "keys are not valid" in row.last_error
