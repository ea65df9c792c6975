"""The clock's services: state changes, the timing per ruleset, the signal firing once, and
tables reporting finished. Every service gets ``now`` from the test."""

from __future__ import annotations

import pytest

from tournament.clock import selectors, services, tasks
from tournament.clock.services import ClockError
from tournament.clock.timing import Phase
from tournament.models import Session, SessionClockEvent, Table, TableFinish

from .conftest import MIN, NOW, SEC


def start(session, organiser, now=NOW):
    return services.session_clock_start(session=session, by=organiser, now=now)


def reading(session, now):
    session.refresh_from_db()
    return selectors.session_clock_reading(session, now)


@pytest.mark.parametrize(
    ("ruleset", "minutes", "signal_before", "after_signal"),
    [
        ("ema2016", 90, 15, "one_more_hand"),  # EMA 5.9
        ("wrc2015", 90, 0, "finish_hand"),  # WRC 8.2
        ("aalto", 75, 0, "one_more_hand"),  # Aalto 48
        ("ema2012", 90, 15, "one_more_hand"),  # silent: EMA 2016's (rulesets.md)
    ],
)
def test_start_takes_the_timing_from_the_ruleset(
    tournament, organiser, ruleset, minutes, signal_before, after_signal
):
    tournament.ruleset = ruleset
    tournament.save()
    session = Session.objects.create(tournament=tournament, number=1, minutes=minutes)
    session = start(session, organiser)
    assert session.state == Session.State.RUNNING
    assert session.clock_length == minutes * MIN
    assert session.clock_signal_before == signal_before * MIN
    assert session.clock_after_signal == after_signal
    assert reading(session, NOW + (minutes - signal_before) * MIN - SEC).phase == Phase.PLAYING
    assert reading(session, NOW + (minutes - signal_before) * MIN).signal_given


def test_the_tournament_overrides_the_rulesets_timing(tournament, organiser):
    tournament.rule_overrides = {"signal_minutes_before_end": 10, "after_signal": "finish_hand"}
    tournament.save()
    session = start(Session.objects.create(tournament=tournament, number=1), organiser)
    assert session.clock_signal_before == 10 * MIN
    assert session.clock_after_signal == "finish_hand"
    assert reading(session, NOW).signal_at == NOW + 80 * MIN


def test_the_timing_is_fixed_when_the_clock_starts(tournament, organiser):
    session = start(Session.objects.create(tournament=tournament, number=1), organiser)
    tournament.rule_overrides = {"signal_minutes_before_end": 5}
    tournament.save()
    assert reading(session, NOW).signal_at == NOW + 75 * MIN


def test_start_pause_resume_extend_end(tournament, organiser):
    session = Session.objects.create(tournament=tournament, number=1)
    start(session, organiser)
    services.session_clock_pause(session=session, by=organiser, now=NOW + 20 * MIN)
    assert reading(session, NOW + 40 * MIN).remaining == 70 * MIN
    assert reading(session, NOW + 40 * MIN).phase == Phase.PAUSED
    services.session_clock_resume(session=session, by=organiser, now=NOW + 40 * MIN)
    assert reading(session, NOW + 50 * MIN).remaining == 60 * MIN
    services.session_clock_extend(session=session, by=organiser, now=NOW + 50 * MIN, minutes=5)
    r = reading(session, NOW + 50 * MIN)
    assert r.remaining == 65 * MIN
    assert r.signal_at == NOW + 100 * MIN  # 65 - 15 minutes later
    services.session_clock_end(session=session, by=organiser, now=NOW + 60 * MIN)
    session.refresh_from_db()
    assert session.state == Session.State.FINISHED
    assert reading(session, NOW + 200 * MIN).phase == Phase.FINISHED
    assert reading(session, NOW + 200 * MIN).remaining == 55 * MIN
    kinds = list(session.clock_events.values_list("kind", "version"))
    assert kinds == [("start", 1), ("pause", 2), ("resume", 3), ("extend", 4), ("end", 5)]
    assert session.clock_events.get(kind="extend").added == 5 * MIN
    assert session.clock_events.get(kind="pause").by == organiser


@pytest.mark.parametrize(
    ("action", "state", "code"),
    [
        ("start", "running", "already_started"),
        ("pause", "planned", "not_started"),
        ("resume", "running", "not_paused"),
        ("pause", "finished", "finished"),
        ("end", "planned", "not_started"),
        ("start", "finished", "already_started"),
    ],
)
def test_impossible_clock_actions_are_refused(tournament, organiser, action, state, code):
    session = Session.objects.create(tournament=tournament, number=1)
    if state != "planned":
        start(session, organiser)
    if state == "finished":
        services.session_clock_end(session=session, by=organiser, now=NOW + MIN)
    service = getattr(services, f"session_clock_{action}")
    with pytest.raises(ClockError) as error:
        service(session=session, by=organiser, now=NOW + 2 * MIN)
    assert error.value.code == code


