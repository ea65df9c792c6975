"""The checks every new entry goes through, typed on a page or read from a file.

The organiser's form, the sign-up and the profile are these forms with their pages' extras;
the import (importing.py) reads a file and feeds each row through ``RegistrationEntryForm``,
so a row and a typed entry get the same messages.  Checks that need the other rows of a file
or the people on record (duplicates, who a row is, a team's room) are ``importing.check_rows``.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy
from django_countries import countries

from tournament.ema import country_mismatch, is_valid_ema_number
from tournament.models import Team
from tournament.names import clean_name

# How a file or a checkbox says yes or no to "reserve" (a ticked checkbox posts "on").
YES = {"yes", "y", "1", "true", "x", "ja", "oui", "reserve", "on"}
NO = {"", "no", "n", "0", "false", "nein", "non"}
# No country's name is longer; a longer text is not looked up.
_COUNTRY_MAX = 60


def lost_leading_zero(number: str) -> bool:
    """Seven digits that a spreadsheet read as a number: the EMA's 8-digit number lost its
    leading 0 (Austria is 01..., and 02-09 too). Seven digits that already start with 0
    lost another digit, not the zero: no association number starts with 00.
    """
    return len(number) == 7 and number.isdigit() and not number.startswith("0")


class CountryField(forms.ChoiceField):
    """A country by its ISO code (what the page's list posts) or its name (what a file holds)."""

    default_error_messages = {
        "invalid_choice": gettext_lazy(
            "“%(value)s” is not a country (use an ISO code such as DE or a name)."
        ),
    }

    def __init__(self, **kwargs):
        # A blank first choice: a country is chosen, never assumed (the list starts with "A").
        super().__init__(choices=lambda: [("", gettext("Choose a country")), *countries], **kwargs)

    def to_python(self, value) -> str:
        text = super().to_python(value).strip()
        if not text or len(text) > _COUNTRY_MAX:
            return text
        return countries.alpha2(text) or countries.by_name(text) or text


class YesNoCheckbox(forms.CheckboxInput):
    """A checkbox on the page; the text itself from a file ("ja", "no", "maybe")."""

    def value_from_datadict(self, data, files, name):
        value = data.get(name, "")
        return value if isinstance(value, str) else bool(value)


class YesNoField(forms.Field):
    widget = YesNoCheckbox(check_test=lambda value: value is True or str(value).lower() in YES)

    def to_python(self, value) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value or "").strip().lower()
        if text in YES:
            return True
        if text in NO:
            return False
        raise ValidationError(
            gettext("“{value}” is neither yes nor no.").format(value=str(value)[:40]),
            code="invalid",
        )

    def validate(self, value) -> None:  # False is an answer, not a missing value
        pass


def _name(field: forms.Field, value: str) -> str:
    """The one stored spelling (NFC, no invisible characters); nothing left is no name."""
    name = clean_name(value)
    if not name and field.required:
        raise ValidationError(field.error_messages["required"], code="required")
    return name


class EntryForm(forms.Form):
    """A person's details and their formats: names, EMA number, country, club, e-mail."""

    first_name = forms.CharField(label=gettext_lazy("First name"), max_length=100)
    last_name = forms.CharField(label=gettext_lazy("Last name"), max_length=100)
    ema_number = forms.CharField(
        label=gettext_lazy("EMA number"),
        required=False,
        max_length=12,
        help_text=gettext_lazy(
            "8 digits, the first two naming the national association. Blank if none."
        ),
    )
    country = CountryField(label=gettext_lazy("Country"))
    club = forms.CharField(label=gettext_lazy("Club"), max_length=120, required=False)
    email = forms.EmailField(label=gettext_lazy("E-mail"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.warnings: list[str] = []  # what passes but the organiser should know

    def clean_first_name(self) -> str:
        return _name(self.fields["first_name"], self.cleaned_data["first_name"])

    def clean_last_name(self) -> str:
        return _name(self.fields["last_name"], self.cleaned_data["last_name"])

    def clean_club(self) -> str:
        return clean_name(self.cleaned_data["club"])

    def clean_ema_number(self) -> str:
        typed = self.cleaned_data["ema_number"]
        number = typed.replace(" ", "")
        if lost_leading_zero(number):
            # A spreadsheet drops the leading zero of 01... (Austria) and 0x... numbers.
            self.warnings.append(
                gettext("EMA number {number} read as 0{number} (a lost leading zero).").format(
                    number=number
                )
            )
            number = "0" + number
        if number and not is_valid_ema_number(number):
            if len(number) == 7 and number.isdigit():
                raise ValidationError(
                    gettext(
                        "“{number}” is not 8 digits (it starts with 0 already, so no leading "
                        "zero was lost: a digit is missing)."
                    ).format(number=typed)
                )
            raise ValidationError(gettext("“{number}” is not 8 digits.").format(number=typed))
        return number

    def clean(self):
        data = super().clean()
        number, country = data.get("ema_number"), data.get("country")
        if number and country and not self.errors:
            issuer = country_mismatch(number, country)
            if issuer:
                self.warnings.append(
                    gettext(
                        "EMA number {number} was issued in {issuer}, the player's country is "
                        "{country}."
                    ).format(
                        number=number,
                        issuer=countries.name(issuer),
                        country=countries.name(country),
                    )
                )
        return data


class RegistrationEntryForm(EntryForm):
    """A new registration: the person, and whether a reserve and in which team."""

    reserve = YesNoField(
        label=gettext_lazy("Reserve (substitute)"),
        required=False,
        help_text=gettext_lazy("Plays only in place of others or to complete the last table."),
    )
    # Shown when the tournament has teams; a new name makes a new team.
    team = forms.CharField(
        label=gettext_lazy("Team"),
        required=False,
        max_length=Team.MAX_NAME,
        help_text=gettext_lazy("Optional. A name not used yet makes a new team."),
    )

    def clean_team(self) -> str:
        return clean_name(self.cleaned_data["team"])
