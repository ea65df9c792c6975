"""With Redis down the API reads the database like the pages do, and answers the same
standings (an outage answers with what happened, never a bare 500)."""

from __future__ import annotations

import pytest

from web import cache as public_cache

API = "/api/v1/tournaments/test-open"


@pytest.fixture
def redis_down(monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    for name in ("get", "set", "add", "set_many", "get_many", "delete", "incr"):
        monkeypatch.setattr(public_cache.cache, name, down)


@pytest.mark.parametrize("path", ["", "/players", "/standings", "/sessions/1/seating"])
def test_redis_down_the_api_reads_the_database(client, scored, path, redis_down):
    response = client.get(API + path)
    assert response.status_code == 200


def test_redis_down_the_api_standings_are_those_of_the_database(
    client,
    scored,
    monkeypatch,
):
    expected = client.get(API + "/standings").json()
    for name in ("get", "set", "add", "set_many"):
        monkeypatch.setattr(
            public_cache.cache, name, lambda *a, **k: (_ for _ in ()).throw(ConnectionError())
        )
    assert client.get(API + "/standings").json() == expected
