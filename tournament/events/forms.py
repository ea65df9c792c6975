"""Forms: they parse and check input; the rules core and the services decide the rest.

The ruleset overrides are checked by the rules core (``get_ruleset``), whose violations
become form errors on the field they concern: the form knows no rule of its own.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms

from tournament.models import Staff, Tournament

DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
DATETIME = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")

# Override fields of the form -> parameter of scoring.rules.rulesets.Ruleset.
OVERRIDE_FIELDS = {
    "uma": "uma",
    "start_points": "start_points",
    "return_points": "return_points",
    "signal_minutes": "signal_minutes_before_end",
    "chombo_points": "chombo_points",
    "late_points_per_minute": "late_points_per_minute",
    "missed_session_points": "missed_session_points",
}


def _preset_hint(parameter: str) -> str:
    from scoring.rules.rulesets import RULESETS

    def show(value):
        return ", ".join(str(v) for v in value) if isinstance(value, tuple) else str(value)

    return (
        "Blank: the preset's value ("
        + "; ".join(f"{name} {show(getattr(r, parameter))}" for name, r in RULESETS.items())
        + ")."
    )


class TournamentForm(forms.ModelForm):
    """The settings of a tournament, with the common ruleset overrides as their own fields."""

    session_minutes = forms.IntegerField(
        label="Session length (minutes)",
        required=False,
        min_value=30,
        max_value=300,
        help_text=_preset_hint("session_minutes"),
    )
    uma = forms.CharField(
        label="Uma (1st, 2nd, 3rd, 4th)",
        required=False,
        help_text="Four numbers in tournament points, e.g. 15, 5, -5, -15. " + _preset_hint("uma"),
    )
    start_points = forms.IntegerField(
        label="Start points", required=False, help_text=_preset_hint("start_points")
    )
    return_points = forms.IntegerField(
        label="Return points", required=False, help_text=_preset_hint("return_points")
    )
    signal_minutes = forms.IntegerField(
        label="Signal (minutes before the end)",
        required=False,
        min_value=0,
        help_text=_preset_hint("signal_minutes_before_end"),
    )
    chombo_points = forms.FloatField(
        label="Chombo penalty (points)", required=False, help_text=_preset_hint("chombo_points")
    )
    late_points_per_minute = forms.FloatField(
        label="Lateness penalty per minute (points)",
        required=False,
        help_text=_preset_hint("late_points_per_minute"),
    )
    missed_session_points = forms.FloatField(
        label="Missed session penalty (points)",
        required=False,
        help_text=_preset_hint("missed_session_points"),
    )
    other_overrides = forms.CharField(
        label="Other rule overrides (JSON)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text='Any other parameter of the rules core, e.g. {"kiriage_mangan": true}.',
    )
    tables = forms.IntegerField(
        label="Number of tables",
        required=False,
        min_value=1,
        max_value=500,
        help_text="Blank: a quarter of the player limit. Name them later on the tables page.",
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "venue",
            "city",
            "country",
            "start_date",
            "end_date",
            "ruleset",
            "ema_rated",
            "session_count",
            "session_minutes",
            "player_limit",
            "registration_opens",
            "registration_closes",
            "visibility",
            "sheet_needs_second_referee",
        ]
        labels = {
            "session_count": "Number of sessions",
            "player_limit": "Player limit",
            "registration_opens": "Registration opens",
            "registration_closes": "Registration closes",
        }
        help_texts = {
            "player_limit": "Blank: no limit. Beyond it, players go to the waiting list.",
            "registration_opens": "Blank: closed until you open it from the dashboard.",
        }
        widgets = {
            "start_date": DATE,
            "end_date": DATE,
            "registration_opens": DATETIME,
            "registration_closes": DATETIME,
        }

    def __init__(self, *args, creating: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not creating:
            del self.fields["tables"]
        self.fields["session_count"].min_value = 1
        overrides = dict(self.instance.rule_overrides or {}) if self.instance.pk else {}
        for name, parameter in OVERRIDE_FIELDS.items():
            value = overrides.pop(parameter, None)
            if isinstance(value, list):
                value = ", ".join(str(v) for v in value)
            if value is not None:
                self.initial.setdefault(name, value)
        overrides.pop("session_minutes", None)
        if overrides:
            self.initial.setdefault("other_overrides", json.dumps(overrides))

    def clean_uma(self):
        text = self.cleaned_data["uma"].strip()
        if not text:
            return None
        try:
            return [float(v) if "." in v else int(v) for v in text.replace(";", ",").split(",")]
        except ValueError:
            raise forms.ValidationError(
                "Write four numbers separated by commas, e.g. 15, 5, -5, -15."
            ) from None

    def clean_other_overrides(self):
        text = self.cleaned_data["other_overrides"].strip()
        if not text:
            return {}
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(
                f"This is not JSON: {exc.msg} at character {exc.pos}."
            ) from None
        if not isinstance(value, dict):
            raise forms.ValidationError('Write an object such as {"kiriage_mangan": true}.')
        return value

    def clean(self) -> dict[str, Any]:
        from scoring.rules.errors import RuleViolation
        from scoring.rules.rulesets import get_ruleset, ruleset_overrides

        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", "The event cannot end before it starts.")
        opens, closes = data.get("registration_opens"), data.get("registration_closes")
        if opens and closes and closes <= opens:
            self.add_error("registration_closes", "Registration must close after it opens.")
        if "ruleset" not in data or "other_overrides" not in data:
            return data
        fields_of = {parameter: name for name, parameter in OVERRIDE_FIELDS.items()}
        fields_of["session_minutes"] = "session_minutes"
        overrides = dict(data["other_overrides"])
        for name, parameter in OVERRIDE_FIELDS.items():
            if name in self.errors:
                return data
            if data.get(name) is not None:
                overrides[parameter] = data[name]
        if data.get("session_minutes"):
            overrides["session_minutes"] = data["session_minutes"]
        try:
            ruleset = get_ruleset(data["ruleset"], **overrides)
        except RuleViolation as violation:
            parameter = violation.params.get("name")
            self.add_error(fields_of.get(parameter, "other_overrides"), violation.message)
            return data
        changed = ruleset_overrides(ruleset)
        changed.pop("session_minutes", None)  # the tournament's own field (services)
        data["rule_overrides"] = changed
        return data


class TablesForm(forms.Form):
    count = forms.IntegerField(label="Number of tables", min_value=1, max_value=500)
    names = forms.CharField(
        label="Names (optional)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text="Line n names table n, e.g. “Stage” for a streamed table. "
        "A blank line leaves a table with its number only.",
    )

    def clean_names(self) -> list[str]:
        lines = self.cleaned_data["names"].splitlines()
        while lines and not lines[-1].strip():
            lines.pop()
        return lines


class SessionScheduleForm(forms.Form):
    number = forms.IntegerField(widget=forms.HiddenInput)
    planned_start = forms.DateTimeField(label="Planned start", required=False, widget=DATETIME)
    minutes = forms.IntegerField(label="Length (minutes)", min_value=1, max_value=600)


SessionScheduleFormSet = forms.formset_factory(SessionScheduleForm, extra=0)


class StaffForm(forms.Form):
    username = forms.CharField(label="User name", max_length=150)
    role = forms.ChoiceField(choices=Staff.Role.choices)
    may_run_clock = forms.BooleanField(label="May run the session clock (referees)", required=False)
