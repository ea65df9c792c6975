"""Ranks, uma split on ties and leftover sticks (EMA 3.6, 3.6.1; WRC 5.9.2; Aalto 13, 14)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.rules.rulesets import get_ruleset
from scoring.rules.uma import settle_leftover_sticks, table_ranks, uma_by_seat

EMA = get_ruleset("ema2016")
AALTO = get_ruleset("aalto")

# (points by first seat, ranks, uma) under split ties (EMA 3.6.1, WRC 5.9.2)
SPLIT_CASES = [
    ([40000, 35000, 25000, 20000], [1, 2, 3, 4], [15, 5, -5, -15]),
    # EMA 3.6.1 / WRC 5.9.2 example: two tied first "each gets a bonus of 10,000";
    # "third and fourth players get -5 and -15".
    ([35000, 35000, 30000, 20000], [1, 1, 3, 4], [10, 10, -5, -15]),
    ([40000, 30000, 30000, 20000], [1, 2, 2, 4], [15, 0, 0, -15]),
    ([40000, 30000, 25000, 25000], [1, 2, 3, 3], [15, 5, -10, -10]),
    # Three tied: the uma of the places they fill, divided by three (worked by hand).
    ([35000, 35000, 35000, 15000], [1, 1, 1, 4], [5, 5, 5, -15]),
    ([45000, 25000, 25000, 25000], [1, 2, 2, 2], [15, -5, -5, -5]),
    # Four tied: nobody gains.
    ([30000, 30000, 30000, 30000], [1, 1, 1, 1], [0, 0, 0, 0]),
    # The order of the seats does not matter.
    ([20000, 25000, 35000, 40000], [4, 3, 2, 1], [-15, -5, 5, 15]),
]


@pytest.mark.parametrize(("points", "ranks", "uma"), SPLIT_CASES)
def test_uma_split_between_tied_players(points, ranks, uma):
    assert table_ranks(points, EMA) == ranks
    assert uma_by_seat(points, EMA) == [Fraction(u) for u in uma]
    assert sum(uma_by_seat(points, EMA)) == 0


# Aalto 14: ties decided by the first seats, East > South > West > North.
SEAT_CASES = [
    ([5000, 5000, -5000, -5000], [1, 2, 3, 4]),
    ([-5000, 5000, -5000, 5000], [3, 1, 4, 2]),
    ([0, 0, 0, 0], [1, 2, 3, 4]),
    ([0, 1000, 1000, 1000], [4, 1, 2, 3]),
]


@pytest.mark.parametrize(("points", "ranks"), SEAT_CASES)
def test_aalto_seat_tie_break(points, ranks):
    assert table_ranks(points, AALTO) == ranks
    assert uma_by_seat(points, AALTO) == [[15, 5, -5, -15][r - 1] for r in ranks]


def test_uma_with_an_overridden_scheme_and_three_way_tie():
    ruleset = get_ruleset("ema2016", uma=(30, 10, -10, -30))
    assert uma_by_seat([31000, 31000, 31000, 27000], ruleset) == [
        Fraction(10),
        Fraction(10),
        Fraction(10),
        Fraction(-30),
    ]


def test_oka_only_when_return_points_exceed_start_points():
    """No book has an oka; an overridden 25,000/30,000 gives first place the 20 points."""
    ruleset = get_ruleset("ema2016", start_points=25000, return_points=30000)
    assert uma_by_seat([45000, 25000, 20000, 10000], ruleset) == [35, 5, -5, -15]


# (ruleset, points before, sticks, points after, sticks left)
LEFTOVER_CASES = [
    ("ema2016", [32000, 29000, 29000, 28000], 2, [34000, 29000, 29000, 28000], 0),
    ("ema2016", [31000, 31000, 29000, 27000], 2, [32000, 32000, 29000, 27000], 0),
    ("ema2016", [31000, 31000, 29000, 28000], 1, [31500, 31500, 29000, 28000], 0),
    ("ema2016", [29000, 31000, 31000, 28000], 1, [29000, 31500, 31500, 28000], 0),
    ("ema2016", [31000, 31000, 31000, 26000], 1, [31400, 31300, 31300, 26000], 0),
    ("ema2012", [32000, 29000, 29000, 28000], 2, [34000, 29000, 29000, 28000], 0),
    ("wrc2015", [32000, 29000, 29000, 28000], 2, [32000, 29000, 29000, 28000], 2),
    ("aalto", [1000, 1000, -2000, -2000], 2, [3000, 1000, -2000, -2000], 0),
    ("ema2016", [30000] * 4, 0, [30000] * 4, 0),
]


@pytest.mark.parametrize(("name", "before", "sticks", "after", "left"), LEFTOVER_CASES)
def test_leftover_sticks_per_ruleset(name, before, sticks, after, left):
    assert settle_leftover_sticks(before, sticks, get_ruleset(name)) == (after, left)
