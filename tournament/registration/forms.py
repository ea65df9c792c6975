"""Forms of registration: a person's details, sign-up, adding a player by hand, the import file."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django_countries import countries

from tournament.names import clean_name
from tournament.registration.importing import LABELS, PlayerRow, RowCheck


class PersonForm(forms.Form):
    """A person's details; the checks (formats, duplicates) are ``importing.check_rows``."""

    first_name = forms.CharField(label="First name", max_length=100)
    last_name = forms.CharField(label="Last name", max_length=100)
    ema_number = forms.CharField(
        label="EMA number",
        required=False,
        max_length=12,
        help_text="8 digits, the first two naming the national association. Blank if none.",
    )
    # A blank first choice: a country is chosen, never assumed (the list starts with "A").
    country = forms.ChoiceField(choices=lambda: [("", "Choose a country"), *countries])
    club = forms.CharField(max_length=120, required=False)
    email = forms.EmailField(label="E-mail", required=False)

    def row(self) -> PlayerRow:
        data = self.cleaned_data
        return PlayerRow(
            line=0,
            # The one stored spelling (NFC, no invisible characters) before the duplicate check.
            first_name=clean_name(data["first_name"]),
            last_name=clean_name(data["last_name"]),
            ema_number=data["ema_number"].strip(),
            country=data["country"],
            club=clean_name(data["club"]),
            email=data["email"],
            raw_reserve="yes" if data.get("reserve") else "",
        )

    def add_check_errors(self, check: RowCheck) -> None:
        """Show the verdict of ``check_rows`` on the fields it concerns."""
        for fieldname, message in check.errors:
            if fieldname in self.fields:
                self.add_error(fieldname, message)
            else:
                self.add_error(None, f"{LABELS.get(fieldname, '')} {message}".strip())


class RegistrationAddForm(PersonForm):
    reserve = forms.BooleanField(
        label="Reserve (substitute)",
        required=False,
        help_text="Plays only in place of others or to complete the last table.",
    )


class SignUpForm(UserCreationForm, PersonForm):
    """An account and the player it belongs to, in one form."""

    class Meta(UserCreationForm.Meta):
        fields = ("username",)

    field_order = [
        "username",
        "password1",
        "password2",
        "first_name",
        "last_name",
        "ema_number",
        "country",
        "club",
        "email",
    ]


class ImportForm(forms.Form):
    file = forms.FileField(
        label="CSV or XLSX file",
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,.txt"}),
        help_text="First line: column names. Needed: first name, last name, country; "
        "optional: EMA number, club, e-mail, reserve (yes/no).",
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                f"{upload.name} is {upload.size // 1024} KB; the limit is "
                f"{MAX_UPLOAD_BYTES // 1024} KB."
            )
        return upload


MAX_UPLOAD_BYTES = 2 * 1024 * 1024
