"""Writes of the session clock. Each takes the current time as ``now`` (no clock tricks in
tests) and runs in a transaction; each change of the clock leaves a ``SessionClockEvent``.

Every change of a running clock raises ``Session.clock_version`` and queues the signal task
for the new version once the transaction commits; a task queued for an older version finds
the clock changed and does nothing. The signal itself is written by one conditional UPDATE,
so it fires once whether a worker's ETA task, a beat sweep or a polling browser gets there
first, and however many of them race.
"""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext

from web.jobs import queue_on_commit

from ..happenings import announce, session_clock
from ..models import Seat, Session, SessionClockEvent, Table, TableFinish
from .timing import ZERO, ClockState, read_clock

# The signal of a clock not yet started, when no ruleset is at hand: EMA 5.9 (the default
# ruleset), "a clear sound must indicate when 15 minutes remain".
EMA_SIGNAL_MINUTES_BEFORE_END = 15

# The longest extension one click may add; more is almost certainly a typo.
MAX_EXTENSION_MINUTES = 60

# The Celery task that fires the signal at its time (tasks.py), queued by name.
SIGNAL_TASK = "tournament.clock.fire_session_signal"


class ClockError(Exception):
    """Something the organiser or referee can fix (or a click that came too late)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def clock_state(session: Session) -> ClockState:
    """The stored clock of ``session`` as the pure ``ClockState``."""
    return ClockState(
        length=session.clock_length or dt.timedelta(minutes=session.minutes),
        signal_before=session.clock_signal_before
        if session.clock_signal_before is not None
        else dt.timedelta(minutes=EMA_SIGNAL_MINUTES_BEFORE_END),
        started_at=session.clock_started_at,
        running_since=session.clock_running_since,
        elapsed=session.clock_elapsed,
        ended_at=session.clock_ended_at,
        signal_fired_at=session.signal_fired_at,
    )


def ruleset_timing(tournament) -> tuple[dt.timedelta, str]:
    """(signal time before the end, what the tables do after it) from the tournament's
    ruleset with its overrides (scoring/rules/rulesets.py)."""
    rules = tournament.rules()
    return dt.timedelta(minutes=rules.signal_minutes_before_end), rules.after_signal


def _locked(session: Session) -> Session:
    """The session, freshly read, with its clock version raised and the row locked.

    Raising the version is the transaction's first statement, so it takes the write lock at
    once: a row lock in PostgreSQL, the database's write lock in SQLite, whose deferred
    transactions fail at once ("database is locked") when a reader turns writer while
    another process writes. Every clock change needs the new version anyway: it turns the
    signal tasks queued before it into no-ops.
    """
    Session.objects.filter(pk=session.pk).update(clock_version=F("clock_version") + 1)
    return Session.objects.select_related("tournament").get(pk=session.pk)


def _log(session: Session, kind: str, *, at: dt.datetime, by, added=None) -> None:
    SessionClockEvent.objects.create(
        session=session, kind=kind, at=at, by=by, added=added, version=session.clock_version
    )


def _schedule_signal(session: Session, now: dt.datetime) -> None:
    """Queue the signal task for the clock's new version, at the time it falls due.

    With Redis the worker holds the task until its ETA. In the embedded default (eager
    Celery) the task runs at once, finds the signal not yet due and does nothing: there the
    clock's JSON state fires the signal when a page asks after it is due (views.py).
    Redis hands a task held longer than its visibility timeout (an hour) to a second worker
    as well: the signal's ETA may lie 75 minutes ahead (EMA 5.9), and the copy is harmless,
    because the signal fires once. Raising the timeout would delay every other task's
    recovery from a crashed worker by as much.
    """
    reading = read_clock(clock_state(session), now)
    if reading.signal_at is None:
        return
    queue_on_commit(SIGNAL_TASK, args=[session.pk, session.clock_version], eta=reading.signal_at)


def _require_running(session: Session) -> None:
    if session.state == Session.State.PLANNED:
        raise ClockError("not_started", gettext("The session's clock has not been started."))
    if session.state == Session.State.FINISHED:
        raise ClockError("finished", gettext("The session is already over."))


@transaction.atomic
def session_clock_start(*, session: Session, by, now: dt.datetime) -> Session:
    """Start a planned session's clock with the ruleset's timing (EMA 5.9, WRC 8.2)."""
    session = _locked(session)
    if session.state != Session.State.PLANNED:
        raise ClockError(
            "already_started", gettext("The session's clock has already been started.")
        )
    signal_before, after_signal = ruleset_timing(session.tournament)
    session.state = Session.State.RUNNING
    session.clock_length = dt.timedelta(minutes=session.minutes)
    session.clock_signal_before = signal_before
    session.clock_after_signal = after_signal
    session.clock_started_at = now
    session.clock_running_since = now
    session.clock_elapsed = ZERO
    session.clock_ended_at = None
    session.signal_fired_at = None
    session.save()
    _log(session, SessionClockEvent.Kind.START, at=now, by=by)
    _schedule_signal(session, now)
    return session


@transaction.atomic
def session_clock_pause(*, session: Session, by, now: dt.datetime) -> Session:
    session = _locked(session)
    _require_running(session)
    if session.clock_running_since is None:
        raise ClockError("already_paused", gettext("The clock is already paused."))
    session.clock_elapsed = clock_state(session).elapsed_at(now)
    session.clock_running_since = None
    session.save()
    _log(session, SessionClockEvent.Kind.PAUSE, at=now, by=by)
    return session


@transaction.atomic
def session_clock_resume(*, session: Session, by, now: dt.datetime) -> Session:
    session = _locked(session)
    _require_running(session)
    if session.clock_running_since is not None:
        raise ClockError("not_paused", gettext("The clock is not paused."))
    session.clock_running_since = now
    session.save()
    _log(session, SessionClockEvent.Kind.RESUME, at=now, by=by)
    _schedule_signal(session, now)
    return session


@transaction.atomic
def session_clock_extend(*, session: Session, by, now: dt.datetime, minutes: int) -> Session:
    """Add playing time, e.g. after an interruption. A signal not yet given moves with the
    end; one already given stays given (a bell cannot be unrung)."""
    if not 1 <= minutes <= MAX_EXTENSION_MINUTES:
        raise ClockError(
            "bad_extension",
            gettext("An extension is between 1 and {MAX_EXTENSION_MINUTES} minutes.").format(
                MAX_EXTENSION_MINUTES=MAX_EXTENSION_MINUTES
            ),
        )
    session = _locked(session)
    _require_running(session)
    added = dt.timedelta(minutes=minutes)
    session.clock_length = clock_state(session).length + added
    session.save()
    _log(session, SessionClockEvent.Kind.EXTEND, at=now, by=by, added=added)
    _schedule_signal(session, now)
    return session


@transaction.atomic
def session_clock_end(*, session: Session, by, now: dt.datetime) -> Session:
    """End the session: the tables have finished (or the organiser stops it early)."""
    session = _locked(session)
    _require_running(session)
    session.clock_elapsed = clock_state(session).elapsed_at(now)
    session.clock_running_since = None
    session.clock_ended_at = now
    session.state = Session.State.FINISHED
    session.save()
    _log(session, SessionClockEvent.Kind.END, at=now, by=by)
    # The end of the session stops every table still playing (EMA 5.9: the time limit ends
    # the game): recorded as such, so that the clock, the big display, the staff's table
    # list and the score sheets (ended_by_time) all say the same thing: over.
    reported = TableFinish.objects.filter(session=session).values("table_id")
    playing = Table.objects.filter(
        pk__in=Seat.objects.filter(session=session).values("table_id")
    ).exclude(pk__in=reported)
    TableFinish.objects.bulk_create(
        TableFinish(session=session, table=t, finished_at=now, reported_by=by, ended_by_time=True)
        for t in playing
    )
    announce(session_clock, sender=Session, session=session, phase="time_up")
    return session


def session_signal_fire(*, session_id: int, now: dt.datetime, version: int | None = None) -> bool:
    """Give the signal of a session if it is due at ``now``; True for the one caller that
    gave it. ``version``: the clock version a queued task was meant for (None: any).

    The signal is recorded at the moment it fell due, which is when the browsers sounded it,
    even when a worker or a page only gets here later.
    """
    # Read outside the transaction: the UPDATE below re-checks everything it relies on.
    session = Session.objects.filter(pk=session_id).first()
    if session is None or (version is not None and session.clock_version != version):
        return False
    if session.state != Session.State.RUNNING:
        return False
    state = clock_state(session)
    if not state.signal_due(now):
        return False
    due_at = now - (state.elapsed_at(now) - state.signal_elapsed)
    with transaction.atomic():
        # The conditional UPDATE is the whole of "fires once": of all the workers, sweeps
        # and requests that read the clock as due, the database lets exactly one change the
        # row; the version makes sure the clock has not been paused or extended since.
        won = Session.objects.filter(
            pk=session.pk,
            clock_version=session.clock_version,
            state=Session.State.RUNNING,
            signal_fired_at__isnull=True,
        ).update(signal_fired_at=due_at)
        if won:
            SessionClockEvent.objects.create(
                session=session,
                kind=SessionClockEvent.Kind.SIGNAL,
                at=due_at,
                version=session.clock_version,
            )
            announce(session_clock, sender=Session, session=session, phase="signal")
    return bool(won)


def session_signals_fire_due(*, now: dt.datetime) -> int:
    """Fire every signal that is due (the beat sweep); the number given."""
    candidates = Session.objects.filter(
        state=Session.State.RUNNING,
        signal_fired_at__isnull=True,
        clock_running_since__isnull=False,
    ).values_list("pk", flat=True)
    return sum(session_signal_fire(session_id=pk, now=now) for pk in candidates)


def _signal_given(session: Session, now: dt.datetime) -> bool:
    return read_clock(clock_state(session), now).signal_given


def session_table_finish(
    *, session: Session, table: Table, by, now: dt.datetime, ended_by_time: bool
) -> TableFinish:
    """A table reports that its game is over, by the full game or by the time limit."""
    if table.tournament_id != session.tournament_id:
        raise ClockError("wrong_table", gettext("That table belongs to another tournament."))
    session = Session.objects.get(pk=session.pk)
    if session.state == Session.State.PLANNED:
        raise ClockError("not_started", gettext("The session has not started yet."))
    # The time limit can only end a game after the signal: EMA 5.9 (the current hand and one
    # more after it), WRC 8.2 (the gong at the end of the time), Aalto 48.
    if ended_by_time and not _signal_given(session, now):
        raise ClockError(
            "no_signal_yet",
            gettext("A game can end by the time limit only after the signal."),
        )
    try:
        # The insert is the transaction's only statement (see _locked on SQLite's locks);
        # the unique constraint turns a second report into an IntegrityError.
        with transaction.atomic():
            return TableFinish.objects.create(
                session=session,
                table=table,
                finished_at=now,
                reported_by=by,
                ended_by_time=ended_by_time,
            )
    except IntegrityError:
        raise ClockError(
            "already_finished",
            gettext("{table} has already reported finished.").format(table=table),
        ) from None


def session_table_reopen(*, session: Session, table: Table) -> None:
    """Take back a wrong "finished" report (staff only), while the session runs: once it has
    ended no table plays any more, and a wrong result is corrected on the score sheet."""
    if Session.objects.filter(pk=session.pk, state=Session.State.FINISHED).exists():
        raise ClockError(
            "session_over",
            gettext(
                "{session} is over: no table plays any more. Correct the score sheet instead."
            ).format(session=session),
        )
    deleted, _ = TableFinish.objects.filter(session=session, table=table).delete()
    if not deleted:
        raise ClockError(
            "not_finished",
            gettext("{table} has not reported finished.").format(table=table),
        )
