"""Cells for spreadsheets: the one place every CSV and XLSX export passes its values through.

A player's name is typed by anyone through self sign-up, and a spreadsheet program runs a
cell that begins with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return before one) as
a formula: ``=HYPERLINK(...)`` in a name would reach the organiser's machine live.  OWASP's
advice ("CSV Injection") is a leading ``'``: the cell then shows as text and runs nothing.
Only text is escaped: a number (a negative score) stays a number, written as a number.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from django_tables2.export import TableExport
from tablib import Dataset

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


def number(value: Decimal) -> int | float:
    """Whole numbers stay whole, a split uma keeps two decimals: a number cell, not text."""
    rounded = round(value, 2)
    return int(rounded) if rounded == rounded.to_integral_value() else float(rounded)


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
