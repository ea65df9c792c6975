"""Forms: they parse and check input; the rules core and the services decide the rest.

The ruleset overrides are checked by the rules core (``get_ruleset``), whose violations
become form errors on the field they concern: the form knows no rule of its own.
"""

from __future__ import annotations

import json
import math
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy

from scoring.rules.errors import RuleViolation
from scoring.rules.rulesets import RULESETS, get_ruleset, ruleset_overrides
from scoring.wording import violation_message
from tournament.events.services import MAX_SESSIONS, MAX_TABLES
from tournament.models import MAX_RETENTION_DAYS, Staff, Tournament
from web.fields import bounded_float, bounded_integer, bounded_text

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


# Bounds of the settings (NaN, Infinity and absurd values were accepted).  MAX_SESSIONS (30,
# tournament.events.services, which checks it too): EMA-rated events play 4 to 12 sessions
# and a five-day championship at four a day plays 20; 30 leaves room and keeps the seating
# (every session planned against all the others) and the standings' columns sane.  70,000
# sessions made 70,000 rows and a schedule no page can show.  MAX_TABLES (500): the largest
# riichi events seat a few hundred players; 500 tables are 2,000 players.
MAX_PLAYERS = 4 * MAX_TABLES
# Points of the game: EMA and WRC start at 30,000, other rules at 25,000 or 0 (Aalto 3).
MAX_START_POINTS = 100_000
# Tournament points: an uma place is 15 (EMA 3.6.1), 30 in the biggest common uma; a chombo
# costs 20 (EMA 3.4.6), a missed session 30 (WRC 7.2), lateness 1 a minute (EMA 5.7).
MAX_UMA = 100
MAX_PENALTY = 100
MAX_PENALTY_PER_MINUTE = 10
# The JSON of the other overrides: flat parameters (a number, a word, true/false, or a list
# of those, e.g. the abortive draws); nothing nested deeper, nothing long.
MAX_OVERRIDES_LENGTH = 2000
MAX_OVERRIDE_NUMBER = 1_000_000


def _check_override_value(name: str, value: Any, depth: int = 0) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int | float):
        if not math.isfinite(value) or abs(value) > MAX_OVERRIDE_NUMBER:
            raise forms.ValidationError(
                gettext(
                    "Other rule overrides: {name} must be a number between "
                    "-{MAX_OVERRIDE_NUMBER:,} and {MAX_OVERRIDE_NUMBER:,}."
                ).format(name=name, MAX_OVERRIDE_NUMBER=MAX_OVERRIDE_NUMBER)
            )
        return
    if isinstance(value, str):
        if len(value) > 100:
            raise forms.ValidationError(
                gettext("Other rule overrides: {name} is too long a word.").format(name=name)
            )
        return
    if isinstance(value, list) and depth == 0:
        for item in value:
            _check_override_value(name, item, depth + 1)
        return
    raise forms.ValidationError(
        gettext(
            "Other rule overrides: {name} must be a number, a word, "
            "true/false or a list of those, not a nested list or "
            "object."
        ).format(name=name)
    )


def _refuse_constant(text: str):
    raise ValueError(f"{text} is not a number a rule can use")


def _preset_hint(parameter: str):

    def show(value):
        return ", ".join(str(v) for v in value) if isinstance(value, tuple) else str(value)

    values = "; ".join(f"{name} {show(getattr(r, parameter))}" for name, r in RULESETS.items())
    return format_lazy(gettext_lazy("Blank: the preset's value ({values})."), values=values)


