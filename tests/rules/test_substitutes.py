"""Substitutes (EMA 2016 §5.8, WRC 2015 §7.2) in the ``final`` and ``game`` commands.

Worked values from EMA 5.8: a substitute's result is entered as -15 points and -15 uma
(-30); a substitute seated from the start counts for the opponents' uma ("if the substitute
wins the table, the other players will get umas of 5,000, -5,000 and -15,000"); one who
joined during the session always takes the last uma ("the other three players will get the
15,000, 5,000 and -5,000 uma even if the substitute scored the most point at the table").
WRC 7.2: substitutes "are scored normally".
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules.cli import answer, answer_request
from scoring.rules.errors import INVALID_INPUT, RuleViolation
from scoring.rules.final import evaluate_final
from scoring.rules.rulesets import RULESETS
from tests.rules.sheets import PLAYERS, game
from tests.rules.test_game_properties import _played, json_values, sheets

# The substitute Ann wins the table; Cid second, Bob third, Dee last.
TABLE = {"Ann": 41000, "Bob": 27000, "Cid": 30000, "Dee": 22000}
# Fixed-result rulesets: every preset that inherits EMA 5.8's -15 / -15.
FIXED = [name for name, rules in RULESETS.items() if rules.substitute_score is not None]


def final(points: dict[str, int], ruleset: str = "ema2016", **extra: Any) -> dict[str, Any]:
    return evaluate_final({"ruleset": ruleset, "points": points, "riichi_left": 0} | extra)


def test_fixed_rulesets_are_the_ema_family():
    assert set(FIXED) == {"ema2016", "ema2012", "aalto"}


# --- final ---------------------------------------------------------------------------------


def test_ema_substitute_from_the_start_who_wins_leaves_5_minus5_minus15():
    # EMA 5.8: "two players will have uma of -15,000 and no one will have the winner uma".
    got = final(TABLE, substitutes={"Ann": "start"})
    assert got["uma"] == {"Ann": -15.0, "Cid": 5.0, "Bob": -5.0, "Dee": -15.0}
    assert got["table_score"] == {"Ann": -15.0, "Bob": -3.0, "Cid": 0.0, "Dee": -8.0}
    assert got["score"] == {"Ann": -30.0, "Bob": -8.0, "Cid": 5.0, "Dee": -23.0}
    # The table as it was played is unchanged.
    assert got["final"] == TABLE
    assert got["rank"] == {"Ann": 1, "Cid": 2, "Bob": 3, "Dee": 4}


def test_ema_substitute_who_joined_during_the_session_takes_the_last_uma():
    got = final(TABLE, substitutes={"Ann": "during"})
    assert got["uma"] == {"Ann": -15.0, "Cid": 15.0, "Bob": 5.0, "Dee": -5.0}
    assert got["score"] == {"Ann": -30.0, "Cid": 15.0, "Bob": 2.0, "Dee": -13.0}
    assert got["rank"] == {"Ann": 1, "Cid": 2, "Bob": 3, "Dee": 4}


@pytest.mark.parametrize(
    ("timing", "uma"),
    [
        # From the start: Bob and Cid share places 2 and 3 (5 - 5) / 2 (EMA 3.6.1).
        ("start", {"Ann": -15.0, "Bob": 0.0, "Cid": 0.0, "Dee": -15.0}),
        # During: Bob and Cid share places 1 and 2 (15 + 5) / 2, Dee gets -5.
        ("during", {"Ann": -15.0, "Bob": 10.0, "Cid": 10.0, "Dee": -5.0}),
    ],
)
def test_ties_among_the_other_three_still_split(timing, uma):
    points = {"Ann": 40000, "Bob": 30000, "Cid": 30000, "Dee": 20000}
    assert final(points, substitutes={"Ann": timing})["uma"] == uma


@pytest.mark.parametrize("timing", ["start", "during"])
def test_a_substitute_in_last_place_changes_nobody_else(timing):
    points = {"Ann": 10000, "Bob": 45000, "Cid": 35000, "Dee": 30000}
    plain = final(points)
    got = final(points, substitutes={"Ann": timing})
    assert got["uma"] == plain["uma"] == {"Ann": -15.0, "Bob": 15.0, "Cid": 5.0, "Dee": -5.0}
    assert got["score"]["Ann"] == -30.0  # not -20 - 15 as played
    assert {p: got["score"][p] for p in ["Bob", "Cid", "Dee"]} == {
        "Bob": 30.0,
        "Cid": 10.0,
        "Dee": -5.0,
    }


@pytest.mark.parametrize("ruleset", FIXED)
@pytest.mark.parametrize("timing", ["start", "during"])
def test_the_substitute_entry_is_minus_30_in_every_fixed_ruleset(ruleset, timing):
    start = RULESETS[ruleset].start_points
    points = {p: start + d for p, d in zip(PLAYERS, [11000, -3000, 0, -8000], strict=True)}
    got = final(points, ruleset, substitutes={"Bob": timing})
    assert (got["table_score"]["Bob"], got["uma"]["Bob"], got["score"]["Bob"]) == (
        -15.0,
        -15.0,
        -30.0,
    )


def test_the_substitutes_own_chombo_still_counts():
    # EMA 3.4.6: the penalty is deducted after uma, the substitute's entry included.
    got = final(TABLE, substitutes={"Ann": "start"}, chombo=["Ann"])
    assert got["penalty"]["Ann"] == -20.0
    assert got["score"]["Ann"] == -50.0


def test_leftover_sticks_still_go_to_the_substitute_who_won():
    # EMA 3.6: the winner collects them, as played; the substitute's entry stays fixed.
    points = {"Ann": 40000, "Bob": 27000, "Cid": 30000, "Dee": 22000}
    got = final(points, riichi_left=1, substitutes={"Ann": "during"})
    assert got["final"]["Ann"] == 41000 and got["riichi_left"] == 0
    assert got["score"]["Ann"] == -30.0


def test_the_amounts_are_the_rulesets_parameters():
    got = final(
        TABLE,
        substitutes={"Ann": "start"},
        overrides={"substitute_score": -10.0, "substitute_uma": -20.0},
    )
    assert (got["table_score"]["Ann"], got["uma"]["Ann"], got["score"]["Ann"]) == (
        -10.0,
        -20.0,
        -30.0,
    )
    # A ruleset that fixes only the score leaves the uma as played.
    got = final(TABLE, substitutes={"Ann": "start"}, overrides={"substitute_uma": None})
    assert (got["uma"]["Ann"], got["score"]["Ann"]) == (15.0, 0.0)


def test_a_ruleset_that_never_counts_the_substitutes_place():
    got = final(
        TABLE,
        substitutes={"Ann": "start"},
        overrides={"substitute_counts_for_opponents_uma": False},
    )
    assert got["uma"] == final(TABLE, substitutes={"Ann": "during"})["uma"]


def test_two_substitutes():
    # Bob from the start keeps his place for the others' uma; Ann, who joined during the
    # session, is placed below everyone.
    got = final(TABLE, substitutes={"Ann": "during", "Bob": "start"})
    assert got["uma"] == {"Ann": -15.0, "Bob": -15.0, "Cid": 15.0, "Dee": -5.0}
    assert got["score"] == {"Ann": -30.0, "Bob": -30.0, "Cid": 15.0, "Dee": -13.0}


@pytest.mark.parametrize("timing", ["start", "during"])
def test_wrc_substitutes_are_scored_normally(timing):
    # WRC 7.2: "Substitute players are scored normally and then not included in the ranking"
    # (the ranking is the standings').
    plain = final(TABLE, "wrc2015")
    got = final(TABLE, "wrc2015", substitutes={"Ann": timing})
    assert got == plain
    assert got["score"]["Ann"] == 26.0


def test_no_substitutes_answers_as_before():
    assert final(TABLE, substitutes={}) == final(TABLE)
    assert final(TABLE)["table_score"] == {"Ann": 11.0, "Bob": -3.0, "Cid": 0.0, "Dee": -8.0}


# --- game ----------------------------------------------------------------------------------

# Ann (East) self-draws a mangan: 4,000 from each; then Cid wins 3 han 30 fu from Dee with
# one counter: 3,900 + 300.  Ann 42000, Cid 30200, Bob 26000, Dee 21800.
HANDS = [
    {"tsumo": {"winner": "Ann", "han": 5}},
    {"ron": [{"winner": "Cid", "han": 3, "fu": 30}], "from": "Dee"},
]


def test_game_substitute_from_the_start():
    got = game(HANDS, substitutes={"Ann": "start"})
    assert got["final"] == {"Ann": 42000, "Bob": 26000, "Cid": 30200, "Dee": 21800}
    assert got["uma"] == {"Ann": -15.0, "Bob": -5.0, "Cid": 5.0, "Dee": -15.0}
    assert got["score"] == {"Ann": -30.0, "Bob": -9.0, "Cid": 5.2, "Dee": -23.2}
    assert got["log"] == game(HANDS)["log"]


def test_game_substitute_during_the_session():
    got = game(HANDS, substitutes={"Ann": "during"})
    assert got["uma"] == {"Ann": -15.0, "Bob": 5.0, "Cid": 15.0, "Dee": -5.0}
    assert got["score"] == {"Ann": -30.0, "Bob": 1.0, "Cid": 15.2, "Dee": -13.2}
    assert got["rank"] == {"Ann": 1, "Bob": 3, "Cid": 2, "Dee": 4}


@pytest.mark.parametrize(("timing", "each"), [("start", -5.0), ("during", 5.0)])
def test_game_three_tied_opponents_split(timing, each):
    # Ann's dealer yakuman self-draw: 16,000 from each; the others tie at 14,000 and share
    # places 2-4 (5 - 5 - 15) / 3 or, Ann placed last, places 1-3 (15 + 5 - 5) / 3.
    got = game([{"tsumo": {"winner": "Ann", "yakuman": 1}}], substitutes={"Ann": timing})
    assert got["uma"] == {"Ann": -15.0, "Bob": each, "Cid": each, "Dee": each}


def test_game_wrc_substitute_scored_normally():
    hands = [{"tsumo": {"winner": "Ann", "han": 5}}]
    assert game(hands, "wrc2015", substitutes={"Ann": "during"}) == game(hands, "wrc2015")


# --- refused requests ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("substitutes", "words"),
    [
        (["Ann"], "must be an object"),
        ("Ann", "must be an object"),
        ({"Zed": "start"}, "'Zed' is not one of the players"),
        ({"Ann": "late"}, 'Ann must be marked "start"'),
        ({"Ann": ""}, 'Ann must be marked "start"'),
        ({"Ann": None}, 'Ann must be marked "start"'),
        ({"Ann": True}, 'Ann must be marked "start"'),
        ({"Ann": ["start"]}, 'Ann must be marked "start"'),
    ],
)
def test_bad_substitutes_are_refused_in_both_commands(substitutes, words):
    with pytest.raises(RuleViolation) as final_error:
        final(TABLE, substitutes=substitutes)
    with pytest.raises(RuleViolation) as game_error:
        game(HANDS, substitutes=substitutes)
    for error in (final_error.value, game_error.value):
        assert error.code == INVALID_INPUT
        assert words in error.message


def test_the_cli_takes_the_field():
    request = {"points": TABLE, "riichi_left": 0, "substitutes": {"Ann": "during"}}
    got = answer("final", json.dumps(request))
    assert got["ok"] is True and got["score"]["Ann"] == -30.0
    bad = answer("final", json.dumps(request | {"substitutes": {"Ann": "sometimes"}}))
    assert bad["ok"] is False and bad["error_code"] == INVALID_INPUT


# --- properties ----------------------------------------------------------------------------

timings = st.dictionaries(st.sampled_from(PLAYERS), st.sampled_from(["start", "during"]))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sheets(), timings)
def test_substitutes_leave_the_table_as_played(request, substitutes):
    plain = _played(request)
    request = dict(request, hands=request["hands"][: len(plain["log"])])
    got = evaluate_with(request, substitutes)
    rules = RULESETS[request["ruleset"]]
    # Table points, ranks, penalties and the log are the table as played: still zero-sum.
    for key in ("final", "riichi_left", "rank", "penalty", "log"):
        assert got[key] == plain[key]
    assert sum(got["final"].values()) + 1000 * got["riichi_left"] == 4 * rules.start_points
    if rules.substitute_score is None:
        assert got == plain  # WRC 7.2: scored normally
        return
    for p in PLAYERS:
        assert got["score"][p] == pytest.approx(
            got["table_score"][p] + got["uma"][p] + got["penalty"][p]
        )
        if p in substitutes:
            # EMA 5.8: -15 and -15 whatever was played.
            assert (got["table_score"][p], got["uma"][p]) == (-15.0, -15.0)
        else:
            assert got["table_score"][p] == plain["table_score"][p]
    others = [p for p in PLAYERS if p not in substitutes]
    if "during" not in substitutes.values():
        # Substitutes from the start count for the opponents' uma (EMA 5.8).
        assert all(got["uma"][p] == plain["uma"][p] for p in others)
    elif len(substitutes) == 1:
        # The other three share the first three places' uma: 15 + 5 - 5 (EMA 5.8).
        assert sum(got["uma"][p] for p in others) == pytest.approx(sum(rules.uma[:3]))


def evaluate_with(request: dict[str, Any], substitutes: dict[str, str]) -> dict[str, Any]:
    got = answer_request("game", dict(request, substitutes=substitutes))
    assert got["ok"] is True, got
    return got


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sheets(), timings)
def test_wrc_substitutes_change_nothing(request, substitutes):
    request = dict(request, ruleset="wrc2015")
    plain = answer_request("game", request)
    assert answer_request("game", dict(request, substitutes=substitutes)) == plain


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["game", "final"]), json_values)
def test_any_json_as_substitutes_is_answered_not_crashed(command, substitutes):
    request: dict[str, Any] = {"points": TABLE, "riichi_left": 0}
    if command == "game":
        request = {"players": PLAYERS, "hands": HANDS, "ended_by_time": True}
    got = answer_request(command, request | {"substitutes": substitutes})
    assert got["ok"] is True or got["error_code"] == INVALID_INPUT, got
