"""The referee log as a django-tables2 table: it renders ``selectors.log_entries``, no
queries of its own, and exports (CSV, XLSX) through ``TableExport``."""

from __future__ import annotations

import django_tables2 as tables
from django.utils import timezone

from tournament.spreadsheets import number

from .kinds import show


class LogTable(tables.Table):
    at = tables.Column(verbose_name="When", orderable=False)
    by = tables.Column(verbose_name="Who", orderable=False)
    ref = tables.Column(verbose_name="#", orderable=False)
    action = tables.Column(verbose_name="Action", orderable=False)
    player = tables.Column(verbose_name="Player", orderable=False)
    session = tables.Column(verbose_name="Session", orderable=False)
    table = tables.Column(verbose_name="Table", orderable=False)
    hand = tables.Column(verbose_name="Hand", orderable=False)
    what = tables.Column(verbose_name="What", orderable=False)
    points = tables.Column(verbose_name="Points", orderable=False)
    counts = tables.Column(verbose_name="Counts", orderable=False)
    reason = tables.Column(verbose_name="Reason", orderable=False)

    class Meta:
        attrs = {"class": "data-table referee-log"}
        empty_text = "Nothing logged yet."

    def render_at(self, value):
        return f"{timezone.localtime(value):%d %b %H:%M:%S}"

    def value_at(self, value):
        return timezone.localtime(value).isoformat(timespec="seconds")

    def render_points(self, value):
        return show(value)

    def value_points(self, value):
        # A number cell, so that a penalty of -3 stays a number a spreadsheet can add up.
        return number(value) if value is not None else ""
