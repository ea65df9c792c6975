"""Faults a championship survives: Redis down, a seating job killed or too long, a worker
lost in the middle of a job.  Each leaves the organiser able to act within a minute, and
nothing half-written."""

from __future__ import annotations

import datetime as dt

import pytest
from celery import current_app
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError

from tests.seating_app.conftest import setup_event
from tournament.clock.services import SIGNAL_TASK
from tournament.models import Seat, SeatingJob, Session
from tournament.seating import jobs as seating
from tournament.seating.jobs import GENERATE_TASK
from web import cache as public_cache

SLUG = "test-open"


def url(name, *args):
    return reverse(f"tournament:{name}", args=[SLUG, *args])


@pytest.fixture
def event16(tournament):
    return setup_event(tournament, players=16, tables=4, sessions=3)


@pytest.fixture
def broker_down(monkeypatch):
    """Redis stopped: publishing a task fails as kombu reports it."""

    def refuse(*args, **kwargs):
        raise OperationalError("Error 111 connecting to localhost:6379. Connection refused.")

    for name in (GENERATE_TASK, SIGNAL_TASK):
        monkeypatch.setattr(current_app.tasks[name], "apply_async", refuse)


# A real commit: the queueing runs on it, inside the request, as in production.
@pytest.mark.django_db(transaction=True)
def test_redis_down_the_seating_says_so_and_blocks_nothing(
    client, organiser, tournament, event16, broker_down
):
    client.force_login(organiser)
    response = client.post(url("seating_generate"), {"method": "plan", "seed": "7"})
    assert response.status_code == 302 and response.url == url("seating_manage")
    page = client.get(response.url).content.decode()
    assert "background service (Redis) is not reachable" in page
    job = SeatingJob.objects.get()
    assert job.state == SeatingJob.State.FAILED  # not "Waiting for a worker"
    assert not Seat.objects.exists()
    # Nothing blocks the next attempt once Redis is back.
    assert seating.active_job(tournament, timezone.now()) is None


def test_redis_down_the_clock_extends_once_and_never_answers_500(
    client, organiser, tournament, broker_down, django_capture_on_commit_callbacks
):
    Session.objects.create(tournament=tournament, number=1)
    client.force_login(organiser)
    control = url("session_clock_control", 1)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(control, {"action": "start"})
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(control, {"action": "extend", "minutes": "5"})
    assert response.status_code == 302
    session = Session.objects.get()
    # EMA 2016: 90 minutes a session; extended by 5, exactly once.
    assert session.clock_length == dt.timedelta(minutes=95)
    assert list(session.clock_events.values_list("kind", flat=True)) == ["start", "extend"]


def test_redis_down_score_sheets_are_still_entered(tournament, seated_session, monkeypatch):
    from scoring.services import sheet_confirm, sheet_save

    def down(*args, **kwargs):
        raise ConnectionError("Connection refused")

    for name in ("get", "set", "add"):
        monkeypatch.setattr(public_cache.cache, name, down)
    table = tournament.tables.get(number=1)
    sheet = sheet_save(
        session=seated_session,
        table=table,
        mode="final",
        entry={
            "points": [40000, 30000, 28000, 22000],
            "riichi_left": 0,
            "chombo": [0] * 4,
            "substitutes": [""] * 4,
        },
        expected_version=0,
        user=None,
    )
    sheet = sheet_confirm(sheet=sheet, expected_version=sheet.version, user=None)
    assert sheet.is_confirmed and sheet.results.count() == 4


def _running_job(tournament, *, heartbeat_age: dt.timedelta) -> SeatingJob:
    now = timezone.now()
    return SeatingJob.objects.create(
        tournament=tournament,
        method="plan",
        seed=3,
        created_at=now - heartbeat_age,
        started_at=now - heartbeat_age,
        heartbeat_at=now - heartbeat_age,
        state=SeatingJob.State.RUNNING,
        done=9,
        total=10,
        sessions=[1, 2, 3],
    )


def test_a_job_whose_worker_died_is_failed_within_a_minute(client, organiser, tournament, event16):
    alive = _running_job(tournament, heartbeat_age=dt.timedelta(seconds=20))
    client.force_login(organiser)
    state = client.get(url("seating_job_state", alive.pk)).json()
    assert state["state"] == "running"  # 20 s without a heartbeat: still working
    SeatingJob.objects.filter(pk=alive.pk).update(
        heartbeat_at=timezone.now() - dt.timedelta(seconds=61)
    )
    state = client.get(url("seating_job_state", alive.pk)).json()
    assert state["state"] == "failed" and "run it again" in state["message"]
    page = client.get(url("seating_job", alive.pk)).content.decode()
    assert "Run again" in page
    # The task, delivered again after the worker's restart (acks_late), does nothing.
    assert seating.seating_job_run(job_id=alive.pk) is None
    assert not Seat.objects.exists()
    # The organiser generates again at once.
    job = seating.seating_job_create(
        tournament=tournament, method="plan", seed=3, user=organiser, now=timezone.now()
    )
    assert job.pk != alive.pk


def test_a_job_over_its_time_limit_is_failed_at_once(tournament, event16, monkeypatch):
    def too_long(options, progress=None):
        progress(1, 10)
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(seating, "plan", too_long)
    job = seating._job_new(
        tournament=tournament, method="plan", seed=1, user=None, now=timezone.now()
    )
    with pytest.raises(SoftTimeLimitExceeded):
        seating.seating_job_run(job_id=job.pk)
    job.refresh_from_db()
    assert job.state == SeatingJob.State.FAILED and "was stopped" in job.message
    assert not Seat.objects.exists()


def test_without_a_worker_the_search_ends_before_the_request_must(tournament, event16, monkeypatch):
    seen = {}
    real_plan = seating.plan

    def spy(options, progress=None):
        seen["time_limit"] = options.time_limit
        return real_plan(options, progress=progress)

    monkeypatch.setattr(seating, "plan", spy)
    job = seating._job_new(
        tournament=tournament, method="plan", seed=1, user=None, now=timezone.now()
    )
    assert seating.seating_job_run(job_id=job.pk).state == SeatingJob.State.DONE
    assert settings.CELERY_TASK_ALWAYS_EAGER
    assert seen["time_limit"] == settings.SEATING_EAGER_TIME_LIMIT < 30
    assert Seat.objects.count() == 16 * 3


def test_the_seating_task_has_a_time_limit():
    task = current_app.tasks[GENERATE_TASK]
    assert task.soft_time_limit == settings.SEATING_TIME_LIMIT
    assert task.time_limit > task.soft_time_limit