def test_pausing_twice_is_refused(tournament, organiser):
    session = start(Session.objects.create(tournament=tournament, number=1), organiser)
    services.session_clock_pause(session=session, by=organiser, now=NOW + MIN)
    with pytest.raises(ClockError, match="already paused"):
        services.session_clock_pause(session=session, by=organiser, now=NOW + 2 * MIN)


@pytest.mark.parametrize("minutes", [0, -5, 61])
def test_extensions_are_between_one_minute_and_an_hour(tournament, organiser, minutes):
    session = start(Session.objects.create(tournament=tournament, number=1), organiser)
    with pytest.raises(ClockError) as error:
        services.session_clock_extend(session=session, by=organiser, now=NOW, minutes=minutes)
    assert error.value.code == "bad_extension"


# --- the signal ---------------------------------------------------------------------------


def signals(session) -> int:
    return SessionClockEvent.objects.filter(session=session, kind="signal").count()


def test_the_signal_fires_when_due_and_only_once(tournament, organiser):
    session = start(Session.objects.create(tournament=tournament, number=1), organiser)
    assert not services.session_signal_fire(session_id=session.pk, now=NOW + 75 * MIN - SEC)
    assert signals(session) == 0
    assert services.session_signal_fire(session_id=session.pk, now=NOW + 75 * MIN + 3 * SEC)
    # Every later attempt, from a task, a sweep or a page, finds it given.
    for later in (76, 80, 95):
        assert not services.session_signal_fire(session_id=session.pk, now=NOW + later * MIN)
    assert services.session_signals_fire_due(now=NOW + 96 * MIN) == 0
    session.refresh_from_db()
    # Recorded at the moment it fell due, when the browsers sounded it, not when noticed.
    assert session.signal_fired_at == NOW + 75 * MIN
    assert signals(session) == 1


def test_a_signal_task_for_an_older_clock_version_does_nothing(tournament, organiser):
    session = start(Session.objects.create(tournament=tournament, number=1), organiser)
    old_version = session.clock_version
    services.session_clock_extend(session=session, by=organiser, now=NOW + MIN, minutes=10)
    # The task queued at the start comes at its old ETA (75 minutes), after the extension.
    assert not services.session_signal_fire(
        session_id=session.pk, version=old_version, now=NOW + 75 * MIN
    )
    session.refresh_from_db()
    assert session.signal_fired_at is None
    # The task of the new version, at the new time, gives it.
    assert services.session_signal_fire(
        session_id=session.pk, version=session.clock_version, now=NOW + 85 * MIN
    )


def test_no_signal_while_paused_or_after_the_end(tournament, organiser):
    paused = start(Session.objects.create(tournament=tournament, number=1), organiser)
    services.session_clock_pause(session=paused, by=organiser, now=NOW + 60 * MIN)
    ended = start(Session.objects.create(tournament=tournament, number=2), organiser)
    services.session_clock_end(session=ended, by=organiser, now=NOW + 60 * MIN)
    assert services.session_signals_fire_due(now=NOW + 200 * MIN) == 0
    for session in (paused, ended):
        assert not services.session_signal_fire(session_id=session.pk, now=NOW + 200 * MIN)
        assert signals(session) == 0


def test_the_beat_sweep_fires_every_due_signal(tournament, organiser):
    due = start(Session.objects.create(tournament=tournament, number=1), organiser)
    later = start(
        Session.objects.create(tournament=tournament, number=2), organiser, now=NOW + 30 * MIN
    )
    assert services.session_signals_fire_due(now=NOW + 80 * MIN) == 1
    assert (signals(due), signals(later)) == (1, 0)
    # The task uses the real time, long past both signals: it gives the second one.
    assert tasks.fire_due_signals.run() == 1
    assert (signals(due), signals(later)) == (1, 1)


def test_starting_queues_the_signal_task_at_its_time_after_the_commit(
    tournament, organiser, monkeypatch, django_capture_on_commit_callbacks
):
    queued = []
    monkeypatch.setattr(tasks.fire_session_signal, "apply_async", lambda **kw: queued.append(kw))
    session = Session.objects.create(tournament=tournament, number=1)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        start(session, organiser)
    assert queued == []  # nothing reaches the broker before the transaction commits
    for callback in callbacks:
        callback()
    assert queued == [{"args": [session.pk, 1], "eta": NOW + 75 * MIN}]


