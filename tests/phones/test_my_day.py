"""The event page after a player logs in: where he sits now or next, and the clock."""

import datetime as dt

from django.utils import timezone

from tests.conftest import make_players
from tournament.clock.services import session_clock_start
from tournament.models import Session, Table


def _seat_me(tournament, django_user_model):
    players = make_players(tournament, 4)
    me = players[2]
    me.user = django_user_model.objects.create_user("west", password="pw")
    me.save()
    table = Table.objects.create(tournament=tournament, number=7)
    start = timezone.make_aware(dt.datetime(2026, 5, 2, 14, 0))
    first = Session.objects.create(tournament=tournament, number=1, planned_start=start)
    for wind, player in enumerate(players):
        first.seats.create(table=table, wind=wind, player=player)
    return me, first


def test_the_event_page_says_where_the_player_sits_next(client, tournament, django_user_model):
    me, _first = _seat_me(tournament, django_user_model)
    client.force_login(me.user)
    page = client.get(tournament.get_absolute_url()).content.decode()
    # Seat 2 is West (EMA seating order East, South, West, North).
    assert "Session 1: Table 7, seat West</strong>, starts 14:00" in page
    assert (
        "With First000 Last000 (East), First001 Last001 (South), First003 Last003 (North)" in page
    )


def test_while_the_session_runs_the_page_shows_the_table_and_the_clock(
    client, tournament, django_user_model
):
    me, first = _seat_me(tournament, django_user_model)
    now = timezone.now()
    session_clock_start(session=first, by=None, now=now)
    client.force_login(me.user)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Session 1: Table 7, seat West</strong>, playing now" in page
    ends = timezone.localtime(now + dt.timedelta(minutes=first.minutes)).strftime("%H:%M")
    assert "Session 1 clock" in page and f"ends {ends}" in page
    assert 'data-live="20"' in page  # refreshed by static/js/site.js


def test_a_visitor_sees_no_personal_box(client, tournament):
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert 'id="my-day"' not in page
