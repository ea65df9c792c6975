"""Numbers in the reader's language, one decimal rule, files in one format (web/numbers.py).

Tournament points are table points / 1,000 plus uma (EMA 2016 §3.6.1: uma 15, 5, -5, -15, no
oka), so they are shown with one decimal in every place; table points are whole and grouped.
The sheets below are worked by hand:

- session 1, table 1 [91900, 18700, 9400, 0]: p0 61.9 + 15 = 76.9, p1 -11.3 + 5 = -6.3,
  p2 -20.6 - 5 = -25.6, p3 -30 - 15 = -45.0;
- session 1, table 2 [120000, 45000, 30000, -75000]: p4 90 + 15 = 105.0, p5 15 + 5 = 20.0,
  p6 0 - 5 = -5.0, p7 -105 - 15 = -120.0;
- session 2, table 1 (p0, p4, p1, p5) [91900, 3100, 25000, 0]: p0 76.9, p1 -5 + 5 = 0.0,
  p4 -26.9 - 5 = -31.9, p5 -45.0.

Totals: p0 153.8, p1 -6.3, p4 73.1, p5 -25.0, p7 -120.0.
"""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from tests.conftest import enter_final
from web.numbers import file_points, points, table_points


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en-gb", ["95.7", "-30.0", "6.0", "153.8", "-6.3", "0.0", "—"]),
        ("de", ["95,7", "-30,0", "6,0", "153,8", "-6,3", "0,0", "—"]),
        ("pl", ["95,7", "-30,0", "6,0", "153,8", "-6,3", "0,0", "—"]),
    ],
)
def test_points_have_one_decimal_in_the_readers_language(language, shown):
    # 6.6667 (a split uma) and -6.25 round once, half away from zero; -0.04 is no "-0.0".
    values = ["95.66", "-30", 6, "153.75", "-6.25", "-0.04", None]
    with translation.override(language):
        assert [points(v) for v in values] == shown
        assert points("6.6667") == ("6.7" if language == "en-gb" else "6,7")


@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en-gb", ["30,000", "-3,900", "120,000", "0"]),
        ("de", ["30.000", "-3.900", "120.000", "0"]),
        ("pl", ["30\xa0000", "-3\xa0900", "120\xa0000", "0"]),
    ],
)
def test_table_points_are_whole_and_grouped_in_the_readers_language(language, shown):
    with translation.override(language):
        assert [table_points(v) for v in [30000, -3900, 120000, 0]] == shown


def test_a_file_cell_is_a_number_with_one_decimal():
    assert file_points("-120") == -120.0 and isinstance(file_points("-120"), float)
    assert file_points("153.75") == 153.8
    assert file_points(None) == ""


@pytest.fixture
def scored(two_sessions):
    s = two_sessions
    enter_final(s.session(1), s.tables[1], [91900, 18700, 9400, 0])
    enter_final(s.session(1), s.tables[2], [120000, 45000, 30000, -75000])
    enter_final(s.session(2), s.tables[1], [91900, 3100, 25000, 0])
    return s


@pytest.mark.parametrize("language", ["de", "pl"])
def test_german_and_polish_pages_write_points_with_a_comma(client, scored, language):
    slug = scored.tournament.slug
    p0, p1 = scored.players[0], scored.players[1]
    standings = client.get(
        reverse("tournament:standings", args=[slug]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert f'<html lang="{language}"' in standings
    assert ">153,8<" in standings and ">-6,3<" in standings and ">-120,0<" in standings
    assert "153.8" not in standings and "-6.3" not in standings
    player = client.get(
        reverse("tournament:player", args=[slug, p0.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert "153,8" in player and "76,9" in player and "153.8" not in player
    group = "." if language == "de" else "\xa0"
    assert f">91{group}900<" in player  # the session's table points, grouped
    # The chart's dot says the running total in the same way.
    assert "153,8</title>" in player
    results = client.get(
        reverse("tournament:session_results", args=[slug, 1]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    assert f">91{group}900<" in results and ">-6,3<" in results
    assert ">-75" in results and f">-75{group}000<" in results
    assert str(p1) in results


def test_english_pages_write_points_with_a_point(client, scored):
    standings = client.get(
        reverse("tournament:standings", args=[scored.tournament.slug]),
        HTTP_ACCEPT_LANGUAGE="en",
    ).content.decode()
    assert ">153.8<" in standings and ">-6.3<" in standings and ">-120.0<" in standings


def test_csv_and_xlsx_agree_on_points_whatever_the_language(client, organiser, scored):
    url = reverse("tournament:standings", args=[scored.tournament.slug])
    # The reader's language does not reach a file: a German page exports the same CSV.
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(url + "?_export=csv", HTTP_ACCEPT_LANGUAGE="de").content.decode()
            )
        )
    )
    total = rows[0].index("Total")
    by_total = {row[total] for row in rows[1:]}
    assert {"153.8", "-6.3", "-120.0", "73.1", "-25.0"} <= by_total
    sheet = openpyxl.load_workbook(
        io.BytesIO(client.get(url + "?_export=xlsx", HTTP_ACCEPT_LANGUAGE="de").content)
    ).active
    column = [c.value for c in sheet[1]].index("Total") + 1
    cells = {
        sheet.cell(row=r, column=column).value: sheet.cell(row=r, column=column)
        for r in range(2, sheet.max_row + 1)
    }
    last = cells[-120]
    assert last.data_type == "n" and last.number_format == "0.0"
    assert cells[153.8].number_format == "0.0"
    # A rank stays a plain whole number.
    assert sheet.cell(row=2, column=1).number_format == "General"


def test_the_ema_file_writes_points_with_one_decimal(client, organiser, scored):
    client.force_login(organiser)
    slug = scored.tournament.slug
    rows = list(
        csv.reader(
            io.StringIO(
                client.get(reverse("tournament:ema_export", args=[slug, "csv"])).content.decode(
                    "utf-8-sig"
                )
            )
        )
    )
    # Table points are what the sheets gave above 30,000 (-75,000 - 30,000), whole.
    assert rows[-1][5:7] == ["-120.0", "-105000"]
    sheet = openpyxl.load_workbook(
        io.BytesIO(client.get(reverse("tournament:ema_export", args=[slug, "xlsx"])).content)
    ).active
    last = sheet.cell(row=sheet.max_row, column=6)
    assert last.value == -120 and last.number_format == "0.0"
    assert sheet.cell(row=sheet.max_row, column=7).value == -105000
