"""Changes by hand: the preview names the repeats a swap causes; locked sessions refuse.

The seats are those of ``two_sessions`` (tests/conftest.py, LAYOUT): session 1 table 1 =
players 0-3, table 2 = 4-7; session 2 table 1 = 0 4 1 5, table 2 = 2 6 3 7."""

from __future__ import annotations

import pytest

from scoring.models import ScoreSheet
from tournament.errors import ServiceError
from tournament.models import Seat, SeatChange, Table
from tournament.seating.by_hand import SeatSpot, seat_change_apply, seat_change_preview

from .conftest import NOW, tables_of


def _session(tournament, number):
    return tournament.sessions.get(number=number)


def test_swap_preview_lists_the_new_repeated_meetings_and_tables(tournament, two_sessions):
    p = two_sessions.players
    preview = seat_change_preview(session=_session(tournament, 2), player=p[4], other=p[2])
    assert preview.new_meetings == [
        "First000 Last000 and First002 Last002 already met in session 1.",
        "First001 Last001 and First002 Last002 already met in session 1.",
        "First004 Last004 and First006 Last006 already met in session 1.",
        "First004 Last004 and First007 Last007 already met in session 1.",
    ]
    assert preview.ended_meetings == [
        "First002 Last002 and First003 Last003 no longer meet again (they met in session 1).",
        "First004 Last004 and First005 Last005 no longer meet again (they met in session 1).",
    ]
    assert sorted(preview.new_tables) == [
        "First002 Last002 already played at Table 1 in session 1.",
        "First004 Last004 already played at Table 2 in session 1.",
    ]
    # A preview saves nothing.
    assert tables_of(_session(tournament, 2))[1] == [p[i].pk for i in (0, 4, 1, 5)]


def test_a_swap_without_consequences_says_so(tournament, two_sessions):
    p = two_sessions.players
    # Players 0 and 1 at table 1 of session 2 trade winds: same table, same opponents.
    preview = seat_change_preview(session=_session(tournament, 2), player=p[0], other=p[1])
    assert preview.new_meetings == preview.new_tables == preview.ended_meetings == []


def test_saving_a_swap_moves_both_players_and_records_it(tournament, two_sessions, organiser):
    p = two_sessions.players
    session = _session(tournament, 2)
    seat_change_apply(session=session, player=p[4], other=p[2], user=organiser, now=NOW)
    assert tables_of(session) == {
        1: [p[i].pk for i in (0, 2, 1, 5)],
        2: [p[i].pk for i in (4, 6, 3, 7)],
    }
    change = SeatChange.objects.get(session=session)
    assert change.description.startswith("Swapped First004 Last004 (Table 1, South)")
    assert change.by == organiser


@pytest.mark.parametrize("lock", ["sheet", "running", "finished"])
def test_a_locked_session_refuses_changes(tournament, two_sessions, organiser, lock):
    p = two_sessions.players
    session = _session(tournament, 1)
    if lock == "sheet":
        ScoreSheet.objects.create(session=session, table=Table.objects.get(number=1))
    else:
        session.state = lock
        session.save(update_fields=["state"])
    before = tables_of(session)
    with pytest.raises(ServiceError, match=r"Session 1 .*Its seating can no longer change"):
        seat_change_apply(session=session, player=p[0], other=p[4], user=organiser, now=NOW)
    assert tables_of(session) == before
    assert not SeatChange.objects.exists()


def test_move_to_an_empty_seat(tournament, two_sessions, organiser):
    p = two_sessions.players
    session = _session(tournament, 2)
    Seat.objects.filter(session=session, player=p[7]).delete()  # disqualified, say
    table2 = Table.objects.get(tournament=tournament, number=2)
    spot = SeatSpot(table2, 3)
    preview = seat_change_preview(session=session, player=p[0], spot=spot)
    # Player 0 joins 2, 6 and 3 at table 2; 2 and 3 sat with 0 in session 1.
    assert preview.new_meetings == [
        "First000 Last000 and First002 Last002 already met in session 1.",
        "First000 Last000 and First003 Last003 already met in session 1.",
    ]
    assert preview.description == "Moved First000 Last000 from Table 1, East to Table 2, North."
    seat_change_apply(session=session, player=p[0], spot=spot, user=organiser, now=NOW)
    assert Seat.objects.get(session=session, player=p[0]).table == table2


def test_move_to_a_taken_seat_says_to_swap(tournament, two_sessions):
    p = two_sessions.players
    table2 = Table.objects.get(tournament=tournament, number=2)
    with pytest.raises(ServiceError, match="taken by First002 Last002: swap"):
        seat_change_preview(session=_session(tournament, 2), player=p[0], spot=SeatSpot(table2, 0))


def test_swap_with_oneself_is_refused(tournament, two_sessions):
    with pytest.raises(ServiceError, match="two different players"):
        seat_change_preview(
            session=_session(tournament, 2),
            player=two_sessions.players[0],
            other=two_sessions.players[0],
        )
