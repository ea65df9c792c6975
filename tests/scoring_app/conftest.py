"""Fixtures of the score-sheet tests: a seated session and helpers that enter sheets."""

from __future__ import annotations

import pytest

from scoring.models import ScoreSheet
from scoring.services import sheet_confirm, sheet_save
from tournament.models import Player, Registration, Session, Table


def enter_final(
    session, table, points, *, user=None, riichi_left=0, chombo=None, subs=None, confirm=True
) -> ScoreSheet:
    """Enter (and confirm) a final-scores sheet through the services."""
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


@pytest.fixture
def table1(seated_session):
    return Table.objects.get(tournament=seated_session.tournament, number=1)


@pytest.fixture
def table2(seated_session):
    return Table.objects.get(tournament=seated_session.tournament, number=2)


@pytest.fixture
def reserve(tournament):
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
