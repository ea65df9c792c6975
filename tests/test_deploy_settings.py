"""Production settings pass `manage.py check --deploy`; HTTPS, HSTS and the proxy
header come from the environment; every page carries the Content-Security-Policy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.urls import reverse

from tests.test_settings_env import _settings

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "SECRET_KEY": "k3y-" + "x7Qp2vLm9" * 6,  # long and varied, as `check --deploy` wants
    "ALLOWED_HOSTS": "mahjong.example.org",
}


def _check_deploy(env: dict[str, str]) -> subprocess.CompletedProcess:
    clean = {
        k: v
        for k, v in os.environ.items()
        # The browser tests' conftest sets DJANGO_ALLOW_ASYNC_UNSAFE in this process;
        # a real deployment does not, and the check rightly refuses it.
        if not k.startswith(("DEBUG", "SECRET", "SECURE", "DJANGO_", "ALLOWED"))
    }
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
    )


def test_check_deploy_is_clean_with_production_settings():
    result = _check_deploy(PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_the_operator_may_turn_https_off_and_the_check_says_so():
    result = _check_deploy(PRODUCTION | {"SECURE_SSL_REDIRECT": "0", "SECURE_HSTS_SECONDS": "0"})
    assert result.returncode != 0
    assert "security.W004" in result.stderr and "security.W008" in result.stderr


def test_https_settings_come_from_the_environment():
    result = _settings(
        PRODUCTION,
        "s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, hasattr(s, 'SECURE_PROXY_SSL_HEADER')",
    )
    assert result.stdout.strip() == "(True, 31536000, False)", result.stderr
    result = _settings(
        PRODUCTION | {"SECURE_HSTS_SECONDS": "3600", "SECURE_PROXY_SSL_HEADER": "1"},
        "s.SECURE_HSTS_SECONDS, s.SECURE_PROXY_SSL_HEADER",
    )
    assert result.stdout.strip() == "(3600, ('HTTP_X_FORWARDED_PROTO', 'https'))", result.stderr
    result = _settings({"DEBUG": "1"}, "s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS")
    assert result.stdout.strip() == "(False, 0)", result.stderr


def test_a_client_cannot_claim_https_without_a_declared_proxy(client, db, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get(reverse("home"), HTTP_X_FORWARDED_PROTO="https")
    assert response.status_code == 301  # not believed: sent to https
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert client.get(reverse("home"), HTTP_X_FORWARDED_PROTO="https").status_code == 200


def test_pages_carry_the_content_security_policy(client, db):
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert "frame-ancestors 'self'" in policy
