"""The player pages' digests and extracts (results/standings/page_digests.py,
page_player.py): the seats are read once per seating version, not after every confirmed
sheet, and the player a page shows comes from his extract, yet every change shows."""

from __future__ import annotations

import pytest
from django.urls import reverse

from results.standings import page_digests
from scoring.models import ScoreSheet
from tests.prod.test_public_cache import confirm_sheet
from tests.standings.test_standings import build_event
from tournament.models import Seat
from web.cache import public_pages_changed

pytestmark = pytest.mark.django_db


@pytest.fixture
def reads_of_the_seats(monkeypatch):
    calls = []
    real = page_digests._seat_digests
    monkeypatch.setattr(page_digests, "_seat_digests", lambda *a: calls.append(1) or real(*a))
    return calls


def test_a_confirmed_sheet_does_not_read_the_seats_again(client, tournament, reads_of_the_seats):
    people = build_event(tournament, 8, 2)
    urls = [reverse("tournament:player", args=[tournament.slug, p.pk]) for p in people]
    session = tournament.sessions.get(number=2)
    table = tournament.tables.get(number=1)
    ScoreSheet.objects.filter(session=session, table=table).delete()
    public_pages_changed(tournament.pk)
    for url in urls:
        assert client.get(url).status_code == 200
    assert reads_of_the_seats == [1]
    # A sheet confirmed: a new results version, the same seats.
    confirm_sheet(session, table, [40000, 30000, 28000, 22000])
    for url in urls:
        assert client.get(url).status_code == 200
    assert reads_of_the_seats == [1]
    # A seat changed (the seating's version too): read again, once for every page.
    public_pages_changed(tournament.pk)
    for url in urls:
        assert client.get(url).status_code == 200
    assert reads_of_the_seats == [1, 1]


def test_the_player_renamed_shows_on_his_own_page(client, tournament):
    people = build_event(tournament, 8, 1)
    me = people[0]
    url = reverse("tournament:player", args=[tournament.slug, me.pk])
    assert client.get(url).status_code == 200
    assert client.get(url)["X-Cache"] == "hit"
    me.first_name = "Renamed"
    me.save()
    assert f"Renamed {me.last_name}" in client.get(url).content.decode()


def test_a_player_of_another_tournament_is_not_found_here(client, tournament, django_user_model):
    from tournament.models import Tournament

    people = build_event(tournament, 8, 1)
    other = Tournament.objects.create(
        name="Other Open",
        slug="other-open",
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        visibility=Tournament.Visibility.PUBLISHED,
        session_count=1,
    )
    url = reverse("tournament:player", args=[other.slug, people[0].pk])
    assert client.get(url).status_code == 404
    assert Seat.objects.filter(player=people[0]).exists()
