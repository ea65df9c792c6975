"""Penalties given by a referee (``scoring.rules.penalties``), with the books' worked values.

EMA 2016: chombo 20 points after uma (3.4.6); lateness 1 point a minute up to 10 minutes,
later a substitute (5.7, 5.8); obstruction 8 or 12 points, 12 to 48 in serious or repeated
cases (5.5); a dead hand costs nothing (3.4.7).  WRC 2015 7.2: obstruction at the referee's
discretion.  EMA 2012 3.4.6 (reverse mangan) and Aalto 44 (mangan): chombo is paid at the
table, so the desk logs it without points.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.rules import penalties
from scoring.rules.errors import INVALID_INPUT, NOT_ALLOWED, RuleViolation
from scoring.rules.penalties import KindRule, kind_rules, penalty_points
from scoring.rules.rulesets import RULESETS, get_ruleset

D = Decimal

# ruleset, kind, what the referee typed -> points
ALLOWED = [
    # EMA 3.4.6: "20,000 points deducted after uma"; an amount typed is ignored.
    ("ema2016", "chombo", {}, D(-20)),
    ("ema2016", "chombo", {"amount": D(5)}, D(-20)),
    ("wrc2015", "chombo", {}, D(-20)),
    # EMA 2012 3.4.6 / Aalto 44: settled on the score sheet, 0 at the desk.
    ("ema2012", "chombo", {}, D(0)),
    ("aalto", "chombo", {"amount": D(20)}, D(0)),
    # EMA 5.7 / WRC 7.2: 1,000 points a minute, up to 10 minutes.
    ("ema2016", "late", {"minutes": 1}, D(-1)),
    ("ema2016", "late", {"minutes": 7}, D(-7)),
    ("ema2016", "late", {"minutes": 10}, D(-10)),
    ("wrc2015", "late", {"minutes": 7}, D(-7)),
    ("aalto", "late", {"minutes": 3, "amount": D(99)}, D(-3)),
    # EMA 5.5: "8,000 or 12,000 points (chombo level)".
    ("ema2016", "obstruction", {"amount": D(8)}, D(-8)),
    ("ema2016", "obstruction", {"amount": D(12)}, D(-12)),
    ("ema2016", "obstruction", {"amount": D("8.0")}, D(-8)),
    # EMA 5.5: "between 12,000 and 48,000" in serious or repeated cases.
    ("ema2016", "obstruction", {"serious": True, "amount": D(12)}, D(-12)),
    ("ema2016", "obstruction", {"serious": True, "amount": D(30)}, D(-30)),
    ("ema2016", "obstruction", {"serious": True, "amount": D("24.5")}, D("-24.5")),
    ("ema2016", "obstruction", {"serious": True, "amount": D(48)}, D(-48)),
    # WRC 7.2: "Obstruction: penalty at the referee discretion": any amount.
    ("wrc2015", "obstruction", {"amount": D(10)}, D(-10)),
    ("wrc2015", "obstruction", {"amount": D(0)}, D(0)),
    ("wrc2015", "obstruction", {"serious": True, "amount": D(100)}, D(-100)),
    # EMA 5.6 / 5.4: at the referee's discretion, 0 being a warning.
    ("ema2016", "phone", {"amount": D(0)}, D(0)),
    ("ema2016", "phone", {"amount": D(5)}, D(-5)),
    ("ema2016", "information", {"amount": D(0)}, D(0)),
    ("wrc2015", "information", {"amount": D(10)}, D(-10)),
    # EMA 3.4.7: a dead hand costs no points.
    ("ema2016", "dead_hand", {}, D(0)),
    ("wrc2015", "dead_hand", {"amount": D(8)}, D(0)),
    ("ema2016", "other", {"amount": D("2.5")}, D("-2.5")),
]


@pytest.mark.parametrize(("ruleset", "kind", "typed", "points"), ALLOWED)
def test_points(ruleset, kind, typed, points):
    got = penalty_points(RULESETS[ruleset], kind, **typed)
    assert got == points
    assert isinstance(got, Decimal)


# The input each refusal blames (``params["field"]``).
FIELD = {
    "unknown_kind": "kind",
    "no_minutes": "minutes",
    "substitute": "minutes",
    "no_amount": "amount",
    "negative_amount": "amount",
    "no_points": "amount",
    "obstruction_amount": "amount",
    "serious_obstruction_amount": "amount",
}
SERIOUS = "serious_obstruction_amount"

# ruleset, kind, what the referee typed -> code, reason, words of the message
REFUSED = [
    ("ema2016", "nap", {"amount": D(1)}, INVALID_INPUT, "unknown_kind", "kind 'nap'"),
    ("ema2016", "late", {}, INVALID_INPUT, "no_minutes", "How many minutes"),
    ("ema2016", "late", {"minutes": 0}, INVALID_INPUT, "no_minutes", "How many minutes"),
    ("ema2016", "late", {"minutes": -3}, INVALID_INPUT, "no_minutes", "How many minutes"),
    # EMA 5.7: "more than 10 minutes late" -> replaced by a substitute (5.8).
    ("ema2016", "late", {"minutes": 11}, NOT_ALLOWED, "substitute", "replaced by a substitute"),
    ("wrc2015", "late", {"minutes": 25}, NOT_ALLOWED, "substitute", "Later than 10 minutes"),
    # EMA 5.5: only 8 or 12 in the usual case ...
    (
        "ema2016",
        "obstruction",
        {"amount": D(10)},
        NOT_ALLOWED,
        "obstruction_amount",
        "An obstruction costs 8 or 12 points (tick 'serious' for more).",
    ),
    ("ema2016", "obstruction", {"amount": D(0)}, NOT_ALLOWED, "obstruction_amount", "8 or 12"),
    ("ema2016", "obstruction", {"amount": D(20)}, NOT_ALLOWED, "obstruction_amount", "8 or 12"),
    # ... and 12 to 48 in serious or repeated cases.
    (
        "ema2016",
        "obstruction",
        {"serious": True, "amount": D(50)},
        NOT_ALLOWED,
        SERIOUS,
        "A serious obstruction costs 12 to 48 points.",
    ),
    ("ema2016", "obstruction", {"serious": True, "amount": D(8)}, NOT_ALLOWED, SERIOUS, "12 to 48"),
    ("aalto", "obstruction", {"serious": True, "amount": D("48.5")}, NOT_ALLOWED, SERIOUS, "48"),
    # Where the referee decides, the referee must say how much.
    ("wrc2015", "obstruction", {}, INVALID_INPUT, "no_amount", "How many points"),
    ("ema2016", "phone", {}, INVALID_INPUT, "no_amount", "How many points"),
    ("ema2016", "phone", {"amount": D(-2)}, INVALID_INPUT, "negative_amount", "positive number"),
    # "Other" is a point penalty: it needs points.
    ("ema2016", "other", {}, INVALID_INPUT, "no_amount", "How many points"),
    ("ema2016", "other", {"amount": D(0)}, INVALID_INPUT, "no_points", "needs points"),
]


@pytest.mark.parametrize(("ruleset", "kind", "typed", "code", "reason", "words"), REFUSED)
def test_refused(ruleset, kind, typed, code, reason, words):
    with pytest.raises(RuleViolation) as error:
        penalty_points(RULESETS[ruleset], kind, **typed)
    assert (error.value.code, error.value.reason) == (code, reason)
    assert error.value.params["field"] == FIELD[reason]
    assert words in error.value.message


def test_refusals_carry_the_books_numbers():
    with pytest.raises(RuleViolation) as late:
        penalty_points(RULESETS["ema2016"], "late", minutes=11)
    assert late.value.params["max_minutes"] == 10
    with pytest.raises(RuleViolation) as obstruction:
        penalty_points(RULESETS["ema2016"], "obstruction", amount=D(10))
    assert obstruction.value.params["allowed"] == (D(8), D(12))
    with pytest.raises(RuleViolation) as serious:
        penalty_points(RULESETS["ema2016"], "obstruction", serious=True, amount=D(50))
    assert (serious.value.params["low"], serious.value.params["high"]) == (D(12), D(48))


# ruleset -> what the desk proposes (None: the referee types it) and whether it is fixed
PROPOSED = [
    ("ema2016", {"chombo": D(20), "obstruction": D(8), "dead_hand": D(0), "phone": None}),
    ("wrc2015", {"chombo": D(20), "obstruction": None, "late": None, "other": None}),
    ("ema2012", {"chombo": D(0), "obstruction": D(8), "information": None}),
    ("aalto", {"chombo": D(0), "obstruction": D(8)}),
]


@pytest.mark.parametrize(("ruleset", "proposed"), PROPOSED)
def test_proposed_amounts(ruleset, proposed):
    rules = kind_rules(RULESETS[ruleset])
    assert {kind: rules[kind].proposed for kind in proposed} == proposed


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_kinds_are_the_stored_values_in_button_order(ruleset):
    rules = kind_rules(RULESETS[ruleset])
    assert tuple(rules) == penalties.KINDS
    assert penalties.KINDS == (
        "chombo",
        "late",
        "obstruction",
        "phone",
        "information",
        "dead_hand",
        "other",
    )
    assert all(isinstance(rule, KindRule) and rule.kind == kind for kind, rule in rules.items())
    # The book fixes chombo, lateness and dead hand; the referee types the others.
    assert {kind for kind, rule in rules.items() if rule.fixed} == {"chombo", "late", "dead_hand"}
    assert [kind for kind, rule in rules.items() if rule.uses_minutes] == ["late"]
    assert [kind for kind, rule in rules.items() if rule.needs_reason] == ["other"]


@pytest.mark.parametrize(
    ("ruleset", "paid_at_table", "uses_serious", "usual", "serious_range"),
    [
        ("ema2016", False, True, (D(8), D(12)), (D(12), D(48))),
        ("wrc2015", False, False, (), None),
        ("ema2012", True, True, (D(8), D(12)), (D(12), D(48))),
        ("aalto", True, True, (D(8), D(12)), (D(12), D(48))),
    ],
)
def test_the_books_parameters(ruleset, paid_at_table, uses_serious, usual, serious_range):
    rules = kind_rules(RULESETS[ruleset])
    assert rules["chombo"].paid_at_table is paid_at_table
    assert rules["late"].per_minute == D(1)
    assert rules["late"].max_minutes == 10
    assert rules["obstruction"].uses_serious is uses_serious
    assert rules["obstruction"].usual == usual
    assert rules["obstruction"].serious_range == serious_range


def test_overridden_parameters_are_read():
    ruleset = get_ruleset(
        "ema2016",
        chombo_points=-30,
        late_points_per_minute=-0.5,
        late_max_minutes=5,
        obstruction_points=[-6, -9],
        serious_obstruction_points=[-40, -9],
    )
    assert penalty_points(ruleset, "chombo") == D(-30)
    assert penalty_points(ruleset, "late", minutes=5) == D("-2.5")
    with pytest.raises(RuleViolation, match="Later than 5 minutes"):
        penalty_points(ruleset, "late", minutes=6)
    assert penalty_points(ruleset, "obstruction", amount=D(9)) == D(-9)
    with pytest.raises(RuleViolation, match="costs 6 or 9 points"):
        penalty_points(ruleset, "obstruction", amount=D(8))
    # The serious range is read low to high whatever the order of the override.
    assert kind_rules(ruleset)["obstruction"].serious_range == (D(9), D(40))
    assert penalty_points(ruleset, "obstruction", serious=True, amount=D(40)) == D(-40)


def test_no_float_error_in_the_points():
    # Decimal(0.1) is 0.1000000000000000055511151231257827...; the points go through str.
    ruleset = get_ruleset("ema2016", late_points_per_minute=-0.1)
    assert penalty_points(ruleset, "late", minutes=3) == D("-0.3")
