"""Referees to tables: table ranges, the desk shows a referee's tables first, and a
sheet can need a second referee to confirm it."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.services import SheetError, sheet_confirm, sheet_save
from tournament.models import Staff


def test_the_organiser_assigns_a_table_range_and_the_desk_shows_it_first(
    client, tournament, seated_session, organiser, referee
):
    member = Staff.objects.get(user=referee)
    client.force_login(organiser)
    url = reverse("tournament:staff_tables", args=[tournament.slug, member.pk])
    client.post(url, {"first_table": "2", "last_table": "2"})
    member.refresh_from_db()
    assert (member.first_table, member.last_table) == (2, 2)
    # A range outside the tournament's tables is refused with the reason.
    response = client.post(url, {"first_table": "2", "last_table": "9"}, follow=True)
    assert "are not all tables of this tournament" in response.content.decode()

    client.force_login(referee)
    page = client.get(reverse("referee:desk", args=[tournament.slug])).content.decode()
    tables = page[page.index("Tables of session 1") :]
    assert tables.index("Table 2") < tables.index("Table 1")


def test_a_second_referee_confirms_when_the_tournament_asks_for_it(
    tournament, seated_session, referee
):
    tournament.sheet_needs_second_referee = True
    tournament.save(update_fields=["sheet_needs_second_referee"])
    table = tournament.tables.get(number=1)
    sheet = sheet_save(
        session=seated_session,
        table=table,
        mode="final",
        entry={"points": [40000, 35000, 25000, 20000], "riichi_left": 0},
        expected_version=0,
        user=referee,
    )
    with pytest.raises(SheetError, match="a second referee must confirm it"):
        sheet_confirm(sheet=sheet, expected_version=sheet.version, user=referee)
    other = get_user_model().objects.create_user("second", password="pw")
    Staff.objects.create(tournament=tournament, user=other, role=Staff.Role.REFEREE)
    confirmed = sheet_confirm(sheet=sheet, expected_version=sheet.version, user=other)
    assert confirmed.is_confirmed and confirmed.confirmed_by == other
