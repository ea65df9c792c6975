"""Missed sessions in the rules core (EMA 2016 5.8, WRC 2015 7.2): no database."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.rules.absence import LEFT, SUBSTITUTED, left_after, missed_session, missed_sessions
from scoring.rules.rulesets import get_ruleset


def test_ema_charges_15_points_and_15_uma_a_session():
    # EMA 5.8: "-15,000 points plus an uma of -15,000 points for each session missed".
    charge = missed_session(get_ruleset("ema2016"), 3, LEFT)
    assert (charge.table_points, charge.uma, charge.score) == (-15, -15, -30)


def test_wrc_charges_a_30_point_penalty_and_no_points():
    # WRC 7.2: "doesn't get any point and will have a 30 points penalty".
    charge = missed_session(get_ruleset("wrc2015"), 3, LEFT)
    assert (charge.table_points, charge.uma, charge.score) == (-30, 0, -30)


def test_a_player_who_leaves_after_session_2_pays_for_every_later_session_played():
    rules = get_ruleset("ema2016")
    missed = missed_sessions(
        rules,
        substituted=[],
        left_after_session=left_after([1, 2]),
        sessions_played=[1, 2, 3, 4, 5],
        sessions_taken_part=[1, 2],
    )
    assert [(m.session, m.why) for m in missed] == [(3, LEFT), (4, LEFT), (5, LEFT)]
    assert sum(m.score for m in missed) == Decimal(-90)


def test_sessions_not_played_yet_cost_nothing_and_each_session_counts_once():
    rules = get_ruleset("ema2016")
    missed = missed_sessions(
        rules,
        substituted=[3],  # a substitute played session 3, then he left
        left_after_session=3,
        sessions_played=[1, 2, 3, 4],  # 5, 6, 7 still to come
        sessions_taken_part=[1, 2],
    )
    assert [(m.session, m.why) for m in missed] == [(3, SUBSTITUTED), (4, LEFT)]


@pytest.mark.parametrize("own", [[1, 2, 3], []])
def test_a_session_with_his_own_result_is_never_charged(own):
    missed = missed_sessions(
        get_ruleset("ema2016"),
        substituted=[],
        left_after_session=None,
        sessions_played=[1, 2, 3],
        sessions_taken_part=own,
    )
    assert missed == []
    assert left_after([]) is None


def test_only_a_player_who_missed_sessions_may_be_removed_from_the_results():
    # EMA 2016 5.8, last sentence: a player substituted, or gone from the event.
    from scoring.rules.absence import may_be_removed

    assert may_be_removed(substituted=True, left=False)
    assert may_be_removed(substituted=False, left=True)
    assert not may_be_removed(substituted=False, left=False)
