"""Generation on a real Celery worker with a real Redis server: the request that starts it
returns at once, and the job row shows the progress while the worker plans, then the seats.

Like tests/clock/test_real_worker.py (whose Redis and database fixtures this reuses), all
Django work runs in subprocesses against a SQLite file, since a worker cannot see
pytest-django's in-memory test database. Skipped without redis-server unless REQUIRE_REDIS.
"""

from __future__ import annotations

import re
import subprocess
import time

import pytest

from tests.clock.test_real_worker import (  # noqa: F401 - fixtures used by name
    PYTHON,
    ROOT,
    _query,
    _stop,
    _wait_for,
    django_env,
    redis_url,
)

pytestmark = pytest.mark.redis


@pytest.fixture
def worker(django_env, tmp_path):  # noqa: F811 - the imported fixture
    env, _ = django_env
    log = tmp_path / "worker.log"
    process = subprocess.Popen(
        [
            *(PYTHON, "-m", "celery", "-A", "config", "worker", "--pool=solo"),
            *("-n", "seating@%h", "-l", "info"),
            *("--without-gossip", "--without-mingle", "--without-heartbeat"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    try:
        _wait_for(
            lambda: process.poll() is not None or " ready." in log.read_text(),
            60,
            "the worker to start",
        )
        assert process.poll() is None, log.read_text()
        yield log
    finally:
        _stop(process)


# 40 players, 10 tables, 8 sessions: a plan that takes the core a few seconds. The job is
# created as the view does (seating_job_create), which queues the task on the commit.
SCENE = """
import datetime as dt
from django.utils import timezone
from tournament.models import Player, Registration, Session, Table, Tournament
from tournament.seating.jobs import seating_job_create

t = Tournament.objects.create(name="Redis Open", slug="redis-open", session_count=10,
                              start_date=dt.date(2026, 5, 2), end_date=dt.date(2026, 5, 3))
for i in range(40):
    p = Player.objects.create(first_name=f"P{i}", last_name=f"L{i}", country="DE")
    Registration.objects.create(tournament=t, player=p, status="confirmed", checked_in=True)
for n in range(1, 11):
    Table.objects.create(tournament=t, number=n)
# 40 x 10 has no construction: the search runs for seconds, reporting its progress.
for n in range(1, 11):
    Session.objects.create(tournament=t, number=n)
started = timezone.now()
job = seating_job_create(tournament=t, method="plan", seed=20161, user=None, now=started)
print("job", job.pk, job.state, (timezone.now() - started).total_seconds())
"""


def test_a_worker_generates_the_plan_and_reports_progress(django_env, worker):  # noqa: F811
    env, db = django_env
    scene = subprocess.run(
        [PYTHON, "manage.py", "shell", "-c", SCENE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert scene.returncode == 0, scene.stderr
    job_id, state, took = re.search(r"job (\d+) (\w+) ([\d.]+)", scene.stdout).groups()
    # The caller (the web process) only queued the job: it did not plan.
    assert state == "queued" and float(took) < 2

    seen: list[tuple] = []

    def finished() -> bool:
        row = _query(db, "select state, done, total from tournament_seatingjob where id=?", job_id)
        seen.append(row[0])
        return row[0][0] in ("done", "failed")

    deadline = time.monotonic() + 120
    while not finished():
        assert time.monotonic() < deadline, f"the job did not finish: {seen[-1]}"
        time.sleep(0.05)
    assert seen[-1][0] == "done", worker.read_text()
    # While running, the page had figures to show: done/total below the end.
    running = [(done, total) for state, done, total in seen if state == "running" and total]
    assert running and any(done < total for done, total in running), seen
    seats = _query(
        db,
        "select count(*) from tournament_seat s join tournament_session x on s.session_id = x.id"
        " where x.tournament_id = (select tournament_id from tournament_seatingjob where id=?)",
        job_id,
    )
    assert seats == [(40 * 10,)]
