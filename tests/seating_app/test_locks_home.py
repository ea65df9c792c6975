""" "This session's seating may still change" has one home (``tournament.seating.locks``):
its wording and its query agree for every state of a session, with and without a score
sheet, and the desk's disqualification, its list of sessions to re-seat and the stages'
page ask it."""

from __future__ import annotations

import inspect

import referee.selectors
import referee.services
import results.stages.selectors
from tests.scoring_app.conftest import enter_final
from tournament.models import Session, Table
from tournament.seating import locks


def test_the_wording_and_the_query_agree(tournament, seated_session):
    table = Table.objects.get(tournament=tournament, number=1)
    for number in (2, 3, 4, 5):
        Session.objects.create(tournament=tournament, number=number)
    # Session 1 planned with a sheet; 2 planned, no sheet; 3 running; 4 finished; 5 planned.
    enter_final(seated_session, table, [30000] * 4, confirm=False)
    Session.objects.filter(number=3, tournament=tournament).update(state=Session.State.RUNNING)
    Session.objects.filter(number=4, tournament=tournament).update(state=Session.State.FINISHED)
    all_sessions = Session.objects.filter(tournament=tournament)
    open_numbers = set(locks.changeable_sessions(all_sessions).values_list("number", flat=True))
    assert open_numbers == {2, 5}
    for session in all_sessions:
        has_sheets = session.sheets.exists()
        assert (locks.lock_reason(session, has_sheets=has_sheets) == "") == (
            session.number in open_numbers
        ), session.number
    assert locks.lock_reason(all_sessions.get(number=1), has_sheets=True) == (
        "Session 1 has score sheets."
    )


def test_the_callers_ask_the_one_home():
    for module in (referee.services, referee.selectors, results.stages.selectors):
        assert module.changeable_sessions is locks.changeable_sessions
    assert "changeable_sessions(" in inspect.getsource(referee.services.disqualification_create)
    assert "changeable_sessions(" in inspect.getsource(referee.selectors.sessions_needing_reseating)
    assert "changeable_sessions(" in inspect.getsource(results.stages.selectors.stages_page)
