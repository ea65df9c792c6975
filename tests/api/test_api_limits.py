"""The API's list of tournaments loses a draft at once (it stayed for 30 s), and its rate
limit counts every one of many requests sent at once (100 got 68 answers against a limit of
60)."""

from __future__ import annotations

import threading

import pytest
from django.test import override_settings
from django.test.client import RequestFactory

from tournament.events.services import tournament_set_visibility
from web import throttle

pytestmark = pytest.mark.django_db


def test_a_tournament_set_back_to_draft_leaves_the_list_at_once(client, tournament):
    slugs = [t["slug"] for t in client.get("/api/v1/tournaments").json()["items"]]
    assert tournament.slug in slugs  # cached for API_CACHE_SECONDS (30 s) from here
    tournament_set_visibility(tournament=tournament, published=False)
    slugs = [t["slug"] for t in client.get("/api/v1/tournaments").json()["items"]]
    assert tournament.slug not in slugs


def test_a_renamed_tournament_shows_its_new_name_at_once(client, tournament):
    client.get("/api/v1/tournaments")
    tournament.name = "Renamed Open"
    tournament.save()
    names = [t["name"] for t in client.get("/api/v1/tournaments").json()["items"]]
    assert names == ["Renamed Open"]


def test_100_requests_at_once_are_100_counts():
    # The counter django-ninja kept (a list read, appended to and written back) lost the
    # requests that raced: 68 answered of 100 against a limit of 60.
    limit = throttle.Limit("test-parallel", count=60, seconds=60, durable=False)
    barrier = threading.Barrier(20)
    answers = []

    def client():
        barrier.wait()
        for _ in range(5):
            answers.append(throttle.hit(limit, "203.0.113.1"))

    threads = [threading.Thread(target=client) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == list(range(1, 101))
    assert sum(1 for n in answers if n <= limit.count) == 60


@override_settings(API_ANON_RATE="60/min")
def test_the_api_answers_60_of_100_parallel_anonymous_requests(tournament, monkeypatch):
    import time

    from django.core.cache.backends.locmem import LocMemCache

    from api.throttling import AnonymousThrottle

    # A read that takes a moment, as Redis over the network does: django-ninja's list read,
    # appended to and written back then let all 100 through (68 in production).
    read = LocMemCache.get

    def slow_read(self, *args, **kwargs):
        value = read(self, *args, **kwargs)
        time.sleep(0.002)
        return value

    monkeypatch.setattr(LocMemCache, "get", slow_read)

    gate = AnonymousThrottle()
    factory = RequestFactory()
    barrier = threading.Barrier(25)
    allowed = []

    def client():
        barrier.wait()
        for _ in range(4):
            request = factory.get("/api/v1/tournaments", REMOTE_ADDR="203.0.113.1")
            request.user = type("Anonymous", (), {"is_authenticated": False})()
            allowed.append(gate.allow_request(request))

    threads = [threading.Thread(target=client) for _ in range(25)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(allowed) == 100
    assert allowed.count(True) == 60
