"""Forms of registration: a person's details, sign-up, adding a player by hand, the import file."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from tournament.models import MAX_TEAM_SIZE, Player, Team, TeamScore
from tournament.registration.entry_forms import EntryForm, RegistrationEntryForm
from tournament.registration.importing import PlayerRow, RowCheck, labelled
from web.fields import bounded_integer


class PersonForm(EntryForm):
    """A person's details; their formats are ``EntryForm``'s, the checks against the people
    on record (duplicates, who he is) ``importing.check_rows``."""

    def row(self) -> PlayerRow:
        data = self.cleaned_data
        return PlayerRow(
            line=0,
            first_name=data["first_name"],
            last_name=data["last_name"],
            ema_number=data["ema_number"],
            country=data["country"],
            club=data["club"],
            email=data["email"],
            raw_reserve="yes" if data.get("reserve") else "",
            team=data.get("team") or "",
        )

    def add_check_errors(self, check: RowCheck) -> None:
        """Show the verdict of ``check_rows`` on the fields it concerns."""
        for fieldname, message in check.errors:
            if fieldname in self.fields:
                self.add_error(fieldname, message)
            else:
                self.add_error(None, labelled(fieldname, message))


class RegistrationAddForm(RegistrationEntryForm, PersonForm):
    """The organiser adds a player; the team is asked only when the tournament has teams."""

    def __init__(self, *args, teams: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        if not teams:
            del self.fields["team"]


class SignUpForm(UserCreationForm, PersonForm):
    """An account and the player it belongs to, in one form."""

    class Meta(UserCreationForm.Meta):
        fields = ("username",)

    # The address password reset mails to: an account without one cannot get back in.
    email = forms.EmailField(
        label=gettext_lazy("E-mail"), help_text=gettext_lazy("For resetting a forgotten password.")
    )

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


class PlayerEditForm(forms.ModelForm):
    """A player's details, corrected by an organiser or by the player himself."""

    class Meta:
        model = Player
        fields = (
            "first_name",
            "last_name",
            "ema_number",
            "country",
            "club",
            "email",
            "consent_stream",
            "consent_photos",
        )
        # The page's language: the model's field names ("first name") are English.
        labels = {
            "first_name": gettext_lazy("First name"),
            "last_name": gettext_lazy("Last name"),
            "ema_number": gettext_lazy("EMA number"),
            "country": gettext_lazy("Country"),
            "club": gettext_lazy("Club"),
            "email": gettext_lazy("E-mail"),
        }

    def __init__(self, *args, private: bool = True, locked: bool = False, **kwargs):
        """``private``: the e-mail is shown (to the owning tournament's staff and the
        person only: another tournament's export showed it); ``locked``: the person owns
        his details (he has an account), so an organiser sees them but cannot change them."""
        super().__init__(*args, **kwargs)
        if not private:
            del self.fields["email"]
        if locked:
            for field in self.fields.values():
                field.disabled = True

    def clean_ema_number(self) -> str:
        number = self.cleaned_data["ema_number"].replace(" ", "")
        # The unique constraint would say only "Constraint ... is violated"; name the holder.
        # Within the record's own tournament (or among profiles): another tournament's
        # entry of the same person has the same number in a row of its own.
        holder = (
            Player.objects.filter(ema_number=number, tournament=self.instance.tournament_id)
            .exclude(pk=self.instance.pk)
            .first()
            if number
            else None
        )
        if holder is not None:
            raise forms.ValidationError(
                gettext("{number} already belongs to {holder}.").format(
                    number=number, holder=holder
                )
            )
        return number


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("CSV or XLSX file"),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,.txt"}),
        help_text=gettext_lazy(
            "First line: column names. Needed: first name, last name, country; "
            "optional: EMA number, club, e-mail, reserve (yes/no), team."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                gettext("{name} is {value} KB; the limit is {value2} KB.").format(
                    name=upload.name, value=upload.size // 1024, value2=MAX_UPLOAD_BYTES // 1024
                )
            )
        return upload


MAX_UPLOAD_BYTES = 2 * 1024 * 1024


# --- teams ----------------------------------------------------------------------------


class TeamSettingsForm(forms.Form):
    """The tournament's team settings (teams.team_settings_update checks them again)."""

    size = bounded_integer(
        gettext_lazy("Team size"),
        min_value=0,
        max_value=MAX_TEAM_SIZE,
        help_text=gettext_lazy("Players per team; 0: no teams."),
    )
    score = forms.ChoiceField(label=gettext_lazy("Team score"), choices=TeamScore.choices)
    best = bounded_integer(
        gettext_lazy("Best N"),
        min_value=1,
        max_value=MAX_TEAM_SIZE,
        help_text=gettext_lazy("With “best N”: how many of a team's best totals count."),
    )
    apart = forms.BooleanField(
        label=gettext_lazy("Keep team-mates apart in the seating"),
        required=False,
        help_text=gettext_lazy("Team-mates never play at one table."),
    )

    def clean(self):
        data = super().clean()
        size, best = data.get("size"), data.get("best")
        if size and best and best > size:
            self.add_error(
                "best", gettext_lazy("Best N: at most the team size (%(size)d).") % {"size": size}
            )
        return data


class TeamForm(forms.Form):
    """A team's name and members: its own members and the players without a team."""

    name = forms.CharField(label=pgettext_lazy("a team's", "Name"), max_length=Team.MAX_NAME)
    members = forms.MultipleChoiceField(
        label=gettext_lazy("Members"), required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, choices=(), size: int = 0, **kwargs):
        super().__init__(*args, **kwargs)
        self.size = size
        self.fields["members"].choices = list(choices)
        self.fields["members"].help_text = gettext_lazy("At most %(size)d.") % {"size": size}

    def clean_members(self) -> list[int]:
        members = [int(m) for m in self.cleaned_data["members"]]
        if len(members) > self.size:
            raise forms.ValidationError(
                gettext_lazy("A team has at most %(size)d players; %(count)d were chosen.")
                % {"size": self.size, "count": len(members)}
            )
        return members


class WithdrawalForm(forms.Form):
    """Why a player is withdrawn: stored with the registration, when and by whom."""

    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("e.g. ill, cancelled by e-mail, left after session 3"),
    )
