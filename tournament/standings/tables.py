"""django-tables2 tables of the standings: they render the rows that
``tournament.standings`` computed, and do no query of their own."""

from __future__ import annotations

from decimal import Decimal

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy

from tournament.flags import flag_html

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
# Columns a phone leaves out (site.css, class "wide"): rank, name and total come first; the
# rest is one tap away on the player's page, which the name links to.
WIDE = {"td": {"class": "wide"}, "th": {"class": "wide"}}
WIDE_NUM = {"td": {"class": "num wide"}, "th": {"class": "num wide"}}


def points(value) -> str:
    """Tournament points as people write them: 12.5, -30, 6.6667 → 6.67."""
    if value is None or value == "":
        return "—"
    text = f"{Decimal(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class PointsColumn(tables.Column):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", NUM)
        super().__init__(*args, **kwargs)

    def render(self, value):
        return points(value)

    def value(self, value):
        return float(value) if value not in (None, "") else ""


class StandingsTable(tables.Table):
    rank = tables.Column(verbose_name=gettext_lazy("Rank"), order_by=("sort_rank",), attrs=NUM)
    name = tables.Column(verbose_name=gettext_lazy("Player"), order_by=("name",))
    ema_number = tables.Column(verbose_name=gettext_lazy("EMA number"), orderable=False, attrs=WIDE)
    country = tables.Column(
        verbose_name=gettext_lazy("Country"), accessor="country_name", attrs=WIDE
    )
    total = PointsColumn(verbose_name=gettext_lazy("Total"))
    played = tables.Column(verbose_name=gettext_lazy("Sessions"), attrs=WIDE_NUM)
    penalties = PointsColumn(verbose_name=gettext_lazy("Penalties"), attrs=WIDE_NUM)

    class Meta:
        attrs = {"class": "data-table standings"}
        empty_text = gettext_lazy("No confirmed results yet.")
        sequence = ("rank", "name", "ema_number", "country", "total", "...", "played", "penalties")

    def __init__(self, data, *, session_numbers, **kwargs):
        extra = [
            (
                f"s{n}",
                PointsColumn(
                    verbose_name=gettext("S{n}").format(n=n),
                    default=None,
                    accessor=f"s{n}",
                    attrs=WIDE_NUM,
                ),
            )
            for n in session_numbers
        ]
        super().__init__(data, extra_columns=extra, **kwargs)

    # Export values by column, straight from the records: the standings selector computed
    # them, and django-tables2's per-cell rendering makes a 400-player export take seconds.
    EXPORT_KEYS = {"country": "country_code"}

    def as_values(self, exclude_columns=None):
        exclude = set(exclude_columns or ())
        columns = [
            c
            for c in self.columns.iterall()
            if c.name not in exclude and c.visible and not c.column.exclude_from_export
        ]
        yield [str(c.header) for c in columns]
        for row in self.rows:
            record = row.record
            yield [self._export_value(c.name, record) for c in columns]

    def _export_value(self, name: str, record: dict):
        value = record.get(self.EXPORT_KEYS.get(name, name))
        if value is None:
            return ""
        return float(value) if isinstance(value, Decimal) else value

    def render_rank(self, record):
        return record["rank"] if record["rank"] is not None else "—"

    def value_rank(self, record):
        return record["rank"] if record["rank"] is not None else ""

    def render_name(self, record):
        note = (
            format_html(' <span class="badge">{}</span>', record["note"]) if record["note"] else ""
        )
        return format_html('<a href="{}">{}</a>{}', record["url"], record["name"], note)

    def value_name(self, record):
        return record["name"]

    def render_country(self, record):
        return format_html(
            "{} {}",
            flag_html(record["country_code"]),
            record["country_name"],
        )

    def value_country(self, record):
        return record["country_code"]
