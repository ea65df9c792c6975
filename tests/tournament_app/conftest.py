"""Fixtures of the registration tests: players with accounts, open registration."""

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tournament.models import Player, Registration

NOW = timezone.make_aware(dt.datetime(2026, 4, 1, 12, 0))


@pytest.fixture
def open_tournament(tournament):
    tournament.registration_opens = NOW - dt.timedelta(days=1)
    tournament.save()
    return tournament


def make_player_user(n: int, country: str = "DE"):
    user = get_user_model().objects.create_user(f"player{n:03d}", password=f"pw-{n}")
    player = Player.objects.create(
        first_name=f"Pat{n:03d}",
        last_name=f"Player{n:03d}",
        ema_number=f"05{900000 + n:06d}",
        country=country,
        user=user,
    )
    return user, player


def register(tournament, player, *, status=Registration.Status.CONFIRMED, **kw):
    return Registration.objects.create(tournament=tournament, player=player, status=status, **kw)
