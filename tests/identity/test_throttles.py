"""Limits an attacker cannot switch off: guesses of link
codes per account and per address, sign-ups per address, answers 429 with the wait; counts
that a flood of cache entries cannot evict and that go on with the cache down; read
parameters outside their domain make no cache entry of their own."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scoring.models import PersonalCode
from tournament.models import Player, Registration, Session
from web import throttle


def _guess(client, slug, code="ZZZZZZ"):
    return client.post(reverse("profile_link"), {"c-tournament": slug, "c-code": code, "code": "1"})


@pytest.fixture
def lena(tournament):
    player = Player.objects.create(first_name="Lena", last_name="Berg", country="SE")
    Registration.objects.create(tournament=tournament, player=player, status="confirmed")
    PersonalCode.objects.create(tournament=tournament, player=player, code="K7M2QX")
    return player


def _fresh(n: int) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.create_user(f"fresh{n}", password="pw"))
    return client


def test_6_fresh_accounts_from_one_address_share_its_limit_of_link_guesses(tournament, lena):
    for n in range(5):
        client = _fresh(n)
        for _ in range(4):  # below each account's 5
            assert _guess(client, tournament.slug).status_code == 200
    # The address has made 20 guesses: a sixth fresh account waits, even with the right code.
    response = _guess(_fresh(6), tournament.slug, "K7M2QX")
    assert response.status_code == 429 and 1 <= int(response["Retry-After"]) <= 60
    lena.refresh_from_db()
    assert lena.user is None


def test_6_sign_ups_from_one_address_are_limited_with_a_429(client, db):
    def sign_up(n):
        return client.post(
            reverse("signup"),
            {
                "username": f"new{n}",
                "password1": "tiles-and-dice-42",
                "password2": "tiles-and-dice-42",
                "first_name": "New",
                "last_name": f"Person{n}",
                "country": "DE",
                "email": f"new{n}@example.org",
            },
        )

    for n in range(10):
        assert sign_up(n).status_code == 302
        client.logout()
    response = sign_up(10)
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    assert b"Too many new accounts from this address" in response.content
    assert not get_user_model().objects.filter(username="new10").exists()


def test_7_a_cache_flood_does_not_reset_the_counts(tournament, lena):
    client = _fresh(1)
    for _ in range(5):
        _guess(client, tournament.slug)
    cache.clear()  # what allkeys-lru does to every key under a flood
    assert _guess(client, tournament.slug, "K7M2QX").status_code == 429
    limit = throttle.Limit("login-address", count=12, seconds=900)
    for _ in range(3):
        throttle.hit(limit, "203.0.113.9")
    cache.clear()
    assert throttle.count(limit, "203.0.113.9") == 3


def _page_keys() -> set[str]:
    return {k for k in cache._cache if "tournament-page:" in k or "tournament-data:" in k}


def test_7_junk_read_parameters_share_the_page_s_cache_entry(tournament):
    Session.objects.create(tournament=tournament, number=1)
    url = reverse("tournament:standings", args=[tournament.slug])
    client = Client()
    assert client.get(url).status_code == 200
    before = _page_keys()
    junk = [
        {"sort": "x" * 256},
        {"sort": "ab" * 15},
        {"page": "1000000000"},
        {"page": "-3"},
        {"page": "²"},
        {"after": "junk"},
        {"after": "77"},
        {"after": "123456789012"},
        {"per_page": "0"},
        {"per_page": "-1"},
    ]
    for params in junk:
        response = client.get(url, params)
        assert response.status_code == 200, params
    # A page beyond the last and an unknown session fall back to pages that exist already,
    # within the bounds: at most the one page number kept and no data cached per junk value.
    grown = _page_keys() - before
    assert len(grown) <= 4, grown
    assert not [k for k in cache._cache if "standings:77" in k or "standings:123" in k]
    for n in range(5):
        client.get(url, {"_export": f"junk{n}"})
    assert len(_page_keys() - before) <= 5


@pytest.fixture
def cache_down(monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    for method in ("get", "add", "incr", "set", "set_many", "get_many", "delete"):
        monkeypatch.setattr(cache, method, down)


def test_8_with_the_cache_down_link_guesses_stay_limited(tournament, lena, cache_down):
    client = _fresh(1)
    for _ in range(5):
        assert _guess(client, tournament.slug).status_code == 200
    assert _guess(client, tournament.slug, "K7M2QX").status_code == 429


def test_8_with_the_cache_down_the_api_stays_limited(tournament, cache_down, settings):
    settings.API_ANON_RATE = "10/min"
    client = Client()
    answers = [client.get("/api/v1/tournaments").status_code for _ in range(12)]
    assert answers[:10] == [200] * 10 and answers[10:] == [429, 429]


def test_8_with_the_cache_down_logins_per_address_stay_limited(db, cache_down):
    limit = throttle.Limit("login-address", count=12, seconds=900)
    for _ in range(12):
        throttle.hit(limit, "203.0.113.7")
    assert throttle.wait(limit, "203.0.113.7") is not None