def test_pausing_queues_nothing_and_resuming_queues_the_moved_signal(
    tournament, organiser, monkeypatch, django_capture_on_commit_callbacks
):
    queued = []
    monkeypatch.setattr(tasks.fire_session_signal, "apply_async", lambda **kw: queued.append(kw))
    session = start(Session.objects.create(tournament=tournament, number=1), organiser)
    with django_capture_on_commit_callbacks(execute=True):
        services.session_clock_pause(session=session, by=organiser, now=NOW + 10 * MIN)
    assert queued == []
    with django_capture_on_commit_callbacks(execute=True):
        services.session_clock_resume(session=session, by=organiser, now=NOW + 30 * MIN)
    assert queued == [{"args": [session.pk, 3], "eta": NOW + 95 * MIN}]


def test_in_eager_mode_a_due_signal_fires_in_process(
    tournament, organiser, django_capture_on_commit_callbacks
):
    """The embedded default: the task runs inline after the commit and fires when due."""
    from django.utils import timezone

    session = Session.objects.create(tournament=tournament, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        start(session, organiser, now=timezone.now() - 76 * MIN)
    assert signals(session) == 1


def test_in_eager_mode_a_signal_not_yet_due_is_left_for_later(
    tournament, organiser, django_capture_on_commit_callbacks
):
    from django.utils import timezone

    session = Session.objects.create(tournament=tournament, number=1)
    with django_capture_on_commit_callbacks(execute=True):
        start(session, organiser, now=timezone.now())
    assert signals(session) == 0


# --- tables report finished ---------------------------------------------------------------


def test_a_table_finishes_by_the_full_game_before_the_signal(seated_session, organiser):
    table = Table.objects.get(number=1)
    start(seated_session, organiser)
    finish = services.session_table_finish(
        session=seated_session, table=table, by=organiser, now=NOW + 60 * MIN, ended_by_time=False
    )
    assert finish.finished_at == NOW + 60 * MIN
    assert not selectors.table_ended_by_time(seated_session, table)


def test_the_time_limit_ends_a_game_only_after_the_signal(seated_session, organiser):
    table = Table.objects.get(number=1)
    start(seated_session, organiser)
    with pytest.raises(ClockError) as error:
        services.session_table_finish(
            session=seated_session,
            table=table,
            by=organiser,
            now=NOW + 74 * MIN,
            ended_by_time=True,
        )
    assert error.value.code == "no_signal_yet"
    services.session_table_finish(
        session=seated_session, table=table, by=organiser, now=NOW + 88 * MIN, ended_by_time=True
    )
    assert selectors.table_ended_by_time(seated_session, table)
    assert not selectors.table_ended_by_time(seated_session, Table.objects.get(number=2))


def test_a_table_reports_once_and_staff_can_take_it_back(seated_session, organiser):
    table = Table.objects.get(number=2)
    start(seated_session, organiser)
    services.session_table_finish(
        session=seated_session, table=table, by=organiser, now=NOW + 80 * MIN, ended_by_time=True
    )
    with pytest.raises(ClockError, match="already reported"):
        services.session_table_finish(
            session=seated_session,
            table=table,
            by=organiser,
            now=NOW + 81 * MIN,
            ended_by_time=False,
        )
    services.session_table_reopen(session=seated_session, table=table)
    assert not TableFinish.objects.exists()
    with pytest.raises(ClockError):
        services.session_table_reopen(session=seated_session, table=table)


def test_no_table_finishes_before_the_session_starts(seated_session, organiser):
    with pytest.raises(ClockError) as error:
        services.session_table_finish(
            session=seated_session,
            table=Table.objects.get(number=1),
            by=organiser,
            now=NOW,
            ended_by_time=False,
        )
    assert error.value.code == "not_started"


def test_the_tables_still_playing_after_the_signal(seated_session, organiser):
    start(seated_session, organiser)
    services.session_table_finish(
        session=seated_session,
        table=Table.objects.get(number=1),
        by=organiser,
        now=NOW + 85 * MIN,
        ended_by_time=True,
    )
    rows = selectors.session_table_status(seated_session, signal_given=True)
    assert [(r["table"].number, r["late"]) for r in rows] == [(1, False), (2, True)]
    seated_session.refresh_from_db()
    payload = selectors.clock_payload(seated_session, NOW + 86 * MIN)
    assert payload["tables"] == [
        {"number": 1, "name": "Table 1", "finished": True, "ended_by_time": True},
        {"number": 2, "name": "Table 2", "finished": False, "ended_by_time": False},
    ]
    assert payload["phase"] == "signal"
