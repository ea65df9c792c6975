"""Generating a seating as a job: queued, run by a Celery task (``tournament.seating.tasks``),
its Seat rows written, and the session published.

The job row carries the progress for the progress page and, once done, the core's exact
input, so the draw can be shown and re-run (EMA: seating drawn at random and transparently).
"""

from __future__ import annotations

import datetime as dt
import time

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournament.errors import ServiceError
from tournament.happenings import announce, seating_published
from tournament.models import (
    Seat,
    SeatChange,
    SeatingJob,
    Session,
    Tournament,
)
from tournament.seating.core import PlanOptions, SeatingError, SwissOptions, plan, quality, swiss
from tournament.seating.core.metrics import rank_spread
from tournament.seating.core.replan import replan
from tournament.seating.core_input import (
    SeatingInput,
    _check_options,
    seating_error_message,
    seating_input,
)
from tournament.seating.locks import lock_reason
from web.cache import public_pages_changed
from web.jobs import queue_on_commit

# A queued or running job older than this is taken for lost (a worker died with it), so it
# no longer keeps the organiser from generating again.
STALE_JOB = dt.timedelta(minutes=15)
# A running job writes its heartbeat with its progress (at least every HEARTBEAT_INTERVAL
# seconds while the core reports); one silent for LOST_AFTER died with its worker (killed,
# out of memory, the machine restarted) and is marked failed, so the organiser can run it
# again within a minute instead of waiting STALE_JOB.
HEARTBEAT_INTERVAL = 5.0
LOST_AFTER = dt.timedelta(seconds=60)
# A job no worker has picked up in this long will not be: no worker is running, or the
# broker lost it.  Jobs of other tournaments may be ahead of it in the queue, hence minutes.
QUEUED_LOST_AFTER = dt.timedelta(minutes=5)
BROKER_DOWN = (
    "The background service (Redis) is not reachable, so the seating was not started. "
    "Nothing was changed; generate again once it is back."
)
LOST_MESSAGE = (
    "The worker running this job stopped (restarted or killed) before it finished. "
    "No seat was changed; run it again."
)
# The progress callback writes the job row at most this often (seconds): a plan reports
# thousands of steps, and every write is a database round trip.
PROGRESS_INTERVAL = 0.5


# --- which sessions may change -----------------------------------------------------------

# The Celery task that runs a queued job (tasks.py); queued by name, see web/jobs.py.
GENERATE_TASK = "tournament.seating.generate"


# --- the job -------------------------------------------------------------------------------


def seating_jobs_reap(*, tournament: Tournament, now: dt.datetime) -> int:
    """Mark failed the jobs whose worker is gone (LOST_AFTER without a heartbeat) and the
    queued ones no worker took (QUEUED_LOST_AFTER).  A conditional UPDATE: a job finishing at
    this moment stays done, and a late worker finds the job no longer queued and does
    nothing (``seating_job_run``), so no half-written seating can follow."""
    jobs = SeatingJob.objects.filter(tournament=tournament)
    lost = jobs.filter(
        state=SeatingJob.State.RUNNING,
        heartbeat_at__lt=now - LOST_AFTER,
    ).update(state=SeatingJob.State.FAILED, message=LOST_MESSAGE, finished_at=now)
    lost += jobs.filter(
        state=SeatingJob.State.QUEUED, created_at__lt=now - QUEUED_LOST_AFTER
    ).update(
        state=SeatingJob.State.FAILED,
        message="No worker started this job: is the Celery worker running? Run it again.",
        finished_at=now,
    )
    return lost


def active_job(tournament: Tournament, now: dt.datetime) -> SeatingJob | None:
    seating_jobs_reap(tournament=tournament, now=now)
    return (
        SeatingJob.objects.filter(
            tournament=tournament,
            state__in=[SeatingJob.State.QUEUED, SeatingJob.State.RUNNING],
            created_at__gt=now - STALE_JOB,
        )
        .order_by("-created_at")
        .first()
    )


