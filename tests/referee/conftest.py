"""Helpers of the referee desk's tests. The fixtures (the seated session, ``players``,
``table1``, ``running``, ``reserve``) are the shared scenario of tests/conftest.py."""

from __future__ import annotations

from tests.conftest import enter_final


def final_sheet(session, table, points, *, chombo=None, subs=None, user=None):
    """Enter and confirm a final-scores sheet (seats East, South, West, North)."""
    return enter_final(session, table, points, chombo=chombo, subs=subs, user=user)


def use_ruleset(tournament, name: str) -> None:
    tournament.ruleset = name
    tournament.save(update_fields=["ruleset"])
