"""A stage's sessions seated by each method from the qualifiers of ``scenario.py``."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.utils import timezone

from results.models import Stage
from results.stages.services import stage_cut, stage_save, stage_session_seat
from tests.stages import scenario
from tests.stages.test_championship import tables_of
from tournament.errors import ServiceError


def semi(tournament, referee, seating: str) -> Stage:
    scenario.build_preliminaries(tournament, ruleset="ema2016", user=referee)
    stage = stage_save(
        tournament=tournament, data={**scenario.SEMI, "seating": seating, "carry_fraction": "0.5"}
    )
    stage_save(tournament=tournament, data={**scenario.FINAL, "carry_fraction": "0.5"})
    return stage_cut(stage=stage, user=None, now=timezone.now())


def seated(tables) -> list[str]:
    return sorted(name for table in tables for name in table)


def pairs(tables) -> set[frozenset]:
    return {frozenset(p) for table in tables for p in combinations(table, 2)}


def test_a_snake_puts_one_of_each_quarter_at_every_table(tournament, referee):
    stage = semi(tournament, referee, "snake")
    stage_session_seat(stage=stage, number=7, now=timezone.now())
    # Seeds 1-16: A8 A7 A6 A5 A4 A3 A2 A1 B8 B7 B6 B5 B4 B3 B2 C1 (scenario.py).
    assert tables_of(tournament, 7) == [
        ["A8", "A1", "B8", "C1"],
        ["A7", "A2", "B7", "B2"],
        ["A6", "A3", "B6", "B3"],
        ["A5", "A4", "B5", "B4"],
    ]


def test_a_plan_seats_both_sessions_without_a_repeated_meeting(tournament, referee):
    stage = semi(tournament, referee, "plan")
    stage_session_seat(stage=stage, number=7, now=timezone.now())
    # A plan does not wait for the results: session 8 can be seated at once.
    stage_session_seat(stage=stage, number=8, now=timezone.now())
    seven, eight = tables_of(tournament, 7), tables_of(tournament, 8)
    assert seated(seven) == seated(eight) and len(seated(seven)) == 16
    assert not pairs(seven) & pairs(eight)


def test_swiss_seats_by_the_stage_standings_and_waits_for_them(tournament, referee):
    stage = semi(tournament, referee, "swiss")
    stage_session_seat(stage=stage, number=7, now=timezone.now())
    with pytest.raises(ServiceError, match="confirm every sheet of session 7 first"):
        stage_session_seat(stage=stage, number=8, now=timezone.now())
    scenario.enter_semi_session(tournament, 7)
    stage_session_seat(stage=stage, number=8, now=timezone.now())
    seven, eight = tables_of(tournament, 7), tables_of(tournament, 8)
    assert seated(seven) == seated(eight)
    # The leader after session 7 sits at the first table.
    assert "A5" in eight[0]


def test_a_started_session_keeps_its_seating(tournament, referee):
    stage = semi(tournament, referee, "standing")
    stage_session_seat(stage=stage, number=7, now=timezone.now())
    scenario.enter_semi_session(tournament, 7)
    with pytest.raises(ServiceError, match="Session 7 has started"):
        stage_session_seat(stage=stage, number=7, now=timezone.now())
