"""Fixtures of player reporting: a running session of two tables whose eight players have
accounts, in a tournament where the players enter their sheets."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from scoring.models import ReportingSettings
from tournament.models import Player, Session


@pytest.fixture
def running(running) -> Session:
    """The shared running session (tests/conftest.py), in a tournament where the players
    enter their sheets."""
    ReportingSettings.objects.create(
        tournament=running.tournament,
        entry=ReportingSettings.Entry.PLAYERS,
        confirm_minutes=15,
    )
    return running


@pytest.fixture
def accounts(running) -> list:
    """Users of the eight players, in seating order: 0-3 at table 1 (E, S, W, N), 4-7 at 2."""
    users = []
    for seat in running.seats.select_related("player").order_by("table__number", "wind"):
        user = get_user_model().objects.create_user(
            f"p{len(users)}", password="pw-" + f"p{len(users)}"
        )
        Player.objects.filter(pk=seat.player_id).update(user=user)
        users.append(user)
    return users
