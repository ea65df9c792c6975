"""Confirmation, corrections with a reason, the history of versions, and two editors."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import ScoreSheet, SheetVersion, TableResult
from scoring.services import SheetConflict, SheetError, sheet_confirm, sheet_save
from tests.scoring_app.test_final_sheet import final_post, sheet_url
from tournament.models import Staff


@pytest.fixture
def second_referee(tournament):
    user = get_user_model().objects.create_user("rita_referee", password="pw")
    Staff.objects.create(tournament=tournament, user=user, role=Staff.Role.REFEREE)
    return user


def entry(points):
    return {"points": points, "riichi_left": 0, "chombo": [0] * 4, "substitutes": [""] * 4}


def test_confirm_locks_the_sheet_and_corrections_need_a_reason(
    client, referee, seated_session, table1
):
    client.force_login(referee)
    url = sheet_url(seated_session, table1)
    client.post(url, final_post([41000, 27000, 30000, 22000]))
    sheet = ScoreSheet.objects.get()
    confirm = reverse("scoring:confirm", args=["test-open", 1, 1])
    client.post(confirm, {"version": sheet.version})
    sheet.refresh_from_db()
    assert sheet.status == "confirmed" and sheet.confirmed_by == referee
    # Without a reason the correction is refused and the typed values stay.
    response = client.post(url, final_post([40000, 28000, 30000, 22000], version=sheet.version))
    assert response.status_code == 200
    assert "reason" in response.context["form"].errors
    assert 'value="40000"' in response.content.decode()
    assert ScoreSheet.objects.get().entry["points"][0] == 41000
    response = client.post(
        url,
        final_post(
            [40000, 28000, 30000, 22000], version=sheet.version, reason="East misread 40,000"
        ),
    )
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert sheet.status == "confirmed" and sheet.entry["points"][0] == 40000
    assert TableResult.objects.get(sheet=sheet, wind=0).points == 40000
    actions = list(sheet.versions.values_list("number", "action", "reason", "user__username"))
    assert actions == [
        (1, "entered", "", "rene_referee"),
        (2, "confirmed", "", "rene_referee"),
        (3, "corrected", "East misread 40,000", "rene_referee"),
    ]


def test_history_page_shows_who_when_why_and_what_changed(client, referee, seated_session, table1):
    sheet = sheet_save(
        session=seated_session,
        table=table1,
        mode="final",
        entry=entry([41000, 27000, 30000, 22000]),
        expected_version=0,
        user=referee,
    )
    sheet = sheet_confirm(sheet=sheet, expected_version=sheet.version, user=referee)
    sheet_save(
        session=seated_session,
        table=table1,
        mode="final",
        entry=entry([40000, 28000, 30000, 22000]),
        expected_version=sheet.version,
        user=referee,
        reason="East misread",
    )
    client.force_login(referee)
    page = client.get(reverse("scoring:history", args=["test-open", 1, 1])).content.decode()
    assert "East misread" in page
    assert "- E First000 Last000: 41000 points" in page
    assert "+ E First000 Last000: 40000 points" in page
    assert "rene_referee" in page


def test_service_refuses_a_correction_of_a_confirmed_sheet_without_reason(
    referee, seated_session, table1
):
    sheet = sheet_save(
        session=seated_session,
        table=table1,
        mode="final",
        entry=entry([41000, 27000, 30000, 22000]),
        expected_version=0,
        user=referee,
    )
    sheet = sheet_confirm(sheet=sheet, expected_version=sheet.version, user=referee)
    with pytest.raises(SheetError, match="reason"):
        sheet_save(
            session=seated_session,
            table=table1,
            mode="final",
            entry=entry([40000, 28000, 30000, 22000]),
            expected_version=sheet.version,
            user=referee,
        )
    assert SheetVersion.objects.count() == 2


def test_second_save_of_the_same_version_is_refused(
    referee, second_referee, seated_session, table1
):
    sheet = sheet_save(
        session=seated_session,
        table=table1,
        mode="final",
        entry=entry([41000, 27000, 30000, 22000]),
        expected_version=0,
        user=referee,
    )
    opened = sheet.version
    sheet_save(
        session=seated_session,
        table=table1,
        mode="final",
        entry=entry([40000, 28000, 30000, 22000]),
        expected_version=opened,
        user=referee,
    )
    with pytest.raises(SheetConflict) as refused:
        sheet_save(
            session=seated_session,
            table=table1,
            mode="final",
            entry=entry([39000, 29000, 30000, 22000]),
            expected_version=opened,
            user=second_referee,
        )
    assert refused.value.current.entry["points"][0] == 40000
    assert ScoreSheet.objects.get().entry["points"][0] == 40000
    assert TableResult.objects.get(wind=0).points == 40000


def test_two_new_sheets_for_the_same_table_conflict(
    referee, second_referee, seated_session, table1
):
    sheet_save(
        session=seated_session,
        table=table1,
        mode="final",
        entry=entry([41000, 27000, 30000, 22000]),
        expected_version=0,
        user=referee,
    )
    with pytest.raises(SheetConflict):
        sheet_save(
            session=seated_session,
            table=table1,
            mode="final",
            entry=entry([39000, 29000, 30000, 22000]),
            expected_version=0,
            user=second_referee,
        )
    assert ScoreSheet.objects.get().entry["points"][0] == 41000


def test_conflict_page_shows_both_versions_and_a_second_save_replaces(
    client, referee, second_referee, seated_session, table1
):
    url = sheet_url(seated_session, table1)
    client.force_login(referee)
    client.post(url, final_post([41000, 27000, 30000, 22000]))
    # Both referees open version 1; the second one saves first.
    other = client.__class__()
    other.force_login(second_referee)
    assert other.post(url, final_post([40000, 28000, 30000, 22000], version=1)).status_code == 302
    response = client.post(url, final_post([39000, 29000, 30000, 22000], version=1))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Not saved" in page and "rita_referee" in page
    assert "E First000 Last000: 40000 points" in page  # theirs, stored
    assert 'value="39000"' in page  # mine, still in the form
    assert "E First000 Last000: 39000 points" in page  # and shown beside theirs
    assert 'name="version" value="2"' in page
    assert ScoreSheet.objects.get().entry["points"][0] == 40000
    # Having seen both, saving again is a deliberate replacement.
    response = client.post(url, final_post([39000, 29000, 30000, 22000], version=2))
    assert response.status_code == 302
    assert ScoreSheet.objects.get().entry["points"][0] == 39000


def test_confirming_a_sheet_changed_meanwhile_is_refused(
    client, referee, second_referee, seated_session, table1
):
    sheet = sheet_save(
        session=seated_session,
        table=table1,
        mode="final",
        entry=entry([41000, 27000, 30000, 22000]),
        expected_version=0,
        user=referee,
    )
    sheet_save(
        session=seated_session,
        table=table1,
        mode="final",
        entry=entry([40000, 28000, 30000, 22000]),
        expected_version=1,
        user=second_referee,
    )
    with pytest.raises(SheetConflict):
        sheet_confirm(sheet=sheet, expected_version=1, user=referee)
    assert ScoreSheet.objects.get().status == "entered"


def test_a_table_without_four_seats_cannot_have_a_sheet(referee, seated_session, table1):
    seated_session.seats.filter(table=table1, wind=3).delete()
    with pytest.raises(SheetError, match="3 seated player"):
        sheet_save(
            session=seated_session,
            table=table1,
            mode="final",
            entry=entry([41000, 27000, 30000, 22000]),
            expected_version=0,
            user=referee,
        )
