"""Reading player files and checking their rows (tournament/importing.py)."""

import io

import pytest
from openpyxl import Workbook

from tests.conftest import make_players
from tournament.models import Player, Registration
from tournament.registration import selectors as registration_selectors
from tournament.registration.importing import ImportFileError, check_rows, read_player_file


def _check(tournament, text: str, name: str = "players.csv"):
    rows = read_player_file(name, text.encode("utf-8"))
    return check_rows(rows, registration_selectors.known_people(rows, tournament=tournament))


def test_csv_with_semicolons_bom_and_other_column_names_is_read():
    data = "\ufeffVorname;Nachname;EMA;Land;Verein\nAnna;Schmidt;05000001;DE;Riichi Berlin\n"
    rows = read_player_file("x.csv", data.encode("utf-8"))
    assert [(r.line, r.first_name, r.last_name, r.ema_number, r.country, r.club) for r in rows] == [
        (2, "Anna", "Schmidt", "05000001", "DE", "Riichi Berlin")
    ]


def test_xlsx_is_read_and_a_lost_leading_zero_is_put_back(tournament):
    book = Workbook()
    sheet = book.active
    sheet.append(["First name", "Last name", "EMA number", "Country"])
    sheet.append(["Tobias", "Huber", 1000123, "Austria"])
    buffer = io.BytesIO()
    book.save(buffer)
    rows = read_player_file("list.xlsx", buffer.getvalue())
    report = check_rows(rows, registration_selectors.known_people(rows, tournament=tournament))
    (check,) = report.checks
    assert check.ok
    assert check.row.ema_number == "01000123"
    assert check.row.country == "AT"
    assert "leading zero" in check.warnings[0]


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("players.pdf", b"x", "neither a CSV nor an XLSX"),
        ("players.csv", b"", "empty"),
        ("players.csv", b"first name,last name,country\n", "no players"),
        ("players.csv", b"first name,surname\nA,B\n", "missing: country"),
        ("players.xlsx", b"not a workbook", "cannot be opened"),
    ],
)
def test_a_file_that_cannot_be_read_is_refused_as_a_whole(name, data, message):
    with pytest.raises(ImportFileError, match=message):
        read_player_file(name, data)


def test_every_bad_row_is_reported_with_its_line_and_reason(tournament):
    text = (
        "first name,last name,ema number,country,email,reserve\n"
        "Anna,Schmidt,05000001,DE,anna@example.org,\n"  # line 2: good
        ",Weber,05000002,DE,,\n"  # 3: no first name
        "Lea,Fischer,0500003,XX,,\n"  # 4: unknown country, 7 digits starting with 0
        "Felix,Wagner,12345,DE,,\n"  # 5: EMA number too short
        "Marie,Becker,05000005,DE,not-an-address,\n"  # 6: e-mail
        "Lukas,Hoffmann,05000001,DE,,\n"  # 7: EMA number of line 2
        "anna,SCHMIDT,,de,,\n"  # 8: same name and country as line 2
        "Jonas,Weber,05000008,DE,,maybe\n"  # 9: reserve neither yes nor no
    )
    report = _check(tournament, text)
    bad = {c.row.line: " ".join(c.messages()) for c in report.bad}
    assert sorted(bad) == [3, 4, 5, 6, 7, 8, 9]
    assert "First name: This field is required." in bad[3]
    assert "“XX” is not a country" in bad[4]
    # Seven digits that start with 0 did not lose a leading zero: no "00" number exists.
    assert "“0500003” is not 8 digits (it starts with 0 already" in bad[4]
    assert "“12345” is not 8 digits" in bad[5]
    assert "E-mail: Enter a valid email address." in bad[6]
    assert "also on line 2" in bad[7]
    assert "also on line 2" in bad[8]
    assert "neither yes nor no" in bad[9]
    assert [c.row.line for c in report.good] == [2]
    assert not report.is_clean


def test_country_that_does_not_match_the_ema_number_is_a_warning_not_an_error(tournament):
    report = _check(tournament, "first name,last name,ema,country\nJan,Dvořák,05000001,CZ\n")
    (check,) = report.checks
    assert check.ok
    assert "issued in Germany" in check.warnings[0]


def test_people_already_in_the_database_are_recognised(tournament):
    make_players(tournament, 2)  # First000 Last000 05000000, First001 Last001 05000001
    Player.objects.create(first_name="Nico", last_name="Meier", country="CH")
    text = (
        "first name,last name,ema,country\n"
        "First000,Last000,05000000,DE\n"  # registered already: skipped
        "Someone,Else,05000001,DE\n"  # an EMA number of another person
        "Nico,Meier,16000001,CH\n"  # known without number: the same person
        "First001,Last001,,DE\n"  # registered already (by name and country)
    )
    report = _check(tournament, text)
    by_line = {c.row.line: c for c in report.checks}
    assert by_line[2].skip.startswith("First000 Last000 is already registered")
    assert "already belongs to First001 Last001" in by_line[3].messages()[0]
    assert by_line[4].ok and by_line[4].player.last_name == "Meier"
    assert by_line[5].skip


def test_a_registered_namesake_with_another_number_is_an_error(tournament):
    make_players(tournament, 1)
    report = _check(tournament, "first name,last name,ema,country\nFirst000,Last000,05999999,DE\n")
    assert "registered with EMA number 05000000" in report.bad[0].messages()[0]


def test_known_people_takes_three_queries_however_many_rows(
    tournament, django_assert_max_num_queries
):
    make_players(tournament, 30)
    text = "first name,last name,ema,country\n" + "".join(
        f"First{i:03d},Last{i:03d},05{i:06d},DE\n" for i in range(60)
    )
    rows = read_player_file("p.csv", text.encode())
    with django_assert_max_num_queries(3):
        known = registration_selectors.known_people(rows, tournament=tournament)
    assert len(known.registrations) == Registration.objects.count() == 30


def test_names_match_whatever_their_case_accents_included(tournament):
    Player.objects.create(first_name="Jan", last_name="Dvořák", country="CZ")
    report = _check(tournament, "first name,last name,country\nJAN,DVOŘÁK,CZ\n")
    assert report.checks[0].player.last_name == "Dvořák"
