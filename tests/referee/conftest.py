"""Fixtures of the referee desk's tests: the seated session of tests/conftest.py, a reserve,
and a helper that enters and confirms a final-scores sheet through the scoring services."""

from __future__ import annotations

import pytest

from scoring.services import sheet_confirm, sheet_save
from tournament.models import Player, Registration, Session, Table


def final_sheet(session, table, points, *, chombo=None, subs=None, user=None):
    """Enter and confirm a final-scores sheet (seats East, South, West, North)."""
    sheet = sheet_save(
        session=session,
        table=table,
        mode="final",
        entry={
            "points": list(points),
            "riichi_left": 0,
            "chombo": chombo or [0, 0, 0, 0],
            "substitutes": subs or ["", "", "", ""],
        },
        expected_version=0,
        user=user,
    )
    return sheet_confirm(sheet=sheet, expected_version=sheet.version, user=user)


@pytest.fixture
def table1(seated_session) -> Table:
    return Table.objects.get(tournament=seated_session.tournament, number=1)


@pytest.fixture
def players(seated_session) -> list[Player]:
    """The eight seated players: 0..3 at table 1 (E, S, W, N), 4..7 at table 2."""
    return [seat.player for seat in seated_session.seats.order_by("table__number", "wind")]


@pytest.fixture
def reserve(tournament) -> Player:
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
def running(seated_session) -> Session:
    seated_session.state = Session.State.RUNNING
    seated_session.save(update_fields=["state"])
    return seated_session


def use_ruleset(tournament, name: str) -> None:
    tournament.ruleset = name
    tournament.save(update_fields=["ruleset"])
