"""The form that closes a call to the referee."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from web.fields import bounded_text

from ..models import RefereeCall


class CloseCallForm(forms.Form):
    # Required: the log must say what the referee found, or the call tells nobody anything.
    note = bounded_text(
        label=gettext_lazy("Note"),
        max_length=RefereeCall.NOTE_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("What was asked and what you decided; it stays in the log."),
    )
