"""Forms of the seating pages: players kept apart on request."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournament.models import MAX_APART_MEMBERS, MAX_APART_SESSIONS, ApartGroup


class ApartGroupForm(forms.Form):
    """A group of players never to meet at a table (family, partners, a club), in every
    session or in the first few; ``choices`` are the tournament's players."""

    name = forms.CharField(
        label=pgettext_lazy("a group's", "Name"),
        max_length=ApartGroup._meta.get_field("name").max_length,
        help_text=gettext_lazy("For example “Family Weber” or “MC Amsterdam”."),
    )
    players = forms.MultipleChoiceField(
        label=gettext_lazy("Players"), widget=forms.CheckboxSelectMultiple
    )
    first_sessions = forms.IntegerField(
        label=gettext_lazy("Only in the first sessions"),
        required=False,
        min_value=1,
        max_value=MAX_APART_SESSIONS,
        help_text=gettext_lazy("Empty: in every session."),
    )

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = list(choices)

    def clean_players(self) -> list[int]:
        players = [int(p) for p in self.cleaned_data["players"]]
        if len(players) < 2:
            raise forms.ValidationError(gettext_lazy("Choose at least two players."))
        if len(players) > MAX_APART_MEMBERS:
            raise forms.ValidationError(
                gettext_lazy("A group holds at most %(most)d players; %(count)d were chosen.")
                % {"most": MAX_APART_MEMBERS, "count": len(players)}
            )
        return players


class CountriesApartForm(forms.Form):
    """The first sessions in which players of one country should not meet (0: not asked)."""

    sessions = forms.IntegerField(
        label=gettext_lazy("Mix the countries in the first sessions"),
        min_value=0,
        max_value=MAX_APART_SESSIONS,
        help_text=gettext_lazy(
            "Players of one country meet as little as the seating allows in these sessions; "
            "0: not asked."
        ),
    )
