"""Property tests: whatever the seed and size, every active player sits exactly once a round."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.seating.core import PlanOptions, SwissOptions, plan, swiss
from tournament.seating.core.metrics import max_wind_imbalance

from .helpers import assert_everyone_once


@settings(max_examples=15, deadline=None)
@given(
    tables=st.integers(min_value=1, max_value=9),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_plan_seats_everyone_once_per_round(tables, rounds, seed):
    result = plan(PlanOptions.from_mapping({"players": 4 * tables, "rounds": rounds, "seed": seed}))
    assert len(result.rounds) == rounds
    assert_everyone_once(result.rounds, range(4 * tables))
    assert max_wind_imbalance(result.rounds) <= 1


@settings(max_examples=15, deadline=None)
@given(
    data=st.data(),
    tables=st.integers(min_value=1, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_swiss_seats_everyone_once(data, tables, seed):
    players = 4 * tables
    standings = data.draw(st.permutations(list(range(players))))
    first = plan(PlanOptions.from_mapping({"players": players, "rounds": 1, "seed": seed})).rounds
    result = swiss(
        SwissOptions.from_mapping(
            {"players": players, "standings": standings, "history": first, "seed": seed}
        )
    )
    assert_everyone_once([result.round], range(players))
