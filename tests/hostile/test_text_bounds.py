"""Every text field of every form has a bound: one character beyond it is refused
on that field, with a message; the bound itself is taken.  The forms are those the property
test discovers (tests/hostile/test_forms_properties.py), so a new text field without a bound
fails here."""

from __future__ import annotations

import pytest
from django import forms
from django.http import QueryDict

from referee.models import Penalty
from tests.hostile.test_forms_properties import FACTORIES
from web.fields import REASON_MAX

# Passwords are not free text shown anywhere: Django's own fields, checked by its validators
# and bounded by DATA_UPLOAD_MAX_MEMORY_SIZE like every body.
UNBOUNDED_BY_DESIGN = (forms.PasswordInput, forms.HiddenInput)


def _text_fields() -> list[tuple[str, str]]:
    cases = []
    for name, (make, _valid) in FACTORIES.items():
        form = make(QueryDict(mutable=True))
        for field_name, field in form.fields.items():
            if isinstance(field, forms.CharField) and not isinstance(
                field.widget, UNBOUNDED_BY_DESIGN
            ):
                cases.append((name, field_name))
    return cases


CASES = _text_fields()


def test_there_are_text_fields_to_check():
    assert len(CASES) >= 20


@pytest.mark.parametrize(
    ("name", "field"), CASES, ids=[f"{n.rsplit('.', 1)[1]}-{f}" for n, f in CASES]
)
def test_every_text_field_has_a_bound_and_says_so(db, name, field):
    make, valid = FACTORIES[name]
    bound = make(QueryDict(mutable=True)).fields[field].max_length
    assert bound is not None, f"{name}.{field} takes text of any length"
    data = QueryDict(mutable=True)
    for key, good in valid.items():
        data[key] = good
    data[field] = "a" * (bound + 1)
    form = make(data)
    assert not form.is_valid()
    assert field in form.errors, (field, form.errors)
    message = " ".join(form.errors[field])
    assert str(bound) in message, message


def _penalty_url(tournament, player, kind):
    return f"/t/{tournament.slug}/referee/players/{player.pk}/penalty/{kind}/"


@pytest.mark.django_db
def test_a_100000_character_penalty_reason_is_refused_with_a_message(
    client, referee, tournament, seated_session
):
    client.force_login(referee)
    player = seated_session.seats.first().player
    response = client.post(
        _penalty_url(tournament, player, "other"),
        {"session": "1", "amount": "2", "reason": "x" * 100_000},
    )
    assert response.status_code == 200
    assert f"Note: at most {REASON_MAX} characters (it has 100000)." in response.content.decode()
    assert not Penalty.objects.exists()


@pytest.mark.parametrize(
    ("module", "form", "field"),
    [
        ("referee.forms", "PenaltyForm", "reason"),
        ("referee.forms", "CorrectionForm", "correction"),
        ("referee.forms", "SubstitutionForm", "reason"),
        ("referee.forms", "ReasonForm", "reason"),
        ("scoring.forms", "SheetMetaForm", "reason"),
        ("scoring.forms", "CalculatorForm", "tiles"),
        ("scoring.forms", "CalculatorForm", "melds"),
        ("scoring.forms", "CalculatorForm", "dora_indicators"),
        ("tournament.events.forms", "TablesForm", "names"),
        ("tournament.events.forms", "TournamentForm", "uma"),
    ],
)
def test_every_free_text_field_has_a_bound(module, form, field):
    import importlib

    cls = getattr(importlib.import_module(module), form)
    bound = cls.base_fields[field].max_length
    assert bound is not None and bound <= 40_000
