"""``apart_soft``: players kept apart on request where the search can, else with the fewest
of them at one table, never refused."""

from __future__ import annotations

import pytest

from tournament.seating.core import PlanOptions, SeatingError, SwissOptions, plan, swiss
from tournament.seating.core.apart import soft_teams

from .helpers import assert_everyone_once
from .test_apart import team_clashes


def most_at_one_table(rounds, group) -> int:
    members = set(group)
    return max(len(members & set(table)) for rnd in rounds for table in rnd)


def test_a_group_larger_than_the_tables_is_dealt_into_even_parts():
    # 25 members, 10 tables: some table holds ceil(25 / 10) = 3 of them, so 3 parts of at
    # most 10 (9, 8, 8), members taken in turn.
    parts = soft_teams([list(range(25))], range(40), 10)
    assert [len(p) for p in parts] == [9, 8, 8]
    assert parts[0][:3] == [0, 3, 6]
    assert sorted(p for part in parts for p in part) == list(range(25))
    # Members not seated are left out; a group with one seated member asks nothing.
    assert soft_teams([[1, 2, 50]], range(40), 10) == [[1, 2]]
    assert soft_teams([[1, 50]], range(40), 10) == []


def test_plan_keeps_requested_pairs_apart_with_the_same_targets():
    pairs = [[2 * k, 2 * k + 1] for k in range(8)]
    result = plan(
        PlanOptions.from_mapping({"players": 40, "rounds": 6, "seed": 1, "apart_soft": pairs})
    )
    assert_everyone_once(result.rounds, range(40))
    assert team_clashes(result.rounds, pairs) == 0
    assert result.quality.repeated_meetings == 0
    assert result.quality.max_wind_imbalance <= 1


def test_plan_breaks_an_impossible_request_as_little_as_it_can_instead_of_refusing():
    # 8 players at 2 tables: a group of 4 always has 2 at a table, one pair a table, so two
    # such groups give at least 2 x 2 pairs a round: 12 over 3 rounds. Team-mates (``apart``)
    # are refused here (test_apart); a request is seated with the fewest pairs.
    groups = [[0, 1, 2, 3], [4, 5, 6, 7]]
    result = plan(
        PlanOptions.from_mapping({"players": 8, "rounds": 3, "seed": 1, "apart_soft": groups})
    )
    assert_everyone_once(result.rounds, range(8))
    assert team_clashes(result.rounds, groups) == 12
    assert max(most_at_one_table(result.rounds, g) for g in groups) == 2


def test_plan_mixes_a_country_of_half_the_field():
    # 20 of 40 players from one country at 10 tables: at most 2 of them at any table.
    country = list(range(0, 40, 2))
    result = plan(
        PlanOptions.from_mapping({"players": 40, "rounds": 4, "seed": 1, "apart_soft": [country]})
    )
    assert most_at_one_table(result.rounds, country) == 2
    assert result.quality.repeated_meetings == 0


def test_swiss_keeps_a_requested_pair_apart():
    standings = list(range(16))
    alone = swiss(SwissOptions.from_mapping({"players": 16, "standings": standings}))
    assert [0, 1, 2, 3] in [sorted(t) for t in alone.round]
    kept = swiss(
        SwissOptions.from_mapping({"players": 16, "standings": standings, "apart_soft": [[0, 1]]})
    )
    assert_everyone_once([kept.round], range(16))
    assert not any({0, 1} <= set(t) for t in kept.round)


def test_swiss_seats_an_impossible_request_with_the_fewest_together():
    # Three members at two tables: two of them share one, never all three.
    result = swiss(
        SwissOptions.from_mapping(
            {"players": 8, "standings": list(range(8)), "apart_soft": [[0, 1, 2]]}
        )
    )
    assert_everyone_once([result.round], range(8))
    assert most_at_one_table([result.round], [0, 1, 2]) == 2


def test_a_player_in_a_team_and_a_request_is_refused_by_name():
    with pytest.raises(SeatingError) as info:
        PlanOptions.from_mapping(
            {"players": 8, "rounds": 2, "apart": [[0, 1]], "apart_soft": [[2, 1]]}
        )
    assert info.value.code == "invalid_input"
    assert "apart_soft group 0: player 1 is also in apart group 0" in info.value.message()
