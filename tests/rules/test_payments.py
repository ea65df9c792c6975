"""Payments: every cell of the EMA 2016 scoring tables (section 6), limits, han/fu checks."""

from __future__ import annotations

import pytest

from scoring.rules.errors import RuleViolation
from scoring.rules.payments import (
    base_points,
    check_han_fu,
    cost_total,
    hand_cost,
    limit_name,
)
from scoring.rules.rulesets import get_ruleset

EMA = get_ruleset("ema2016")
WRC = get_ruleset("wrc2015")
EMA2012 = get_ruleset("ema2012")
AALTO = get_ruleset("aalto")

# EMA 2016 section 6, "East" tables: {fu: (1 fan, 2 fan, 3 fan, 4 fan)}; None = empty cell.
EAST_TSUMO = {
    20: (None, 700, 1300, 2600),
    25: (None, None, 1600, 3200),
    30: (500, 1000, 2000, 3900),
    40: (700, 1300, 2600, 4000),
    50: (800, 1600, 3200, 4000),
    60: (1000, 2000, 3900, 4000),
    70: (1200, 2300, 4000, 4000),
    80: (1300, 2600, 4000, 4000),
    90: (1500, 2900, 4000, 4000),
    100: (1600, 3200, 4000, 4000),
}
EAST_RON = {
    25: (None, 2400, 4800, 9600),
    30: (1500, 2900, 5800, 11600),
    40: (2000, 3900, 7700, 12000),
    50: (2400, 4800, 9600, 12000),
    60: (2900, 5800, 11600, 12000),
    70: (3400, 6800, 12000, 12000),
    80: (3900, 7700, 12000, 12000),
    90: (4400, 8700, 12000, 12000),
    100: (4800, 9600, 12000, 12000),
}
# "Other" tsumo: (from each non-dealer, from East).  The overview sheet at the end of the
# book prints 2600 for 40 fu 4 fan; section 6 prints 2000 / 4000, which is what 40 * 2^6 =
# 2560 capped at a mangan (EMA 4.1.2) gives, so the overview cell is a misprint.
OTHER_TSUMO = {
    20: (None, (400, 700), (700, 1300), (1300, 2600)),
    25: (None, None, (800, 1600), (1600, 3200)),
    30: ((300, 500), (500, 1000), (1000, 2000), (2000, 3900)),
    40: ((400, 700), (700, 1300), (1300, 2600), (2000, 4000)),
    50: ((400, 800), (800, 1600), (1600, 3200), (2000, 4000)),
    60: ((500, 1000), (1000, 2000), (2000, 3900), (2000, 4000)),
    70: ((600, 1200), (1200, 2300), (2000, 4000), (2000, 4000)),
    80: ((700, 1300), (1300, 2600), (2000, 4000), (2000, 4000)),
    90: ((800, 1500), (1500, 2900), (2000, 4000), (2000, 4000)),
    100: ((800, 1600), (1600, 3200), (2000, 4000), (2000, 4000)),
}
OTHER_RON = {
    25: (None, 1600, 3200, 6400),
    30: (1000, 2000, 3900, 7700),
    40: (1300, 2600, 5200, 8000),
    50: (1600, 3200, 6400, 8000),
    60: (2000, 3900, 7700, 8000),
    70: (2300, 4500, 8000, 8000),
    80: (2600, 5200, 8000, 8000),
    90: (2900, 5800, 8000, 8000),
    100: (3200, 6400, 8000, 8000),
}


def _cells(table):
    for fu, row in table.items():
        for i, value in enumerate(row):
            if value is not None:
                yield fu, i + 1, value


def _empty_cells(table):
    for fu, row in table.items():
        for i, value in enumerate(row):
            if value is None:
                yield fu, i + 1


@pytest.mark.parametrize(("fu", "han", "each"), list(_cells(EAST_TSUMO)))
def test_east_tsumo_table(fu, han, each):
    assert hand_cost(EMA, han, fu, 0, dealer=True, tsumo=True) == {"non_dealer": each}


@pytest.mark.parametrize(("fu", "han", "ron"), list(_cells(EAST_RON)))
def test_east_ron_table(fu, han, ron):
    assert hand_cost(EMA, han, fu, 0, dealer=True, tsumo=False) == {"ron": ron}


