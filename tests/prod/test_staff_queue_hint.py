"""The staff queue hint (tournament/events/queue_hint.py): the cookie that makes nginx send a
signed-in organiser's or referee's public pages to the staff pool. Set at login for staff
only, cleared at logout, and never a right: a forged one opens nothing."""

from __future__ import annotations

import pytest

from tournament.events.queue_hint import COOKIE

pytestmark = pytest.mark.django_db


def log_in(client, user):
    response = client.post(
        "/login/", {"username": user.username, "password": "pw-" + user.username}
    )
    assert response.status_code == 302, response.content[:300]
    return response


def test_a_referee_gets_the_hint_at_login(client, referee):
    cookie = log_in(client, referee).cookies[COOKIE]
    assert cookie.value == "1"
    # Not for scripts (httponly) and not sent by other sites' forms (Lax), like the session.
    assert cookie["httponly"] and cookie["samesite"] == "Lax"


def test_an_organiser_gets_it_too(client, organiser):
    assert log_in(client, organiser).cookies[COOKIE].value == "1"


def test_a_signed_in_player_who_is_no_staff_gets_no_hint(client, stranger, tournament):
    assert COOKIE not in log_in(client, stranger).cookies
    page = client.get("/t/test-open/standings/")
    assert page.status_code == 200 and COOKIE not in page.cookies


def test_the_hint_is_sent_once_not_on_every_page(client, referee, tournament):
    log_in(client, referee)
    page = client.get("/t/test-open/standings/")
    assert page.status_code == 200 and COOKIE not in page.cookies


def test_logout_clears_the_hint(client, referee):
    log_in(client, referee)
    response = client.post("/logout/")
    assert response.cookies[COOKIE].value == ""
    assert response.cookies[COOKIE]["max-age"] == 0


def test_a_forged_hint_opens_nothing_and_is_cleared(client, tournament, referee):
    client.cookies[COOKIE] = "1"
    desk = client.get("/t/test-open/referee/")
    # The desk still asks for a login: the hint chose a queue in nginx, nothing more.
    assert desk.status_code == 302 and desk["Location"].startswith("/login/")
    assert desk.cookies[COOKIE].value == ""
    page = client.get("/t/test-open/standings/")
    assert page.status_code == 200 and b"rene_referee" not in page.content
