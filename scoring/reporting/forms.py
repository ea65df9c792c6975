"""Forms of player reporting: the organiser's setting and the players' answers."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from scoring.models import ReportingSettings, SheetResponse
from tournament import slip_codes

ANSWERS = [
    (SheetResponse.Kind.CONFIRMED, gettext_lazy("Confirm")),
    (SheetResponse.Kind.DISPUTED, gettext_lazy("Dispute")),
]


class ReportingSettingsForm(forms.ModelForm):
    confirm_minutes = forms.IntegerField(
        label=gettext_lazy("Minutes to confirm"),
        min_value=1,
        max_value=240,
        help_text=gettext_lazy(
            "After this many minutes without the four confirmations, the table goes "
            "to the referee desk in red."
        ),
    )

    class Meta:
        model = ReportingSettings
        fields = ["entry", "confirm_minutes"]
        labels = {"entry": "Who enters the score sheets"}


class AnswerForm(forms.Form):
    """A player's answer to the version of the sheet he read."""

    # The sheet's version column is a 32-bit integer (as the referee's sheet form bounds it).
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**31 - 1)
    kind = forms.ChoiceField(choices=ANSWERS, label=gettext_lazy("Answer"))
    reason = forms.CharField(
        required=False,
        max_length=500,
        label=gettext_lazy("What is wrong (for a dispute)"),
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class CodeAnswerForm(AnswerForm):
    """The same answer, given on a table-mate's phone with the personal code."""

    code = forms.CharField(
        label=gettext_lazy("Personal code (on the seating slip)"),
        max_length=slip_codes.TYPED_MAX_LENGTH,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )
