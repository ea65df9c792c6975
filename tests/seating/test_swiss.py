"""``swiss``: the next round by standings."""

from __future__ import annotations

import importlib
import random
import tracemalloc

import pytest

from tournament.seating.core import PlanOptions, SeatingError, SwissOptions, plan, swiss
from tournament.seating.core.metrics import max_wind_imbalance, rank_spread, repeated_meetings
from tournament.seating.core.swiss import EXACT_COVER_NODES, _exact_cover
from tournament.seating.core.tables import assign_tables

from .helpers import assert_everyone_once, tables_of

# The module itself (the package's name ``swiss`` is the function).
swiss_module = importlib.import_module("tournament.seating.core.swiss")


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
    # 0 and 1 met before: the top table takes 0, 2, 3, 4 and 1 goes one table down. (0, 2, 3
    # and 4 sat at four different tables in four different seats: spare tables and winds
    # leave them a table in common where each gets a new wind - with four tables and all four
    # East in round 1 they could not sit together without a repeated table and a second East.)
    first = [[0, 1, 8, 9], [10, 2, 11, 12], [13, 14, 3, 15], [5, 6, 7, 4], [], [], [], []]
    standings = list(range(16))
    result = swiss(
        SwissOptions.from_mapping(
            {"players": 16, "standings": standings, "history": [first], "tables": 8}
        )
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
        ({"players": 8, "standings": list(range(8)), "sessions": 3}, "unknown_option"),
        ({"players": 8, "standings": list(range(8)), "rounds": 0}, "invalid_input"),
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


def _late_round_with_interleaved_tables():
    """32 players (standings index = player), eight tables. Player 31 met everyone but 0, 1,
    2 and 27..30, so they sit with 0, 1, 2 (spread 31) unless 27..30 are re-seated with them;
    the other seven tables are four consecutive players (spread 3): total 31 + 7 x 3 = 52."""
    groups = [[0, 1, 2, 31]] + [[k, k + 1, k + 2, k + 3] for k in range(3, 31, 4)]
    rank = {p: p for p in range(32)}

    def ok(p: int, q: int) -> bool:
        return not (31 in (p, q) and min(p, q) not in (0, 1, 2, 27, 28, 29, 30))

    def group_cost(g: list[int]) -> int:
        bad = sum(not ok(p, q) for i, p in enumerate(g) for q in g[:i])
        return swiss_module.REPEAT_WEIGHT * bad + max(g) - min(g)

    return groups, rank, ok, group_cost


def test_overlapping_windows_reach_tables_far_apart_in_the_standings(monkeypatch):
    groups, rank, ok, group_cost = _late_round_with_interleaved_tables()
    assert sum(map(group_cost, groups)) == 52
    # The table of 31 comes first by its best player and [27..30] last: no block of at most six
    # neighbouring tables holds both, and in any block without [27..30] player 31 can only sit
    # with 0, 1 and 2 again, so the neighbouring windows alone leave the round as it is.
    monkeypatch.setattr(swiss_module, "OVERLAP_SHARE", 0.0)
    alone = swiss_module._window_search(groups, rank, ok, group_cost, random.Random(1), 200)
    assert sum(map(group_cost, alone)) == 52
    # Table [27..30] overlaps the range 0..31 of 31's table: a window of both seats 31 with
    # 28, 29, 30, after which every table can be four consecutive players: 8 x 3 = 24.
    monkeypatch.setattr(swiss_module, "OVERLAP_SHARE", 0.5)
    found = swiss_module._window_search(groups, rank, ok, group_cost, random.Random(1), 200)
    assert sorted(map(sorted, found)) == [list(range(k, k + 4)) for k in range(0, 32, 4)]
    assert sum(map(group_cost, found)) == 24


def test_overlapping_tables_share_the_range_of_the_first_table():
    groups, rank, _, _ = _late_round_with_interleaved_tables()
    picked = [swiss_module._overlapping_tables(groups, rank, random.Random(s)) for s in range(20)]
    for picks in picked:
        # Tables 1..7 are separate ranges, each overlapping only table 0 (0..31): a window
        # is table 0 with some of them, or nothing (a table overlapping no other).
        assert picks == [] or (0 in picks and len(picks) >= 2)
    assert any(7 in picks for picks in picked)


def test_table_repair_meets_halls_condition_by_one_swap():
    # Players 0, 1 may only use table 0; 6, 7 tables 0 and 1; the others any of 0..2. Both
    # tables below can only go to table 0: one must repeat a table. Swapping 1 and 6 frees
    # table 1 for the second group at no cost in spread (all players are tied here).
    free = {0: 0b001, 1: 0b001, 6: 0b011, 7: 0b011}

    def group_tables(g):
        mask = 0b111
        for p in g:
            mask &= free.get(p, 0b111)
        return mask

    groups = [[0, 6, 2, 3], [1, 7, 4, 5]]
    assert swiss_module._unmatched(groups, group_tables) == 1
    repaired = swiss_module._table_repair(
        groups, lambda g: 0, group_tables, random.Random(1), steps=200, deadline=None
    )
    assert swiss_module._unmatched(repaired, group_tables) == 0
    assert sorted(p for g in repaired for p in g) == list(range(8))


def test_winds_fit_is_a_system_of_distinct_representatives():
    assert swiss_module._winds_fit((0b0001, 0b0010, 0b0100, 0b1000))
    assert swiss_module._winds_fit((0b0011, 0b0011, 0b1100, 0b1100))
    assert not swiss_module._winds_fit((0b0001, 0b0001, 0b1110, 0b1110))
    assert not swiss_module._winds_fit((0b0011, 0b0011, 0b0011, 0b1100))


def test_groups_without_a_free_table_go_where_fewest_players_repeat():
    # Group 0 can only use table 2 without a repeat; groups 1 and 2 have no free table. The
    # matching gives table 2 to group 0 and then seats group 1 at its cheapest table 0, which
    # leaves table 1 to group 2: 1 + 4 repeats. The least-repeats placement sends 3 back.
    groups = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    used = {0: {0}, 1: {1}, 4: {0}, 5: {1}, 6: {1}, 7: {2}, 8: {0, 1}, 9: {1, 2}, 10: {1}}
    used[11] = {1}
    matched = assign_tables([groups], 3, {p: set(t) for p, t in used.items()}, {}, None, False)
    assert swiss_module._table_visits(matched[0], used, {}) == 5
    placed = swiss_module._place_least_repeats(groups, 3, used, {})
    assert sorted(map(sorted, filter(None, placed))) == groups
    assert swiss_module._table_visits(placed, used, {}) == 3


def test_least_repeats_placement_keeps_a_fixed_player_at_their_table():
    # Player 4 is fixed to table 0 (accessibility): their group goes there although it costs
    # more repeats, and no other group takes that table.
    groups = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]
    used = {5: {0}, 6: {0}, 0: {1}, 8: {2}}
    placed = swiss_module._place_least_repeats(groups, 4, used, {4: 0})
    assert placed[0] == [4, 5, 6, 7]
    # 5 and 6 are back at table 0; the others all find a free table.
    assert swiss_module._table_visits(placed, used, {4: 0}) == 2
    assert sorted(map(sorted, filter(None, placed))) == groups


def test_a_round_prices_each_table_once(monkeypatch):
    # The annealing and the windows come back to the same tables again and again; the cost
    # of a table depends on its players only, so each set of four is priced once a round
    # (the searches got about 40% faster with the same rounds).
    priced: list[tuple[int, ...]] = []
    real = swiss_module._seat_cost

    def counting(options, used, hard, soft):
        seat_cost, group_tables = real(options, used, hard, soft)

        def count(g):
            priced.append(tuple(sorted(g)))
            return seat_cost(g)

        return count, group_tables

    monkeypatch.setattr(swiss_module, "_seat_cost", counting)
    history, _ = simulate(24, 3, seed=2)
    priced.clear()
    swiss(
        SwissOptions.from_mapping(
            {"players": 24, "standings": list(range(24)), "history": history, "seed": 3}
        )
    )
    assert len(priced) > 100
    assert len(priced) == len(set(priced))
