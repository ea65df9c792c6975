"""Fixtures of the seating app's tests: a checked-in field, tables and sessions."""

from __future__ import annotations

import copy
import datetime as dt
from itertools import combinations

import pytest

from tests.conftest import make_players
from tournament.models import Player, Registration, Seat, SeatingJob, Session, Table
from tournament.seating import jobs
from tournament.seating.jobs import seating_generate_now, seating_publish

NOW = dt.datetime(2026, 5, 2, 9, 0, tzinfo=dt.UTC)


def setup_event(tournament, *, players: int, tables: int, sessions: int):
    """``players`` checked in, ``tables`` tables, ``sessions`` sessions (of the tournament)."""
    people = make_players(tournament, players)
    Registration.objects.filter(tournament=tournament).update(checked_in=True)
    for n in range(1, tables + 1):
        Table.objects.create(tournament=tournament, number=n)
    for n in range(1, sessions + 1):
        Session.objects.create(tournament=tournament, number=n)
    tournament.session_count = sessions
    tournament.save(update_fields=["session_count"])
    return people


def late_player(tournament, name: str = "Late") -> Player:
    """A player who registers and checks in after the seating was made."""
    player = Player.objects.create(first_name=name, last_name="Comer", country="NL")
    Registration.objects.create(
        tournament=tournament,
        player=player,
        status=Registration.Status.CONFIRMED,
        checked_in=True,
    )
    return player


def generate(tournament, *, method=SeatingJob.Method.PLAN, seed=7, user=None):
    return seating_generate_now(tournament=tournament, method=method, seed=seed, user=user, now=NOW)


def tables_of(session) -> dict[int, list[int]]:
    """Table number -> player ids in wind order."""
    out: dict[int, list[int]] = {}
    # One query: the tests call this in loops (hundreds of times in a set-up).
    seats = Seat.objects.filter(session=session).order_by("table__number", "wind")
    for number, player_id in seats.values_list("table__number", "player_id"):
        out.setdefault(number, []).append(player_id)
    return out


def pairs_of(session) -> set[tuple[int, int]]:
    return {
        tuple(sorted(pair))
        for people in tables_of(session).values()
        for pair in combinations(people, 2)
    }


def assert_valid_session(session, player_ids: set[int]) -> None:
    """Every player of the field once, four a table, the winds East to North."""
    seats = list(Seat.objects.filter(session=session))
    assert sorted(s.player_id for s in seats) == sorted(player_ids)
    by_table: dict[int, list[int]] = {}
    for seat in seats:
        by_table.setdefault(seat.table_id, []).append(seat.wind)
    assert all(sorted(winds) == [0, 1, 2, 3] for winds in by_table.values()), by_table


@pytest.fixture
def event16(tournament):
    """16 players checked in, 4 tables, 3 sessions: a repeat-free plan exists."""
    return setup_event(tournament, players=16, tables=4, sessions=3)


# The plans seated16 asked the core for, by their options: the same options give the same
# plan (a fixed seed and the core's step budget; the eager job's time limit, 20 s, is far
# from the search's second), so the core searches once per test process, not for each of the
# fifty tests that start from a seated event. The job, its figures and the seats are still
# written by the services for each test.
_PLANS: dict[str, object] = {}


def _plan_once(real):
    def remembered(options, progress=None):
        key = repr(options)
        if key not in _PLANS:
            _PLANS[key] = real(options, progress=progress)
        return copy.deepcopy(_PLANS[key])

    return remembered


@pytest.fixture
def seated16(tournament, event16):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jobs, "plan", _plan_once(jobs.plan))
        generate(tournament)
    publish_all(tournament)
    return event16


def publish_all(tournament) -> None:
    """What the organiser does once the seating is checked: publish every session's."""
    for session in tournament.sessions.all():
        if session.seats.exists():
            seating_publish(session=session, user=None)
