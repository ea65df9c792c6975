"""Hostile values in query parameters: every page that reads the query, with
each parameter (per_page, page, next, sort, q, ids and the rest) set to each hostile value,
answers a page or a 4xx, never a 500; paging numbers are always bounded (web/query.py)."""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile.values import LONG, VIEW_VALUES, hostile
from tournament.models import Registration, Team
from web.query import MAX_PER_PAGE, bounded_int

PARAMS = [
    "per_page",
    "page",
    "next",
    "sort",
    "q",
    "session",
    "table",
    "player",
    "after",
    "mode",
    "start",
    "language",
    "_export",
    "country",
    "status",
    "id",
]
# The VIEW_VALUES (but the 40,000 brackets: a query string is not JSON anywhere) and the
# digits int() refuses though str.isdigit() accepts them.
VALUES = [
    *(v for v in VIEW_VALUES if not v.startswith("[[[")),
    "²",
    "٣",
    "0",
    "-0",
    "+5",
    "1_000",
    "/\x00",
    "//evil.example",
    "a\u202eb",
]

# The sweeps of one parameter at a time: the values that broke pages before.
SHARP = ["-1", "0", "²", str(10**30), "\x00", LONG, "//evil.example", "a\u202eb"]


@given(raw=st.one_of(hostile, st.none()))
@settings(max_examples=300, deadline=None)
def test_paging_numbers_are_always_within_their_bounds(raw):
    assert 1 <= bounded_int(raw, default=50, low=1, high=MAX_PER_PAGE) <= MAX_PER_PAGE


@pytest.fixture
def teams_event(tournament, seated_session):
    """The shared seated session (tests/conftest.py) in a team event: (slug, a player's id)."""
    tournament.team_size = 4
    tournament.save(update_fields=["team_size"])
    team = Team.objects.create(tournament=tournament, name="Owls")
    Registration.objects.filter(tournament=tournament).update(team=team)
    player = seated_session.seats.first().player_id
    return tournament.slug, player


def _public(slug, player):
    t = f"/t/{slug}"
    return [
        "/",
        "/language/",
        "/login/",
        f"{t}/",
        f"{t}/standings/",
        f"{t}/standings/teams/",
        f"{t}/standings/projector/rows/",
        f"{t}/players/",
        f"{t}/players/{player}/",
        f"{t}/seating/",
        f"{t}/sessions/1/",
        f"{t}/results/",
        f"{t}/results/1/",
        f"{t}/clock/",
        "/api/v1/tournaments",
        f"/api/v1/tournaments/{slug}/players",
        f"/api/v1/tournaments/{slug}/standings",
    ]


def _staff(slug, player):
    t = f"/t/{slug}"
    return [
        f"{t}/dashboard/",
        f"{t}/referee/",
        f"{t}/referee/log/",
        f"{t}/referee/players/{player}/",
        f"{t}/referee/players/{player}/penalty/late/",
        f"{t}/sessions/1/seating/edit/",
        f"{t}/sessions/1/seating/preview/",
        f"{t}/sessions/1/sheets/1/",
        f"{t}/check-in/",
    ]


def _sweep(client, urls, params, values):
    for url in urls:
        for param in params:
            for value in values:
                response = client.get(url, {param: value})
                assert response.status_code < 500, (url, param, repr(value[:40]))


@pytest.mark.parametrize("param", ["per_page", "page", "next", "sort", "q", "after"])
def test_public_pages_answer_every_hostile_parameter(teams_event, param):
    client = Client(raise_request_exception=False)
    _sweep(client, _public(*teams_event), [param], SHARP)


@pytest.mark.parametrize("param", ["per_page", "page", "sort", "q", "session", "table", "player"])
def test_staff_pages_answer_every_hostile_parameter(teams_event, organiser, param):
    client = Client(raise_request_exception=False)
    client.force_login(organiser)
    _sweep(client, _staff(*teams_event), [param], SHARP)


def test_every_other_parameter_at_once(teams_event, organiser):
    # The rest of the parameters the pages read, all set to each value in one request.
    client = Client(raise_request_exception=False)
    client.force_login(organiser)
    for url in _public(*teams_event) + _staff(*teams_event):
        for value in VALUES:
            response = client.get(url, dict.fromkeys(PARAMS, value))
            assert response.status_code < 500, (url, repr(value[:40]))
