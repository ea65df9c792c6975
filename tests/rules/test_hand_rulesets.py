"""The same hands under the four rulesets (rulesets.md; each value worked by hand)."""

from __future__ import annotations

import pytest

from scoring.rules.errors import RuleViolation
from scoring.rules.hand import evaluate_hand

RULESETS = ("ema2016", "wrc2015", "ema2012", "aalto")
NO_YAKU = "no_yaku"


def ev(ruleset, tiles, win, **fields):
    request = {"ruleset": ruleset, "tiles": tiles, "win_tile": win, "seat_wind": "S", **fields}
    try:
        return evaluate_hand(request)
    except RuleViolation as exc:
        return exc.code


def chi(tiles):
    return {"kind": "chi", "tiles": tiles}


def pon(tiles):
    return {"kind": "pon", "tiles": tiles}


# (id, tiles, win, fields, {ruleset: total or error code})
CASES = [
    # Open tanyao: kuitan everywhere but EMA 2012 (rulesets.md, EMA 2016 revision notes).
    (
        "kuitan",
        "567p23455678s",
        "8s",
        {"melds": [chi("234m")]},
        {"ema2016": 1000, "wrc2015": 1000, "ema2012": NO_YAKU, "aalto": 1000},
    ),
    # 4 han 30 fu: 7,700 without kiriage, 8,000 with (WRC 6.1).
    (
        "kiriage_4_30",
        "234m234p234s678m55p",
        "8m",
        {},
        {"ema2016": 7700, "wrc2015": 8000, "ema2012": 7700, "aalto": 7700},
    ),
    # Dealer 4 han 30 fu tsumo: 3,900 each, or 4,000 each with kiriage.
    (
        "kiriage_dealer_tsumo",
        "234m234p234s678m55p",
        "8m",
        {"tsumo": True, "seat_wind": "E"},
        {"ema2016": 12000, "wrc2015": 12000, "ema2012": 12000, "aalto": 12000},
    ),
    # 3 han 60 fu: riichi + 2 dora (9m); 30 + 16 (concealed 2222s) + 8 (concealed 111p)
    # + 2 (closed wait) = 56 -> 60 fu: 7,700, or 8,000 with kiriage (WRC 6.1).
    (
        "kiriage_3_60",
        "111p345m99m678s",
        "7s",
        {"riichi": True, "melds": [{"kind": "ankan", "tiles": "2222s"}], "dora_indicators": "8m"},
        {"ema2016": 7700, "wrc2015": 8000, "ema2012": 7700, "aalto": 7700},
    ),
    # 15 han: sanbaiman in EMA 2016 / WRC, counted yakuman in EMA 2012 / Aalto.
    (
        "counted_yakuman",
        "11223345678999m",
        "4m",
        {"riichi": True, "tsumo": True, "dora_indicators": "8m"},
        {"ema2016": 24000, "wrc2015": 24000, "ema2012": 32000, "aalto": 32000},
    ),
    # Big Four Winds (also four concealed pungs on a pair wait): single yakuman in EMA
    # 2016 / WRC; double in EMA 2012 (not cumulative); Aalto adds daisuushii (double) and
    # suuankou tanki (double): four yakuman.
    (
        "daisuushii",
        "111z222z333z444z55m",
        "5m",
        {},
        {"ema2016": 32000, "wrc2015": 32000, "ema2012": 64000, "aalto": 128000},
    ),
    # Thirteen orphans on a thirteen-sided wait: double only in Aalto (rule 38).
    (
        "kokushi_13",
        "119m19p19s1234567z",
        "1m",
        {},
        {"ema2016": 32000, "wrc2015": 32000, "ema2012": 32000, "aalto": 64000},
    ),
    (
        "kokushi_single_wait",
        "119m19p19s1234567z",
        "9s",
        {},
        {"ema2016": 32000, "wrc2015": 32000, "ema2012": 32000, "aalto": 32000},
    ),
    # Pure nine gates (1112345678999 waiting on all nine): double in Aalto.
    (
        "junsei_chuuren",
        "11123455678999m",
        "5m",
        {},
        {"ema2016": 32000, "wrc2015": 32000, "ema2012": 32000, "aalto": 64000},
    ),
    (
        "chuuren_not_pure",
        "11123456789999p",
        "5p",
        {},
        {"ema2016": 32000, "wrc2015": 32000, "ema2012": 32000, "aalto": 32000},
    ),
    # Renhou: a mangan not cumulative with other yaku and dora (EMA 4.2.4, WRC 6.5.4);
    # a yakuman in EMA 2012 and Aalto.
    (
        "renhou",
        "234m567p345s678s22p",
        "8s",
        {"renhou": True, "dora_indicators": "1p"},
        {"ema2016": 8000, "wrc2015": 8000, "ema2012": 32000, "aalto": 32000},
    ),
    # Renhou on a hand worth more without it: the better reading (baiman) is taken.
    (
        "renhou_worth_less",
        "11223345678999m",
        "4m",
        {"renhou": True},
        {"ema2016": 16000, "wrc2015": 16000, "ema2012": 32000, "aalto": 32000},
    ),
    # Renhou needs no other yaku (rcr summary; EMA 4.2.4 lists it as a yaku).
    (
        "renhou_alone",
        "123m456p789s55z123s",
        "3s",
        {"renhou": True},
        {"ema2016": 8000, "wrc2015": 8000, "ema2012": 32000, "aalto": 32000},
    ),
    # Aalto 38 local yaku.
    # Sanrenkou: 555s 666s 777s, 2 han open; 20 + 2 + 2 + 4 + 2 = 30 fu: 2,000.
    (
        "sanrenkou",
        "777s123m99p",
        "9p",
        {"melds": [pon("555s"), pon("666s")]},
        {"ema2016": NO_YAKU, "wrc2015": NO_YAKU, "ema2012": NO_YAKU, "aalto": 2000},
    ),
    # Sanpuukou: three wind pungs, cumulative with yakuhai (West for West) and chanta:
    # yakuhai 1 + open chanta 1 = 2 han, Aalto + 2 = 4 han; 20 + 4 + 4 + 8 + 2 (pair
    # wait) = 38 -> 40 fu: 2,600 / mangan.
    (
        "sanpuukou",
        "444z123m99p",
        "9p",
        {"seat_wind": "W", "melds": [pon("222z"), pon("333z")]},
        {"ema2016": 2600, "wrc2015": 2600, "ema2012": 2600, "aalto": 8000},
    ),
    # Isshoku sanjun: three identical chows, 2 han open; 30 fu (open pinfu): 2,000.
    (
        "isshokusanjun",
        "123m456p99s",
        "6p",
        {"melds": [chi("123m"), chi("123m")]},
        {"ema2016": NO_YAKU, "wrc2015": NO_YAKU, "ema2012": NO_YAKU, "aalto": 2000},
    ),
    # Daisharin: yakuman in Aalto; elsewhere chinitsu 6 + ryanpeikou 3 + pinfu 1 +
    # tanyao 1 = 11: sanbaiman.
    (
        "daisharin",
        "22334455667788p",
        "8p",
        {},
        {"ema2016": 24000, "wrc2015": 24000, "ema2012": 24000, "aalto": 32000},
    ),
    # Daichiisei (all honours in seven pairs) is a double yakuman in Aalto.
    (
        "daichiisei",
        "11223344556677z",
        "7z",
        {},
        {"ema2016": 32000, "wrc2015": 32000, "ema2012": 32000, "aalto": 64000},
    ),
    # Suurenkou (four consecutive pungs) + suuankou tanki, cumulative in Aalto: 1 + 2.
    (
        "suurenkou",
        "222333444555m99p",
        "9p",
        {},
        {"ema2016": 32000, "wrc2015": 32000, "ema2012": 32000, "aalto": 96000},
    ),
    # Tsuuiisou + four concealed pungs (pair wait): one yakuman unless cumulative
    # (Aalto: 1 + suuankou tanki 2).
    (
        "tsuuiisou_suuankou",
        "111z555z666z222z77z",
        "7z",
        {},
        {"ema2016": 32000, "wrc2015": 32000, "ema2012": 32000, "aalto": 96000},
    ),
]


@pytest.mark.parametrize(
    ("ruleset", "tiles", "win", "fields", "expected"),
    [
        pytest.param(rs, c[1], c[2], c[3], c[4][rs], id=f"{c[0]}-{rs}")
        for c in CASES
        for rs in RULESETS
    ],
)
def test_ruleset_differences(ruleset, tiles, win, fields, expected):
    answer = ev(ruleset, tiles, win, **fields)
    if isinstance(expected, str):
        assert answer == expected
    else:
        assert isinstance(answer, dict), answer
        assert answer["total"] == expected


@pytest.mark.parametrize(
    ("ruleset", "tiles", "aka"),
    [
        # EMA 2012: one red five per suit; Aalto: 1x 5m, 2x 5p, 1x 5s (rule 10).
        ("ema2012", "234m406p345s678s22p", 1),
        ("ema2012", "340m406p340s678s22p", 3),
        ("aalto", "234m456p345s678s00p", 2),
        ("aalto", "340m456p340s678s00p", 4),
    ],
)
def test_red_fives_are_aka_dora(ruleset, tiles, aka):
    answer = evaluate_hand({"ruleset": ruleset, "tiles": tiles, "win_tile": "8s", "seat_wind": "S"})
    assert ["aka_dora", aka] in answer["yaku"]
    # pinfu + tanyao + red fives, 30 fu
    assert answer["han"] == 2 + aka
    assert answer["dora"] == aka


def test_red_five_win_tile():
    answer = evaluate_hand(
        {"ruleset": "ema2012", "tiles": "234m406p345s678s22p", "win_tile": "0p", "seat_wind": "S"}
    )
    assert ["aka_dora", 1] in answer["yaku"]


def test_counted_yakuman_answer():
    answer = evaluate_hand(
        {
            "ruleset": "ema2012",
            "tiles": "11223345678999m",
            "win_tile": "4m",
            "riichi": True,
            "tsumo": True,
            "dora_indicators": "8m",
            "seat_wind": "S",
        }
    )
    assert (answer["han"], answer["yakuman"], answer["limit"]) == (15, 1, "yakuman")
    ema = evaluate_hand(
        {
            "tiles": "11223345678999m",
            "win_tile": "4m",
            "riichi": True,
            "tsumo": True,
            "dora_indicators": "8m",
            "seat_wind": "S",
        }
    )
    assert (ema["han"], ema["yakuman"], ema["limit"]) == (15, 0, "sanbaiman")


def test_renhou_mangan_is_alone():
    answer = evaluate_hand(
        {
            "tiles": "234m567p345s678s22p",
            "win_tile": "8s",
            "renhou": True,
            "dora_indicators": "1p",
            "seat_wind": "S",
        }
    )
    assert answer["yaku"] == [["renhou", 5]]
    assert (answer["han"], answer["dora"], answer["limit"]) == (5, 0, "mangan")