@transaction.atomic
def seating_job_create(
    *, tournament: Tournament, method: str, seed: int, user, now: dt.datetime
) -> SeatingJob:
    """Check the input now (so the organiser hears at once what is wrong) and queue the job."""
    if method not in SeatingJob.Method.values:
        raise ServiceError(gettext("Unknown seating method {method!r}.").format(method=method))
    # One generation at a time per tournament: two would overwrite each other's seats.
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    running = active_job(tournament, now)
    if running is not None:
        raise ServiceError(
            gettext(
                "A seating is already being generated (started "
                "{value:%H:%M}); wait for it to finish."
            ).format(value=timezone.localtime(running.created_at))
        )
    job = _job_new(tournament=tournament, method=method, seed=seed, user=user, now=now)

    def broker_down(error: Exception) -> None:
        SeatingJob.objects.filter(pk=job.pk, state=SeatingJob.State.QUEUED).update(
            state=SeatingJob.State.FAILED, message=BROKER_DOWN, finished_at=timezone.now()
        )

    queue_on_commit(GENERATE_TASK, args=[job.pk], on_failure=broker_down)
    return job


def _job_new(*, tournament: Tournament, method: str, seed: int, user, now) -> SeatingJob:
    inp = seating_input(tournament, method=method, seed=seed)
    _check_options(inp)
    return SeatingJob.objects.create(
        tournament=tournament,
        method=method,
        seed=seed,
        created_by=user if user and user.is_authenticated else None,
        created_at=now,
        sessions=[s.number for s in inp.targets],
        message="Waiting for a worker to start.",
    )


@transaction.atomic
def seating_generate_now(
    *, tournament: Tournament, method: str, seed: int, user, now: dt.datetime
) -> SeatingJob:
    """Generate in this process, without a task (the demo): the same job row and record."""
    job = _job_new(tournament=tournament, method=method, seed=seed, user=user, now=now)
    done = seating_job_run(job_id=job.pk, clock=lambda: now)
    assert done is not None, "a job just created is queued"
    if done.state != SeatingJob.State.DONE:
        raise ServiceError(done.message)
    return done


class _ProgressWriter:
    """The core's progress callback: writes done/total to the job row, throttled."""

    def __init__(
        self, job_id: int, interval: float = PROGRESS_INTERVAL, clock=time.monotonic
    ) -> None:
        self.job_id = job_id
        self.interval = interval
        self.clock = clock
        self.last = float("-inf")

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if now - self.last < self.interval and done < total:
            return
        self.last = now
        # The heartbeat rides on the progress write: a job that stops writing is lost.
        SeatingJob.objects.filter(pk=self.job_id).update(
            done=done, total=total, heartbeat_at=timezone.now()
        )


def seating_job_run(*, job_id: int, clock=timezone.now) -> SeatingJob | None:
    """Run a queued job: read the rows afresh, call the core, write the seats.

    Returns None when the job is not queued (a second delivery of the same task: the first
    one claimed it). ``clock`` gives the current time: a long plan ends later than it starts.
    """
    started = clock()
    claimed = SeatingJob.objects.filter(pk=job_id, state=SeatingJob.State.QUEUED).update(
        state=SeatingJob.State.RUNNING,
        started_at=started,
        heartbeat_at=timezone.now(),
        message="Generating the seating.",
    )
    if not claimed:
        return None
    job = SeatingJob.objects.select_related("tournament").get(pk=job_id)
    inp = None
    try:
        # The rows are read again here: a player may have checked in since the job was queued.
        inp = seating_input(job.tournament, method=job.method, seed=job.seed)
        if settings.CELERY_TASK_ALWAYS_EAGER:
            # No worker: the job runs inside the web request, which must end before the
            # server's timeout; the core then returns its best plan found in the time.
            inp.options["time_limit"] = settings.SEATING_EAGER_TIME_LIMIT
        progress = _ProgressWriter(job.pk)
        history = inp.options["history"]
        if job.method == SeatingJob.Method.PLAN:
            options = PlanOptions.from_mapping(inp.options)
            if inp.start is not None:
                # Re-planning after played sessions: from the seating the rest has now, or
                # afresh, whichever is better (core/replan.py).
                result = replan(options, inp.start, progress=progress)
            else:
                result = plan(options, progress=progress)
            new_rounds = result.rounds[len(history) :]
            figures = result.quality.as_dict()
            if inp.start is not None:
                figures["replan_start"] = inp.start  # python -m tournament.seating.core.replan
        else:
            answer = swiss(SwissOptions.from_mapping(inp.options), progress=progress)
            new_rounds = [answer.round]
            figures = quality(history + new_rounds, exclude_from_tables=inp.fixed).as_dict()
            figures["rank_spread"] = round(rank_spread(answer.round, inp.options["standings"]), 2)
        _seats_write(job=job, inp=inp, rounds=new_rounds, figures=figures, now=clock())
    except SeatingError as error:
        _job_fail(job, seating_error_message(error, inp), clock())
    except ServiceError as error:
        _job_fail(job, error.message, clock())
    except SoftTimeLimitExceeded:
        # The worker's time limit (settings.SEATING_TIME_LIMIT): failed at once, so the
        # organiser is not left watching a job "running 90%".
        _job_fail(
            job,
            f"The seating took longer than {settings.SEATING_TIME_LIMIT} s and was stopped; "
            "no seat was changed. Run it again, or ask the administrator for a longer limit.",
            clock(),
        )
        raise
    except Exception:
        _job_fail(
            job, "The seating failed with an internal error; the log has the details.", clock()
        )
        raise
    job.refresh_from_db()
    return job


