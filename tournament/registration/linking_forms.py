"""The forms of the three ways to link an account to a player on record (linking.py)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournament import slip_codes
from tournament.models import Registration, Tournament


class CodeForm(forms.Form):
    tournament = forms.ModelChoiceField(
        label=gettext_lazy("Tournament"),
        queryset=Tournament.objects.filter(visibility=Tournament.Visibility.PUBLISHED),
        to_field_name="slug",
    )
    code = forms.CharField(
        label=gettext_lazy("Personal code on your slip"),
        max_length=slip_codes.TYPED_MAX_LENGTH,
        strip=True,
    )


class MailForm(forms.Form):
    tournament = forms.ModelChoiceField(
        label=gettext_lazy("Tournament"),
        queryset=Tournament.objects.filter(visibility=Tournament.Visibility.PUBLISHED),
        to_field_name="slug",
    )
    ema_number = forms.CharField(
        label=gettext_lazy("EMA number"),
        max_length=12,
        help_text=gettext_lazy(
            "A link goes to the e-mail address that tournament recorded for its player."
        ),
    )


class RequestForm(forms.Form):
    """The organisers' approval: a player of one tournament, and a word for them."""

    registration = forms.ModelChoiceField(
        label=gettext_lazy("You are"), queryset=Registration.objects.none()
    )
    message = forms.CharField(
        label=gettext_lazy("A word for the organisers (how they may know you)"),
        max_length=300,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["registration"].queryset = (
            tournament.registrations.exclude(status=Registration.Status.WITHDRAWN)
            .filter(player__user__isnull=True)
            .select_related("player")
        )
        self.fields["registration"].label_from_instance = lambda r: str(r.player)
