"""The ``final`` command: four final table scores, leftover sticks, ranks, uma, scores."""

from __future__ import annotations

import pytest

from scoring.rules.errors import RuleViolation
from scoring.rules.final import evaluate_final

EXAMPLE = {"Ann": 41000, "Bob": 27000, "Cid": 30000, "Dee": 21000}  # interfaces.md


def final(points, ruleset="ema2016", riichi_left=0, **extra):
    return evaluate_final(
        {"ruleset": ruleset, "points": points, "riichi_left": riichi_left, **extra}
    )


def test_interface_example_ema_stick_to_the_winner():
    answer = final(EXAMPLE, riichi_left=1)
    assert answer["ok"] is True
    assert answer["final"] == {"Ann": 42000, "Bob": 27000, "Cid": 30000, "Dee": 21000}
    assert answer["riichi_left"] == 0
    assert answer["rank"] == {"Ann": 1, "Bob": 3, "Cid": 2, "Dee": 4}
    assert answer["uma"] == {"Ann": 15.0, "Bob": -5.0, "Cid": 5.0, "Dee": -15.0}
    assert answer["penalty"] == {"Ann": 0.0, "Bob": 0.0, "Cid": 0.0, "Dee": 0.0}
    assert answer["score"] == {"Ann": 27.0, "Bob": -8.0, "Cid": 5.0, "Dee": -24.0}
    assert "log" not in answer


def test_interface_example_wrc_stick_stays():
    answer = final(EXAMPLE, "wrc2015", riichi_left=1)
    assert answer["final"] == EXAMPLE
    assert answer["riichi_left"] == 1
    assert answer["score"] == {"Ann": 26.0, "Bob": -8.0, "Cid": 5.0, "Dee": -24.0}


def test_chombo_penalty_after_uma():
    answer = final(EXAMPLE | {"Ann": 42000}, chombo=["Dee", "Ann"])
    assert answer["penalty"] == {"Ann": -20.0, "Bob": 0.0, "Cid": 0.0, "Dee": -20.0}
    # EMA 3.4.6: the penalty does not change the ranking at the table.
    assert answer["rank"]["Ann"] == 1
    assert answer["score"]["Ann"] == 12.0 + 15.0 - 20.0


def test_ema2012_chombo_is_settled_at_the_table():
    answer = final(EXAMPLE | {"Ann": 42000}, "ema2012", chombo=["Dee"])
    assert answer["penalty"]["Dee"] == 0.0


def test_aalto_seat_order_breaks_ties():
    answer = final({"Ann": 0, "Bob": 0, "Cid": 0, "Dee": 0}, "aalto")
    assert answer["rank"] == {"Ann": 1, "Bob": 2, "Cid": 3, "Dee": 4}
    answer = final({"Dee": 0, "Cid": 0, "Bob": 0, "Ann": 0}, "aalto")
    assert answer["rank"] == {"Dee": 1, "Cid": 2, "Bob": 3, "Ann": 4}
    assert answer["score"] == {"Dee": 15.0, "Cid": 5.0, "Bob": -5.0, "Ann": -15.0}


def test_aalto_leftover_to_the_seat_winner():
    answer = final({"Ann": 2000, "Bob": 2000, "Cid": -3000, "Dee": -2000}, "aalto", 1)
    assert answer["final"] == {"Ann": 3000, "Bob": 2000, "Cid": -3000, "Dee": -2000}


def test_ema_two_tied_winners_split_sticks():
    answer = final({"Ann": 34000, "Bob": 34000, "Cid": 26000, "Dee": 24000}, riichi_left=2)
    assert answer["final"] == {"Ann": 35000, "Bob": 35000, "Cid": 26000, "Dee": 24000}
    assert answer["uma"] == {"Ann": 10.0, "Bob": 10.0, "Cid": -5.0, "Dee": -15.0}


@pytest.mark.parametrize(
    "request_",
    [
        {"points": {"Ann": 41050, "Bob": 26950, "Cid": 30000, "Dee": 22000}},
        {"points": {"Ann": 41000, "Bob": 27000, "Cid": 30000, "Dee": 23000}},
        {"points": {"Ann": 41000, "Bob": 27000, "Cid": 30000, "Dee": 21000}},  # a stick short
        {"points": {"Ann": 41000, "Bob": 27000, "Cid": 52000}},
        {"points": {"Ann": "41000", "Bob": 27000, "Cid": 30000, "Dee": 22000}},
        {"points": {"Ann": 41000.5, "Bob": 26999.5, "Cid": 30000, "Dee": 22000}},
        {"points": [41000, 27000, 30000, 22000]},
        {"points": EXAMPLE, "riichi_left": -1},
        {"points": EXAMPLE, "riichi_left": True},
        {"points": EXAMPLE, "riichi_left": 1, "chombo": ["Eve"]},
        {"points": EXAMPLE, "riichi_left": 1, "ruleset": "mcr"},
        {"points": EXAMPLE, "riichi_left": 1, "extra": 1},
    ],
)
def test_bad_final_requests(request_):
    with pytest.raises(RuleViolation) as caught:
        evaluate_final(request_)
    assert caught.value.code == "invalid_input"


def test_points_of_a_float_that_is_whole_are_accepted():
    answer = final({"Ann": 41000.0, "Bob": 28000, "Cid": 30000, "Dee": 21000})
    assert answer["final"]["Ann"] == 41000


def test_wrc_7_1_point_penalty_example():
    """WRC 7.1: 40,000 points and best ranked: a hanchan score of 25; a 20 point penalty
    leaves 5, the table score unchanged."""
    points = {"Ann": 40000, "Bob": 30000, "Cid": 28000, "Dee": 22000}
    assert final(points, "wrc2015")["score"]["Ann"] == 25.0
    answer = final(points, "wrc2015", chombo=["Ann"])
    assert answer["score"]["Ann"] == 5.0
    assert answer["final"]["Ann"] == 40000
