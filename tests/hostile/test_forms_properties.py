"""Every Django form of the project, driven with hostile values in each field.

The forms are discovered (every Form or ModelForm subclass defined in tournament/, scoring/
and referee/), so a new form without a factory here fails ``test_every_form_is_covered``.
For every field: ``is_valid()`` never raises, and the value is either accepted (it is in
``cleaned_data``) or refused with an error on that very field, never elsewhere or as a 500.
Numbers beyond any bound and NaN or infinity are always refused on their field.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from decimal import Decimal, InvalidOperation

import pytest
from django import forms
from django.http import QueryDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile.values import hostile
from tournament.models import Player, Tournament

NAMES = ["Ann Ash", "Bob Birch", "Cid Cedar", "Dee Dogwood"]
PACKAGES = ("tournament", "scoring", "referee", "results", "companion", "web")


def discover_forms() -> dict[str, type]:
    found: dict[str, type] = {}
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            if ".rules" in info.name or ".core" in info.name or "migrations" in info.name:
                continue
            if not info.name.endswith("forms"):
                continue
            module = importlib.import_module(info.name)
            for name, obj in inspect.getmembers(module, inspect.isclass):
                if (
                    issubclass(obj, forms.BaseForm)
                    and obj.__module__ == module.__name__
                    and not issubclass(obj, forms.BaseFormSet)
                ):
                    found[f"{module.__name__}.{name}"] = obj
    return found


def _tournament() -> Tournament:
    return Tournament(name="Test Open", slug="test-open", ruleset="ema2016", rule_overrides={})


def _reserves() -> list[Player]:
    return [Player(pk=7, first_name="Rita", last_name="Reserve", country="NL")]


def _hands_sheet(data):
    from scoring.forms import HandFormSet, HandsSheetForm

    formset = HandFormSet(
        data,
        prefix="hands",
        form_kwargs={"names": NAMES, "ruleset": _tournament().rules()},
    )
    return HandsSheetForm(data, formset=formset, tournament=_tournament(), names=NAMES)


FINAL = {
    "version": "0",
    "points_0": "41000",
    "points_1": "27000",
    "points_2": "30000",
    "points_3": "22000",
    "riichi_left": "0",
    "chombo_0": "0",
    "substitute_0": "",
    "reason": "",
}
HANDS = {
    "version": "0",
    "hands-TOTAL_FORMS": "1",
    "hands-INITIAL_FORMS": "0",
    "hands-0-kind": "tsumo",
    "hands-0-han_0": "3",
    "hands-0-fu_0": "30",
    "ended_by_time": "on",
}
PERSON = {
    "first_name": "Anna",
    "last_name": "Schmidt",
    "ema_number": "04000001",
    "country": "DE",
    "club": "Hamburg",
    "email": "anna@example.org",
}
TOURNAMENT = {
    "name": "Hamburg Riichi Open",
    "venue": "Hall",
    "city": "Hamburg",
    "country": "DE",
    "start_date": "2026-09-12",
    "end_date": "2026-09-13",
    "ruleset": "ema2016",
    "ema_rated": "on",
    "session_count": "8",
    "session_minutes": "90",
    "player_limit": "80",
    "registration_opens": "2026-08-01T10:00",
    "registration_closes": "2026-09-01T10:00",
    "visibility": "draft",
    "uma": "15, 5, -5, -15",
    "start_points": "30000",
    "return_points": "30000",
    "signal_minutes": "5",
    "chombo_points": "-20",
    "late_points_per_minute": "-1",
    "missed_session_points": "-15",
    "other_overrides": '{"kiriage_mangan": true}',
    "tables": "20",
}

# name -> (how to make it from data, valid data whose fields are then made hostile one by
# one, the fields to drive when the form makes its fields from its data)
FACTORIES = {
    "tournament.events.forms.TournamentForm": (
        lambda data: __import__("tournament.events.forms").events.forms.TournamentForm(
            data, creating=True
        ),
        TOURNAMENT,
    ),
    "tournament.events.forms.TablesForm": (
        lambda data: _form("tournament.events.forms", "TablesForm")(data),
        {"count": "10", "names": "Stage\n\nWindow"},
    ),
    "tournament.events.forms.SessionScheduleForm": (
        lambda data: _form("tournament.events.forms", "SessionScheduleForm")(data),
        {"number": "1", "planned_start": "2026-09-12T10:00", "minutes": "90"},
    ),
    "tournament.events.forms.StaffForm": (
        lambda data: _form("tournament.events.forms", "StaffForm")(data),
        {"username": "rene", "role": "referee", "may_run_clock": "on"},
    ),
    "tournament.registration.entry_forms.EntryForm": (
        lambda data: _form("tournament.registration.entry_forms", "EntryForm")(data),
        PERSON,
    ),
    "tournament.registration.entry_forms.RegistrationEntryForm": (
        lambda data: _form("tournament.registration.entry_forms", "RegistrationEntryForm")(data),
        {**PERSON, "reserve": "ja", "team": "Owls"},
    ),
    "tournament.registration.forms.PersonForm": (
        lambda data: _form("tournament.registration.forms", "PersonForm")(data),
        PERSON,
    ),
    "tournament.registration.forms.RegistrationAddForm": (
        lambda data: _form("tournament.registration.forms", "RegistrationAddForm")(data),
        {**PERSON, "reserve": "on", "team": "Owls"},
    ),
    "tournament.registration.forms.TeamSettingsForm": (
        lambda data: _form("tournament.registration.forms", "TeamSettingsForm")(data),
        {"size": "4", "score": "best", "best": "3", "apart": "on"},
    ),
    "tournament.registration.forms.TeamForm": (
        lambda data: _form("tournament.registration.forms", "TeamForm")(
            data, choices=[(11, "Anna"), (12, "Ben")], size=4
        ),
        {"name": "Owls", "members": "11"},
    ),
    "tournament.registration.forms.SignUpForm": (
        lambda data: _form("tournament.registration.forms", "SignUpForm")(data),
        {**PERSON, "username": "anna", "password1": "Ri1chi-Open!", "password2": "Ri1chi-Open!"},
    ),
    "tournament.registration.forms.ImportForm": (
        lambda data: _form("tournament.registration.forms", "ImportForm")(data, {}),
        {"file": "players.csv"},
    ),
    "scoring.forms.StandingsSettingsForm": (
        lambda data: _form("scoring.forms", "StandingsSettingsForm")(data),
        {"tie_break": "shared"},
    ),
    "scoring.forms.SheetMetaForm": (
        lambda data: _form("scoring.forms", "SheetMetaForm")(
            data, tournament=_tournament(), names=NAMES, confirmed=True
        ),
        {"version": "3", "reason": "typo", "substitute_1": "start"},
    ),
    "scoring.forms.FinalScoresForm": (
        lambda data: _form("scoring.forms", "FinalScoresForm")(
            data, tournament=_tournament(), names=NAMES
        ),
        FINAL,
    ),
    "scoring.forms.HandForm": (
        lambda data: _form("scoring.forms", "HandForm")(
            data, names=NAMES, ruleset=_tournament().rules()
        ),
        {"kind": "ron", "who": "S", "han_0": "2", "fu_0": "40", "riichi_0": "on", "liable": ""},
    ),
    "scoring.forms.HandsSheetForm": (_hands_sheet, HANDS),
    "scoring.forms.CalculatorForm": (
        lambda data: _form("scoring.forms", "CalculatorForm")(data, ruleset_name="ema2016"),
        {
            "tiles": "234m567p22s345678s",
            "win_tile": "8s",
            "melds": "",
            "seat_wind": "E",
            "round_wind": "E",
            "riichi": "on",
            "dora_indicators": "1m",
            "ura_dora_indicators": "",
        },
    ),
    "referee.forms.PenaltyForm": (
        lambda data: _form("referee.forms", "PenaltyForm")(
            data, ruleset=_tournament().rules(), kind="late"
        ),
        {"minutes": "3", "hand": "E3", "reason": "traffic"},
    ),
    "referee.forms.ReasonForm": (
        lambda data: _form("referee.forms", "ReasonForm")(data),
        {"reason": "cheating"},
    ),
    "referee.calls.forms.CloseCallForm": (
        lambda data: _form("referee.calls.forms", "CloseCallForm")(data),
        {"note": "Dead wall miscounted; replayed the hand"},
    ),
    "referee.forms.CorrectionForm": (
        lambda data: _form("referee.forms", "CorrectionForm")(
            data, ruleset=_tournament().rules(), kind="other"
        ),
        {"amount": "2.5", "hand": "S2", "reason": "noise", "correction": "typo"},
    ),
    "tournament.registration.forms.PlayerEditForm": (
        lambda data: _form("tournament.registration.forms", "PlayerEditForm")(data),
        {k: v for k, v in PERSON.items() if k in ("first_name", "last_name", "country", "email")},
    ),
    "scoring.reporting.forms.ReportingSettingsForm": (
        lambda data: _form("scoring.reporting.forms", "ReportingSettingsForm")(data),
        {"entry": "players", "confirm_minutes": "15"},
    ),
    "scoring.reporting.forms.AnswerForm": (
        lambda data: _form("scoring.reporting.forms", "AnswerForm")(data),
        {"version": "2", "kind": "disputed", "reason": "East had 1,000 more"},
    ),
    "scoring.reporting.forms.CodeAnswerForm": (
        lambda data: _form("scoring.reporting.forms", "CodeAnswerForm")(data),
        {"version": "2", "kind": "confirmed", "reason": "", "code": "K7P2QX"},
    ),
    "referee.forms.SubstitutionForm": (
        lambda data: _form("referee.forms", "SubstitutionForm")(
            data, reserves=_reserves(), session_started=True
        ),
        {"substitute": "7", "timing": "during", "reason": "ill"},
    ),
    "tournament.registration.forms.WithdrawalForm": (
        lambda data: _form("tournament.registration.forms", "WithdrawalForm")(data),
        {"reason": "ill after session 3"},
    ),
    "tournament.registration.linking_forms.CodeForm": (
        lambda data: _form("tournament.registration.linking_forms", "CodeForm")(data),
        {"tournament": "test-open", "code": "K7P2QX"},
    ),
    "tournament.registration.linking_forms.MailForm": (
        lambda data: _form("tournament.registration.linking_forms", "MailForm")(data),
        {"tournament": "test-open", "ema_number": "04000001"},
    ),
    "tournament.registration.linking_forms.RequestForm": (
        # A tournament with a key and no row: the form's choices are a query, never run here.
        lambda data: _form("tournament.registration.linking_forms", "RequestForm")(
            data, tournament=Tournament(pk=1, name="Test Open", slug="test-open")
        ),
        {"registration": "1", "message": "I am Anna, table 3 last year"},
    ),
    "results.stages.forms.StageForm": (
        lambda data: _form("results.stages.forms", "StageForm")(data),
        {
            "name": "Final",
            "sessions": "1",
            "advancing": "4",
            "seating": "standing",
            "carry": "fraction",
            "carry_fraction": "0.5",
            "tie_break": "placements",
        },
    ),
    "results.stages.forms.ReplaceForm": (
        lambda data: _form("results.stages.forms", "ReplaceForm")(data),
        {"reason": "ill"},
    ),
    # The person's own deletion: his password, checked against an account never saved.
    "results.privacy.forms.AccountDeleteForm": (
        lambda data: _form("results.privacy.forms", "AccountDeleteForm")(data, user=_anna()),
        {"password": "mahjong-demo"},
    ),
    # Notifications: a browser's subscription (the keys' sizes of RFC 8291), a follow, the
    # switches (each kind by push and by e-mail).
    "companion.forms.SubscriptionForm": (
        lambda data: _form("companion.forms", "SubscriptionForm")(data),
        {
            "endpoint": "https://push.example.org/send/abc",
            "p256dh": "BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g"
            "ISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A",
            "auth": "AAECAwQFBgcICQoLDA0ODw",
        },
    ),
    "companion.forms.EndpointForm": (
        lambda data: _form("companion.forms", "EndpointForm")(data),
        {"endpoint": "https://push.example.org/send/abc"},
    ),
    "companion.forms.PreferencesForm": (
        lambda data: _form("companion.forms", "PreferencesForm")(
            data, preference=__import__("companion.models").models.Preference()
        ),
        {"seating.push": "on", "results.email": "on"},
    ),
    "tournament.seating.forms.ApartGroupForm": (
        lambda data: _form("tournament.seating.forms", "ApartGroupForm")(
            data, choices=[(11, "Anna"), (12, "Ben"), (13, "Cid")]
        ),
        {"name": "Family Weber", "players": "11", "first_sessions": "2"},
    ),
    "tournament.seating.forms.CountriesApartForm": (
        lambda data: _form("tournament.seating.forms", "CountriesApartForm")(data),
        {"sessions": "3"},
    ),
}


def _anna():
    from django.contrib.auth import get_user_model

    user = get_user_model()(username="anna")
    user.set_password("mahjong-demo")
    return user


def _form(module: str, name: str):
    return getattr(importlib.import_module(module), name)


def test_every_form_is_covered():
    assert set(discover_forms()) == set(FACTORIES)


def _cases() -> list[tuple[str, str]]:
    cases = []
    for name, (make, valid) in FACTORIES.items():
        form = make(QueryDict(mutable=True))
        fields = set(form.fields) | set(valid)
        cases.extend((name, field) for field in sorted(fields))
    return cases


CASES = _cases()


def _number_beyond_any_bound(field, value: str) -> bool:
    if not isinstance(field, forms.IntegerField | forms.FloatField | forms.DecimalField):
        return False
    try:
        number = Decimal(value.strip())
    except (InvalidOperation, ValueError):
        return False
    return not number.is_finite() or abs(number) > 10**15


@pytest.mark.parametrize(
    ("name", "field"), CASES, ids=[f"{n.rsplit('.', 1)[1]}-{f}" for n, f in CASES]
)
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(value=hostile, twice=st.booleans())
def test_hostile_values_are_refused_on_their_field(db, name, field, value, twice):
    make, valid = FACTORIES[name]
    data = QueryDict(mutable=True)
    for key, good in valid.items():
        data[key] = good
    # "Wrong types": the same field sent twice (a list where one value is expected).
    data.setlist(field, [value[::-1], value] if twice else [value])  # the last one counts
    form = make(data)
    form.is_valid()  # must not raise
    if field not in form.fields:
        return  # a field the form made from its data, or dropped for this ruleset/kind
    assert field in form.errors or field in form.cleaned_data, (field, form.errors)
    if _number_beyond_any_bound(form.fields[field], value):
        assert field in form.errors, f"{field}={value!r} was accepted"


def test_the_cases_cover_every_field():
    """How many forms and fields the property test drives (quoted in the issue's report)."""
    assert len(FACTORIES) == 39
    assert len(CASES) == 216
