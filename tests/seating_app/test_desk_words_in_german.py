"""The desk's and the referee's messages, a sheet conflict and a seating lock are said in the
reader's language: one of each, rendered in German."""

from __future__ import annotations

import datetime as dt

from django.urls import reverse
from django.utils import timezone, translation

from referee.views import SEARCH_MAX
from scoring.models import ScoreSheet
from scoring.services import SheetConflict
from tournament.models import Registration, Seat, Staff
from tournament.seating.locks import lock_reason

WINDS_DE = ["Ost", "Süd", "West", "Nord"]


def test_a_withdrawal_after_the_seating_lists_the_empty_seats_in_german(
    client, tournament, seated16, organiser
):
    client.force_login(organiser)
    gone = seated16[2]
    seats = {
        s.session.number: (s.table.number, s.wind)
        for s in Seat.objects.filter(player=gone).select_related("session", "table")
    }
    response = client.post(
        reverse(
            "tournament:registration_withdraw",
            args=[tournament.slug, Registration.objects.get(player=gone).pk],
        ),
        {"reason": "krank"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="de",
    )
    said = [str(m) for m in response.context["messages"]]
    places = "; ".join(
        f"Runde {n}, Tisch {table} {WINDS_DE[wind]}" for n, (table, wind) in sorted(seats.items())
    )
    assert (
        f"Freie Plätze in den noch zu spielenden Runden: {places}. Melde einen Ersatzspieler "
        "an und fülle aus den Ersatzspielern auf (er übernimmt genau diese Plätze), oder "
        "erstelle die Sitzordnung neu."
    ) in said


def test_the_referee_desk_refuses_a_long_search_in_german(client, tournament, seated16):
    from tests.conftest import _user

    referee = _user("rolf_referee")
    Staff.objects.create(tournament=tournament, user=referee, role=Staff.Role.REFEREE)
    client.force_login(referee)
    response = client.get(
        reverse("referee:desk", args=[tournament.slug]),
        {"q": "x" * (SEARCH_MAX + 1)},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    said = [str(m) for m in response.context["messages"]]
    assert said == [f"Suche: höchstens {SEARCH_MAX} Zeichen eines Namens eingeben."]


def test_a_sheet_conflict_and_a_seating_lock_in_german(tournament, seated16, organiser):
    session = tournament.sessions.get(number=1)
    sheet = ScoreSheet(session=session, updated_by=organiser)
    sheet.updated_at = timezone.make_aware(dt.datetime(2026, 5, 9, 11, 42, 7))
    with translation.override("de"):
        assert str(SheetConflict(sheet)) == (
            "olga_organiser hat diesen Bogen um 11:42:07 gespeichert, während du ihn "
            "bearbeitet hast."
        )
        assert lock_reason(session, has_sheets=True) == "Runde 1 hat Spielbögen."
