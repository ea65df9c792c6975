"""The dashboard guides the event day once the seating is made
(start, watch, finish each session, the final check, the EMA file), the live board, and
"Back to draft" asked first and refused while the event runs."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.services import sheet_confirm, sheet_save
from tests.seating_app.conftest import generate, setup_event
from tournament.events import selectors as events_selectors
from tournament.models import Session, Staff, Tournament

POINTS = [40000, 32000, 28000, 20000]


@pytest.fixture
def seated(tournament):
    tournament.ema_rated = False  # the EMA warnings are tested elsewhere
    tournament.save(update_fields=["ema_rated"])
    setup_event(tournament, players=16, tables=4, sessions=4)
    generate(tournament)
    return tournament


def _next(tournament) -> str:
    step = events_selectors.dashboard(tournament, timezone.now())["next_step"]
    return step.title


def _score(session):
    for table in session.tournament.tables.all():
        sheet = sheet_save(
            session=session,
            table=table,
            mode="final",
            entry={"points": POINTS, "riichi_left": 0},
            expected_version=0,
            user=None,
        )
        sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)


def test_the_dashboard_leads_through_every_session_to_the_ema_file(client, seated, organiser):
    client.force_login(organiser)
    dashboard = reverse("tournament:dashboard", args=[seated.slug])
    for n in range(1, 5):
        session = seated.sessions.get(number=n)
        # The generated seating is a draft: the dashboard asks to publish it first.
        assert _next(seated) == f"Publish session {n}'s seating"
        step = events_selectors.dashboard(seated, timezone.now())["next_step"]
        assert client.post(step.action, {"next": dashboard}).url == dashboard
        assert _next(seated) == f"Start session {n}"
        step = events_selectors.dashboard(seated, timezone.now())["next_step"]
        response = client.post(step.action, {**dict(step.fields), "next": dashboard})
        assert response.url == dashboard  # back on the dashboard, not the clock
        session.refresh_from_db()
        assert session.state == Session.State.RUNNING

        page = client.get(dashboard).content.decode()
        assert _next(seated) == f"Watch session {n}'s tables"
        # During the event: no registration to open, no draft to go back to.
        assert "Open registration</button>" not in page
        assert "Open registration now</button>" not in page
        assert "Back to draft" not in page

        step = next(
            s
            for s in events_selectors.dashboard(seated, timezone.now())["steps"]
            if s.title == f"Finish session {n}"
        )
        client.post(step.action, {**dict(step.fields), "next": dashboard})
        session.refresh_from_db()
        assert session.state == Session.State.FINISHED
        assert _next(seated) == f"Session {n}: score sheets confirmed"
        _score(session)
    assert _next(seated) == "Send the EMA results file"
    final = next(
        s
        for s in events_selectors.dashboard(seated, timezone.now())["steps"]
        if s.title == "Final check"
    )
    assert final.done


def test_the_final_check_names_what_is_missing(seated):
    for session in seated.sessions.all():
        session.state = Session.State.FINISHED
        session.save(update_fields=["state"])
    _score(seated.sessions.get(number=1))
    steps = events_selectors.dashboard(seated, timezone.now())["steps"]
    final = next(s for s in steps if s.title == "Final check")
    assert not final.done
    assert "12 score sheet(s) not confirmed." in final.detail
    ema = next(s for s in steps if s.title == "Send the EMA results file")
    assert ema.url == ""  # not offered before the check passes


def test_the_live_board_shows_each_table_s_sheet_late_players_and_penalties(
    client, seated, organiser
):
    from referee.models import Penalty

    session = seated.sessions.get(number=1)
    table = seated.tables.get(number=1)
    sheet = sheet_save(
        session=session,
        table=table,
        mode="final",
        entry={"points": POINTS, "riichi_left": 0},
        expected_version=0,
        user=None,
    )
    late = session.seats.get(table=table, wind=2).player
    Penalty.objects.create(
        tournament=seated,
        player=late,
        session=session,
        table=table,
        kind="late",
        minutes=4,
        points=-4,
        created_by=organiser,
    )
    client.force_login(organiser)
    rows = client.get(reverse("tournament:session_board_rows", args=[seated.slug, 1]))
    text = rows.content.decode()
    assert "3 missing · 1 to confirm · 0 confirmed" in text
    assert f"{late} (4 min)" in text
    assert "<html" not in text  # a fragment for board.js
    sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)
    text = client.get(reverse("tournament:session_board", args=[seated.slug, 1])).content.decode()
    assert "3 missing · 0 to confirm · 1 confirmed" in text
    assert "js/board.js" in text


def test_back_to_draft_asks_first_and_is_refused_while_the_event_runs(client, seated, organiser):
    client.force_login(organiser)
    url = reverse("tournament:publish", args=[seated.slug])
    page = client.get(url).content.decode()
    assert "Back to draft?" in page and "16 registrations" in page
    session = seated.sessions.get(number=1)
    session.state = Session.State.RUNNING
    session.save(update_fields=["state"])
    response = client.post(url, {"published": "0"}, follow=True)
    assert "The tournament is being played" in response.content.decode()
    seated.refresh_from_db()
    assert seated.visibility == Tournament.Visibility.PUBLISHED


def test_a_referee_sees_the_board_but_not_the_dashboard(client, seated, referee):
    assert Staff.objects.filter(user=referee).exists()
    client.force_login(referee)
    assert client.get(reverse("tournament:session_board", args=[seated.slug, 1])).status_code == 200
    assert client.get(reverse("tournament:dashboard", args=[seated.slug])).status_code == 403


def test_actions_that_cannot_be_undone_are_asked_first(client, seated, organiser):
    """Finishing a session (and, once seated, filling from the reserves) asks first."""
    session = seated.sessions.get(number=1)
    session.state = Session.State.RUNNING
    session.save(update_fields=["state"])
    client.force_login(organiser)
    page = client.get(reverse("tournament:dashboard", args=[seated.slug])).content.decode()
    assert '<summary class="button">Finish session 1…</summary>' in page
    assert "A finished session cannot be started again." in page
    assert "Yes, finish session 1</button>" in page
