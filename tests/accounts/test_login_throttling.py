"""Wrong passwords are throttled (django-axes), on the site's login and the
admin's; the lock-out page says how long is left."""

from __future__ import annotations

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def axes_on():
    # The test settings turn axes off for the tests that log in with client.login().
    with override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=5):
        yield


@pytest.fixture
def olga(db):
    return get_user_model().objects.create_user("olga", password="right-horse-battery")


@pytest.fixture
def root(db):
    return get_user_model().objects.create_superuser("root", password="root-horse-battery")


def _login(client, url, username, password):
    return client.post(url, {"username": username, "password": password})


def test_the_right_password_after_a_burst_of_wrong_ones_is_refused(client, olga):
    url = reverse("login")
    for _ in range(4):
        assert _login(client, url, "olga", "wrong").status_code == 200  # the form again
    assert _login(client, url, "olga", "wrong").status_code == 429  # the fifth locks
    response = _login(client, url, "olga", "right-horse-battery")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many wrong passwords" in page
    assert "Try again in 15 minutes" in page
    assert "_auth_user_id" not in client.session


def test_the_lock_out_says_the_time_left(client, olga):
    url = reverse("login")
    for _ in range(5):
        _login(client, url, "olga", "wrong")
    # The last wrong password was 11 minutes ago: 4 minutes are left of the 15.
    AccessAttempt.objects.update(attempt_time=dt.datetime.now(dt.UTC) - dt.timedelta(minutes=11))
    page = _login(client, url, "olga", "right-horse-battery").content.decode()
    assert "Try again in 4 minutes" in page


def test_after_the_cool_off_the_right_password_works(client, olga):
    url = reverse("login")
    for _ in range(5):
        _login(client, url, "olga", "wrong")
    AccessAttempt.objects.update(attempt_time=dt.datetime.now(dt.UTC) - dt.timedelta(minutes=16))
    response = _login(client, url, "olga", "right-horse-battery")
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(olga.pk)


def test_another_user_at_the_same_address_is_not_locked_out(client, olga, root):
    # A venue's phones share one address: one player's typos do not lock out the hall.
    url = reverse("login")
    for _ in range(6):
        _login(client, url, "olga", "wrong")
    response = _login(client, url, "root", "root-horse-battery")
    assert response.status_code == 302


def test_the_admin_login_is_throttled_too(client, root):
    url = reverse("admin:login")
    for _ in range(5):
        _login(client, url, "root", "wrong")
    response = _login(client, url, "root", "root-horse-battery")
    assert response.status_code == 429
    assert "Try again in 15 minutes" in response.content.decode()
    assert client.get(reverse("admin:index")).status_code == 302  # still not logged in
