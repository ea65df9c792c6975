"""django-tables2 tables: they render what a selector computed, no queries of their own."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html

from .models import Registration


class RegistrationTable(tables.Table):
    name = tables.Column(
        accessor="player__last_name",
        verbose_name="Name",
        order_by=("player__last_name", "player__first_name"),
    )
    ema_number = tables.Column(accessor="player__ema_number", verbose_name="EMA number")
    country = tables.Column(accessor="player__country", verbose_name="Country")
    club = tables.Column(accessor="player__club", verbose_name="Club")
    status = tables.Column()

    class Meta:
        model = Registration
        fields = ("name", "ema_number", "country", "club", "status")
        attrs = {"class": "data-table"}
        empty_text = "No players registered yet."

    def render_name(self, record: Registration) -> str:
        return f"{record.player.last_name}, {record.player.first_name}"

    def render_country(self, record: Registration):
        country = record.player.country
        return format_html(
            '<span class="flag" aria-hidden="true">{}</span> {}', country.unicode_flag, country.name
        )

    def value_country(self, record: Registration) -> str:
        return record.player.country.code

    def render_status(self, record: Registration):
        label = "Reserve" if record.is_reserve else record.get_status_display()
        checked = " ✓ checked in" if record.checked_in else ""
        return format_html(
            '<span class="badge badge-{}">{}</span>{}', record.status, label, checked
        )
