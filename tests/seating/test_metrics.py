"""Quality metrics on small hand-made seatings."""

from __future__ import annotations

from tournament.seating.core.metrics import (
    max_wind_imbalance,
    meeting_histogram,
    quality,
    rank_spread,
    repeated_meetings,
    repeated_table_visits,
    wind_counts,
)

TWO_ROUNDS = [
    [[0, 1, 2, 3], [4, 5, 6, 7]],
    [[0, 1, 4, 5], [2, 3, 6, 7]],
]


def test_repeated_meetings_counts_each_extra_meeting():
    # 0-1, 2-3, 4-5, 6-7 meet twice.
    assert repeated_meetings(TWO_ROUNDS) == 4
    # Round 1 again: the four pairs above meet a third time, eight more pairs a second time.
    assert repeated_meetings([*TWO_ROUNDS, [[0, 1, 2, 3], [4, 5, 6, 7]]]) == 4 + 4 + 8


def test_meeting_histogram_includes_pairs_that_never_met():
    histogram = meeting_histogram(TWO_ROUNDS, range(8))
    assert histogram == {0: 8, 1: 16, 2: 4}
    assert sum(histogram.values()) == 28


def test_repeated_table_visits():
    # 0, 1 stay at table 0; 6, 7 stay at table 1; the others changed tables.
    assert repeated_table_visits(TWO_ROUNDS) == 4
    assert repeated_table_visits(TWO_ROUNDS, exclude=[0]) == 3


def test_wind_counts_and_imbalance():
    counts = wind_counts(TWO_ROUNDS)
    assert counts[0] == {"E": 2, "S": 0, "W": 0, "N": 0}
    assert counts[4] == {"E": 1, "S": 0, "W": 1, "N": 0}
    assert max_wind_imbalance(TWO_ROUNDS) == 2


def test_rank_spread_is_mean_best_to_worst_index():
    standings = [0, 1, 2, 3, 4, 5, 6, 7]
    assert rank_spread([[0, 1, 2, 3], [4, 5, 6, 7]], standings) == 3
    assert rank_spread([[0, 1, 4, 5], [2, 3, 6, 7]], standings) == 5


def test_quality_as_dict_is_json_ready():
    data = quality(TWO_ROUNDS).as_dict()
    assert data["repeated_meetings"] == 4
    assert data["meeting_histogram"] == {"0": 8, "1": 16, "2": 4}
