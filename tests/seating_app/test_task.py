"""The Celery task in eager mode: a job id in, the service runs; progress and failures land
on the job row, which the progress page reads."""

from __future__ import annotations

import pytest

import tournament.seating.jobs as seating
from tournament.models import Seat, SeatingJob
from tournament.seating.core import SeatingError
from tournament.seating.tasks import generate_seating

from .conftest import NOW


def _queue(tournament):
    return seating._job_new(tournament=tournament, method="plan", seed=3, user=None, now=NOW)


def test_eager_task_runs_the_job_inline_once(tournament, event16):
    job = _queue(tournament)
    assert generate_seating.delay(job.pk).get() == "done"
    job.refresh_from_db()
    assert job.state == SeatingJob.State.DONE and job.finished_at is not None
    seats = set(Seat.objects.values_list("pk", flat=True))
    # A second delivery of the same task (acks_late after a worker crash) changes nothing.
    assert generate_seating.delay(job.pk).get() is None
    assert set(Seat.objects.values_list("pk", flat=True)) == seats


def test_creating_a_job_queues_the_task_after_the_commit(
    tournament, event16, organiser, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = seating.seating_job_create(
            tournament=tournament, method="plan", seed=9, user=organiser, now=NOW
        )
    assert job.state == SeatingJob.State.QUEUED and len(callbacks) == 1
    assert not Seat.objects.exists()
    callbacks[0]()
    job.refresh_from_db()
    assert job.state == SeatingJob.State.DONE
    assert Seat.objects.count() == 16 * 3


def test_progress_is_written_to_the_job_while_the_core_runs(tournament, event16, monkeypatch):
    seen = []
    real_plan = seating.plan

    def plan_reporting(options, progress=None):
        progress(5, 10)
        seen.append(SeatingJob.objects.values_list("state", "done", "total").get())
        return real_plan(options, progress)

    monkeypatch.setattr(seating, "plan", plan_reporting)
    job = _queue(tournament)
    generate_seating.delay(job.pk)
    assert seen == [("running", 5, 10)]


def test_progress_writes_are_throttled(tournament, event16):
    job = _queue(tournament)
    times = iter([100.0, 100.1, 100.2, 101.0])
    writer = seating._ProgressWriter(job.pk, interval=0.5, clock=lambda: next(times))
    writer(1, 50)  # written
    writer(2, 50)  # 0.1 s later: skipped
    assert SeatingJob.objects.values_list("done", flat=True).get() == 1
    writer(50, 50)  # the last step is always written
    assert SeatingJob.objects.values_list("done", flat=True).get() == 50
    writer(3, 50)  # 0.8 s after the last write
    assert SeatingJob.objects.values_list("done", flat=True).get() == 3


def test_a_core_error_fails_the_job_with_a_clear_message(tournament, event16, monkeypatch):
    def refuse(options, progress=None):
        raise SeatingError("fixed_table_overfull", table=0, count=5)

    monkeypatch.setattr(seating, "plan", refuse)
    job = _queue(tournament)
    assert generate_seating.delay(job.pk).get() == "failed"
    job.refresh_from_db()
    assert job.message == (
        "The seating cannot be made: 5 players are fixed to table Table 1; a table seats four."
    )
    assert not Seat.objects.exists()


def test_a_bug_fails_the_job_and_is_raised(tournament, event16, monkeypatch):
    def crash(options, progress=None):
        raise AssertionError("bug in the core")

    monkeypatch.setattr(seating, "plan", crash)
    job = _queue(tournament)
    with pytest.raises(AssertionError, match="bug in the core"):
        generate_seating.delay(job.pk)
    job.refresh_from_db()
    assert job.state == SeatingJob.State.FAILED and "internal error" in job.message