@pytest.mark.parametrize(("fu", "han", "pair"), list(_cells(OTHER_TSUMO)))
def test_other_tsumo_table(fu, han, pair):
    non_dealer, dealer = pair
    cost = hand_cost(EMA, han, fu, 0, dealer=False, tsumo=True)
    assert cost == {"dealer": dealer, "non_dealer": non_dealer}
    assert cost_total(cost) == dealer + 2 * non_dealer


@pytest.mark.parametrize(("fu", "han", "ron"), list(_cells(OTHER_RON)))
def test_other_ron_table(fu, han, ron):
    assert hand_cost(EMA, han, fu, 0, dealer=False, tsumo=False) == {"ron": ron}


# The empty cells of the tables are han/fu pairs no hand has (EMA 4.1.1).
@pytest.mark.parametrize(("fu", "han"), list(_empty_cells(EAST_TSUMO)))
def test_empty_tsumo_cells_are_impossible(fu, han):
    with pytest.raises(RuleViolation) as exc:
        check_han_fu(EMA, han, fu, tsumo=True)
    assert exc.value.code == "impossible_value"


@pytest.mark.parametrize(("fu", "han"), [*_empty_cells(EAST_RON), (20, 1), (20, 2), (20, 4)])
def test_empty_ron_cells_are_impossible(fu, han):
    with pytest.raises(RuleViolation) as exc:
        check_han_fu(EMA, han, fu, tsumo=False)
    assert exc.value.code == "impossible_value"


@pytest.mark.parametrize(
    ("tsumo", "table"),
    [(True, EAST_TSUMO), (False, EAST_RON)],
)
def test_filled_cells_are_possible(tsumo, table):
    for fu, han, _value in _cells(table):
        check_han_fu(EMA, han, fu, tsumo=tsumo)


# EMA section 6 limit table: (name, fan values, East tsumo, East ron, Other tsumo, Other ron).
LIMITS = [
    ("mangan", (5,), 4000, 12000, (2000, 4000), 8000),
    ("haneman", (6, 7), 6000, 18000, (3000, 6000), 12000),
    ("baiman", (8, 9, 10), 8000, 24000, (4000, 8000), 16000),
    ("sanbaiman", (11, 12, 13, 20), 12000, 36000, (6000, 12000), 24000),
]


@pytest.mark.parametrize(
    ("name", "han", "east_tsumo", "east_ron", "other_tsumo", "other_ron"),
    [(n, h, et, er, ot, orr) for n, hans, et, er, ot, orr in LIMITS for h in hans],
)
def test_limit_rows(name, han, east_tsumo, east_ron, other_tsumo, other_ron):
    for fu in (30, 110):  # EMA 4.1: for five or more fan the minipoints are irrelevant
        assert limit_name(EMA, han, fu) == name
        assert hand_cost(EMA, han, fu, 0, True, True) == {"non_dealer": east_tsumo}
        assert hand_cost(EMA, han, fu, 0, True, False) == {"ron": east_ron}
        assert hand_cost(EMA, han, fu, 0, False, True) == {
            "dealer": other_tsumo[1],
            "non_dealer": other_tsumo[0],
        }
        assert hand_cost(EMA, han, fu, 0, False, False) == {"ron": other_ron}


def test_yakuman_row():
    assert limit_name(EMA, 0, 0, 1) == "yakuman"
    assert hand_cost(EMA, 0, 0, 1, True, True) == {"non_dealer": 16000}
    assert hand_cost(EMA, 0, 0, 1, True, False) == {"ron": 48000}
    assert hand_cost(EMA, 0, 0, 1, False, True) == {"dealer": 16000, "non_dealer": 8000}
    assert hand_cost(EMA, 0, 0, 1, False, False) == {"ron": 32000}


@pytest.mark.parametrize(
    ("han", "fu", "limit"),
    [
        # EMA 4.1.2: "never exceeding the value of a mangan": 4 han 40+ fu, 3 han 70+ fu.
        (4, 40, "mangan"),
        (3, 70, "mangan"),
        (4, 30, None),
        (3, 60, None),
        (2, 110, None),
        (1, 30, None),
    ],
)
def test_mangan_by_fu(han, fu, limit):
    assert limit_name(EMA, han, fu) == limit


