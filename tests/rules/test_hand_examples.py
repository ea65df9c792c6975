"""The five scoring examples of EMA 2016 section 4.3.

Our copy of the rulebook has the text of the examples but not their pictures, so each hand
below is one that matches every fact the text states (winning tile, ron or tsumo, concealed
or not, riichi, dora, the yaku listed); the expected values are the book's.
"""

from __future__ import annotations

import pytest

from scoring.rules.hand import evaluate_hand


def _yaku(answer):
    return sorted((name, han) for name, han in answer["yaku"])


EXAMPLE_1 = {  # 9 bamboo on self-draw, concealed, riichi: riichi, tsumo, pinfu, ittsu = 5
    "tiles": "123456789s234m55p",
    "win_tile": "9s",
    "tsumo": True,
    "riichi": True,
}
EXAMPLE_2 = {  # the same on a discard: riichi, pinfu, ittsu = 4 han 30 fu
    "tiles": "123456789s234m55p",
    "win_tile": "9s",
    "riichi": True,
}
EXAMPLE_3 = {  # one melded set, 9 bamboo on a discard, 7 bamboo is dora
    "tiles": "456789s234m55p",
    "win_tile": "9s",
    "melds": [{"kind": "chi", "tiles": "123s"}],
    "dora_indicators": "6s",
}
EXAMPLE_4 = {  # four concealed pungs, 8 bamboo on self-draw
    "tiles": "222m444p666s888s55m",
    "win_tile": "8s",
    "tsumo": True,
}
EXAMPLE_5 = {  # 8 bamboo on a discard finishing a pung, 4 circles is dora
    "tiles": "222m444p666s888s55m",
    "win_tile": "8s",
    "dora_indicators": "3p",
}


@pytest.mark.parametrize(
    ("request_", "seat", "cost", "total", "han", "fu", "limit", "yaku"),
    [
        # Example 1: mangan, 4,000 from each for East (12,000); 4,000 + 2 x 2,000 otherwise.
        (
            EXAMPLE_1,
            "E",
            {"non_dealer": 4000},
            12000,
            5,
            20,
            "mangan",
            [("ittsu", 2), ("menzen_tsumo", 1), ("pinfu", 1), ("riichi", 1)],
        ),
        (
            EXAMPLE_1,
            "S",
            {"dealer": 4000, "non_dealer": 2000},
            8000,
            5,
            20,
            "mangan",
            [("ittsu", 2), ("menzen_tsumo", 1), ("pinfu", 1), ("riichi", 1)],
        ),
        # Example 2: 4 fan 30 minipoints: 11,600 for East, 7,700 otherwise.
        (
            EXAMPLE_2,
            "E",
            {"ron": 11600},
            11600,
            4,
            30,
            None,
            [("ittsu", 2), ("pinfu", 1), ("riichi", 1)],
        ),
        (
            EXAMPLE_2,
            "W",
            {"ron": 7700},
            7700,
            4,
            30,
            None,
            [("ittsu", 2), ("pinfu", 1), ("riichi", 1)],
        ),
        # Example 3: open pure straight 1 + dora 1; 20 + 2 open pinfu -> 30: 2,900 / 2,000.
        (EXAMPLE_3, "E", {"ron": 2900}, 2900, 2, 30, None, [("dora", 1), ("ittsu", 1)]),
        (EXAMPLE_3, "N", {"ron": 2000}, 2000, 2, 30, None, [("dora", 1), ("ittsu", 1)]),
        # Example 4: yakuman, 16,000 from each for East (48,000); 16,000 + 2 x 8,000.
        (EXAMPLE_4, "E", {"non_dealer": 16000}, 48000, 13, 0, "yakuman", [("suuankou", 13)]),
        (
            EXAMPLE_4,
            "S",
            {"dealer": 16000, "non_dealer": 8000},
            32000,
            13,
            0,
            "yakuman",
            [("suuankou", 13)],
        ),
        # Example 5: san ankou 2 + toitoi 2 + tanyao 1 + 3 dora = 8 fan baiman.
        (
            EXAMPLE_5,
            "E",
            {"ron": 24000},
            24000,
            8,
            50,
            "baiman",
            [("dora", 3), ("sanankou", 2), ("tanyao", 1), ("toitoi", 2)],
        ),
        (
            EXAMPLE_5,
            "W",
            {"ron": 16000},
            16000,
            8,
            50,
            "baiman",
            [("dora", 3), ("sanankou", 2), ("tanyao", 1), ("toitoi", 2)],
        ),
    ],
)
def test_ema_2016_section_4_3(request_, seat, cost, total, han, fu, limit, yaku):
    answer = evaluate_hand({**request_, "seat_wind": seat})
    assert answer["ok"] is True
    assert answer["cost"] == cost
    assert answer["total"] == total
    assert answer["han"] == han
    assert answer["limit"] == limit
    assert _yaku(answer) == yaku
    assert answer["yakuman"] == (1 if limit == "yakuman" else 0)
    # Fu is irrelevant for 5+ fan (EMA 4.1); it is still the hand's fu, worked by hand:
    # example 1 pinfu tsumo 20; example 5: 30 + 4 + 4 + 4 (concealed) + 2 (888s by ron) = 44 -> 50.
    assert answer["fu"] == fu


def test_answer_has_exactly_the_interface_fields():
    answer = evaluate_hand(EXAMPLE_2)
    assert set(answer) == {"ok", "han", "fu", "yakuman", "limit", "yaku", "dora", "cost", "total"}
    # interfaces.md: the example answer for riichi + pinfu + ittsu on a discard.
    assert answer == {
        "ok": True,
        "han": 4,
        "fu": 30,
        "yakuman": 0,
        "limit": None,
        "yaku": [["riichi", 1], ["pinfu", 1], ["ittsu", 2]],
        "dora": 0,
        "cost": {"ron": 11600},
        "total": 11600,
    }
