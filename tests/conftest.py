"""Shared fixtures: named personas and a small tournament (style.md)."""

from __future__ import annotations

import datetime as dt
import os

import pytest
from django.contrib.auth import get_user_model
from hypothesis import settings as hypothesis_settings

from tournament.models import Player, Registration, Session, Staff, Table, Tournament

# CI replays the same examples every run, so a result never depends on the draw; at a desk the
# property tests explore new examples each time (and keep failures in .hypothesis/).
hypothesis_settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """A SQLite test database in a file (one per test process), not in memory.

    In memory, every connection but the first shares one cache whose locks fail at once
    ("database table is locked") instead of waiting: the tests that send the same form from
    several threads at the same moment (tests/test_form_tokens.py) need what production has,
    a file whose IMMEDIATE transactions wait for each other (config/settings.py)."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        path = tmp_path_factory.mktemp("database") / "test.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(path)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: rolled-back tests reuse primary keys, and a
    page cached under another test's tournament of the same pk must not be served."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """A request in another language (Accept-Language, the language cookie) leaves that
    language active in the thread after the response (LocaleMiddleware activates one per
    request): every test ends in the default language, so forms built outside a request in
    the next test speak English (issue 19)."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture
def tournament(db) -> Tournament:
    return Tournament.objects.create(
        name="Test Open",
        slug="test-open",
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        visibility=Tournament.Visibility.PUBLISHED,
        session_count=4,
    )


@pytest.fixture
def draft_tournament(db) -> Tournament:
    return Tournament.objects.create(
        name="Secret Cup",
        slug="secret-cup",
        start_date=dt.date(2026, 6, 1),
        end_date=dt.date(2026, 6, 1),
    )


def _user(username: str):
    return get_user_model().objects.create_user(username=username, password="pw-" + username)


@pytest.fixture
def organiser(tournament):
    user = _user("olga_organiser")
    Staff.objects.create(tournament=tournament, user=user, role=Staff.Role.ORGANISER)
    return user


@pytest.fixture
def referee(tournament):
    user = _user("rene_referee")
    Staff.objects.create(tournament=tournament, user=user, role=Staff.Role.REFEREE)
    return user


def grant_tournament_creation(user):
    """What a site administrator does in the admin: the permission to create tournaments."""
    from django.contrib.auth.models import Permission

    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return user


@pytest.fixture
def creator(db):
    """A user the site administrator approved to create tournaments (no tournament yet)."""
    return grant_tournament_creation(_user("cora_creator"))


@pytest.fixture
def stranger(db):
    """Logged in, but neither staff nor player of any tournament here."""
    return _user("sam_stranger")


def make_players(tournament: Tournament, n: int) -> list[Player]:
    players = []
    for i in range(n):
        player = Player.objects.create(
            first_name=f"First{i:03d}",
            last_name=f"Last{i:03d}",
            ema_number=f"05{i:06d}",
            country="DE",
        )
        Registration.objects.create(
            tournament=tournament, player=player, status=Registration.Status.CONFIRMED
        )
        players.append(player)
    return players


@pytest.fixture
def seated_session(tournament):
    """Session 1 of the test tournament with 8 players seated at two tables."""
    players = make_players(tournament, 8)
    session = Session.objects.create(tournament=tournament, number=1)
    tables = [Table.objects.create(tournament=tournament, number=n) for n in (1, 2)]
    for i, player in enumerate(players):
        session.seats.create(table=tables[i // 4], wind=i % 4, player=player)
    return session
