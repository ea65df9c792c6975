"""The four presets against the parameter table of shared/design/rulesets.md."""

from __future__ import annotations

import dataclasses
import json

import pytest

from scoring.rules.errors import RuleViolation
from scoring.rules.rulesets import (
    RULESETS,
    Ruleset,
    get_ruleset,
    ruleset_from_dict,
    ruleset_overrides,
    ruleset_to_dict,
)

# (parameter, ema2016, wrc2015, ema2012, aalto) -- the rows of rulesets.md
TABLE = [
    ("start_points", 30000, 30000, 30000, 0),
    ("return_points", 30000, 30000, 30000, 0),
    ("uma", (15, 5, -5, -15), (15, 5, -5, -15), (15, 5, -5, -15), (15, 5, -5, -15)),
    ("uma_ties", "split", "split", "split", "seat"),
    ("red_fives", (0, 0, 0), (0, 0, 0), (1, 1, 1), (1, 2, 1)),
    ("open_tanyao", True, True, False, True),
    ("kuikae", False, False, True, True),
    ("multiple_ron", "all", "head_bump", "all", "double_only"),
    ("leftover_riichi", "winner", "table", "winner", "winner"),
    ("kiriage_mangan", False, True, False, False),
    ("counted_yakuman_han", None, None, 13, 13),
    ("renhou", "mangan", "mangan", "yakuman", "yakuman"),
    ("nagashi_mangan", False, False, True, True),
    ("two_han_minimum_counters", None, None, 5, 5),
    ("double_wind_pair_fu", 4, 4, 4, 4),
    ("chombo", "points", "points", "reverse_mangan", "mangan"),
    ("chombo_points", -20.0, -20.0, 0.0, 0.0),
    ("liability_rinshan", False, False, False, True),
    ("liability_tsumo_counters", True, True, True, True),
    ("late_points_per_minute", -1.0, -1.0, -1.0, -1.0),
    ("late_max_minutes", 10, 10, 10, 10),
    ("substitute_score", -15.0, None, -15.0, -15.0),
    ("substitute_uma", -15.0, None, -15.0, -15.0),
    ("substitute_counts_for_opponents_uma", True, True, True, True),
    ("substitute_ranked", False, False, False, False),
    ("missed_session_points", -15.0, -30.0, -15.0, -15.0),
    ("missed_session_uma", -15.0, 0.0, -15.0, -15.0),
    ("obstruction_points", (-8.0, -12.0), None, (-8.0, -12.0), (-8.0, -12.0)),
    ("serious_obstruction_points", (-12.0, -48.0), None, (-12.0, -48.0), (-12.0, -48.0)),
    ("session_minutes", 90, 90, 90, 75),
    ("signal_minutes_before_end", 15, 0, 15, 0),
    ("after_signal", "one_more_hand", "finish_hand", "one_more_hand", "one_more_hand"),
    ("disqualified", "bottom", "excluded", "bottom", "bottom"),
    ("honba_points", 300, 300, 300, 300),
    ("riichi_stick", 1000, 1000, 1000, 1000),
    ("noten_total", 3000, 3000, 3000, 3000),
    ("riichi_needs_points", None, None, None, 1000),
    ("agari_yame_points", None, None, None, 30000),
    ("yakuman_cumulative", False, False, False, True),
]
NAMES = ["ema2016", "wrc2015", "ema2012", "aalto"]


@pytest.mark.parametrize(("parameter", *NAMES), TABLE, ids=[row[0] for row in TABLE])
def test_parameter_table(parameter, ema2016, wrc2015, ema2012, aalto):
    for name, value in zip(NAMES, (ema2016, wrc2015, ema2012, aalto), strict=True):
        assert getattr(RULESETS[name], parameter) == value, name


def test_abortive_draws_per_book():
    assert RULESETS["ema2016"].abortive_draws == frozenset()  # EMA 3.4.3
    assert RULESETS["wrc2015"].abortive_draws == frozenset()  # WRC 5.7.3
    assert RULESETS["ema2012"].abortive_draws == {  # EMA2012 3.4.3
        "nine_terminals",
        "four_kongs",
        "four_winds",
        "four_riichi",
    }
    assert "triple_ron" in RULESETS["aalto"].abortive_draws  # Aalto 18


