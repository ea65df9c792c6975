"""Settings for the test run: fast hasher, eager Celery, a throwaway key."""

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
