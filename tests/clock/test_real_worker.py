"""The signal on a real Celery worker pair against a real Redis server: "a signal fires
once, even with two workers".

Everything Django does here runs in subprocesses against a SQLite *file* database: the
workers are separate processes and cannot see pytest-django's test database (in memory, and
inside a transaction that never commits). The test therefore migrates its own file database,
starts Redis and two workers, sets the scene with ``manage.py shell`` and reads the results
from the file and the workers' logs.

Skipped where redis-server is missing, unless REQUIRE_REDIS is set (.ci/run sets it), when
it fails instead: scripts/system-deps.sh installs Debian's redis-server.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.redis

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def redis_url():
    server = shutil.which("redis-server")
    if server is None:
        if os.environ.get("REQUIRE_REDIS"):
            pytest.fail("redis-server not found; scripts/system-deps.sh installs it")
        pytest.skip("redis-server is not installed (scripts/system-deps.sh installs it)")
    port = _free_port()
    process = subprocess.Popen(
        [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )

    def answers() -> bool:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    try:
        _wait_for(answers, 10, "redis-server to answer")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        _stop(process)


@pytest.fixture
def django_env(tmp_path, redis_url):
    """The environment of a production-like process: file database, Redis broker."""
    db = tmp_path / "clock.sqlite3"
    env = {
        **os.environ,
        # The test settings pin eager Celery and a local cache; this one takes Redis.
        "DJANGO_SETTINGS_MODULE": "config.test_settings_redis",
        "DATABASE_URL": f"sqlite:///{db}",
        "REDIS_URL": redis_url,
        "SECRET_KEY": "test-only-key",
        "PYTHONPATH": str(ROOT),
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    return env, db


@pytest.fixture
def two_workers(django_env, tmp_path):
    env, _ = django_env
    logs, processes = [], []
    for name in ("w1", "w2"):
        log = tmp_path / f"{name}.log"
        processes.append(
            subprocess.Popen(
                [
                    *(PYTHON, "-m", "celery", "-A", "config", "worker", "--pool=solo"),
                    *("-n", f"{name}@%h", "-l", "info"),
                    *("--without-gossip", "--without-mingle", "--without-heartbeat"),
                ],
                cwd=ROOT,
                env=env,
                stdout=log.open("w"),
                stderr=subprocess.STDOUT,
            )
        )
        logs.append(log)
    try:
        for log, process in zip(logs, processes, strict=True):
            _wait_for(
                lambda log=log, process=process: (
                    process.poll() is not None or " ready." in log.read_text()
                ),
                60,
                f"worker {log.stem} to start",
            )
            assert process.poll() is None, log.read_text()
        yield logs
    finally:
        for process in processes:
            _stop(process)


# Run in a `manage.py shell`: session 1's signal falls due in 3 seconds; its start queues
# the signal task with that ETA, and three copies of the task are queued on top, as a
# redelivery or a second scheduler would. Session 2 is started the same way and paused at
# once, so the task its start queued is for an old clock version.
SCENE = """
import datetime as dt
from django.contrib.auth import get_user_model
from django.utils import timezone
from tournament.clock import services, tasks
from tournament.models import Session, Tournament

user = get_user_model().objects.create_user("olga_organiser")
t = Tournament.objects.create(name="Redis Open", slug="redis-open",
                              start_date=dt.date(2026, 5, 2), end_date=dt.date(2026, 5, 2))
# Far enough ahead that a busy machine ends this shell and reads the database first.
signal_in = dt.timedelta(seconds=15)
now = timezone.now()
ago = dt.timedelta(minutes=75) - signal_in  # EMA 5.9: the signal at 75 of 90 minutes
one = services.session_clock_start(session=Session.objects.create(tournament=t, number=1),
                                   by=user, now=now - ago)
for _ in range(3):
    tasks.fire_session_signal.apply_async(args=[one.pk, one.clock_version], eta=now + signal_in)
two = services.session_clock_start(session=Session.objects.create(tournament=t, number=2),
                                   by=user, now=now - ago)
services.session_clock_pause(session=two, by=user, now=now)
print("sessions", one.pk, two.pk)
"""


def _query(db: Path, sql: str, *args):
    with sqlite3.connect(db) as connection:
        return connection.execute(sql, args).fetchall()


def test_the_signal_fires_once_with_two_workers(django_env, two_workers):
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
    one, two = map(int, re.search(r"sessions (\d+) (\d+)", scene.stdout).groups())

    # Nothing fires before the ETA: the workers hold the tasks until then.
    assert _query(db, "select signal_fired_at from tournament_session where id=?", one) == [(None,)]

    def finished_tasks() -> list[str]:
        pattern = re.compile(
            r"tournament\.clock\.fire_session_signal\[[^\]]+\] succeeded .*: (\w+)"
        )
        return [m for log in two_workers for m in pattern.findall(log.read_text())]

    # 4 tasks for session 1 (the start's and 3 copies), 1 for session 2 (the start's).
    _wait_for(lambda: len(finished_tasks()) >= 5, 60, "the five signal tasks to run")
    results = finished_tasks()
    assert sorted(results) == ["False", "False", "False", "False", "True"], results

    events = _query(
        db, "select session_id, kind from tournament_sessionclockevent where kind='signal'"
    )
    assert events == [(one, "signal")]
    fired = dict(_query(db, "select id, signal_fired_at from tournament_session"))
    assert fired[one] is not None  # session 1: the signal was given
    assert fired[two] is None  # session 2: paused, so its old task did nothing
