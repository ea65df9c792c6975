"""Settings come from the environment; production refuses to start without a secret key."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _settings(env: dict[str, str], expr: str) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"}
    }
    clean.update(env)
    code = f"from config import settings as s; print(repr(({expr})))"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def test_production_without_secret_key_fails_clearly():
    result = _settings({}, "s.DEBUG")
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_embedded_defaults_are_sqlite_and_eager_celery():
    result = _settings(
        {"DEBUG": "1"},
        "s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "('django.db.backends.sqlite3', True, True)"


def test_database_url_and_redis_url_switch_to_the_real_services():
    result = _settings(
        {
            "SECRET_KEY": "x" * 50,
            "DATABASE_URL": "postgres://u:p@db.example:5432/mahjong",
            "REDIS_URL": "redis://127.0.0.1:6379/0",
        },
        "s.DATABASES['default']['ENGINE'], s.DATABASES['default']['NAME'], "
        "s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_BROKER_URL, s.DEBUG",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "('django.db.backends.postgresql', 'mahjong', False, 'redis://127.0.0.1:6379/0', False)"
    )
