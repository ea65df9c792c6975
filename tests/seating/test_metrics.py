"""Quality metrics on small hand-made seatings."""

from __future__ import annotations

from tournament.seating.core.designs import affine_schedule
from tournament.seating.core.metrics import (
    excess_table_visits,
    indirect_meetings,
    max_table_visits,
    max_wind_imbalance,
    meeting_histogram,
    quality,
    rank_spread,
    repeated_meetings,
    repeated_table_visits,
    table_visit_bound,
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


def test_table_visits_beyond_the_pigeonhole_bound():
    # Two tables, two rounds: bound ceil(2 / 2) = 1; 0, 1, 6, 7 sit twice at one table.
    assert table_visit_bound(2, 2) == 1
    assert excess_table_visits(TWO_ROUNDS) == 4
    assert max_table_visits(TWO_ROUNDS) == 2
    # A third round at two tables: bound ceil(3 / 2) = 2, so two visits to one table are
    # forced: 10 repeated visits (0, 1: two each; everyone else one), but only 0 and 1, three
    # times at table 0, exceed the bound.
    three = [*TWO_ROUNDS, [[0, 1, 6, 7], [2, 3, 4, 5]]]
    assert table_visit_bound(3, 2) == 2
    assert repeated_table_visits(three) == 10
    assert excess_table_visits(three) == 2
    assert max_table_visits(three) == 3
    assert excess_table_visits(three, exclude=[0]) == 1


def test_a_round_changing_every_table_has_no_excess():
    swapped = [TWO_ROUNDS[0], [TWO_ROUNDS[0][1], TWO_ROUNDS[0][0]]]
    assert excess_table_visits(swapped) == 0
    assert max_table_visits(swapped) == 1


def test_indirect_meetings_count_common_opponents_of_pairs_that_never_met():
    # Each player met five and missed two; e.g. 0 (met 1-5) and 6 (met 2, 3, 4, 5, 7) have
    # 2, 3, 4, 5 in common, and so does every one of the 8 pairs that never met.
    assert indirect_meetings(TWO_ROUNDS) == {4: 8}
    one_round = TWO_ROUNDS[:1]
    # One round: 16 pairs never met and nobody met both of a pair from different tables.
    assert indirect_meetings(one_round) == {0: 16}
    data = quality(one_round).as_dict()
    assert data["min_indirect_meetings"] == 0
    assert data["indirect_histogram"] == {"0": 16}


def test_indirect_meetings_are_none_when_everyone_met():
    # The affine plane of order 4: 16 players, 5 rounds, every pair meets exactly once.
    rounds = [list(map(list, rnd)) for rnd in affine_schedule(2)]
    figures = quality(rounds)
    assert figures.meeting_histogram == {0: 0, 1: 120}
    assert figures.min_indirect_meetings is None
    assert figures.indirect_histogram == {}
    assert figures.table_visit_bound == 2
