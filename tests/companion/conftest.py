"""The companion's fixtures: VAPID keys in the settings, the loopback push service, a
scene "session 5, table 7" with Anna (East), Bert, Carl and Dora."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model

from companion.models import PushSubscription
from tournament.models import Player, Registration, Session, Table

from .keys import Browser, vapid_pair
from .pushserver import PushServer

NAMES = [("Anna", "Ahn"), ("Bert", "Bos"), ("Carl", "Cruz"), ("Dora", "Dahl")]


@pytest.fixture
def vapid(settings):
    public, private = vapid_pair()
    settings.VAPID_PUBLIC_KEY = public
    settings.VAPID_PRIVATE_KEY = private
    settings.VAPID_SUBJECT = "mailto:desk@example.org"
    return public


@pytest.fixture
def push_server():
    with PushServer() as server:
        yield server


def make_session5(tournament) -> Session:
    """Session 5: Anna East, Bert South, Carl West, Dora North at table 7."""
    session = Session.objects.create(tournament=tournament, number=5)
    table = Table.objects.create(tournament=tournament, number=7)
    for wind, (first, last) in enumerate(NAMES):
        player = Player.objects.create(first_name=first, last_name=last, country="DE")
        Registration.objects.create(
            tournament=tournament, player=player, status=Registration.Status.CONFIRMED
        )
        session.seats.create(table=table, wind=wind, player=player)
    return session


def make_anna():
    """Anna's account, linked to her entry, with an e-mail address."""
    user = get_user_model().objects.create_user(
        "anna", email="anna@example.org", password="pw-anna"
    )
    player = Player.objects.get(first_name="Anna")
    player.user = user
    player.save(update_fields=["user"])
    return user


@pytest.fixture
def session5(tournament):
    return make_session5(tournament)


@pytest.fixture
def anna(session5):
    return make_anna()


def subscribe(push_server, name: str, user=None, language: str = "") -> tuple:
    browser = Browser.new()
    subscription = PushSubscription.objects.create(
        endpoint=f"{push_server.url}/push/{name}",
        p256dh=browser.p256dh,
        auth=browser.auth_b64,
        user=user,
        language=language,
    )
    return subscription, browser


def payloads(push_server, browser: Browser, path: str) -> list[dict]:
    """The messages the push service got for ``path``, decrypted with the browser's keys."""
    return [
        json.loads(browser.decrypt(body))
        for entry, body in zip(push_server.log, push_server.bodies, strict=True)
        if entry["path"] == path
    ]
