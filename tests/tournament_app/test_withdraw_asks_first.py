"""Withdraw asks first: a page with the seats it frees and a reason; the
withdrawal is stored with when, who and why.  Never one click."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils import timezone

from tournament.models import Registration, Seat, Session


def test_one_click_no_longer_withdraws_it_asks(client, tournament, seated_session, organiser):
    client.force_login(organiser)
    gone = Registration.objects.get(player=seated_session.seats.get(table__number=1, wind=2).player)
    # The old one-click action only leads to the page that asks.
    one_click = reverse(
        "tournament:registration_action", args=[tournament.slug, gone.pk, "withdraw"]
    )
    response = client.post(one_click, {"next": "/t/test-open/players/"})
    assert response.status_code == 302
    assert (
        reverse("tournament:registration_withdraw", args=[tournament.slug, gone.pk])
        in (response["Location"])
    )
    gone.refresh_from_db()
    assert gone.status == Registration.Status.CONFIRMED


def test_the_page_names_the_seats_and_needs_a_reason(client, tournament, seated_session, organiser):
    player = seated_session.seats.get(table__number=1, wind=2).player
    later = Session.objects.create(tournament=tournament, number=2)
    later.seats.create(table=tournament.tables.get(number=2), wind=1, player=player)
    gone = Registration.objects.get(player=player)
    client.force_login(organiser)
    url = reverse("tournament:registration_withdraw", args=[tournament.slug, gone.pk])
    page = client.get(url).content.decode()
    assert "This frees 2 seats in the sessions still to play" in page
    assert "session 1, Table 1, West" in page and "session 2, Table 2, South" in page
    # No reason: nothing happens, the form says what is missing.
    response = client.post(url, {"reason": " "})
    assert response.status_code == 200 and "This field is required." in response.content.decode()
    gone.refresh_from_db()
    assert gone.status == Registration.Status.CONFIRMED
    assert Seat.objects.filter(player=player).count() == 2

    before = timezone.now()
    response = client.post(url, {"reason": "ill since Friday", "next": "/t/test-open/players/"})
    assert response.status_code == 302 and response["Location"] == "/t/test-open/players/"
    gone.refresh_from_db()
    assert gone.status == Registration.Status.WITHDRAWN
    assert (gone.withdrawn_by, gone.withdrawal_reason) == (organiser, "ill since Friday")
    assert before - dt.timedelta(seconds=1) <= gone.withdrawn_at <= timezone.now()
    assert not Seat.objects.filter(player=player).exists()
    # Twice is not stored twice.
    assert client.post(url, {"reason": "again"}).status_code == 302
    gone.refresh_from_db()
    assert gone.withdrawal_reason == "ill since Friday"


def test_the_players_list_links_to_the_question(client, tournament, seated_session, organiser):
    client.force_login(organiser)
    page = client.get(reverse("tournament:players", args=[tournament.slug])).content.decode()
    gone = Registration.objects.filter(tournament=tournament).first()
    assert reverse("tournament:registration_withdraw", args=[tournament.slug, gone.pk]) in page
    assert f"/registrations/{gone.pk}/withdraw/" not in page
