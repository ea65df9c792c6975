"""Fixtures of the API tests: a published tournament with two scored sessions, a draft with
a session and staff, and a clean cache (answers and rate limits live there)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction

from tests.conftest import TOURNAMENT, make_players
from tests.scoring_app.conftest import enter_final, seat_sessions
from tournament.models import Player, Registration, Session, Staff, Tournament


@pytest.fixture(autouse=True)
def clean_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(scope="module")
def _scored_event(django_db_setup, django_db_blocker):
    """The scored event, built once per test module (four sheets entered and confirmed
    through the services are the costly part of an API test's set-up).

    It is built inside a transaction kept open for the whole module and rolled back at its
    end; each test runs in a savepoint inside it (pytest-django's ``db``), so whatever a test
    writes is undone before the next, as with a fixture built per test."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            event = _build_scored()
        except BaseException:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            raise
    yield event
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        atomic.__exit__(None, None, None)


def _build_scored() -> tuple[int, list[int]]:
    tournament = Tournament.objects.create(**TOURNAMENT)
    players = make_players(tournament, 8)
    for player in players:
        player.email = f"{player.last_name.lower()}@example.org"
        player.save()
    gone = Player.objects.create(
        first_name="Gone", last_name="Withdrawn", country="FR", email="gone@example.org"
    )
    Registration.objects.create(
        tournament=tournament, player=gone, status=Registration.Status.WITHDRAWN
    )
    sessions, tables = seat_sessions(
        tournament, players, [[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 4, 1, 5], [2, 6, 3, 7]]]
    )
    enter_final(sessions[0], tables[1], [41000, 27000, 30000, 22000])
    enter_final(sessions[0], tables[2], [35000, 35000, 25000, 25000])
    enter_final(sessions[1], tables[1], [30000, 30000, 30000, 30000])
    enter_final(sessions[1], tables[2], [50000, 20000, 25000, 25000])
    return tournament.pk, [player.pk for player in players]


def pytest_collection_modifyitems(config, items):
    """A module whose tests use ``scored`` holds no test that builds the test tournament
    without it: once the module's event is built, that tournament exists for every later
    test of the module, and a second one of the same slug would fail, or not, depending on
    which test ran first."""
    # A conftest's collection hook sees every test of the run: only this folder's are ours.
    items = [item for item in items if item.nodeid.startswith("tests/api/")]
    uses_scored = {item.module for item in items if "scored" in getattr(item, "fixturenames", ())}
    for item in items:
        names = getattr(item, "fixturenames", ())
        if item.module in uses_scored and "tournament" in names and "scored" not in names:
            raise pytest.UsageError(
                f"{item.nodeid} builds the test tournament without ``scored`` in a module that "
                "builds the scored event once: ask for ``scored``, or move it to another module"
            )


@pytest.fixture
def tournament(request, db) -> Tournament:
    """The test tournament (tests/conftest.py); in a test that uses ``scored``, the one the
    module's scored event was built in, read afresh."""
    if "scored" in request.fixturenames:
        pk, _ = request.getfixturevalue("_scored_event")
        return Tournament.objects.get(pk=pk)
    return Tournament.objects.create(**TOURNAMENT)


@pytest.fixture
def scored(_scored_event, tournament):
    """8 players, 2 sessions, every sheet confirmed (EMA 2016: 30,000 returned, uma
    15/5/-5/-15, shared on equal points).

    Session 1: table 1 = p0 p1 p2 p3 [41000, 27000, 30000, 22000] -> 26, -8, 5, -23
               table 2 = p4 p5 p6 p7 [35000, 35000, 25000, 25000] -> 15, 15, -15, -15
    Session 2: table 1 = p0 p4 p1 p5 [30000 each] -> 0 each
               table 2 = p2 p6 p3 p7 [50000, 20000, 25000, 25000] -> 35, -25, -5, -5
    Every player has an e-mail address; a ninth registration is withdrawn. The players are
    read afresh for each test (the module's event is shared, its Python objects are not).
    """
    _, pks = _scored_event
    by_pk = Player.objects.in_bulk(pks)
    return [by_pk[pk] for pk in pks]


@pytest.fixture
def draft(draft_tournament):
    """The draft tournament with one seated session, an organiser and a referee."""
    players = [
        Player.objects.create(first_name=f"Dee{i}", last_name=f"Draft{i}", country="IT")
        for i in range(4)
    ]
    for player in players:
        Registration.objects.create(
            tournament=draft_tournament, player=player, status=Registration.Status.CONFIRMED
        )
    seat_sessions(draft_tournament, players, [[[0, 1, 2, 3]]])
    assert Session.objects.filter(tournament=draft_tournament).count() == 1
    for name, role in (("dora_organiser", Staff.Role.ORGANISER), ("rita_referee", "referee")):
        user = get_user_model().objects.create_user(username=name, password="pw")
        Staff.objects.create(tournament=draft_tournament, user=user, role=role)
    return draft_tournament
