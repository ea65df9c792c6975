"""Shared fixtures: named personas and a small tournament (style.md).

One scenario serves every folder (tests/README.md):

- personas: ``organiser`` (Olga), ``referee`` (Rene), ``player`` (Petra, who plays here: she is
  ``players[0]``), ``stranger`` (Sam, logged in, nothing to do with the event), ``creator``;
- ``seated_session``: session 1 of the test tournament, 8 players at two tables;
  ``running`` is the same session started; ``players``, ``table1``, ``table2``, ``reserve``;
- ``two_sessions``: sessions 1 and 2 seated (LAYOUT), nothing scored;
- ``finished_session_2``: the same with every sheet of both sessions confirmed
  (FINAL_POINTS) and both sessions finished.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from hypothesis import settings as hypothesis_settings

from scoring.models import ScoreSheet
from scoring.services import sheet_confirm, sheet_save
from tournament.models import Player, Registration, Session, Staff, Table, Tournament

# SLOW_SCRIPTS=<ms> (the flakiness gate sets it) makes the live server wait that long before
# it serves each script, as a slow phone's network does. A browser test that acts on a page
# before its scripts have run (after a click that navigates, which does not wait for them)
# then fails every time instead of once in a while on a busy CI machine.
SCRIPT_DELAY_S = int(os.environ.get("SLOW_SCRIPTS") or 0) / 1000
if SCRIPT_DELAY_S:
    import time

    from django.contrib.staticfiles.handlers import StaticFilesHandlerMixin

    _serve = StaticFilesHandlerMixin.serve

    def _serve_slowly(self, request):
        if request.path.endswith(".js"):
            time.sleep(SCRIPT_DELAY_S)
        return _serve(self, request)

    StaticFilesHandlerMixin.serve = _serve_slowly


# CI replays the same examples every run, so a result never depends on the draw; at a desk the
# property tests explore new examples each time (and keep failures in .hypothesis/).
hypothesis_settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


# The tests the CI runs a second time on PostgreSQL (marker ``postgres``; .ci/run): what can
# differ there from SQLite. Rows locked with select_for_update (PostgreSQL refuses FOR UPDATE
# on the nullable side of an outer join, SQLite ignores it) and the services that lock them;
# threads that write at the same moment; column limits and text bounds (SQLite does not
# enforce a varchar's length); the queries that the standings and the seating make, and
# query counts; names compared and sorted (collation); unique constraints; the API; the
# migrations. Not run twice: the role walk and the pages (the same views and permissions on
# either database), the pure cores, translations, the browser, the production stack and the
# real workers (their processes use a SQLite file of their own).
POSTGRES_PATHS = (
    "tests/standings/",
    "tests/seating_app/",
    "tests/scoring_app/",
    "tests/reporting/",
    "tests/referee/",
    "tests/stages/",
    "tests/api/",
    "tests/clock/test_services.py",
    "tests/hostile/test_text_bounds.py",
    "tests/tournament_app/test_settings_bounds.py",
    "tests/tournament_app/test_import_limits.py",
    "tests/tournament_app/test_importing.py",
    "tests/tournament_app/test_names.py",
    "tests/tournament_app/test_name_order.py",
    "tests/tournament_app/test_name_search.py",
    "tests/tournament_app/test_registration_services.py",
    "tests/tournament_app/test_signup_and_register.py",
    "tests/tournament_app/test_teams.py",
    "tests/tournament_app/test_identity.py",
    "tests/tournament_app/test_ownership.py",
    "tests/tournament_app/test_nothing_deleted.py",
    "tests/test_form_tokens.py",
    "tests/test_migrations.py",
)
# A test module elsewhere that uses one of these runs on PostgreSQL too (a new test of
# concurrency or of a query count is picked up without being listed above).
POSTGRES_SIGNS = (
    "select_for_update",
    "transaction=True",
    "transactional_db",
    "IntegrityError",
    "CaptureQueriesContext",
    "django_assert_num_queries",
    "threading",
)


def _postgres_module(relative: str, path) -> bool:
    if relative.startswith(POSTGRES_PATHS):
        return True
    try:
        source = path.read_text(encoding="utf-8")
    except OSError:
        return False
    return any(sign in source for sign in POSTGRES_SIGNS)


# The modules whose tests are long (tens of seconds each: a whole tournament in the browser,
# the production stack, the seating's sweep and Swiss searches) or that build a large world
# once (the role walk) run first among their kind: the CI's two workers (.ci/run,
# ``--dist worksteal``) then share the short tests at the end, instead of one of them
# finishing a long test alone while the other waits.
SLOW_FIRST = (
    "tests/browser/test_whole_tournament.py",
    "tests/prod/test_prod_stack.py",
    "tests/seating/test_sweep_gate.py",
    "tests/seating/test_properties.py",
    "tests/seating/test_swiss.py",
    "tests/test_permissions.py",
    "tests/browser/",
    "tests/prod/",
)


def _kind(item) -> int:
    """pytest-django's order (Django's): tests in a rolled-back transaction, then the
    transactional ones (which empty the database after them), then those without one."""
    names = getattr(item, "fixturenames", ())
    marker = item.get_closest_marker("django_db")
    if "transactional_db" in names or "live_server" in names:
        return 1
    if marker and (marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")):
        return 1
    return 0 if marker or "db" in names else 2


def _slow_rank(item) -> int:
    relative = item.nodeid.split("::")[0]
    for rank, prefix in enumerate(SLOW_FIRST):
        if relative.startswith(prefix):
            return rank
    return len(SLOW_FIRST)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    # Stable: Django's order of kinds stays, and so does the order within a module. Last,
    # after pytest-django's own sort; ``-m`` has deselected by then, so the marker ``postgres``
    # is put on when each test is collected (below), never here.
    items.sort(key=lambda item: (_kind(item), _slow_rank(item)))


_POSTGRES_MODULES: dict[str, bool] = {}


def pytest_itemcollected(item):
    """Marks ``postgres`` as each test is collected: before ``-m`` selects (pytest's own
    pytest_collection_modifyitems), so ``-m postgres`` finds the tests marked here."""
    if item.get_closest_marker("redis"):
        # A real worker's test runs Django in subprocesses against a SQLite file of its own
        # (tests/clock/test_real_worker.py ``django_env``), whatever DATABASE_URL says: on
        # the PostgreSQL pass it would only run again what the SQLite pass ran.
        return
    relative = item.nodeid.split("::")[0]  # tests/<folder>/<file>.py, from the root
    if relative not in _POSTGRES_MODULES:
        _POSTGRES_MODULES[relative] = _postgres_module(relative, item.path)
    if _POSTGRES_MODULES[relative]:
        item.add_marker(pytest.mark.postgres)


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
def _celery_app_kept():
    """Each test leaves the project's Celery app the current one: an app made current by a
    test (``Celery(...)`` is, unless ``set_as_current=False``) would take the messages of
    every later test of its process to its own broker, and they would never be sent."""
    from celery import current_app

    before = current_app._get_current_object()
    yield
    assert current_app._get_current_object() is before, "a test left another Celery app current"


@pytest.fixture(autouse=True)
def _default_language():
    """A request in another language (Accept-Language, the language cookie) leaves that
    language active in the thread after the response (LocaleMiddleware activates one per
    request): every test ends in the default language, so forms built outside a request in
    the next test speak English (issue 19)."""
    yield
    from django.utils import translation

    translation.deactivate()


# The test tournament (``tournament``), also built by module-scoped events (tests/api).
TOURNAMENT = {
    "name": "Test Open",
    "slug": "test-open",
    "start_date": dt.date(2026, 5, 2),
    "end_date": dt.date(2026, 5, 3),
    "visibility": Tournament.Visibility.PUBLISHED,
    "session_count": 4,
}


@pytest.fixture
def tournament(db) -> Tournament:
    return Tournament.objects.create(**TOURNAMENT)


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


@pytest.fixture
def players(seated_session) -> list[Player]:
    """The eight seated players: 0..3 at table 1 (E, S, W, N), 4..7 at table 2."""
    return [seat.player for seat in seated_session.seats.order_by("table__number", "wind")]


@pytest.fixture
def table1(seated_session) -> Table:
    return Table.objects.get(tournament=seated_session.tournament, number=1)


@pytest.fixture
def table2(seated_session) -> Table:
    return Table.objects.get(tournament=seated_session.tournament, number=2)


@pytest.fixture
def running(seated_session) -> Session:
    """Session 1 started: its sheets can be entered."""
    seated_session.state = Session.State.RUNNING
    seated_session.save(update_fields=["state"])
    return seated_session


@pytest.fixture
def reserve(tournament) -> Player:
    """A reserve (substitute) whose results do not count, as EMA 5.8 asks beforehand."""
    player = Player.objects.create(
        first_name="Rita", last_name="Reserve", ema_number="05999999", country="NL"
    )
    Registration.objects.create(
        tournament=tournament,
        player=player,
        status=Registration.Status.CONFIRMED,
        is_reserve=True,
        results_count=False,
    )
    return player


@pytest.fixture
def player(players):
    """Petra, a logged-in user who plays here: her account is linked to ``players[0]``."""
    user = _user("petra_player")
    players[0].user = user
    players[0].save(update_fields=["user"])
    return user


def enter_final(
    session, table, points, *, user=None, riichi_left=0, chombo=None, subs=None, confirm=True
) -> ScoreSheet:
    """Enter (and confirm) a final-scores sheet through the services (seats E, S, W, N)."""
    sheet = sheet_save(
        session=session,
        table=table,
        mode="final",
        entry={
            "points": list(points),
            "riichi_left": riichi_left,
            "chombo": chombo or [0, 0, 0, 0],
            "substitutes": subs or ["", "", "", ""],
        },
        expected_version=0,
        user=user,
    )
    if confirm:
        sheet = sheet_confirm(sheet=sheet, expected_version=sheet.version, user=user)
    return sheet


def seat_sessions(tournament, players, rounds):
    """Seat ``players`` in sessions 1..len(rounds); each round lists tables of 4 indexes."""
    tables = {}
    sessions = []
    for number, tables_of_round in enumerate(rounds, start=1):
        session, _ = Session.objects.get_or_create(tournament=tournament, number=number)
        for t, four in enumerate(tables_of_round, start=1):
            if t not in tables:
                tables[t], _ = Table.objects.get_or_create(tournament=tournament, number=t)
            for wind, index in enumerate(four):
                session.seats.create(table=tables[t], wind=wind, player=players[index])
        sessions.append(session)
    return sessions, tables


# The seats of ``two_sessions`` (indexes into ``players``; winds East to North):
# session 1: table 1 = players 0-3, table 2 = 4-7 (the seated session);
# session 2: table 1 = 0 4 1 5, table 2 = 2 6 3 7.
LAYOUT = {1: [[0, 1, 2, 3], [4, 5, 6, 7]], 2: [[0, 4, 1, 5], [2, 6, 3, 7]]}

# The final scores of ``finished_session_2`` (EMA 2016: table points + uma, EMA 3.6.1):
# session 1: table 1 [41000, 27000, 30000, 22000] -> p0 26, p1 -8, p2 5, p3 -23
#            table 2 [35000, 35000, 25000, 25000] -> p4 15, p5 15, p6 -15, p7 -15
# session 2: table 1 [30000, 30000, 30000, 30000] -> 0 each
#            table 2 [50000, 20000, 25000, 25000] -> p2 35, p6 -25, p3 -5, p7 -5
FINAL_POINTS = {
    (1, 1): [41000, 27000, 30000, 22000],
    (1, 2): [35000, 35000, 25000, 25000],
    (2, 1): [30000, 30000, 30000, 30000],
    (2, 2): [50000, 20000, 25000, 25000],
}


@dataclass
class Scenario:
    """The shared event: the tournament, its players, sessions and tables by number."""

    tournament: Tournament
    players: list[Player]
    sessions: list[Session]
    tables: dict[int, Table]

    def session(self, number: int) -> Session:
        return self.sessions[number - 1]


@pytest.fixture
def two_sessions(seated_session, players) -> Scenario:
    """Sessions 1 and 2 of the test tournament seated as LAYOUT; nothing scored yet."""
    tournament = seated_session.tournament
    tables = {t.number: t for t in tournament.tables.all()}
    second = Session.objects.create(tournament=tournament, number=2)
    for t, four in enumerate(LAYOUT[2], start=1):
        for wind, index in enumerate(four):
            second.seats.create(table=tables[t], wind=wind, player=players[index])
    return Scenario(tournament, players, [seated_session, second], tables)


@pytest.fixture
def finished_session_2(two_sessions) -> Scenario:
    """``two_sessions`` with every sheet confirmed (FINAL_POINTS), both sessions finished."""
    for (number, table), points in FINAL_POINTS.items():
        enter_final(two_sessions.session(number), two_sessions.tables[table], points)
    Session.objects.filter(tournament=two_sessions.tournament).update(state=Session.State.FINISHED)
    for session in two_sessions.sessions:
        session.refresh_from_db()
    return two_sessions
