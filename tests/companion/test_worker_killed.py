"""A worker killed mid-send: each message reaches the phone once.

A real Celery worker (a subprocess, against a real Redis and a SQLite file) sends three
push messages to the loopback push service, which holds its answer to the second: the
worker is mid-send when the test kills it (SIGKILL, no clean-up). A second worker then
sends the third; a sweep queued at once leaves the second alone (its lease still runs);
once the lease has run out the sweep sends it again, with the same Topic, so the push
service replaces the copy it already had. The push service's log and mailbox show what a
phone would get: each message once.

Skipped where redis-server is missing, unless REQUIRE_REDIS is set (.ci/run sets it).
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
from collections import Counter
from pathlib import Path

import pytest
from celery import Celery

from .keys import Browser, vapid_pair
from .pushserver import PushServer

pytestmark = pytest.mark.redis

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
LEASE_SECONDS = 15


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
    db = tmp_path / "companion.sqlite3"
    public, private = vapid_pair()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings_redis",
        "DATABASE_URL": f"sqlite:///{db}",
        "REDIS_URL": redis_url,
        "SECRET_KEY": "test-only-key",
        "PYTHONPATH": str(ROOT),
        "VAPID_PUBLIC_KEY": public,
        "VAPID_PRIVATE_KEY": private,
        "VAPID_SUBJECT": "mailto:desk@example.org",
        "COMPANION_LEASE_SECONDS": str(LEASE_SECONDS),
        # Longer than the test: the held message's sender waits until it is killed.
        "COMPANION_PUSH_TIMEOUT": "120",
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    subprocess.run(
        [PYTHON, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=180,
    )
    return env, db


def _worker(env, log: Path) -> subprocess.Popen:
    process = subprocess.Popen(
        [
            *(PYTHON, "-m", "celery", "-A", "config", "worker", "--pool=solo"),
            *("-n", f"{log.stem}@%h", "-l", "info"),
            *("--without-gossip", "--without-mingle", "--without-heartbeat"),
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    _wait_for(
        lambda: process.poll() is not None or " ready." in log.read_text(),
        60,
        f"worker {log.stem} to start",
    )
    assert process.poll() is None, log.read_text()
    return process


def _shell(env, code: str) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


# Three subscriptions and one message to each, stored and queued as a receiver does.
SCENE = """
from companion import push, services
from companion.models import PushSubscription
messages = []
for name, p256dh, auth in {subscriptions!r}:
    s = PushSubscription.objects.create(endpoint="{url}/push/" + name, p256dh=p256dh, auth=auth)
    messages.append(services.Message(key="test:" + name, kind="seating", channel="push",
        title="Session 5: your seat", body="Session 5: table 7, East", url="/",
        topic=push.topic_for("test:" + name), subscription_id=s.pk))
print("new", services.enqueue(messages))
"""


def _sweep(env) -> None:
    """Queues the beat's sweep (companion.send_due) on the workers' broker, as beat does.

    From this process, at once: a ``manage.py shell`` would first spend seconds importing
    Django, and on a busy machine the held message's lease could run out before the sweep
    that must find it still leased is even queued."""
    # Not the current app: made current, it would stay so for the tests this process runs
    # next, and their messages would go to this test's stopped broker instead of being sent.
    app = Celery("sweep", broker=env["REDIS_URL"], set_as_current=False)
    try:
        app.send_task("companion.send_due")
    finally:
        app.close()


def _rows(db: Path) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute(
            "select key, state, attempts from companion_outbox order by key"
        ).fetchall()


def _sweeps(log: Path) -> list[str]:
    return re.findall(r"companion\.send_due\[[^\]]+\] succeeded .*: (\d+)", log.read_text())


def test_a_worker_killed_mid_send_sends_each_message_once(django_env, tmp_path):
    env, db = django_env
    browsers = {name: Browser.new() for name in ("one", "two", "three")}
    subscriptions = [(name, b.p256dh, b.auth_b64) for name, b in browsers.items()]
    with PushServer(log_file=tmp_path / "push.log", hold_at=2) as server:
        first = _worker(env, tmp_path / "w1.log")
        try:
            out = _shell(env, SCENE.format(subscriptions=subscriptions, url=server.url))
            assert "new 3" in out
            # The worker sent one message and now waits for the answer to the second.
            assert server.held.wait(60), (tmp_path / "w1.log").read_text()
            first.send_signal(signal.SIGKILL)
            first.wait(10)
        finally:
            _stop(first)
        server.release.set()
        killed_at = time.monotonic()
        # The queue's order is the broker's: whichever message came second was held.
        assert len(server.log) == 2
        held = server.log[1]["path"]

        second = _worker(env, tmp_path / "w2.log")
        try:
            log = tmp_path / "w2.log"
            # The third message's task was still in the queue: the new worker sends it.
            _wait_for(lambda: len(server.log) >= 3, 60, "the third message")
            # The held one is still leased to the dead worker: a sweep leaves it alone...
            assert time.monotonic() - killed_at < LEASE_SECONDS - 2, "machine too slow"
            _sweep(env)
            _wait_for(lambda: len(_sweeps(log)) >= 1, 60, "the first sweep")
            assert _sweeps(log) == ["0"]
            assert len(server.log) == 3
            # ... until its lease has run out: then it is sent again.
            _wait_for(
                lambda: time.monotonic() - killed_at > LEASE_SECONDS + 1,
                LEASE_SECONDS + 5,
                "the lease to run out",
            )
            _sweep(env)
            _wait_for(lambda: len(_sweeps(log)) >= 2, 60, "the second sweep")
            assert _sweeps(log) == ["0", "1"]
        finally:
            _stop(second)

    log = server.log
    counts = Counter(e["path"] for e in log)
    assert counts == {path: 2 if path == held else 1 for path in counts}
    assert set(counts) == {"/push/one", "/push/two", "/push/three"}
    again = [e for e in log if e["path"] == held]
    assert again[0]["topic"] == again[1]["topic"] != ""
    assert log[-1]["path"] == held
    # What the phones get: the push service kept one message per subscription and topic.
    assert sorted(path for path, _ in server.mailbox) == ["/push/one", "/push/three", "/push/two"]
    held_key = "test:" + held.rsplit("/", 1)[1]
    assert _rows(db) == [
        (key, "sent", 2 if key == held_key else 1) for key in ("test:one", "test:three", "test:two")
    ]
    # And the copies are the message, readable with the subscription's keys.
    for (path, _), body in server.mailbox.items():
        name = path.rsplit("/", 1)[1]
        assert b"table 7, East" in browsers[name].decrypt(body)
