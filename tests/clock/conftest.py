"""Fixtures of the clock's tests: a fixed ``now`` and sessions of the shared test tournament."""

from __future__ import annotations

import datetime as dt

import pytest

from tournament.models import Staff

NOW = dt.datetime(2026, 5, 2, 10, 0, tzinfo=dt.UTC)
MIN = dt.timedelta(minutes=1)
SEC = dt.timedelta(seconds=1)


@pytest.fixture
def clock_referee(tournament, referee):
    """A referee the organiser allowed to run the clock."""
    Staff.objects.filter(tournament=tournament, user=referee).update(may_run_clock=True)
    return referee


@pytest.fixture
def seated_player(seated_session):
    """The user of the player seated East at table 1 in session 1."""
    from django.contrib.auth import get_user_model

    seat = seated_session.seats.select_related("player").get(table__number=1, wind=0)
    user = get_user_model().objects.create_user("pia_player", password="pw-pia")
    seat.player.user = user
    seat.player.save()
    return user
