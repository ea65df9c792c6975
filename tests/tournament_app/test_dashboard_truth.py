"""Issue 25 item 20: the dashboard's steps tell the truth, and "Final check" is a page that
checks, session by session."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from referee.services import penalty_create
from tests.seating_app.conftest import generate, setup_event
from tests.tournament_app.test_event_day import _score
from tournament.events import selectors as events_selectors
from tournament.models import Session


def _step(tournament, title):
    steps = events_selectors.dashboard(tournament, timezone.now())["steps"]
    return next(s for s in steps if s.title == title)


@pytest.fixture
def seated(tournament):
    tournament.ema_rated = False
    tournament.save(update_fields=["ema_rated"])
    setup_event(tournament, players=16, tables=4, sessions=2)
    generate(tournament)
    return tournament


def test_seat_session_one_done_says_seated_not_not_ready(seated):
    # A player leaves after the seating: the field is no longer ready, the seating is made.
    registration = seated.registrations.first()
    registration.checked_in = False
    registration.save(update_fields=["checked_in"])
    step = _step(seated, "Seat session 1")
    assert step.done
    assert "Not ready" not in step.detail
    assert step.detail == "Seated: 16 players at 4 tables."


def test_open_registration_is_ticked_only_once_it_was_opened(tournament):
    setup_event(tournament, players=8, tables=2, sessions=2)
    tournament.registration_opens = None
    tournament.save(update_fields=["registration_opens"])
    step = _step(tournament, "Open registration")
    assert not step.done and step.needless
    assert step.detail == "Not opened: the players were registered by hand or imported."
    next_step = events_selectors.dashboard(tournament, timezone.now())["next_step"]
    assert next_step.title != "Open registration"
    tournament.registration_opens = timezone.now() - dt.timedelta(days=1)
    tournament.save(update_fields=["registration_opens"])
    assert _step(tournament, "Open registration").done


def test_final_check_is_a_page_that_checks_each_session(client, seated, organiser, referee):
    for session in seated.sessions.all():
        session.state = Session.State.FINISHED
        session.save(update_fields=["state"])
    one = seated.sessions.get(number=1)
    _score(one)
    player = one.seats.first().player
    penalty_create(tournament=seated, player=player, session=one, kind="chombo", user=referee)
    step = _step(seated, "Final check")
    assert step.url == reverse("tournament:final_check", args=[seated.slug])
    client.force_login(organiser)
    response = client.get(step.url)
    assert response.status_code == 200
    checks = response.context["sessions"]
    assert [c.session.number for c in checks] == [1, 2]
    assert (checks[0].counts["confirmed"], checks[0].penalties, checks[0].ready) == (4, 1, True)
    assert (checks[1].counts["missing"], checks[1].ready) == (4, False)
    page = response.content.decode()
    assert "4 score sheet(s) not confirmed." in page
    assert "✓ ready for the EMA file" in page and "not ready" in page


def test_final_check_is_for_organisers(client, seated, referee):
    client.force_login(referee)
    response = client.get(reverse("tournament:final_check", args=[seated.slug]))
    assert response.status_code in (403, 404)