def _job_fail(job: SeatingJob, message: str, now: dt.datetime) -> None:
    SeatingJob.objects.filter(pk=job.pk).update(
        state=SeatingJob.State.FAILED, message=message, finished_at=now
    )


@transaction.atomic
def _seats_write(
    *, job: SeatingJob, inp: SeatingInput, rounds: list, figures: dict, now: dt.datetime
) -> None:
    """Replace the seats of the target sessions, all or nothing."""
    targets = list(Session.objects.select_for_update().filter(pk__in=[s.pk for s in inp.targets]))
    with_sheets = set(
        Session.objects.filter(pk__in=[s.pk for s in targets], sheets__isnull=False).values_list(
            "pk", flat=True
        )
    )
    for session in targets:
        reason = lock_reason(session, has_sheets=session.pk in with_sheets)
        if reason:
            raise ServiceError(
                gettext(
                    "{reason} It changed while the seating was being generated; generate again."
                ).format(reason=reason)
            )
    by_number = {s.number: s for s in targets}
    sessions = [by_number[s.number] for s in inp.targets]
    assert len(rounds) == len(sessions), "the core seated another number of rounds"
    Seat.objects.filter(session__in=sessions).delete()
    # The log of hand changes is kept (nothing is deleted): a line marks where the
    # seating they changed was replaced, so the public page reads in order.
    changed = set(
        SeatChange.objects.filter(session__in=sessions).values_list("session_id", flat=True)
    )
    SeatChange.objects.bulk_create(
        SeatChange(
            session=session,
            description="The seating was generated again; the changes above were to the "
            "seating it replaced.",
            by=job.created_by,
            at=now,
        )
        for session in sessions
        if session.pk in changed
    )
    Seat.objects.bulk_create(
        Seat(session=session, table=inp.tables[t], wind=w, player=inp.players[p])
        for session, rnd in zip(sessions, rounds, strict=True)
        for t, table in enumerate(rnd)
        for w, p in enumerate(table)
    )
    # A new seating is a draft until the organiser publishes it (seating_publish).
    Session.objects.filter(pk__in=[s.pk for s in sessions]).update(
        seating_job=job, seating_draft=True
    )
    public_pages_changed(job.tournament_id)  # bulk writes send no signal
    numbers = [s.number for s in sessions]
    span = f"session {numbers[0]}" if len(numbers) == 1 else f"sessions {numbers[0]}–{numbers[-1]}"
    SeatingJob.objects.filter(pk=job.pk).update(
        state=SeatingJob.State.DONE,
        done=1,
        total=1,
        finished_at=now,
        options=inp.options,
        players=[p.pk for p in inp.players],
        tables=[t.number for t in inp.tables],
        sessions=numbers,
        result=figures,
        message=(
            f"Seated {span}: {len(inp.options.get('active') or inp.options.get('standings'))} "
            f"players, keeping {len(inp.history)} played session(s)."
        ),
    )


@transaction.atomic
def seating_publish(*, session: Session, user) -> Session:
    """The organiser publishes the session's seating: players, the public pages, the API and
    the notifications see it from now on (tournament.seating.selectors.seats_shown)."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    if not session.seats.exists():
        raise ServiceError(
            gettext("Session {number} has no seating to publish yet.").format(number=session.number)
        )
    if not session.seating_draft:
        return session
    session.seating_draft = False
    session.save(update_fields=["seating_draft"])
    public_pages_changed(session.tournament_id)
    announce(seating_published, sender=Session, session=session)
    return session
