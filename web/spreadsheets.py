"""Cells for spreadsheets: the one place every CSV and XLSX export passes its values through.

A player's name is typed by anyone through self sign-up, and a spreadsheet program runs a
cell that begins with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return before one) as
a formula: ``=HYPERLINK(...)`` in a name would reach the organiser's machine live.  OWASP's
advice ("CSV Injection") is a leading ``'``: the cell then shows as text and runs nothing.
Only text is escaped: a number (a negative score) stays a number, written as a number.

Points keep one format in every file (web/numbers.py): a points cell is a float with one
decimal, every other number (a rank, a count, table points) an int.  CSV writes "-120.0";
XLSX keeps the number and gives it the number format ``0.0``, so a spreadsheet shows
"-120.0" too rather than "-120".
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from decimal import Decimal

from django_tables2.export import TableExport
from openpyxl import load_workbook
from tablib import Dataset

from web.numbers import XLSX_POINTS_FORMAT

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

# The formats a spreadsheet program opens; JSON, YAML and LaTeX carry the text as it is.
SPREADSHEET_FORMATS = {"csv", "tsv", "xls", "xlsx", "ods"}


def safe_cell(value):
    """``value`` as a cell: text that would start a formula gets a leading ``'``."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float | Decimal):
        return value
    if not isinstance(value, str):
        value = str(value)  # lazy translations, dates rendered by the table, countries
    if value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def safe_row(row: Iterable) -> list:
    return [safe_cell(value) for value in row]


def points_format(sheet, rows: Iterable[Iterable], first_row: int = 2) -> None:
    """Give every points cell (a float, web/numbers.file_points) of ``rows``, written to
    ``sheet`` from ``first_row`` on, the number format ``0.0``."""
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            if isinstance(value, float):
                sheet.cell(row=first_row + i, column=j + 1).number_format = XLSX_POINTS_FORMAT


class SafeTableExport(TableExport):
    """django-tables2's TableExport with every text cell of a spreadsheet escaped.

    Every table export of the project (players, standings, referee log) goes through this
    class, so a new export cannot forget the escaping.
    """

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        if self.format not in SPREADSHEET_FORMATS:
            return dataset
        safe = Dataset(title=dataset.title)
        safe.headers = safe_row(dataset.headers or [])
        for row in dataset:
            safe.append(safe_row(row))
        return safe

    def export(self):
        content = super().export()
        if self.format != "xlsx":
            return content
        # tablib writes the numbers as numbers; the points' one decimal is a cell format.
        book = load_workbook(io.BytesIO(content))
        points_format(book.active, self.dataset)
        buffer = io.BytesIO()
        book.save(buffer)
        return buffer.getvalue()