@pytest.mark.parametrize(
    ("ruleset", "han", "fu", "dealer", "tsumo", "cost", "limit"),
    [
        # EMA 2016 revision notes: 4-30 is not rounded to mangan (EMA 6 table: 7,700/11,600).
        (EMA, 4, 30, False, False, {"ron": 7700}, None),
        (EMA, 3, 60, True, False, {"ron": 11600}, None),
        (EMA, 4, 30, False, True, {"dealer": 3900, "non_dealer": 2000}, None),
        # WRC 6.1: a base value of 1,920 is rounded up to 2,000 (kiriage mangan).
        (WRC, 4, 30, False, False, {"ron": 8000}, "mangan"),
        (WRC, 3, 60, True, False, {"ron": 12000}, "mangan"),
        (WRC, 4, 30, True, True, {"non_dealer": 4000}, "mangan"),
        (WRC, 3, 60, False, True, {"dealer": 4000, "non_dealer": 2000}, "mangan"),
        (WRC, 3, 50, False, False, {"ron": 6400}, None),
        (WRC, 4, 25, False, False, {"ron": 6400}, None),
        # EMA 2012 keeps 4-30 unrounded (rulesets.md).
        (EMA2012, 4, 30, False, False, {"ron": 7700}, None),
    ],
)
def test_kiriage(ruleset, han, fu, dealer, tsumo, cost, limit):
    assert hand_cost(ruleset, han, fu, 0, dealer, tsumo) == cost
    assert limit_name(ruleset, han, fu) == limit


@pytest.mark.parametrize(
    ("ruleset", "han", "limit", "base"),
    [
        # EMA 2016 revision notes: 13+ fan is a sanbaiman (WRC 6.1: no counted yakuman).
        (EMA, 13, "sanbaiman", 6000),
        (EMA, 16, "sanbaiman", 6000),
        (WRC, 13, "sanbaiman", 6000),
        # EMA 2012 / Aalto 34: 13+ han is a counted yakuman.
        (EMA2012, 12, "sanbaiman", 6000),
        (EMA2012, 13, "yakuman", 8000),
        (AALTO, 13, "yakuman", 8000),
        (AALTO, 26, "yakuman", 8000),
    ],
)
def test_counted_yakuman(ruleset, han, limit, base):
    assert limit_name(ruleset, han, 30) == limit
    assert base_points(ruleset, han, 30) == base


@pytest.mark.parametrize(("yakuman", "ron"), [(1, 32000), (2, 64000), (3, 96000)])
def test_multiple_yakuman_multiply(yakuman, ron):
    assert hand_cost(AALTO, 0, 0, yakuman, False, False) == {"ron": ron}
    assert hand_cost(AALTO, 0, 0, yakuman, True, False) == {"ron": ron * 3 // 2}


@pytest.mark.parametrize(
    ("han", "fu", "tsumo", "closed", "reason"),
    [
        (0, 30, False, None, "han_below_one"),
        (-1, 30, True, None, "han_below_one"),
        (1, 20, False, None, "fu20_ron"),
        (1, 20, True, None, "fu20_han"),
        (3, 20, True, False, "fu20_open"),
        (1, 25, False, None, "fu25_han"),
        (2, 25, True, None, "fu25_han"),
        (3, 25, False, False, "fu25_open"),
        (2, 35, False, None, "fu_not_rounded"),
        (2, 32, True, None, "fu_not_rounded"),
        (1, 10, False, None, "fu_not_rounded"),
        (1, 120, False, None, "fu_too_high"),
        (4, 130, True, None, "fu_too_high"),
        (6, 180, True, None, "fu_too_high"),
        (2, None, False, None, "fu_missing"),
        (2, "30", False, None, "fu_not_a_number"),
    ],
)
def test_impossible_han_fu(han, fu, tsumo, closed, reason):
    with pytest.raises(RuleViolation) as exc:
        check_han_fu(EMA, han, fu, tsumo, closed)
    assert exc.value.code == "impossible_value"
    assert exc.value.reason == reason
    assert exc.value.message  # a sentence for the referee


@pytest.mark.parametrize(
    ("han", "fu", "tsumo", "closed"),
    [
        (2, 20, True, True),  # pinfu tsumo
        (2, 25, False, True),  # seven pairs ron
        (3, 25, True, None),  # seven pairs tsumo
        (1, 30, False, False),  # open hand, e.g. open tanyao
        (1, 30, True, True),  # menzen tsumo alone
        (1, 110, False, None),
        (6, None, True, None),  # limit hands need no fu
        (13, 40, False, None),
    ],
)
def test_possible_han_fu(han, fu, tsumo, closed):
    check_han_fu(EMA, han, fu, tsumo, closed)
