"""Bring your own plan: the organiser's seating plan from a CSV or XLSX file,
checked row by row, then used like a generated plan with the same quality figures."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament.models import Registration, Seat, SeatingJob
from tournament.seating.plan_import import (
    PlanImportError,
    field_in_order,
    registration_order,
    seating_plan_import,
)

from .conftest import NOW, setup_event

# 16 players on a 4 x 4 square, 3 sessions on 4 tables, worked by hand: session 1 seats the
# rows (row r at table r + 1), session 2 the columns (column c at table c + 1), session 3 the
# classes of r + c mod 4: two of these never share two players, so nobody meets twice. Table
# visits, over the three tables r, c, (r + c) mod 4 of player (r, c): (0, 0) sits at table 1
# thrice (2 repeats), (1, 1), (2, 2), (3, 3) twice at r (1 each), (r, 0) and (0, c) for
# r, c = 1..3 twice (1 each, 6): 11 repeated table visits. Player 1 is East every time:
# wind imbalance 3.
GOOD = """session;table;E;S;W;N
1;1;1;2;3;4
1;2;5;6;7;8
1;3;9;10;11;12
1;4;13;14;15;16
2;1;1;5;9;13
2;2;2;6;10;14
2;3;3;7;11;15
2;4;4;8;12;16
3;1;1;8;11;14
3;2;2;5;12;15
3;3;3;6;9;16
3;4;4;7;10;13
"""


@pytest.fixture
def field(tournament):
    return setup_event(tournament, players=16, tables=4, sessions=3)


def _import(tournament, text, *, order="registration", name="plan.csv", replace=False):
    return seating_plan_import(
        tournament=tournament,
        filename=name,
        data=text.encode(),
        order=order,
        replace=replace,
        user=None,
        now=NOW,
    )


def test_a_good_plan_is_used_like_a_generated_one(tournament, field):
    job = _import(tournament, GOOD)
    assert job.method == SeatingJob.Method.IMPORT and job.state == SeatingJob.State.DONE
    assert job.sessions == [1, 2, 3]
    players = registration_order(tournament, {p.pk for p in field})
    # Number 8 is the 8th registered player: South at table 1 in session 3.
    seat = Seat.objects.get(session__number=3, table__number=1, wind=1)
    assert seat.player == players[7]
    assert job.players == [p.pk for p in players]
    assert (job.result["repeated_meetings"], job.result["repeated_table_visits"]) == (0, 11)
    assert job.result["max_wind_imbalance"] == 3
    assert tournament.sessions.get(number=2).seating_job == job


def test_the_numbers_follow_the_order_picked(tournament, field):
    _import(tournament, GOOD, order="name")
    by_name = sorted(field, key=lambda p: (p.sort_name, p.pk))
    assert Seat.objects.get(session__number=1, table__number=1, wind=0).player == by_name[0]
    drawn = field_in_order(list(field), "seed", tournament.seating_seed)
    assert drawn == field_in_order(list(reversed(field)), "seed", tournament.seating_seed)


def test_every_bad_row_is_named_with_its_line_and_nothing_is_written(tournament, field):
    bad = (
        GOOD.replace("1;2;5;6;7;8", "1;2;5;6;7;17")  # line 3: 17 of 16
        .replace("2;3;3;7;11;15", "2;9;3;7;11;15")  # line 8: no table 9
        .replace("3;2;2;5;12;15", "3;2;2;5;x;15")  # line 11: not a number
        .replace("3;4;4;7;10;13", "3;4;4;7;10;13\n4;1;1;2;3;4\n3;1;1;2;3;4")
    )
    with pytest.raises(PlanImportError) as caught:
        _import(tournament, bad)
    errors = caught.value.errors
    assert "Line 3: player number 17 is out of range (1 to 16)." in errors
    assert "Line 8: the tournament has no table 9." in errors
    assert "Line 11: “x” is not a whole number." in errors
    assert any(e.startswith("Line 14: session 4 is not a session still to seat") for e in errors)
    assert "Line 15: session 3, table 1 is on line 10 already." in errors
    # A refused row seats nobody: its players are missing from its session.
    assert any(e.startswith("Session 1: player number(s) 5, 6, 7, 8 have no seat") for e in errors)
    assert any(e.startswith("Session 2: player number(s) 3, 7, 11, 15 have no") for e in errors)
    assert any(
        e.startswith("Session 3: player number(s) 2, 5, 12, 15 have no seat") for e in errors
    )
    assert not Seat.objects.exists()
    assert not SeatingJob.objects.exists()


def test_a_player_twice_in_a_session_and_a_short_row(tournament, field):
    bad = GOOD.replace("1;4;13;14;15;16", "1;4;13;14;15;1").replace("2;4;4;8;12;16", "2;4;4;8")
    with pytest.raises(PlanImportError) as caught:
        _import(tournament, bad)
    errors = caught.value.errors
    assert "Lines 2, 5: player number 1 sits twice in session 1." in errors
    assert any(e.startswith("Line 9: a row holds six cells") for e in errors)


def test_xlsx_is_read_too(tournament, field):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    for line in GOOD.strip().splitlines():
        cells = line.split(";")
        sheet.append([c if not c.isdigit() else int(c) for c in cells])
    buffer = io.BytesIO()
    book.save(buffer)
    job = seating_plan_import(
        tournament=tournament,
        filename="plan.xlsx",
        data=buffer.getvalue(),
        order="registration",
        replace=False,
        user=None,
        now=NOW,
    )
    assert job.result["repeated_meetings"] == 0 and Seat.objects.count() == 48


def test_a_played_session_is_kept_and_a_seated_one_needs_the_tick(tournament, field):
    _import(tournament, GOOD)
    tournament.sessions.filter(number=1).update(state="finished")
    rest = "\n".join(GOOD.splitlines()[5:])  # sessions 2 and 3 only
    with pytest.raises(Exception, match="tick “Replace their seating”"):
        _import(tournament, rest)
    with pytest.raises(PlanImportError) as caught:
        _import(tournament, GOOD, replace=True)
    assert any("session 1 is not a session still to seat" in e for e in caught.value.errors)
    job = _import(tournament, rest, replace=True)
    assert job.sessions == [2, 3]


def test_the_page_names_the_bad_rows_and_uses_a_good_file(client, tournament, field, organiser):
    client.force_login(organiser)
    url = reverse("tournament:seating_import", args=[tournament.slug])
    assert client.get(url).status_code == 200
    bad = SimpleUploadedFile("plan.csv", GOOD.replace("1;2;5;6;7;8", "1;2;5;6;7;99").encode())
    response = client.post(url, {"file": bad, "order": "registration"})
    assert response.status_code == 400
    assert "Line 3: player number 99 is out of range (1 to 16)." in response.content.decode()
    good = SimpleUploadedFile("plan.csv", GOOD.encode())
    response = client.post(url, {"file": good, "order": "registration"}, follow=True)
    text = response.content.decode()
    assert "Plan imported from a file" in text
    assert 'class="quality-now">0 repeated meeting(s), 11 repeated table visit(s)' in text
    response = client.post(url, {"order": "registration"})
    assert "file: choose the plan" in response.content.decode()
    assert Registration.objects.filter(tournament=tournament).count() == 16
