"""Wrong passwords are limited per address too, and the address is the client's
behind the proxy (NUM_PROXIES), not the proxy's."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.urls import reverse

from web import throttle

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def axes_on(monkeypatch):
    monkeypatch.setattr(throttle, "_now", lambda: 1_800_000_100.0)  # a held clock
    with override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=5, LOGIN_ADDRESS_FAILURE_LIMIT=12):
        yield


@pytest.fixture
def olga(db):
    return get_user_model().objects.create_user("olga", password="right-horse-battery")


def _login(client, username, password, **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def test_one_address_trying_many_user_names_waits(client, olga):
    # 4 user names, 3 wrong passwords each: below axes' 5 per name, 12 for the address.
    for name in ["anna", "bert", "carl", "dora"]:
        for _ in range(3):
            assert _login(client, name, "guess", REMOTE_ADDR="203.0.113.5").status_code == 200
    response = _login(client, "olga", "right-horse-battery", REMOTE_ADDR="203.0.113.5")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Logins from your network are paused after 12 wrong passwords" in page
    # A window of 15 minutes opened by the first wrong password (the clock is held).
    assert response["Retry-After"] == "900"
    assert "Try again in 15 minutes" in page
    assert "_auth_user_id" not in client.session
    # Another address logs in.
    response = _login(client, "olga", "right-horse-battery", REMOTE_ADDR="198.51.100.9")
    assert response.status_code == 302


def test_the_admin_login_counts_against_the_address_too(client, olga):
    for i in range(12):
        client.post(
            reverse("admin:login"),
            {"username": f"u{i}", "password": "x"},
            REMOTE_ADDR="203.0.113.5",
        )
    response = client.post(
        reverse("admin:login"), {"username": "olga", "password": "x"}, REMOTE_ADDR="203.0.113.5"
    )
    assert response.status_code == 429


@override_settings(NINJA_NUM_PROXIES=1)
def test_behind_the_proxy_one_client_s_wrong_passwords_do_not_lock_out_another(client, olga):
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    for _ in range(5):
        _login(client, "olga", "wrong", HTTP_X_FORWARDED_FOR="203.0.113.5", **proxy)
    locked = _login(
        client, "olga", "right-horse-battery", HTTP_X_FORWARDED_FOR="203.0.113.5", **proxy
    )
    assert locked.status_code == 429
    # Olga herself, from her own phone behind the same nginx, still logs in.
    other = _login(
        client, "olga", "right-horse-battery", HTTP_X_FORWARDED_FOR="198.51.100.9", **proxy
    )
    assert other.status_code == 302


@override_settings(NINJA_NUM_PROXIES=1)
def test_a_forged_forwarded_address_does_not_escape_the_limit(client, olga):
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    for i in range(12):
        # The client writes a new address each time; nginx appends the one it saw.
        _login(client, f"u{i}", "x", HTTP_X_FORWARDED_FOR=f"10.0.0.{i}, 203.0.113.5", **proxy)
    response = _login(client, "olga", "x", HTTP_X_FORWARDED_FOR="10.9.9.9, 203.0.113.5", **proxy)
    assert response.status_code == 429
