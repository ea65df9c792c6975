"""django-filter filter sets for the tournament's tables."""

from __future__ import annotations

import django_filters
from django.db.models import Q
from django.utils.translation import gettext_lazy
from django_countries import countries

from tournament.models import Registration
from tournament.names import clean_name, fold

STATUS_CHOICES = [*Registration.Status.choices, ("reserve", gettext_lazy("Reserve"))]


class RegistrationFilter(django_filters.FilterSet):
    """Search by name, EMA number or club; filter by country, status and check-in."""

    # Bounded: a pasted page made one LIKE per word, and one word of 100,000
    # characters is a pattern SQLite refuses (a 500); names are at most 2 x 100 long.
    q = django_filters.CharFilter(method="search", label=gettext_lazy("Search"), max_length=200)
    country = django_filters.ChoiceFilter(
        field_name="player__country",
        label=gettext_lazy("Country"),
        empty_label=gettext_lazy("All countries"),
    )
    status = django_filters.ChoiceFilter(
        method="filter_status",
        choices=STATUS_CHOICES,
        label=gettext_lazy("Status"),
        empty_label=gettext_lazy("Any status"),
    )
    checked_in = django_filters.ChoiceFilter(
        method="filter_checked_in",
        choices=[("yes", gettext_lazy("Checked in")), ("no", gettext_lazy("Not checked in"))],
        label=gettext_lazy("Check-in"),
        empty_label=gettext_lazy("Either"),
    )

    class Meta:
        model = Registration
        fields = ["q", "country", "status", "checked_in"]

    def __init__(self, *args, country_codes=(), organiser: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.filters["country"].extra["choices"] = [
            (code, countries.name(code)) for code in sorted(country_codes, key=countries.name)
        ]
        if not organiser:
            del self.filters["checked_in"]
            self.filters["status"].extra["choices"] = [
                c for c in STATUS_CHOICES if c[0] != Registration.Status.WITHDRAWN
            ]

    def search(self, queryset, name, value):
        # Cleaned as names are stored: PostgreSQL refuses a NUL byte in a query (a 500).
        for word in clean_name(value).split():
            # Names without case and accents ("wrobel" finds "Wróbel").
            queryset = queryset.filter(
                Q(player__search_name__contains=fold(word))
                | Q(player__ema_number__startswith=word)
                | Q(player__club__icontains=word)
            )
        return queryset

    def filter_status(self, queryset, name, value):
        if value == "reserve":
            return queryset.filter(is_reserve=True)
        return queryset.filter(status=value, is_reserve=False)

    def filter_checked_in(self, queryset, name, value):
        return queryset.filter(checked_in=value == "yes")
