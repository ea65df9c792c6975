"""The rule "a correction of a confirmed or disputed sheet needs a reason" has one home,
``scoring.services.correction_reason_missing``: the sheet form and ``sheet_save`` refuse
with its words."""

from __future__ import annotations

import inspect

import pytest

import scoring.forms
from scoring.services import SheetError, correction_reason_missing, sheet_save
from tests.scoring_app.conftest import enter_final

CONFIRMED = "This sheet is confirmed: a correction needs the reason, for the history."


def test_the_rule():
    assert correction_reason_missing(confirmed=True, disputed=False, reason=" ") == CONFIRMED
    assert correction_reason_missing(confirmed=False, disputed=True, reason="").startswith(
        "A player disputed this sheet"
    )
    assert correction_reason_missing(confirmed=True, disputed=True, reason="typo") == ""
    assert correction_reason_missing(confirmed=False, disputed=False, reason="") == ""


def test_the_service_and_the_form_take_it_from_there(seated_session, table1):
    sheet = enter_final(seated_session, table1, [41000, 27000, 30000, 22000])
    with pytest.raises(SheetError) as refused:
        sheet_save(
            session=seated_session,
            table=table1,
            mode="final",
            entry={**sheet.entry, "points": [40000, 28000, 30000, 22000]},
            expected_version=sheet.version,
            user=None,
        )
    assert str(refused.value) == CONFIRMED
    assert "correction_reason_missing(" in inspect.getsource(scoring.forms.SheetMetaForm)
