"""Settings for the test run: fast hasher, eager Celery, a throwaway key.

What the tests run against does not depend on the shell they are started from: a REDIS_URL
left in the environment (a developer's production-like shell, a CI image) would otherwise
turn config.settings' Celery into a real broker and the cache into Redis, and tests would
queue tasks nobody runs or share a cache between runs. So Celery runs eager and the cache is
this process's memory, whatever the environment says. DATABASE_URL still selects the
database (CI's PostgreSQL pass sets it on purpose).

The tests that need the real services (marker ``redis``) start their own Redis and run their
processes under ``config.test_settings_redis``, which takes them from REDIS_URL again.
"""

import os

os.environ.setdefault("SECRET_KEY", "test-only-key")
os.environ.setdefault("DEBUG", "0")

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
ALLOWED_HOSTS = ["*"]
# The test client and the live server speak plain HTTP.
SECURE_SSL_REDIRECT = False
SECURE_HSTS_SECONDS = 0
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
# Tests log in with client.login() and force_login(), which give django-axes no request; the
# throttling tests turn it on themselves (tests/accounts/test_login_throttling.py).
AXES_ENABLED = False

# Pinned, not read from the environment (see the docstring).
CELERY_BROKER_URL = "memory://"
CELERY_RESULT_BACKEND = "cache+memory://"
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
