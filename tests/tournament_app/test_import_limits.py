"""Player files that would eat the machine (a 2 MB XLSX took 3 GB) are refused before they are
parsed, with a message that says why; Excel's "Unicode text" (UTF-16, tabs, BOM) is read, and
a quote that never closes names its line."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tournament.registration.importing import (
    MAX_CELL_CHARS,
    MAX_LINES,
    ImportFileError,
    read_player_file,
)

HEADER = ["First name", "Last name", "Country"]


def _workbook(rows) -> bytes:
    book = Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _with_member(xlsx: bytes, name: str, content: bytes) -> bytes:
    """The workbook with one member replaced (or added), deflated as Excel does."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(xlsx)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for item in source.infolist():
            if item.filename != name:
                target.writestr(item.filename, source.read(item.filename))
        target.writestr(name, content)
    return out.getvalue()


def _sheet_with_one_cell(text_length: int) -> bytes:
    """A worksheet whose B2 holds one inline string of ``text_length`` letters."""
    head = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        b'<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>First name</t></is></c>'
        b'<c r="B1" t="inlineStr"><is><t>Last name</t></is></c>'
        b'<c r="C1" t="inlineStr"><is><t>Country</t></is></c></row>'
        b'<row r="2"><c r="A2" t="inlineStr"><is><t>Ann</t></is></c>'
        b'<c r="B2" t="inlineStr"><is><t>'
    )
    tail = (
        b'</t></is></c><c r="C2" t="inlineStr"><is><t>DE</t></is></c></row></sheetData></worksheet>'
    )
    return head + b"A" * text_length + tail


def test_a_normal_workbook_is_read():
    rows = read_player_file("p.xlsx", _workbook([HEADER, ["Zoë", "Müller", "DE"]]))
    assert [(r.first_name, r.last_name) for r in rows] == [("Zoë", "Müller")]


def test_a_zip_bomb_cell_is_refused_before_parsing():
    # 5 MB of one letter packs to a few kilobytes: a thousandfold ratio.
    data = _with_member(
        _workbook([HEADER]), "xl/worksheets/sheet1.xml", _sheet_with_one_cell(5 * 2**20)
    )
    assert len(data) < 100_000
    with pytest.raises(ImportFileError, match=r"packed \d+ times \(xl/worksheets/sheet1.xml\)"):
        read_player_file("p.xlsx", data)


def test_a_member_that_unpacks_beyond_the_limit_is_refused():
    data = _with_member(_workbook([HEADER]), "xl/media/big.bin", bytes(range(256)) * (100_000))
    with pytest.raises(ImportFileError, match=r"unpacks to more than 20 MB \(xl/media/big.bin\)"):
        read_player_file("p.xlsx", data)


def test_a_file_that_is_no_zip_is_refused():
    with pytest.raises(ImportFileError, match="not a workbook"):
        read_player_file("p.xlsx", b"First name,Last name\n")


def test_a_long_cell_is_refused_with_its_line_and_column():
    data = _with_member(
        _workbook([HEADER]), "xl/worksheets/sheet1.xml", _sheet_with_one_cell(MAX_CELL_CHARS + 1)
    )
    with pytest.raises(ImportFileError, match=r"Line 2, column 2: a cell of 1001 characters"):
        read_player_file("p.xlsx", data)
    notes = "x" * 5000
    text = f"first name,last name,country,notes\nAnn,Lee,DE,{notes}\n"
    with pytest.raises(ImportFileError, match=r"Line 2, column 4: a cell of 5000 characters"):
        read_player_file("p.csv", text.encode())


def test_too_many_lines_are_refused_even_when_blank():
    text = "first name,last name,country\n" + ",,\n" * MAX_LINES + "Ann,Lee,DE\n"
    with pytest.raises(ImportFileError, match=f"more than {MAX_LINES} lines"):
        read_player_file("p.csv", text.encode())
    rows = [HEADER] + [[None, None, None]] * MAX_LINES + [["Ann", "Lee", "DE"]]
    with pytest.raises(ImportFileError, match=f"more than {MAX_LINES} lines"):
        read_player_file("p.xlsx", _workbook(rows))


def test_excel_unicode_text_is_read():
    # Excel's "Unicode text": UTF-16 little-endian with a BOM, tab-separated.
    text = "First name\tLast name\tCountry\r\nZoë\tŁukasiewicz\tPL\r\n"
    data = text.encode("utf-16")
    assert data.startswith(b"\xff\xfe")
    rows = read_player_file("players.txt", data)
    assert [(r.first_name, r.last_name, r.country) for r in rows] == [("Zoë", "Łukasiewicz", "PL")]
    big_endian = b"\xfe\xff" + text.encode("utf-16-be")
    assert read_player_file("players.csv", big_endian)[0].last_name == "Łukasiewicz"


def test_utf16_without_a_bom_is_refused_by_name():
    data = "First name\tLast name\tCountry\r\nZoë\tLee\tDE\r\n".encode("utf-16-le")
    with pytest.raises(ImportFileError, match="UTF-16"):
        read_player_file("players.csv", data)


def test_an_unterminated_quote_names_its_line():
    text = 'first name,last name,country\nAnn,Lee,DE\n"Bob,Ray,DE\nCid,Sun,DE\n'
    with pytest.raises(ImportFileError, match=r"Line 3: a quote .* is never closed"):
        read_player_file("p.csv", text.encode())


def test_the_import_page_shows_the_refusal(client, tournament, organiser):
    client.force_login(organiser)
    data = _with_member(
        _workbook([HEADER]), "xl/worksheets/sheet1.xml", _sheet_with_one_cell(5 * 2**20)
    )
    url = reverse("tournament:player_import", args=[tournament.slug])
    upload = SimpleUploadedFile("players.xlsx", data)
    response = client.post(url, {"file": upload})
    assert response.status_code == 200
    assert "times (xl/worksheets/sheet1.xml)" in response.content.decode()
