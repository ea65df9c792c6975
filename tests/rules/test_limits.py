"""The bounds of limits.py: out-of-range numbers are refused as invalid_input, naming the
field, before any work is done with them."""

from __future__ import annotations

import time

import pytest

from scoring.rules.errors import RuleViolation
from scoring.rules.final import evaluate_final
from scoring.rules.limits import (
    MAX_CHOMBOS_PER_PLAYER,
    MAX_HAN,
    MAX_HANDS,
    MAX_RIICHI_STICKS,
    MAX_SWING,
)
from tests.rules.sheets import ANN, BOB, game

EVEN = {"Ann": 30000, "Bob": 30000, "Cid": 30000, "Dee": 30000}


def refusal(call, *args, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        call(*args, **kwargs)
    assert caught.value.code == "invalid_input"
    return caught.value


def final(**request):
    return evaluate_final({"points": EVEN, **request})


@pytest.mark.parametrize(
    "value", [1e30, float("inf"), float("-inf"), float("nan"), 10**30, -(10**400), True, "30000"]
)
def test_final_points_out_of_range(value):
    violation = refusal(final, points=EVEN | {"Dee": value})
    assert "points" in violation.message
    assert "Dee" in violation.message


def test_final_points_bound_is_the_start_plus_the_swing():
    inside = final(points=EVEN | {"Ann": 30000 + MAX_SWING, "Bob": 30000 - MAX_SWING})
    assert inside["rank"]["Ann"] == 1
    outside = refusal(final, points=EVEN | {"Ann": 30100 + MAX_SWING, "Bob": -30100 - MAX_SWING})
    assert outside.reason == "out_of_range"


@pytest.mark.parametrize("sticks", [MAX_RIICHI_STICKS + 1, 10**30, -1, 1.5, True, 1e400])
def test_riichi_left_out_of_range(sticks):
    assert "riichi_left" in refusal(final, riichi_left=sticks).message


def test_riichi_left_at_the_bound():
    points = EVEN | {"Dee": 30000 - 1000 * MAX_RIICHI_STICKS}
    assert final(points=points, riichi_left=MAX_RIICHI_STICKS)["riichi_left"] == 0


def test_chombo_per_player_bound():
    answer = final(chombo=[ANN] * MAX_CHOMBOS_PER_PLAYER)
    assert answer["penalty"][ANN] == -20.0 * MAX_CHOMBOS_PER_PLAYER
    violation = refusal(final, chombo=[ANN] * (MAX_CHOMBOS_PER_PLAYER + 1))
    assert "chombo" in violation.message and ANN in violation.message


def test_a_huge_chombo_list_is_refused_at_once():
    started = time.perf_counter()
    assert "chombo" in refusal(final, chombo=[ANN] * 10**6).message
    assert time.perf_counter() - started < 1


@pytest.mark.parametrize(
    ("parameter", "value"),
    [
        ("chombo_points", float("nan")),
        ("chombo_points", float("inf")),
        ("chombo_points", -1e7),
        ("start_points", 10**30),
        ("uma", [1e400, 0, 0, 0]),
        ("noten_total", 6 * 10**30),
    ],
)
def test_ruleset_overrides_out_of_range(parameter, value):
    violation = refusal(final, overrides={parameter: value})
    assert parameter in violation.message


def test_han_bound_on_a_sheet():
    win = {"ron": [{"winner": BOB, "han": MAX_HAN}], "from": ANN}
    assert game([win])["log"][0]["delta"][BOB] == 24000  # a sanbaiman (EMA 4.1.3)
    win = {"ron": [{"winner": BOB, "han": 10**30}], "from": ANN}
    assert "han" in refusal(game, [win]).message


def test_number_of_hands_bound():
    # East tenpai alone at every draw: East stays East (EMA 3.4.11), the game goes on.
    draw = {"draw": {"tenpai": [ANN]}}
    assert len(game([draw] * MAX_HANDS)["log"]) == MAX_HANDS
    assert "number of hands" in refusal(game, [draw] * (MAX_HANDS + 1)).message


def test_chombo_hands_per_player_bound():
    chombos = [{"chombo": ANN}] * (MAX_CHOMBOS_PER_PLAYER + 1)
    violation = refusal(game, chombos)
    assert "chombo" in violation.message and ANN in violation.message


@pytest.mark.parametrize(
    "value",
    [10**5000, "x" * 10**6, [[[[[[[[[[["deep"]]]]]]]]]]], {"a": list(range(10**5))}],
    ids=["long-int", "long-string", "nested", "big-dict"],
)
def test_messages_quote_a_short_piece_of_any_value(value):
    violation = refusal(final, riichi_left=value)
    assert len(violation.message) < 300
