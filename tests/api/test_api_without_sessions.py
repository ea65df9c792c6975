"""The API of a tournament that has no session yet (tests/api/test_api.py holds the scored
event's; a module that builds that event once holds no test of another tournament)."""

from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_tournament_without_sessions_has_no_clock(client, tournament):
    response = client.get("/api/v1/tournaments/test-open/clock")
    assert response.status_code == 404
    assert response.json() == {"detail": "This tournament has no session yet."}
