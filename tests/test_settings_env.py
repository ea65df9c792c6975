"""Settings come from the environment; production refuses to start without a secret key."""

import ast
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


def _test_settings(module: str, env: dict[str, str]) -> tuple:
    """The Celery and cache settings of ``module`` imported in a fresh interpreter."""
    clean = {
        k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DJANGO_SETTINGS_MODULE"}
    }
    clean.update(env)
    expr = (
        "s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_BROKER_URL, s.CELERY_RESULT_BACKEND, "
        "s.CACHES['default']['BACKEND'], s.DATABASES['default']['ENGINE']"
    )
    code = f"import importlib; s = importlib.import_module({module!r}); print(repr(({expr})))"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    return ast.literal_eval(result.stdout)


def test_a_redis_url_in_the_shell_does_not_reach_the_tests():
    # A production-like shell: Celery would queue to a broker no test runs, the cache would
    # be shared between runs. The test settings keep both in this process.
    eager, broker, backend, cache, _ = _test_settings(
        "config.test_settings", {"REDIS_URL": "redis://127.0.0.1:6399/0"}
    )
    assert (eager, broker, backend) == (True, "memory://", "cache+memory://")
    assert cache == "django.core.cache.backends.locmem.LocMemCache"


def test_database_url_still_selects_postgresql_for_the_tests():
    # CI's second pass sets DATABASE_URL on purpose; REDIS_URL beside it changes nothing.
    eager, _, _, cache, engine = _test_settings(
        "config.test_settings",
        {"DATABASE_URL": "postgres://u:p@db.example:5432/mahjong", "REDIS_URL": "redis://r:1/0"},
    )
    assert engine == "django.db.backends.postgresql"
    assert eager is True and cache.endswith("LocMemCache")


def test_the_redis_tests_settings_take_redis_from_the_environment():
    # What the real-worker tests (marker redis) run their processes under.
    eager, broker, backend, cache, _ = _test_settings(
        "config.test_settings_redis", {"REDIS_URL": "redis://127.0.0.1:6399/0"}
    )
    assert (eager, broker, backend) == (
        False,
        "redis://127.0.0.1:6399/0",
        "redis://127.0.0.1:6399/0",
    )
    assert cache == "django.core.cache.backends.redis.RedisCache"
