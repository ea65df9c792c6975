"""``swiss``: the next round by standings."""

from __future__ import annotations

import random
import tracemalloc

import pytest

from tournament.seating import PlanOptions, SeatingError, SwissOptions, plan, swiss
from tournament.seating.metrics import max_wind_imbalance, rank_spread, repeated_meetings
from tournament.seating.swiss import EXACT_COVER_NODES, _exact_cover

from .helpers import assert_everyone_once, tables_of


def simulate(players: int, rounds: int, seed: int) -> tuple[list, list[float]]:
    rng = random.Random(seed)
    history = [
        plan(PlanOptions.from_mapping({"players": players, "rounds": 1, "seed": seed})).rounds[0]
    ]
    score = [0.0] * players
    spreads = []
    for _ in range(1, rounds):
        for table in history[-1]:
            uma = [15, 5, -5, -15]
            rng.shuffle(uma)
            for p, u in zip(table, uma, strict=True):
                score[p] += u + rng.gauss(0, 10)
        standings = sorted(range(players), key=lambda p: -score[p])
        result = swiss(
            SwissOptions.from_mapping(
                {"players": players, "standings": standings, "history": history, "seed": seed}
            )
        )
        assert result.rank_spread == rank_spread(result.round, standings)
        history.append(result.round)
        spreads.append(result.rank_spread)
    return history, spreads


def test_swiss_rounds_never_repeat_a_meeting_and_keep_winds_balanced():
    history, spreads = simulate(40, 6, seed=1)
    assert_everyone_once(history, range(40))
    assert repeated_meetings(history) == 0
    assert max_wind_imbalance(history) <= 2
    # Standings matter: far better than a random draw (about 27 for 40 players).
    assert sum(spreads) / len(spreads) < 16


def test_top_four_at_one_table_in_round_two():
    first = [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]]
    standings = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
    result = swiss(
        SwissOptions.from_mapping({"players": 16, "standings": standings, "history": [first]})
    )
    tops = [sorted(t) for t in result.round]
    assert [0, 1, 2, 3] in tops
    assert result.rank_spread == 3


def test_swiss_avoids_tables_already_used_when_there_are_spare_tables():
    first = [[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [], [], [], []]
    standings = list(range(16))
    result = swiss(
        SwissOptions.from_mapping(
            {"players": 16, "standings": standings, "history": [first], "tables": 8}
        )
    )
    assert len(result.round) == 8
    assert result.repeated_table_visits == 0
    for p in range(16):
        assert len(set(tables_of([first, result.round], p))) == 2


def test_player_moves_only_as_far_as_needed():
    # 0 and 1 met before: the top table takes 0, 2, 3, 4 and 1 goes one table down.
    first = [[0, 1, 8, 9], [2, 10, 11, 12], [3, 13, 14, 15], [4, 5, 6, 7]]
    standings = list(range(16))
    result = swiss(
        SwissOptions.from_mapping({"players": 16, "standings": standings, "history": [first]})
    )
    assert repeated_meetings([first, result.round]) == 0
    tops = [sorted(t) for t in result.round]
    assert [0, 2, 3, 4] in tops


def test_swiss_respects_fixed_table_and_is_deterministic():
    history, _ = simulate(24, 3, seed=2)
    standings = list(range(24))
    options = {
        "players": 24,
        "standings": standings,
        "history": history,
        "seed": 9,
        "fixed": {"5": 2},
    }
    first = swiss(SwissOptions.from_mapping(options))
    again = swiss(SwissOptions.from_mapping(options))
    assert first.round == again.round
    assert 5 in first.round[2]


def test_withdrawn_player_is_not_seated():
    standings = [p for p in range(20) if p not in (3, 7, 11, 19)]
    result = swiss(SwissOptions.from_mapping({"players": 20, "standings": standings}))
    assert_everyone_once([result.round], standings)


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"players": 8, "standings": [0, 1, 2, 3, 4, 5, 6]}, "players_not_multiple_of_four"),
        ({"players": 8, "standings": [0, 1, 2, 3, 4, 5, 6, 6]}, "bad_standings"),
        ({"players": 8, "standings": [0, 1, 2, 3, 4, 5, 6, 9]}, "bad_standings"),
        ({"players": 8}, "bad_standings"),
        ({"players": 8, "standings": list(range(8)), "rounds": 3}, "unknown_option"),
    ],
)
def test_swiss_refuses_bad_input(options, code):
    with pytest.raises(SeatingError) as info:
        SwissOptions.from_mapping(options)
    assert info.value.code == code


def test_the_repeat_free_search_stays_small_in_a_big_field():
    # Early in a 200-player field everyone may still meet everyone: all triples of a player's
    # partners would be 1.3 million tables (hundreds of megabytes at 400 players: gigabytes).
    order = list(range(200))
    tracemalloc.start()
    try:
        found = _exact_cover(order, lambda p, q: True, random.Random(1), EXACT_COVER_NODES)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 60_000_000
    assert found is not None
    assert sorted(p for table in found for p in table) == order