class TournamentForm(forms.ModelForm):
    """The settings of a tournament, with the common ruleset overrides as their own fields."""

    session_minutes = forms.IntegerField(
        label=gettext_lazy("Session length (minutes)"),
        required=False,
        min_value=30,
        max_value=300,
        help_text=_preset_hint("session_minutes"),
    )
    uma = bounded_text(
        max_length=100,
        label=gettext_lazy("Uma (1st, 2nd, 3rd, 4th)"),
        required=False,
        help_text=format_lazy(
            "{} {}",
            gettext_lazy("Four numbers in tournament points, e.g. 15, 5, -5, -15."),
            _preset_hint("uma"),
        ),
    )
    start_points = bounded_integer(
        gettext_lazy("Start points"),
        min_value=0,
        max_value=MAX_START_POINTS,
        required=False,
        help_text=_preset_hint("start_points"),
    )
    return_points = bounded_integer(
        gettext_lazy("Return points"),
        min_value=0,
        max_value=MAX_START_POINTS,
        required=False,
        help_text=_preset_hint("return_points"),
    )
    signal_minutes = bounded_integer(
        gettext_lazy("Signal (minutes before the end)"),
        required=False,
        min_value=0,
        max_value=60,
        help_text=_preset_hint("signal_minutes_before_end"),
    )
    chombo_points = bounded_float(
        gettext_lazy("Chombo penalty (points)"),
        min_value=-MAX_PENALTY,
        max_value=MAX_PENALTY,
        required=False,
        help_text=_preset_hint("chombo_points"),
    )
    late_points_per_minute = bounded_float(
        gettext_lazy("Lateness penalty per minute (points)"),
        min_value=-MAX_PENALTY_PER_MINUTE,
        max_value=MAX_PENALTY_PER_MINUTE,
        required=False,
        help_text=_preset_hint("late_points_per_minute"),
    )
    missed_session_points = bounded_float(
        gettext_lazy("Missed session penalty (points)"),
        min_value=-MAX_PENALTY,
        max_value=MAX_PENALTY,
        required=False,
        help_text=_preset_hint("missed_session_points"),
    )
    other_overrides = forms.CharField(
        label=gettext_lazy("Other rule overrides (JSON)"),
        required=False,
        max_length=MAX_OVERRIDES_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy(
            'Any other parameter of the rules core, e.g. {"kiriage_mangan": true}.'
        ),
    )
    tables = bounded_integer(
        gettext_lazy("Number of tables"),
        required=False,
        min_value=1,
        max_value=MAX_TABLES,
        help_text=gettext_lazy(
            "Blank: a quarter of the player limit. Name them later on the tables page."
        ),
    )
    session_count = bounded_integer(
        gettext_lazy("Number of sessions"), min_value=1, max_value=MAX_SESSIONS
    )
    player_limit = bounded_integer(
        gettext_lazy("Player limit"),
        min_value=4,
        max_value=MAX_PLAYERS,
        required=False,
        help_text=gettext_lazy("Blank: no limit. Beyond it, players go to the waiting list."),
    )

    retention_days = bounded_integer(
        gettext_lazy("Keep the players' e-mails (days after the end)"),
        min_value=0,
        max_value=MAX_RETENTION_DAYS,
        required=False,
        help_text=gettext_lazy(
            "Blank: kept. Then the e-mails of this tournament's entries are removed; the "
            "results keep names, countries and EMA numbers."
        ),
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
            "hold_results",
            "retention_days",
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
            values = [float(v) if "." in v else int(v) for v in text.replace(";", ",").split(",")]
        except ValueError:
            raise forms.ValidationError(
                gettext("Uma: write four numbers separated by commas, e.g. 15, 5, -5, -15.")
            ) from None
        if len(values) > 4 or not all(math.isfinite(v) and abs(v) <= MAX_UMA for v in values):
            # NaN and infinity ("nan", "inf") are floats to Python, never an uma.
            raise forms.ValidationError(
                gettext(
                    "Uma: four numbers between -{MAX_UMA} and {MAX_UMA}, e.g. 15, 5, -5, -15."
                ).format(MAX_UMA=MAX_UMA)
            )
        return values

    def clean_other_overrides(self):
        text = self.cleaned_data["other_overrides"].strip()
        if not text:
            return {}
        try:
            # NaN and Infinity are JavaScript, not JSON, though Python's parser takes them.
            value = json.loads(text, parse_constant=_refuse_constant)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(
                gettext("Other rule overrides: this is not JSON: {msg} at character {pos}.").format(
                    msg=exc.msg, pos=exc.pos
                )
            ) from None
        except (ValueError, RecursionError) as exc:
            # RecursionError: thousands of nested brackets; the length bound stops the rest.
            reason = str(exc) if isinstance(exc, ValueError) else "nested too deeply"
            raise forms.ValidationError(
                gettext("Other rule overrides: {reason}.").format(reason=reason)
            ) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(
                gettext('Other rule overrides: write an object such as {"kiriage_mangan": true}.')
            )
        for name, item in value.items():
            _check_override_value(name[:40], item)
        return value

    def clean(self) -> dict[str, Any]:

        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", gettext("The event cannot end before it starts."))
        opens, closes = data.get("registration_opens"), data.get("registration_closes")
        if opens and closes and closes <= opens:
            self.add_error(
                "registration_closes", gettext("Registration must close after it opens.")
            )
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
            self.add_error(
                fields_of.get(parameter, "other_overrides"), violation_message(violation)
            )
            return data
        changed = ruleset_overrides(ruleset)
        changed.pop("session_minutes", None)  # the tournament's own field (services)
        data["rule_overrides"] = changed
        return data


class TablesForm(forms.Form):
    count = bounded_integer(gettext_lazy("Number of tables"), min_value=1, max_value=MAX_TABLES)
    # A name of at most 40 characters per table, one a line.
    names = bounded_text(
        max_length=MAX_TABLES * 41,
        label=gettext_lazy("Names (optional)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=gettext_lazy(
            "Line n names table n, e.g. “Stage” for a streamed table. "
            "A blank line leaves a table with its number only."
        ),
    )

    def clean_names(self) -> list[str]:
        lines = self.cleaned_data["names"].splitlines()
        while lines and not lines[-1].strip():
            lines.pop()
        return lines


class SessionScheduleForm(forms.Form):
    number = bounded_integer(
        gettext_lazy("Session"), min_value=1, max_value=MAX_SESSIONS, widget=forms.HiddenInput
    )
    planned_start = forms.DateTimeField(
        label=gettext_lazy("Planned start"), required=False, widget=DATETIME
    )
    minutes = bounded_integer(gettext_lazy("Length (minutes)"), min_value=1, max_value=600)


# A forged TOTAL_FORMS makes no more forms than there can be sessions.
SessionScheduleFormSet = forms.formset_factory(
    SessionScheduleForm, extra=0, max_num=MAX_SESSIONS, absolute_max=MAX_SESSIONS
)


class StaffForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("User name"), max_length=150)
    role = forms.ChoiceField(choices=Staff.Role.choices)
    may_run_clock = forms.BooleanField(
        label=gettext_lazy("May run the session clock (referees)"), required=False
    )
