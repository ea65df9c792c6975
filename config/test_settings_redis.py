"""The test settings with the real Redis of REDIS_URL: Celery's broker and result backend and
the cache, as config.settings makes them in production.

Only the tests that start their own redis-server (marker ``redis``) use it, for the
processes they start (two Celery workers and ``manage.py`` commands sharing one database
file); every other test runs under config.test_settings, eager and with a local-memory cache
whatever the environment says.
"""

from django.core.exceptions import ImproperlyConfigured

from config import settings as _production
from config.test_settings import *  # noqa: F403

if not _production.REDIS_URL:
    raise ImproperlyConfigured("config.test_settings_redis needs REDIS_URL (a running Redis).")

# config.settings' own values for a set REDIS_URL: one place decides what Redis means.
CELERY_BROKER_URL = _production.CELERY_BROKER_URL
CELERY_RESULT_BACKEND = _production.CELERY_RESULT_BACKEND
CELERY_TASK_ALWAYS_EAGER = _production.CELERY_TASK_ALWAYS_EAGER
CACHES = _production.CACHES
