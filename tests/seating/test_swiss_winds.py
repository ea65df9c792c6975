"""Swiss winds with the event's number of rounds (``rounds``): no player given a wind that
leaves them unable to end within 1 on each wind."""

from __future__ import annotations

import random

import pytest

from tournament.seating.core import PlanOptions, SeatingError, SwissOptions, plan, swiss
from tournament.seating.core.metrics import repeated_meetings, wind_counts
from tournament.seating.core.swiss_winds import allowed_winds, seat_order

EAST, SOUTH, WEST, NORTH = 1, 2, 4, 8


def simulate(players: int, rounds: int, seed: int, *, tell_rounds: bool) -> list:
    """Round 1 from ``plan``, then Swiss rounds on standings from random results."""
    rng = random.Random(seed)
    history = [
        plan(PlanOptions.from_mapping({"players": players, "rounds": 1, "seed": seed})).rounds[0]
    ]
    score = [0.0] * players
    for _ in range(1, rounds):
        for table in history[-1]:
            uma = [15, 5, -5, -15]
            rng.shuffle(uma)
            for p, u in zip(table, uma, strict=True):
                score[p] += u + rng.gauss(0, 10)
        standings = sorted(range(players), key=lambda p: -score[p])
        request = {"players": players, "standings": standings, "history": history, "seed": seed}
        if tell_rounds:
            request["rounds"] = rounds
        history.append(swiss(SwissOptions.from_mapping(request)).round)
    return history


@pytest.mark.parametrize(
    ("counts", "left", "allowed"),
    [
        # 8 rounds, 4 played as E E S W: East is full (2 of 2), North must still come twice.
        ((2, 1, 1, 0), 4, SOUTH | WEST | NORTH),
        # The last of 8 rounds after E E S S W W N: only North is left.
        ((2, 2, 2, 1), 1, NORTH),
        # 4 rounds, 2 played as E S: West and North are both still owed, East and South full.
        ((1, 1, 0, 0), 2, WEST | NORTH),
        # 6 rounds, 1 played: two winds end at 2 and two at 1, so any wind may come now.
        ((1, 0, 0, 0), 5, EAST | SOUTH | WEST | NORTH),
        # 6 rounds, 4 played as E E S S: West and North are owed once each.
        ((2, 2, 0, 0), 2, WEST | NORTH),
        # 4 rounds, 2 played at East: East ends at 2 whatever comes, nothing keeps within 1.
        ((2, 0, 0, 0), 2, 0),
    ],
)
def test_the_winds_a_player_may_take_keep_the_end_within_one(counts, left, allowed):
    assert allowed_winds(counts, left) == allowed


def test_a_table_is_seated_at_the_winds_its_players_may_take():
    # Player 7 may only take South, 5 only West; 9 and 3 either East or North, and 9 has
    # played East more (the tie-break: the counts kept even).
    counts = {7: [1, 0, 1, 1], 5: [1, 1, 0, 1], 9: [2, 1, 1, 0], 3: [1, 1, 1, 1]}
    hard = {7: SOUTH, 5: WEST, 9: EAST | NORTH, 3: EAST | NORTH}
    assert seat_order([9, 7, 5, 3], counts, hard) == [3, 7, 5, 9]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_eight_players_four_rounds_take_each_wind_once(seed):
    history = simulate(8, 4, seed, tell_rounds=True)
    for p, counts in wind_counts(history).items():
        assert sorted(counts.values()) == [1, 1, 1, 1], (p, counts)


def test_forty_players_eight_rounds_meet_no_one_twice_with_the_rounds_told():
    # The last round's winds are priced below a repeated meeting: they never cost one.
    history = simulate(40, 8, 2, tell_rounds=True)
    assert repeated_meetings(history) == 0
    counts = wind_counts(history)
    assert all(max(c.values()) - min(c.values()) <= 2 for c in counts.values())


def test_the_rounds_count_the_played_ones_and_this_one():
    first = [[0, 1, 2, 3], [4, 5, 6, 7]]
    base = {"players": 8, "standings": list(range(8)), "history": [first]}
    assert SwissOptions.from_mapping(base).rounds is None
    assert SwissOptions.from_mapping(base | {"rounds": 2}).rounds == 2
    with pytest.raises(SeatingError) as info:
        SwissOptions.from_mapping(base | {"rounds": 1})
    assert info.value.code == "invalid_input"
    assert "'rounds'" in str(info.value) and "at least 2" in str(info.value)
    for bad in (41, "8", True, 2.0):
        with pytest.raises(SeatingError) as info:
            SwissOptions.from_mapping(base | {"rounds": bad})
        assert info.value.code == "invalid_input"
