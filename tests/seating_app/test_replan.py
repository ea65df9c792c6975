"""Re-planning after a withdrawal, a late registration or a disqualification: the played
sessions stay as they are, and the rest avoids their meetings."""

from __future__ import annotations

import datetime as dt

import pytest

from scoring.models import ScoreSheet
from tournament.errors import ServiceError
from tournament.models import Registration, Seat, SeatingJob, Session, Table
from tournament.seating.locks import session_lock

from .conftest import NOW, assert_valid_session, generate, late_player, pairs_of, tables_of


def _play(session, *, with_sheet=True):
    """Lock a session: started, or with a score sheet."""
    if with_sheet:
        table = Table.objects.get(tournament=session.tournament, number=1)
        ScoreSheet.objects.create(session=session, table=table)
    else:
        session.state = Session.State.RUNNING
        session.save(update_fields=["state"])


@pytest.mark.parametrize("with_sheet", [True, False])
def test_replan_keeps_played_sessions_and_avoids_their_meetings(tournament, seated16, with_sheet):
    first = tournament.sessions.get(number=1)
    _play(first, with_sheet=with_sheet)
    before = tables_of(first)
    # A withdrawal and a late registration: the field stays at sixteen.
    gone = seated16[0]
    Registration.objects.filter(player=gone).update(status=Registration.Status.WITHDRAWN)
    late = late_player(tournament)

    job = generate(tournament, seed=99)

    assert tables_of(first) == before
    assert job.sessions == [2, 3]
    assert len(job.options["history"]) == 1
    field = {p.pk for p in seated16[1:]} | {late.pk}
    later = [tournament.sessions.get(number=n) for n in (2, 3)]
    for session in later:
        assert_valid_session(session, field)
    played = pairs_of(first)
    for session in later:
        assert not (pairs_of(session) & played), "a pair of session 1 meets again"
    assert not (pairs_of(later[0]) & pairs_of(later[1]))
    assert job.result["repeated_meetings"] == 0


def test_replan_after_a_disqualification_leaves_the_player_out(tournament, seated16, organiser):
    from referee.services import disqualification_create

    first = tournament.sessions.get(number=1)
    _play(first, with_sheet=False)  # played: the desk keeps its seats
    cheat = seated16[3]
    disqualification_create(
        tournament=tournament, player=cheat, user=organiser, reason="Cheating", now=NOW
    )
    late = late_player(tournament)  # the organiser brings in another player
    generate(tournament)
    assert Seat.objects.filter(session=first, player=cheat).exists()  # history stays
    for number in (2, 3):
        session = tournament.sessions.get(number=number)
        assert not Seat.objects.filter(session=session, player=cheat).exists()
        assert Seat.objects.filter(session=session, player=late).exists()
        assert_valid_session(session, {p.pk for p in seated16 if p != cheat} | {late.pk})


def test_replan_keeps_a_fixed_table_too(tournament, seated16):
    _play(tournament.sessions.get(number=1))
    table2 = Table.objects.get(tournament=tournament, number=2)
    Registration.objects.filter(player=seated16[7]).update(fixed_table=table2)
    generate(tournament)
    for number in (2, 3):
        seat = Seat.objects.get(session__number=number, player=seated16[7])
        assert seat.table == table2


def test_nothing_left_to_seat_is_refused(tournament, seated16):
    Session.objects.filter(tournament=tournament).update(state=Session.State.FINISHED)
    with pytest.raises(ServiceError, match="no session is left to seat"):
        generate(tournament)


def test_an_incomplete_played_table_is_named(tournament, seated16):
    first = tournament.sessions.get(number=1)
    _play(first)
    Seat.objects.filter(session=first, table__number=2, wind=3).delete()
    with pytest.raises(ServiceError, match="Session 1, Table 2: 3 player"):
        generate(tournament)


