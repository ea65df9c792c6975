"""The forms of the stages page: a stage's settings and the replacement of a qualifier."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy

from results.models import MAX_ADVANCING, MAX_STAGE_SESSIONS, Stage
from web.fields import bounded_integer


class StageForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=60)
    sessions = bounded_integer(gettext_lazy("Sessions"), min_value=1, max_value=MAX_STAGE_SESSIONS)
    advancing = bounded_integer(
        gettext_lazy("Players advancing (a multiple of 4)"), min_value=4, max_value=MAX_ADVANCING
    )
    seating = forms.ChoiceField(label=gettext_lazy("Seating"), choices=Stage.Seating.choices)
    carry = forms.ChoiceField(label=gettext_lazy("They carry"), choices=Stage.Carry.choices)
    carry_fraction = forms.DecimalField(
        label=gettext_lazy("Fraction carried (e.g. 0.5 for half)"),
        min_value=Decimal("0.0001"),
        max_value=Decimal("0.9999"),
        max_digits=5,
        decimal_places=4,
        initial=Decimal("0.5"),
        required=False,
    )
    tie_break = forms.ChoiceField(
        label=gettext_lazy("Ties at the cut line"), choices=Stage.TieBreak.choices
    )

    def clean(self):
        data = super().clean()
        if data.get("carry") == Stage.Carry.FRACTION and data.get("carry_fraction") is None:
            self.add_error(
                "carry_fraction", gettext_lazy("Give the fraction carried, between 0 and 1.")
            )
        if data.get("carry_fraction") is None:
            data["carry_fraction"] = Decimal("0.5")
        return data


class ReplaceForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Why"), max_length=200)
