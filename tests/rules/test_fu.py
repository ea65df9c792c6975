"""Minipoints, rule by rule (EMA 4.1.1; WRC 6.3 has the same table).

Each case is worked by hand; ``explain_hand`` shows the minipoints item by item before
rounding, so a wrong item cannot hide behind the rounding to 10.
"""

from __future__ import annotations

import pytest

from scoring.rules.hand import evaluate_hand, explain_hand


def fu_of(tiles, win, **fields):
    answer = explain_hand({"tiles": tiles, "win_tile": win, "seat_wind": "S", **fields})
    return answer


def parts(answer):
    return dict(answer["fu_parts"])


CASES = [
    # (id, tiles, win, fields, fu parts, rounded fu)
    # 20 base + 10 concealed ron; pinfu adds nothing: 30.
    (
        "pinfu_ron",
        "234m567p23455678s",
        "8s",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10},
        30,
    ),
    # Pinfu self-draw: the 2 for self-draw are voided: 20.
    ("pinfu_tsumo", "234m567p23455678s", "8s", {"tsumo": True}, {"win": 20}, 20),
    # Open hand with no minipoints: 20 + 2 open pinfu = 22 -> 30.
    (
        "open_pinfu",
        "567p23455678s",
        "8s",
        {"melds": [{"kind": "chi", "tiles": "234m"}]},
        {"win": 20, "open_pinfu": 2},
        30,
    ),
    # Open hand on self-draw: the 2 for self-draw, no open pinfu: 22 -> 30.
    (
        "open_tsumo",
        "567p23455678s",
        "8s",
        {"tsumo": True, "melds": [{"kind": "chi", "tiles": "234m"}]},
        {"win": 20, "tsumo": 2},
        30,
    ),
    # Closed wait (kanchan): 30 + 2 = 32 -> 40.
    (
        "closed_wait",
        "234m456p678p789s55s",
        "7p",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "closed_wait": 2},
        40,
    ),
    # Edge wait (penchan) 1-2 waiting on 3: 32 -> 40.
    (
        "edge_wait_3",
        "123m456p678p789s55s",
        "3m",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "edge_wait": 2},
        40,
    ),
    # Edge wait 8-9 waiting on 7.
    (
        "edge_wait_7",
        "789m456p678p234s55s",
        "7m",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "edge_wait": 2},
        40,
    ),
    # Pair wait: 32 -> 40.
    (
        "pair_wait",
        "234m456p678p789s55s",
        "5s",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "pair_wait": 2},
        40,
    ),
    # Concealed pung of simples 4; pung of terminals 8 (EMA 4.1.1 table).
    (
        "concealed_simple_pung",
        "222m456p678p789s55s",
        "7p",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "concealed_pung 2m": 4, "closed_wait": 2},
        40,
    ),
    (
        "concealed_terminal_pung",
        "111m456p678p789s55s",
        "7p",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "concealed_pung 1m": 8, "closed_wait": 2},
        40,
    ),
    # Melded pungs: simples 2, terminals/honours 4.
    (
        "open_simple_pung",
        "456p678p234s55s",
        "7p",
        {"melds": [{"kind": "pon", "tiles": "222m"}]},
        {"win": 20, "open_pung 2m": 2, "closed_wait": 2},
        30,
    ),
    (
        "open_honour_pung",
        "456p678p234s55s",
        "7p",
        {"melds": [{"kind": "pon", "tiles": "777z"}]},
        {"win": 20, "open_pung 7z": 4, "closed_wait": 2},
        30,
    ),
    # Kongs: open simples 8, open terminals 16, concealed simples 16, concealed terminals 32.
    (
        "open_simple_kong",
        "456p678p234s55s",
        "7p",
        {"melds": [{"kind": "kan", "tiles": "2222m"}], "dora_indicators": "1m"},
        {"win": 20, "open_kong 2m": 8, "closed_wait": 2},
        30,
    ),
    (
        "open_terminal_kong",
        "456p678p234s55s",
        "7p",
        {"melds": [{"kind": "kan", "tiles": "7777z"}]},
        {"win": 20, "open_kong 7z": 16, "closed_wait": 2},
        40,
    ),
    (
        "concealed_simple_kong",
        "456p678p234s55s",
        "7p",
        {"melds": [{"kind": "ankan", "tiles": "2222m"}], "riichi": True},
        {"win": 20, "concealed_ron": 10, "concealed_kong 2m": 16, "closed_wait": 2},
        50,
    ),
    (
        "concealed_terminal_kong",
        "456p678p234s55s",
        "7p",
        {"melds": [{"kind": "ankan", "tiles": "9999m"}], "riichi": True},
        {"win": 20, "concealed_ron": 10, "concealed_kong 9m": 32, "closed_wait": 2},
        70,
    ),
    # A pung finished by a discard counts as melded (2), by self-draw as concealed (4).
    (
        "pung_by_ron_is_open",
        "222m456p789s55s678p",
        "2m",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "open_pung 2m": 2},
        40,
    ),
    (
        "pung_by_tsumo_is_concealed",
        "222m456p789s55s678p",
        "2m",
        {"tsumo": True},
        {"win": 20, "concealed_pung 2m": 4, "tsumo": 2},
        30,
    ),
    # Pairs: dragons 2, seat wind 2, prevalent wind 2, seat-and-prevalent wind 4.
    (
        "dragon_pair",
        "234m456p678p789s55z",
        "7p",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "pair 5z": 2, "closed_wait": 2},
        40,
    ),
    (
        "seat_wind_pair",
        "234m456p678p789s22z",
        "7p",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "pair 2z": 2, "closed_wait": 2},
        40,
    ),
    (
        "prevalent_wind_pair",
        "234m456p678p789s11z",
        "7p",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "pair 1z": 2, "closed_wait": 2},
        40,
    ),
    (
        "double_wind_pair",
        "234m456p678p789s11z",
        "7p",
        {"riichi": True, "seat_wind": "E"},
        {"win": 20, "concealed_ron": 10, "pair 1z": 4, "closed_wait": 2},
        40,
    ),
    (
        "other_wind_pair",
        "234m456p678p789s33z",
        "7p",
        {"riichi": True},
        {"win": 20, "concealed_ron": 10, "closed_wait": 2},
        40,
    ),
    # Double wind pair + closed wait + terminal pung shows the 4: 30+4+2+8 = 44 -> 50.
    (
        "double_wind_pair_crosses_40",
        "999m456p678p11z",
        "7p",
        {
            "riichi": True,
            "seat_wind": "S",
            "round_wind": "S",
            "melds": [{"kind": "ankan", "tiles": "2222s"}],
        },
        {
            "win": 20,
            "concealed_ron": 10,
            "concealed_pung 9m": 8,
            "concealed_kong 2s": 16,
            "closed_wait": 2,
        },
        60,
    ),
    # Rinshan counts as self-draw: the 2 for self-draw (EMA 4.2.1, WRC 6.5.1).
    (
        "rinshan_self_draw_fu",
        "456p789s123m55p",
        "6p",
        {"tsumo": True, "rinshan": True, "melds": [{"kind": "ankan", "tiles": "2222s"}]},
        {"win": 20, "concealed_kong 2s": 16, "tsumo": 2},
        40,
    ),
]