def test_a_session_locked_while_generating_is_not_overwritten(tournament, seated16, monkeypatch):
    """The core runs outside the write transaction; a session that started meanwhile wins."""
    import tournament.seating.jobs as seating

    session3 = tournament.sessions.get(number=3)
    before = tables_of(session3)
    real_plan = seating.plan

    def plan_while_session_3_starts(options, progress=None):
        Session.objects.filter(pk=session3.pk).update(state=Session.State.RUNNING)
        return real_plan(options, progress)

    monkeypatch.setattr(seating, "plan", plan_while_session_3_starts)
    job = generate_failing(tournament)
    assert job.state == SeatingJob.State.FAILED
    assert "Session 3 has started" in job.message and "generate again" in job.message
    assert tables_of(session3) == before


def generate_failing(tournament):
    from tournament.seating.jobs import _job_new, seating_job_run

    job = _job_new(tournament=tournament, method="plan", seed=5, user=None, now=NOW)
    return seating_job_run(job_id=job.pk, clock=lambda: NOW + dt.timedelta(seconds=3))


def test_lock_reasons(tournament, seated16):
    session = tournament.sessions.get(number=2)
    assert session_lock(session) == ""
    _play(session)
    assert session_lock(session) == "Session 2 has score sheets."
    session.state = Session.State.FINISHED
    assert session_lock(session) == "Session 2 is finished."


# --- re-planning after a withdrawal reaches the first plan's targets ----------------------


def _withdraw_after_session_3(tournament, people, *, substitute_in_session_2: bool):
    """32 players x 7 sessions seated without repeats; sessions 1-3 played, the reserve Rita
    (in session 2 as the substitute of a late player, or fresh) fills in for a player who
    withdraws after session 3."""
    from tournament.registration import services as registration_services

    from .test_reserve_choice import _reserve

    rita = _reserve(tournament, "Rita")
    if substitute_in_session_2:
        late = tables_of(tournament.sessions.get(number=2))[1][0]
        # The desk's substitution puts her in his seat (referee/services.py).
        Seat.objects.filter(session__number=2, player_id=late).update(player=rita.player)
    Session.objects.filter(tournament=tournament, number__lte=3).update(
        state=Session.State.FINISHED
    )
    gone = people[5]
    registration_services.registration_withdraw(registration=Registration.objects.get(player=gone))
    Registration.objects.filter(pk=rita.pk).update(fills_in=True)
    return rita, gone


@pytest.mark.parametrize("substitute_in_session_2", [False, True])
def test_replan_after_a_withdrawal_keeps_the_first_plans_targets(
    tournament, substitute_in_session_2
):
    from tournament.seating.selectors import quality_now

    from .conftest import setup_event

    people = setup_event(tournament, players=32, tables=8, sessions=7)
    first = generate(tournament, seed=7)
    assert (first.result["repeated_meetings"], first.result["repeated_table_visits"]) == (0, 0)
    rita, gone = _withdraw_after_session_3(
        tournament, people, substitute_in_session_2=substitute_in_session_2
    )
    played = {n: tables_of(tournament.sessions.get(number=n)) for n in (1, 2, 3)}

    job = generate(tournament, seed=7)

    assert job.sessions == [4, 5, 6, 7]
    assert {n: tables_of(tournament.sessions.get(number=n)) for n in (1, 2, 3)} == played
    field = {p.pk for p in people if p != gone} | {rita.player_id}
    for n in (4, 5, 6, 7):
        assert_valid_session(tournament.sessions.get(number=n), field)
    now = quality_now(tournament)
    assert now["repeated_meetings"] == job.result["repeated_meetings"] == 0
    assert now["max_wind_imbalance"] <= 1
    # The first plan's own targets: a fresh plan around the played sessions (the re-plan
    # once did) gave 1 repeated meeting and 26 repeated table visits with a fresh
    # reserve, 0 and 26 with the substitute; from the seating the rest had, none.
    assert now["repeated_table_visits"] == job.result["repeated_table_visits"] == 0
