"""Two tournaments run by different organisers, and Anna, a player of A with an account."""

import datetime as dt

import pytest
from django.contrib.auth import get_user_model

from scoring.models import PersonalCode
from tournament.models import LinkMethod, Player, Registration, Session, Staff, Table, Tournament

ANNA = {"first_name": "Anna", "last_name": "Schmidt", "ema_number": "05990001", "country": "DE"}


@pytest.fixture
def b_cup(db):
    """Tournament B and its organiser, who is no staff of A."""
    b = Tournament.objects.create(
        name="B Cup",
        slug="b-cup",
        start_date=dt.date(2026, 7, 1),
        end_date=dt.date(2026, 7, 2),
        visibility=Tournament.Visibility.PUBLISHED,
        session_count=2,
    )
    boss = get_user_model().objects.create_user("bea_b", password="pw-bea")
    Staff.objects.create(tournament=b, user=boss, role=Staff.Role.ORGANISER)
    return b, boss


@pytest.fixture
def outsider(db):
    return get_user_model().objects.create_user("otto_outsider", password="pw-otto")


@pytest.fixture
def anna_account(db):
    return get_user_model().objects.create_user("anna", password="pw-anna", email="anna@a.org")


def seat_four(tournament, first: Player) -> list[Player]:
    """``first`` and three more players at table 1 of session 1, East first (each record
    becomes the tournament's entry when registered)."""
    players = [first] + [
        Player.objects.create(
            first_name=f"Mate{i}",
            last_name="Table",
            ema_number=f"0599100{i}",
            country="DE",
        )
        for i in range(3)
    ]
    for p in players[1:]:
        Registration.objects.create(tournament=tournament, player=p, status="confirmed")
    session = Session.objects.create(tournament=tournament, number=1)
    table = Table.objects.create(tournament=tournament, number=1)
    for wind, p in enumerate(players):
        session.seats.create(table=table, wind=wind, player=p)
    return players


@pytest.fixture
def anna(tournament, anna_account):
    """A's entry of Anna, recorded with her e-mail, linked to her account by A's slip code,
    seated at table 1 of session 1 with three others."""
    entry = Player.objects.create(email="anna@a.org", **ANNA)
    Registration.objects.create(tournament=tournament, player=entry, status="confirmed")
    PersonalCode.objects.create(tournament=tournament, player=entry, code="AAAA22")
    Player.objects.filter(pk=entry.pk).update(user=anna_account, link_method=LinkMethod.CODE)
    seat_four(tournament, Player.objects.get(pk=entry.pk))
    entry.refresh_from_db()
    return entry
