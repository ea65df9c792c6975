"""A penalty sent twice: a second identical penalty within a minute is asked about first (a
second phone sending the same form), one a minute later is not."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client

from referee.models import Penalty

pytestmark = pytest.mark.django_db


def _penalty_url(tournament, player, kind):
    return f"/t/{tournament.slug}/referee/players/{player.pk}/penalty/{kind}/"


def test_a_second_identical_penalty_within_a_minute_is_asked_about_first(
    client, referee, tournament, seated_session
):
    client.force_login(referee)
    player = seated_session.seats.first().player
    url = _penalty_url(tournament, player, "chombo")
    data = {"session": "1", "hand": "E2", "reason": ""}
    assert client.post(url, data).status_code == 302
    # The same form loaded on a second phone, sent again (its own form token).
    again = Client()
    again.force_login(referee)
    response = again.post(url, data)
    assert response.status_code == 409
    page = response.content.decode()
    assert "Log a second, identical penalty?" in page
    assert 'name="repeat"' in page
    assert Penalty.objects.count() == 1
    # Ticked: the referee means a second one.
    assert again.post(url, {**data, "repeat": "on"}).status_code == 302
    assert Penalty.objects.count() == 2


def test_the_same_penalty_a_minute_later_is_not_asked(client, referee, tournament, seated_session):
    client.force_login(referee)
    player = seated_session.seats.first().player
    data = {"session": "1", "hand": "E2", "reason": ""}
    client.post(_penalty_url(tournament, player, "chombo"), data)
    Penalty.objects.update(created_at=Penalty.objects.get().created_at - dt.timedelta(seconds=61))
    assert client.post(_penalty_url(tournament, player, "chombo"), data).status_code == 302
    assert Penalty.objects.count() == 2
