"""Outages of PostgreSQL and Redis answer with what happened, never a bare 500 (issue 27):
a save in flight when the database goes away is "not saved, try again" (503 with
Retry-After) and counts once when sent again; with Redis down the API reads the database
like the pages do (those are in tests/api/test_api_when_redis_is_down.py)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, OperationalError
from django.test import Client
from django.urls import reverse

from scoring import views as scoring_views
from scoring.models import ScoreSheet
from tests.test_settings_env import _settings
from web.idempotency import new_token


def sheet_url(session, number=1):
    return reverse("scoring:sheet", args=[session.tournament.slug, session.number, number])


def sheet_form(token):
    # EMA 2016: four players' final scores adding up to 4 x 30,000.
    data = {"mode": "final", "version": "0", "riichi_left": "0", "reason": "", "form_token": token}
    for i, points in enumerate([40000, 30000, 28000, 22000]):
        data |= {f"points_{i}": str(points), f"chombo_{i}": "0", f"substitute_{i}": ""}
    return data


@pytest.fixture
def desk(referee):
    client = Client(raise_request_exception=False)  # as gunicorn: handler500 answers
    client.force_login(referee)
    return client


def restart_in_flight(monkeypatch, error):
    """The sheet's save fails as psycopg reports PostgreSQL going away mid-request."""
    real = scoring_views.sheet_save

    def lost(**kwargs):
        real(**kwargs)  # written, then the connection is gone before the commit
        raise error

    monkeypatch.setattr(scoring_views, "sheet_save", lost)
    return real


def test_a_save_in_flight_when_postgresql_restarts_is_not_saved_try_again(
    desk, seated_session, monkeypatch
):
    real = restart_in_flight(
        monkeypatch, OperationalError("server closed the connection unexpectedly")
    )
    form = sheet_form(new_token())
    response = desk.post(sheet_url(seated_session), form)
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    page = response.content.decode()
    assert "Not saved, try again" in page and "Server error" not in page
    assert not ScoreSheet.objects.exists()  # rolled back with its transaction
    # PostgreSQL is back: the same form sent again is stored, once.
    monkeypatch.setattr(scoring_views, "sheet_save", real)
    assert desk.post(sheet_url(seated_session), form).status_code == 302
    assert desk.post(sheet_url(seated_session), form).status_code == 302  # a double tap
    sheet = ScoreSheet.objects.get()
    assert sheet.version == 1


def test_a_page_read_while_the_database_is_down_says_reload(desk, seated_session, monkeypatch):
    def refused(*args, **kwargs):
        raise OperationalError('connection to server at "127.0.0.1", port 5432 failed')

    monkeypatch.setattr(scoring_views, "table_seats", refused)
    response = desk.get(sheet_url(seated_session))
    assert response.status_code == 503
    assert "Reload this page in a few seconds" in response.content.decode()


def test_other_database_errors_stay_server_errors(desk, seated_session, monkeypatch):
    restart_in_flight(monkeypatch, IntegrityError("duplicate key value"))
    response = desk.post(sheet_url(seated_session), sheet_form(new_token()))
    assert response.status_code == 500
    assert "Server error" in response.content.decode()


def test_connection_health_checks_are_on_in_production():
    result = _settings(
        {"SECRET_KEY": "x" * 50, "DATABASE_URL": "postgres://u:p@db.example:5432/mahjong"},
        "s.DATABASES['default']['CONN_HEALTH_CHECKS'], s.DATABASES['default']['CONN_MAX_AGE']",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "(True, 60)"