def test_double_yakuman_and_liability():
    assert RULESETS["ema2016"].double_yakuman == frozenset()
    assert RULESETS["ema2012"].double_yakuman == {"daisuushii"}
    assert "daisuushii" in RULESETS["aalto"].double_yakuman
    for ruleset in RULESETS.values():
        assert ruleset.liability_yakuman == {"daisangen", "daisuushii"}


def test_default_is_ema2016():
    assert get_ruleset() is RULESETS["ema2016"]
    assert set(RULESETS) == set(NAMES)


def test_hand_evaluation_fields_exist_with_their_names():
    names = {f.name for f in dataclasses.fields(Ruleset)}
    assert {
        "name",
        "red_fives",
        "open_tanyao",
        "kiriage_mangan",
        "counted_yakuman_han",
        "double_yakuman",
        "yakuman_cumulative",
        "renhou",
        "nagashi_mangan",
    } <= names


def test_presets_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        RULESETS["ema2016"].start_points = 25000  # type: ignore[misc]


def test_override_replaces_single_parameters():
    ruleset = get_ruleset("wrc2015", uma=[20, 10, -10, -20], session_minutes=80)
    assert ruleset.uma == (20, 10, -10, -20)
    assert ruleset.session_minutes == 80
    assert ruleset.multiple_ron == "head_bump"
    assert RULESETS["wrc2015"].uma == (15, 5, -5, -15)


@pytest.mark.parametrize(
    ("name", "overrides"),
    [
        ("mcr", {}),
        (None, {}),
        ("ema2016", {"foo": 1}),
        ("ema2016", {"name": "wrc2015"}),
        ("ema2016", {"uma": [15, 5, -5]}),
        ("ema2016", {"uma": "15/5/-5/-15"}),
        ("ema2016", {"chombo": "death"}),
        ("ema2016", {"start_points": 25000.5}),
        ("ema2016", {"start_points": None}),
        ("ema2016", {"open_tanyao": "yes"}),
        ("ema2016", {"abortive_draws": ["five_kongs"]}),
        ("ema2016", {"session_minutes": True}),
        # A number that may be empty is still a number, not a list (found by hypothesis).
        ("ema2016", {"riichi_needs_points": []}),
        ("ema2016", {"counted_yakuman_han": [13]}),
        # A pair of numbers whose preset is empty must still be a list (found by hypothesis).
        ("wrc2015", {"serious_obstruction_points": False}),
        ("wrc2015", {"serious_obstruction_points": 12}),
    ],
)
def test_bad_presets_and_overrides(name, overrides):
    with pytest.raises(RuleViolation) as caught:
        get_ruleset(name, **overrides)
    assert caught.value.code == "invalid_input"


@pytest.mark.parametrize("name", NAMES)
def test_dict_round_trip_through_json(name):
    ruleset = get_ruleset(name, uma=(10, 5, -5, -10), riichi_needs_points=None)
    data = json.loads(json.dumps(ruleset_to_dict(ruleset)))
    assert ruleset_from_dict(data) == ruleset


def test_overrides_are_what_differs_from_the_preset():
    ruleset = get_ruleset("aalto", session_minutes=60)
    assert ruleset_overrides(ruleset) == {"session_minutes": 60}
    assert ruleset_from_dict({"name": "aalto", **ruleset_overrides(ruleset)}) == ruleset
    assert ruleset_overrides(RULESETS["ema2012"]) == {}


def test_start_points_carry_the_return_points_along():
    ruleset = get_ruleset("ema2016", start_points=25000)
    assert ruleset.return_points == 25000
    assert get_ruleset("ema2016", start_points=25000, return_points=30000).return_points == 30000


@pytest.mark.parametrize(
    "overrides",
    [
        {"honba_points": 100},
        {"noten_total": 1000},
        {"riichi_stick": -1000},
        {"start_points": 25050},
        {"two_han_minimum_counters": 0},
        {"counted_yakuman_han": 2},
        {"session_minutes": 0},
    ],
)
def test_point_parameters_stay_whole_hundreds(overrides):
    with pytest.raises(RuleViolation) as caught:
        get_ruleset("ema2016", **overrides)
    assert caught.value.code == "invalid_input"
