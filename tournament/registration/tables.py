"""django-tables2 tables: they render what a selector computed, no queries of their own."""

from __future__ import annotations

import django_tables2 as tables
from django.template import Context
from django.template.loader import get_template
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy

from tournament.flags import flag_html
from tournament.models import Registration

WIDE = {"th": {"class": "wide"}, "td": {"class": "wide"}}


class PageContextTemplateColumn(tables.TemplateColumn):
    """A TemplateColumn rendered in the page's own context.

    django-tables2 renders ``template_name`` with the request, which runs every context
    processor again for every row (a query per row); the page's context already holds
    all the template needs (csrf token, tournament, request).
    """

    def render(self, record, table, value, bound_column, **kwargs):
        parent = getattr(table, "context", None) or Context()
        context = self.get_context_data(
            record=record, table=table, value=value, bound_column=bound_column, **kwargs
        )
        with parent.update(context):
            return get_template(self.template_name).template.render(parent)


class RegistrationTable(tables.Table):
    # The exports have the columns of the player import, so that an exported list can be
    # imported into the next tournament; the page shows one "Last, First" column instead.
    last_name = tables.Column(
        accessor="player__last_name", verbose_name=gettext_lazy("Last name"), visible=False
    )
    first_name = tables.Column(
        accessor="player__first_name", verbose_name=gettext_lazy("First name"), visible=False
    )
    name = tables.Column(
        accessor="player__last_name",
        verbose_name=gettext_lazy("Name"),
        order_by=("player__sort_name",),
        exclude_from_export=True,
    )
    # On a phone (site.css "wide"): name, country and status; the rest on a wider screen.
    ema_number = tables.Column(
        accessor="player__ema_number", verbose_name=gettext_lazy("EMA number"), attrs=WIDE
    )
    country = tables.Column(accessor="player__country", verbose_name=gettext_lazy("Country"))
    club = tables.Column(accessor="player__club", verbose_name=gettext_lazy("Club"), attrs=WIDE)
    status = tables.Column()
    reserve = tables.Column(
        accessor="is_reserve", verbose_name=gettext_lazy("Reserve"), visible=False
    )
    # Shown when the tournament has teams; exported as the import's "team" column.
    team = tables.Column(
        accessor="team__name", verbose_name=gettext_lazy("Team"), attrs=WIDE, default=""
    )
    # Organisers only (see __init__): contact, check-in, and what they can do with a row.
    # An address is one long word; it may break anywhere (site.css td.email), or
    # it pushed the row's buttons past a laptop's edge.
    email = tables.Column(
        accessor="player__email",
        verbose_name=gettext_lazy("E-mail"),
        attrs={"td": {"class": "email"}},
    )
    checked_in = tables.BooleanColumn(verbose_name=gettext_lazy("Checked in"))
    registered_at = tables.DateTimeColumn(
        verbose_name=gettext_lazy("Registered"), format="j M Y H:i"
    )
    actions = PageContextTemplateColumn(
        template_name="tournament/_registration_actions.html",
        verbose_name="",
        orderable=False,
        exclude_from_export=True,
    )

    STAFF_ONLY = ("email", "checked_in", "registered_at", "actions")

    class Meta:
        model = Registration
        fields = ("name", "ema_number", "country", "club", "status")
        sequence = (
            "last_name",
            "first_name",
            "name",
            "ema_number",
            "country",
            "club",
            "status",
            "reserve",
            "team",
            "...",
        )
        attrs = {"class": "data-table"}
        empty_text = gettext_lazy("No players registered yet.")

    def __init__(
        self,
        *args,
        organiser: bool = False,
        teams: bool = False,
        tournament_id: int | None = None,
        **kwargs,
    ):
        # Only this tournament's own entries are listed; the check stays as a second wall
        # (ownership.may_see_private).
        self.tournament_id = tournament_id
        if not organiser:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), *self.STAFF_ONLY)
        if not teams:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "team")
        super().__init__(*args, **kwargs)
        if organiser:
            # The organiser's nine columns and a row's buttons do not fit a
            # phone side by side: there each row is a card, every value led by its heading
            # (site.css table.stack).
            self.attrs = {**self.attrs, "class": "data-table stack"}
            for bound in self.columns:
                if bound.header:
                    td = {**bound.column.attrs.get("td", {}), "data-label": bound.header}
                    bound.column.attrs = {**bound.column.attrs, "td": td}

    def _email(self, record: Registration) -> str:
        if record.player.tournament_id != self.tournament_id:
            return ""
        return record.player.email

    def render_email(self, record: Registration) -> str:
        return self._email(record) or "—"

    def value_email(self, record: Registration) -> str:
        return self._email(record)

    def render_name(self, record: Registration) -> str:
        return f"{record.player.last_name}, {record.player.first_name}"

    def render_country(self, record: Registration):
        country = record.player.country
        return format_html("{} {}", flag_html(country.code), country.name)

    def value_country(self, record: Registration) -> str:
        return record.player.country.code

    def render_status(self, record: Registration):
        label = gettext("Reserve") if record.is_reserve else record.get_status_display()
        checked = " " + gettext("✓ checked in") if record.checked_in else ""
        return format_html(
            '<span class="badge badge-{}">{}</span>{}', record.status, label, checked
        )

    def value_status(self, record: Registration) -> str:
        return "Reserve" if record.is_reserve else record.get_status_display()

    def value_reserve(self, record: Registration) -> str:
        return "yes" if record.is_reserve else ""

    def value_checked_in(self, record: Registration) -> str:
        return "yes" if record.checked_in else ""
