"""django-tables2 tables of the standings: they render the rows that
``results.standings`` computed, and do no query of their own."""

from __future__ import annotations

from decimal import Decimal

import django_tables2 as tables
from django.utils.formats import localize
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy

from tournament.flags import flag_html
from web.numbers import file_points, points  # the one rule of how points are shown

NUM = {"td": {"class": "num"}, "th": {"class": "num"}}
# Columns a phone leaves out (site.css, class "wide"): rank, name and total come first; the
# rest is one tap away on the player's page, which the name links to.
WIDE = {"td": {"class": "wide"}, "th": {"class": "wide"}}
WIDE_NUM = {"td": {"class": "num wide"}, "th": {"class": "num wide"}}


# The standings' notes are codes ("substitute", ...); a page shows them in its language.
NOTE_WORDS = {
    "substitute": gettext_lazy("substitute"),
    "disqualified": gettext_lazy("disqualified"),
    "removed": gettext_lazy("removed"),
}


def note_label(note: str) -> str:
    return str(NOTE_WORDS.get(note, note))


class PointsColumn(tables.Column):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", NUM)
        super().__init__(*args, **kwargs)

    def render(self, value):
        return points(value)

    def value(self, value):
        return file_points(value)


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
        # The rows of the page in one go (``body_html``), not cell by cell: django-tables2's
        # per-cell rendering was most of the standings page's time.
        template_name = "tournament/standings_table.html"

    def __init__(self, data, *, session_numbers, **kwargs):
        self.session_names = {f"s{n}" for n in session_numbers}
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
        if any(record.get("stage") for record in data):
            # Championship stages: the stage each player reached and his total
            # there, which places him.
            extra += [
                # The stage's name on a wider screen only: on a phone "Semi-finals" wrapped
                # as "Semi / - / final / s"; the stage total beside it says enough there.
                (
                    "stage",
                    tables.Column(verbose_name=gettext("Stage"), orderable=False, attrs=WIDE),
                ),
                (
                    "stage_total",
                    PointsColumn(verbose_name=gettext("Stage total"), orderable=False),
                ),
            ]
        super().__init__(data, extra_columns=extra, **kwargs)

    def session_column(self, sort: str) -> bool:
        """Whether ``?sort=`` orders by a session's column."""
        return any(alias.strip().lstrip("-") in self.session_names for alias in sort.split(","))

    def body_html(self) -> str:
        """The rows of the page shown, as django-tables2's template would write them (the
        same cells, classes and empty text), from the records ``views._complete`` filled."""
        columns = [(c.name, c.attrs["td"].as_html()) for c in self.columns]
        out = []
        for i, row in enumerate(self.paginated_rows):
            record = row.record
            cells = "".join(
                f"<td {attrs}>{self._cell(name, record)}</td>" for name, attrs in columns
            )
            out.append(f'<tr class="{"odd" if i % 2 else "even"}">{cells}</tr>')
        if not out and self.empty_text:
            out.append(
                f'<tr><td colspan="{len(columns)}">{conditional_escape(self.empty_text)}</td></tr>'
            )
        return mark_safe("\n".join(out))  # every value is escaped in _cell

    def _cell(self, name: str, record: dict) -> str:
        if name == "name":
            return self.render_name(record)
        if name == "country":
            if record["country_name"] in (None, ""):
                return "—"
            return format_html("{} {}", record["flag"], record["country_name"])
        value = record.get(name)
        if value is None or value == "":
            return "—"
        if name in ("total", "penalties", "stage_total") or name in self.session_names:
            return points(value)
        return conditional_escape(localize(value))

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
        return file_points(value) if isinstance(value, Decimal) else value

    def render_rank(self, record):
        return record["rank"] if record["rank"] is not None else "—"

    def value_rank(self, record):
        return record["rank"] if record["rank"] is not None else ""

    def render_name(self, record):
        note = (
            format_html(' <span class="badge">{}</span>', note_label(record["note"]))
            if record["note"]
            else ""
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


class TeamStandingsTable(tables.Table):
    """The team standings from the records the view made of
    ``team_reads.team_standings``; the export writes the members as one text cell."""

    rank = tables.Column(verbose_name=gettext_lazy("Rank"), attrs=NUM, orderable=False)
    team = tables.Column(verbose_name=gettext_lazy("Team"), orderable=False)
    score = PointsColumn(verbose_name=gettext_lazy("Score"), orderable=False)
    members = tables.Column(verbose_name=gettext_lazy("Members"), orderable=False, attrs=WIDE)

    class Meta:
        attrs = {"class": "data-table standings team-standings"}
        empty_text = gettext_lazy("No teams yet.")

    def render_members(self, record):
        return format_html_join(
            ", ",
            '<span class="{}">{} {}{}</span>',
            (
                (
                    "" if m["counted"] else "muted",
                    m["name"],
                    points(m["total"]),
                    f" ({note_label(m['note'])})" if m["note"] else "",
                )
                for m in record["members"]
            ),
        )

    def value_members(self, record):
        return "; ".join(
            f"{m['name']} {points(m['total'])}"
            + ("" if m["counted"] else " (" + str(gettext_lazy("not counted")) + ")")
            + (f" ({m['note']})" if m["note"] else "")
            for m in record["members"]
        )

    def value_score(self, record):
        return file_points(record["score"])
