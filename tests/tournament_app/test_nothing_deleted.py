"""Nothing of the event's record is deleted, neither in the admin nor by
generating the seating again."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from referee.models import Penalty
from scoring.models import ScoreSheet, SheetVersion
from tests.referee.conftest import final_sheet
from tests.seating_app.conftest import NOW, generate, setup_event
from tournament.models import SeatChange, Session, Table
from tournament.seating.by_hand import seat_change_apply


@pytest.fixture
def admin_client(client, db):
    root = get_user_model().objects.create_superuser("root", password="root-pw")
    client.force_login(root)
    return client


@pytest.fixture
def record(tournament, seated_session, referee):
    """A confirmed sheet (with its versions), a penalty and a hand change of session 1."""
    table1 = Table.objects.get(tournament=tournament, number=1)
    sheet = final_sheet(seated_session, table1, [40000, 35000, 25000, 20000])
    penalty = Penalty.objects.create(
        tournament=tournament,
        player=sheet.results.first().player,
        session=seated_session,
        table=table1,
        kind="late",
        minutes=3,
        points=Decimal("-3"),
        created_by=referee,
    )
    change = SeatChange.objects.create(session=seated_session, description="Swapped", at=NOW)
    return {
        "scoring_scoresheet": sheet.pk,
        "scoring_sheetversion": sheet.versions.first().pk,
        "referee_penalty": penalty.pk,
        "tournament_seatchange": change.pk,
        "tournament_session": seated_session.pk,
    }


@pytest.mark.parametrize(
    "model",
    [
        "scoring_scoresheet",
        "scoring_sheetversion",
        "referee_penalty",
        "tournament_seatchange",
        "tournament_session",
    ],
)
def test_the_admin_deletes_no_record_of_the_event(admin_client, record, model):
    pk = record[model]
    assert admin_client.get(reverse(f"admin:{model}_delete", args=[pk])).status_code == 403
    assert (
        admin_client.post(reverse(f"admin:{model}_delete", args=[pk]), {"post": "yes"}).status_code
        == 403
    )
    # No bulk "Delete selected" either: the action is not offered, and posting it does nothing.
    page = admin_client.get(reverse(f"admin:{model}_changelist"))
    assert page.status_code == 200
    assert 'value="delete_selected"' not in page.content.decode()
    admin_client.post(
        reverse(f"admin:{model}_changelist"),
        {"action": "delete_selected", "_selected_action": [pk], "post": "yes"},
    )
    assert ScoreSheet.objects.count() == 1
    assert SheetVersion.objects.filter(pk=record["scoring_sheetversion"]).exists()
    assert Penalty.objects.count() == 1
    assert SeatChange.objects.count() == 1
    assert Session.objects.filter(pk=record["tournament_session"]).exists()


def test_a_played_tournament_is_not_deleted_in_the_admin(admin_client, tournament, record):
    url = reverse("admin:tournament_tournament_delete", args=[tournament.pk])
    assert admin_client.get(url).status_code == 403


def test_a_planned_empty_session_may_still_be_deleted(admin_client, tournament):
    session = Session.objects.create(tournament=tournament, number=9)
    url = reverse("admin:tournament_session_delete", args=[session.pk])
    admin_client.post(url, {"post": "yes"})
    assert not Session.objects.filter(pk=session.pk).exists()


def test_generating_again_keeps_the_log_of_hand_changes(tournament, organiser):
    players = setup_event(tournament, players=16, tables=4, sessions=3)
    generate(tournament)
    session = tournament.sessions.get(number=2)
    seat_change_apply(session=session, player=players[0], other=players[1], user=organiser, now=NOW)
    assert session.seat_changes.count() == 1
    generate(tournament, seed=99)
    log = [c.description for c in session.seat_changes.all()]
    assert len(log) == 2
    assert log[0].startswith("Swapped")
    assert log[1].startswith("The seating was generated again")
