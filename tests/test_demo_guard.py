"""The demo, whose logins have a published password, does not load on a
production server by mistake, and never adds a known-password superuser beside real users."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.demo import DEMO_PASSWORD, DEMO_SLUG
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def _run(*args) -> str:
    out = io.StringIO()
    call_command("load_demo", *args, stdout=out)
    return out.getvalue()


def test_refused_with_debug_off(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG=1"):
        _run()
    assert not Tournament.objects.exists()
    assert not get_user_model().objects.exists()


def test_with_the_flag_loads_but_makes_no_superuser(settings):
    settings.DEBUG = False
    out = _run("--allow-production")
    assert Tournament.objects.filter(slug=DEMO_SLUG).exists()
    assert not get_user_model().objects.filter(is_superuser=True).exists()
    assert "admin " not in out and "createsuperuser" in out


def test_development_on_an_empty_database_makes_the_demo_admin(settings):
    settings.DEBUG = True
    out = _run()
    admin = get_user_model().objects.get(username="admin")
    assert admin.is_superuser and admin.check_password(DEMO_PASSWORD)
    assert f"admin      / {DEMO_PASSWORD}" in out
    _run()  # idempotent: still the one admin, still listed
    assert get_user_model().objects.filter(is_superuser=True).count() == 1


def test_no_known_password_superuser_beside_existing_users(settings):
    settings.DEBUG = True
    get_user_model().objects.create_user("real-person", password="a-secret-of-theirs")
    out = _run()
    assert not get_user_model().objects.filter(is_superuser=True).exists()
    assert "createsuperuser" in out


def test_an_existing_admin_keeps_its_password(settings):
    settings.DEBUG = True
    get_user_model().objects.create_superuser("admin", password="the-real-one")
    out = _run()
    assert get_user_model().objects.get(username="admin").check_password("the-real-one")
    assert "admin      /" not in out  # not listed with the demo's password
