"""`manage.py vapid_keys` prints a pair the settings take and a push service accepts."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from django.db import transaction

from tournament import happenings
from tournament.models import Session

from .conftest import payloads, subscribe


@pytest.mark.django_db(transaction=True)
def test_the_printed_keys_sign_a_real_push(settings, push_server, session5, anna):
    out = io.StringIO()
    call_command("vapid_keys", stdout=out, stderr=io.StringIO())
    found = dict(re.findall(r"^(VAPID_\w+_KEY)=(\S+)$", out.getvalue(), re.M))
    assert set(found) == {"VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"}
    settings.VAPID_PUBLIC_KEY = found["VAPID_PUBLIC_KEY"]
    settings.VAPID_PRIVATE_KEY = found["VAPID_PRIVATE_KEY"]
    _, browser = subscribe(push_server, "anna", user=anna)
    with transaction.atomic():
        happenings.announce(happenings.seating_published, sender=Session, session=session5)
    [message] = payloads(push_server, browser, "/push/anna")
    assert message["body"].startswith("Session 5: table 7, East")
    # The token names the printed public key (RFC 8292 3.2).
    assert f"k={found['VAPID_PUBLIC_KEY']}" in push_server.log[0]["authorization"]
