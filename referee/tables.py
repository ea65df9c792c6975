"""The referee log as a django-tables2 table: it renders ``selectors.log_entries``, no
queries of its own, and exports (CSV, XLSX) through ``TableExport``."""

from __future__ import annotations

import django_tables2 as tables
from django.utils import timezone
from django.utils.translation import gettext_lazy

from web.numbers import file_points, points


def _labelled(name: str) -> tables.Column:
    """A column whose cells carry their heading: on a phone the log's rows become cards
    (site.css ``table.stack``), each value led by what it is."""
    return tables.Column(verbose_name=name, orderable=False, attrs={"td": {"data-label": name}})


class LogTable(tables.Table):
    at = _labelled(gettext_lazy("When"))
    by = _labelled(gettext_lazy("Who"))
    ref = _labelled("#")
    action = _labelled(gettext_lazy("Action"))
    player = _labelled(gettext_lazy("Player"))
    session = _labelled(gettext_lazy("Session"))
    table = _labelled(gettext_lazy("Table"))
    hand = _labelled(gettext_lazy("Hand"))
    what = _labelled(gettext_lazy("What"))
    points = _labelled(gettext_lazy("Points"))
    counts = _labelled(gettext_lazy("Counts"))
    reason = _labelled(gettext_lazy("Reason"))

    class Meta:
        attrs = {"class": "data-table referee-log stack"}
        empty_text = gettext_lazy("Nothing logged yet.")

    def render_at(self, value):
        return f"{timezone.localtime(value):%d %b %H:%M:%S}"

    def value_at(self, value):
        return timezone.localtime(value).isoformat(timespec="seconds")

    def render_points(self, value):
        return points(value)

    def value_points(self, value):
        # A number cell, so that a penalty of -3 stays a number a spreadsheet can add up.
        return file_points(value)
