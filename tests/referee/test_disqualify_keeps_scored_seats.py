"""A disqualification keeps the seats of scored sessions, so their sheets
can still be shown and corrected; only seats of sessions not started and not scored go."""

from __future__ import annotations

from django.urls import reverse

from referee import services
from scoring.services import sheet_save
from tournament.models import Seat

from .conftest import final_sheet


def test_disqualifying_keeps_the_seat_under_a_sheet(
    tournament, two_sessions, players, table1, referee
):
    # two_sessions (tests/conftest.py): session 1 planned but its table 1 scored below,
    # session 2 planned with empty sheets; player 1 sits at table 1, West, in session 2.
    first, second = two_sessions.sessions
    final_sheet(first, table1, [41000, 27000, 30000, 22000], user=referee)
    record = services.disqualification_create(
        tournament=tournament, player=players[1], user=referee, reason="cheating"
    )
    # Session 1 was scored: the seat stays. Session 2 was neither started nor scored.
    assert Seat.objects.filter(session=first, player=players[1]).exists()
    assert not Seat.objects.filter(session=second, player=players[1]).exists()
    assert record.removed_seats == [{"session": 2, "table": 1, "wind": 2}]
    # ... so the sheet of session 1 can still be corrected.
    sheet = sheet_save(
        session=first,
        table=table1,
        mode="final",
        entry={"points": [40000, 28000, 30000, 22000], "riichi_left": 0},
        expected_version=2,
        user=referee,
        reason="typo",
    )
    assert sheet.version == 3
    assert sheet.results.get(wind=1).player == players[1]


def test_the_history_page_reads_a_sheet_whose_seat_has_gone(
    client, tournament, seated_session, players, table1, referee
):
    # Seats removed under a sheet by the disqualification of old (before this fix).
    final_sheet(seated_session, table1, [41000, 27000, 30000, 22000], user=referee)
    Seat.objects.filter(session=seated_session, player=players[1]).delete()
    client.force_login(referee)
    url = reverse("scoring:history", args=[tournament.slug, 1, 1])
    response = client.get(url)
    assert response.status_code == 200
    assert str(players[1]) in response.content.decode()