@pytest.mark.parametrize(
    ("tiles", "win", "fields", "expected", "fu"),
    [pytest.param(*c[1:], id=c[0]) for c in CASES],
)
def test_fu_items(tiles, win, fields, expected, fu):
    answer = fu_of(tiles, win, **fields)
    assert parts(answer) == expected
    assert answer["fu"] == fu


def test_seven_pairs_is_25_without_rounding():
    answer = fu_of("1133m5577p2244s55z", "5z", riichi=True)
    assert answer["fu"] == 25
    assert answer["shape"] == "chiitoitsu"


def test_best_wait_is_chosen_for_fu():
    # 5677-89 on 7s: a two-sided 5-6-7 (0 fu) or the 7 of an 8-9 edge (2 fu).  Without
    # pinfu possible (999p pung), the edge wait crosses 40 -> 50: 30 + 8 + 2 + 2 = 42.
    answer = fu_of("123m999p567789s22z", "7s", riichi=True)
    assert answer["wait"] == "edge"
    assert answer["fu"] == 50
    assert answer["total"] == 1600


def test_best_wait_is_chosen_for_pinfu():
    # EMA 4.1.1: "Winning on the 7 ... the edge wait (two minipoints) or ... pinfu. The
    # highest-scoring possibility must always be chosen": riichi + pinfu 2 han 30 fu
    # (2,000) beats riichi 1 han 40 fu (1,300).
    answer = fu_of("123m456p567789s55m", "7s", riichi=True)
    assert answer["wait"] == "two-sided"
    assert (answer["han"], answer["fu"], answer["total"]) == (2, 30, 2000)


def test_pair_wait_on_a_two_sided_shape_still_scores():
    # EMA 4.1.1: the 2 for a pair wait "can be claimed even if the hand is waiting for
    # other tiles".  4445p waits on 3p, 6p (44 pair + 345/456) and 5p (444 + 55); won on
    # 5p it is a pair wait: 30 + 4 (concealed 444p) + 2 = 36 -> 40.
    answer = fu_of("234m567p789s44455p", "5p", riichi=True)
    assert answer["wait"] == "pair"
    assert answer["fu"] == 40


def test_no_wait_fu_in_special_case():
    # EMA 4.1.1 / WRC 6.3: a tile that finishes neither an edge, closed nor pair wait
    # scores nothing, even if it is the only tile that completes the hand.  234456m won
    # on 4m: the 4 ends 23 (two-sided) or starts 456 from 56 (two-sided): riichi + pinfu.
    answer = evaluate_hand(
        {"tiles": "23445m6m789p123s99s", "win_tile": "4m", "riichi": True, "seat_wind": "S"}
    )
    assert answer["fu"] == 30
    assert sorted(n for n, _h in answer["yaku"]) == ["pinfu", "riichi"]
