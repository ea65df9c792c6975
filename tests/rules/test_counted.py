"""Which of the desk's penalties count (``scoring.rules.counted``): chombo once (EMA 3.4.6,
WRC 7.1), lateness not on top of a missed session (WRC 7.2), withdrawn ones never."""

from __future__ import annotations

from scoring.rules.counted import (
    COUNTS,
    MISSED_SESSION,
    ON_SHEET,
    WITHDRAWN,
    DeskPenalty,
    counted_penalties,
)


def chombo(player="Ann", session=1, active=True):
    return DeskPenalty(kind="chombo", active=active, player=player, session=session)


def late(player="Ann", session=1):
    return DeskPenalty(kind="late", active=True, player=player, session=session)


def test_a_desk_chombo_the_sheet_carries_counts_once():
    # The sheet carries one chombo of Ann in session 1: the first desk chombo is that one,
    # the second is another (EMA 3.4.6: each chombo is 20 points after uma).
    assert counted_penalties([chombo(), chombo()], {("Ann", 1): 1}, set()) == [ON_SHEET, COUNTS]


def test_the_sheet_of_another_session_or_player_covers_nothing():
    sheets = {("Ann", 2): 1, ("Bob", 1): 1}
    assert counted_penalties([chombo()], sheets, set()) == [COUNTS]


def test_lateness_in_a_missed_session_does_not_count():
    # WRC 7.2: the missed hanchan's 30 points are "not cumulative" with being late.
    penalties = [late(session=1), late(session=2)]
    assert counted_penalties(penalties, {}, {("Ann", 1)}) == [MISSED_SESSION, COUNTS]


def test_a_withdrawn_penalty_never_counts_nor_uses_up_a_sheet_chombo():
    penalties = [chombo(active=False), chombo()]
    assert counted_penalties(penalties, {("Ann", 1): 1}, set()) == [WITHDRAWN, ON_SHEET]


def test_a_penalty_for_the_whole_event_counts():
    assert counted_penalties([chombo(session=None)], {("Ann", 1): 1}, set()) == [COUNTS]
