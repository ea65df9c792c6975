"""A form sent twice is stored once.  Parallel identical POSTs (threads,
each with its own database connection) make one penalty and one sheet; a replay answers
with the page of the first result and "already saved"."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from referee.models import Penalty, Substitution
from scoring.models import ScoreSheet, SheetVersion, TableResult
from tournament.models import Registration
from web.idempotency import ALREADY_SAVED, new_token
from web.models import FormToken


def parallel_posts(user, url: str, data: dict, n: int = 3) -> list:
    """``n`` identical POSTs at the same moment, each thread with its own connection."""
    barrier = threading.Barrier(n)
    responses: list = [None] * n

    def send(i: int) -> None:
        client = Client()
        client.force_login(user)
        barrier.wait()
        try:
            responses[i] = client.post(url, data)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return responses


@pytest.mark.django_db(transaction=True)
def test_three_parallel_identical_penalties_are_stored_once(tournament, referee, running, players):
    # The shared running session (tests/conftest.py), in a database the threads share.
    url = reverse("referee:penalty_new", args=[tournament.slug, players[0].pk, "late"])
    data = {"session": "1", "minutes": "2", "form_token": new_token()}
    responses = parallel_posts(referee, url, data)
    assert [r.status_code for r in responses] == [302, 302, 302]
    penalty = Penalty.objects.get()  # one row, not three
    assert penalty.points == -2  # EMA 5.7: 1 point a minute
    # Every answer leads to the page of the one penalty stored.
    assert len({r["Location"] for r in responses}) == 1
    assert FormToken.objects.get().url == responses[0]["Location"]


@pytest.mark.django_db(transaction=True)
def test_three_parallel_identical_sheets_are_stored_once(tournament, referee, running):
    url = reverse("scoring:sheet", args=[tournament.slug, 1, 1])
    data = {
        "mode": "final",
        "version": "0",
        "points_0": "41000",
        "points_1": "27000",
        "points_2": "30000",
        "points_3": "22000",
        "riichi_left": "0",
        "form_token": new_token(),
    }
    responses = parallel_posts(referee, url, data)
    assert [r.status_code for r in responses] == [302, 302, 302]
    sheet = ScoreSheet.objects.get()
    assert sheet.version == 1  # not saved again over itself
    assert SheetVersion.objects.count() == 1
    assert TableResult.objects.count() == 4


@pytest.fixture
def ref_client(client, referee):
    client.force_login(referee)
    return client


def test_a_replayed_penalty_answers_already_saved(ref_client, tournament, seated_session):
    player = seated_session.seats.first().player
    url = reverse("referee:penalty_new", args=[tournament.slug, player.pk, "late"])
    data = {"session": "1", "minutes": "3", "form_token": new_token()}
    first = ref_client.post(url, data)
    again = ref_client.post(url, data, follow=True)
    assert Penalty.objects.count() == 1
    assert again.redirect_chain[0][0] == first["Location"]
    assert ALREADY_SAVED in again.content.decode()
    # The same form rendered again has a new token: a second lateness a moment later is
    # asked about first (409, referee.services.RepeatedPenalty), then stored when confirmed.
    asked = ref_client.post(url, {**data, "form_token": new_token()})
    assert asked.status_code == 409
    assert Penalty.objects.count() == 1
    ref_client.post(url, {**data, "repeat": "on", "form_token": new_token()})
    assert Penalty.objects.count() == 2


def test_a_refused_form_gives_its_token_back(ref_client, tournament, seated_session):
    player = seated_session.seats.first().player
    url = reverse("referee:penalty_new", args=[tournament.slug, player.pk, "late"])
    token = new_token()
    refused = ref_client.post(url, {"session": "1", "minutes": "abc", "form_token": token})
    assert refused.status_code == 200
    assert not FormToken.objects.exists()
    ref_client.post(url, {"session": "1", "minutes": "3", "form_token": token})
    assert Penalty.objects.count() == 1


def test_every_form_in_the_templates_carries_a_token(ref_client, tournament, seated_session):
    player = seated_session.seats.first().player
    page = ref_client.get(reverse("referee:penalty_new", args=[tournament.slug, player.pk, "late"]))
    html = page.content.decode()
    assert html.count('name="form_token"') == html.count('name="csrfmiddlewaretoken"') - 1
    # (the log-out form in the header is the one without: logging out twice is harmless)


def test_replayed_substitution_check_in_and_registration(
    client, organiser, tournament, seated_session, reserve
):
    client.force_login(organiser)
    player = seated_session.seats.first().player
    url = reverse("referee:substitute", args=[tournament.slug, player.pk])
    data = {
        "session": "1",
        "substitute": str(reserve.pk),
        "timing": "start",
        "form_token": new_token(),
    }
    assert client.post(url, data).status_code == 302
    assert ALREADY_SAVED in client.post(url, data, follow=True).content.decode()
    assert Substitution.objects.count() == 1

    registration = Registration.objects.filter(tournament=tournament).first()
    checkin = reverse("tournament:checkin", args=[tournament.slug])
    data = {"registration": [str(registration.pk)], "form_token": new_token()}
    client.post(checkin, data)
    registration.refresh_from_db()
    assert registration.checked_in
    # Someone undoes it; a replay of the old check-in must not check in again.
    client.post(checkin, {"registration": [str(registration.pk)], "action": "undo"})
    assert ALREADY_SAVED in client.post(checkin, data, follow=True).content.decode()
    registration.refresh_from_db()
    assert not registration.checked_in

    add = reverse("tournament:player_add", args=[tournament.slug])
    data = {
        "first_name": "Nina",
        "last_name": "New",
        "country": "DE",
        "form_token": new_token(),
    }
    client.post(add, data)
    client.post(add, data)
    assert Registration.objects.filter(player__first_name="Nina").count() == 1


@pytest.mark.django_db
def test_tokens_older_than_a_month_are_forgotten_by_the_daily_task():
    import datetime as dt

    from django.utils import timezone

    from web.models import FormToken
    from web.tasks import purge_form_tokens

    old = FormToken.objects.create(token="a" * 32, path="/t/x/")
    recent = FormToken.objects.create(token="b" * 32, path="/t/x/")
    # created_at is set on creation (auto_now_add): age the first by hand.
    FormToken.objects.filter(pk=old.pk).update(created_at=timezone.now() - dt.timedelta(days=31))
    assert purge_form_tokens.delay().get() == 1
    assert list(FormToken.objects.values_list("pk", flat=True)) == [recent.pk]
