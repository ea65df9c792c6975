"""The demo tournament seats every session and scores the first day's, once."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from demo.loader import load_demo
from results.standings.selectors import standings
from scoring.models import ScoreSheet, SheetVersion, TableResult

TODAY = dt.date(2026, 5, 3)


def substitute_shortfall(tournament) -> Decimal:
    """What the substitute's fixed -30 entry takes from the zero-sum table, when the
    substitute is not in the standings (the demo's reserves' results do not count)."""
    result = TableResult.objects.get(session__tournament=tournament, substitute="start")
    played = Decimal(result.points - 30000) / 1000
    uma_as_placed = {1: 15, 2: 5, 3: -5, 4: -15}[result.rank]
    return -(played + uma_as_placed)


def test_demo_scores_the_first_day_idempotently(db):
    tournament = load_demo(today=TODAY).tournament
    day_one = [s for s in tournament.sessions.order_by("number") if s.planned_start.date() < TODAY]
    assert [s.number for s in day_one] == [1, 2, 3, 4]
    for session in tournament.sessions.all():
        sheets = ScoreSheet.objects.filter(session=session)
        if session in day_one:
            assert sheets.count() == 10
            assert set(sheets.values_list("status", flat=True)) == {"confirmed"}
            assert sheets.get(table__number=1).mode == "hands"
        else:
            assert not sheets.exists()
    result = standings(tournament)
    assert len({row.total for row in result.rows}) > 10  # realistic: spread-out scores
    # Table points and uma add up to zero at every table, so what the field lost in all is
    # the desk's doing (EMA 2016): 4 minutes late (-4), a chombo (-20), and a substitute's
    # entry of -15 points and -15 uma whose table still shares out the usual uma (EMA 5.8,
    # substitute from the start), plus -30 for the player who missed the session.
    ranked = sum(row.total for row in result.rows if row.rank is not None)
    assert ranked == Decimal(-4 - 20 - 30) + substitute_shortfall(tournament)
    # The substitute is listed with the fixed entry but not ranked: the demo's reserves
    # were asked, and their results do not count.
    (substitute,) = [row for row in result.rows if row.rank is None and row.played]
    assert (substitute.total, substitute.note) == (Decimal(-30), "substitute")
    versions = SheetVersion.objects.count()
    load_demo(today=TODAY)
    assert SheetVersion.objects.count() == versions
