"""Bad input: each refusal has the interface's error code, a precise reason and a sentence."""

from __future__ import annotations

import pytest

from scoring.rules.errors import RuleViolation
from scoring.rules.hand import evaluate_hand

PINFU = {"tiles": "234m567p345s678s22p", "win_tile": "8s", "seat_wind": "S"}


def refuse(request):
    with pytest.raises(RuleViolation) as exc:
        evaluate_hand(request)
    return exc.value


CASES = [
    # (id, request, code, reason)
    ("not_an_object", ["234m"], "invalid_input", "not_an_object"),
    ("unknown_field", {**PINFU, "richi": True}, "invalid_input", "unknown_field"),
    ("unknown_ruleset", {**PINFU, "ruleset": "mcr"}, "invalid_input", "unknown_ruleset"),
    ("ruleset_not_a_string", {**PINFU, "ruleset": 2016}, "invalid_input", "unknown_ruleset"),
    ("missing_tiles", {"win_tile": "8s"}, "invalid_input", "missing_field"),
    ("bad_notation", {**PINFU, "tiles": "234m567p345s678s22x"}, "invalid_input", "bad_notation"),
    ("honour_eight", {**PINFU, "tiles": "234m567p345s678s88z"}, "invalid_input", "bad_notation"),
    (
        "digits_without_suit",
        {**PINFU, "tiles": "234m567p345s678s22"},
        "invalid_input",
        "bad_notation",
    ),
    ("tiles_not_a_string", {**PINFU, "tiles": 234}, "invalid_input", "bad_notation"),
    ("two_win_tiles", {**PINFU, "win_tile": "8s9s"}, "invalid_input", "bad_win_tile"),
    ("no_win_tile", {**PINFU, "win_tile": ""}, "invalid_input", "bad_win_tile"),
    ("bad_flag", {**PINFU, "riichi": "yes"}, "invalid_input", "bad_flag"),
    ("flag_as_number", {**PINFU, "tsumo": 1}, "invalid_input", "bad_flag"),
    ("bad_wind", {**PINFU, "seat_wind": "East"}, "invalid_input", "bad_wind"),
    ("bad_round_wind", {**PINFU, "round_wind": "X"}, "invalid_input", "bad_wind"),
    (
        "thirteen_tiles",
        {**PINFU, "tiles": "234m567p345s678s2p"},
        "invalid_input",
        "wrong_tile_count",
    ),
    (
        "fifteen_tiles",
        {**PINFU, "tiles": "234m567p345s678s222p"},
        "invalid_input",
        "wrong_tile_count",
    ),
    # A kong counts as three tiles of the shape: 11 tiles + a kong is right, 12 is not.
    (
        "kong_counts_three",
        {**PINFU, "tiles": "234m567p345s678s22p", "melds": [{"kind": "ankan", "tiles": "1111z"}]},
        "invalid_input",
        "wrong_tile_count",
    ),
    (
        "five_melds",
        {**PINFU, "melds": [{"kind": "pon", "tiles": "111z"}] * 5},
        "invalid_input",
        "wrong_tile_count",
    ),
    (
        "fifth_copy",
        {"tiles": "22m567p345s678s", "win_tile": "2m", "melds": [{"kind": "pon", "tiles": "222m"}]},
        "invalid_input",
        "fifth_copy",
    ),
    (
        "fifth_copy_in_hand",
        {"tiles": "11111m567p345s678s", "win_tile": "1m"},
        "invalid_input",
        "fifth_copy",
    ),
    (
        "fifth_copy_with_indicator",
        {**PINFU, "tiles": "234m567p345s678s22p", "dora_indicators": "8s8s8s8s"},
        "invalid_input",
        "fifth_copy",
    ),
    (
        "red_five_in_ema2016",
        {**PINFU, "tiles": "234m067p345s678s22p"},
        "invalid_input",
        "red_five_not_in_ruleset",
    ),
    (
        "red_five_meld_in_wrc",
        {
            **PINFU,
            "ruleset": "wrc2015",
            "tiles": "567p345s678s22p",
            "melds": [{"kind": "chi", "tiles": "340m"}],
        },
        "invalid_input",
        "red_five_not_in_ruleset",
    ),
    (
        "two_red_5m_in_ema2012",
        {"ruleset": "ema2012", "tiles": "340m406m345s678s22p", "win_tile": "8s"},
        "invalid_input",
        "too_many_red_fives",
    ),
    (
        "four_plain_5p_in_aalto",
        {"ruleset": "aalto", "tiles": "555567p345s678s22p", "win_tile": "8s", "riichi": True},
        "invalid_input",
        "too_many_plain_fives",
    ),
    ("win_tile_not_in_hand", {**PINFU, "win_tile": "9s"}, "invalid_input", "win_tile_not_in_hand"),
    (
        "win_tile_only_in_meld",
        {"tiles": "567p345s678s22p", "win_tile": "3m", "melds": [{"kind": "chi", "tiles": "234m"}]},
        "invalid_input",
        "win_tile_not_in_hand",
    ),
    (
        "red_win_tile_not_red_in_hand",
        {"ruleset": "ema2012", "tiles": "234m567p345s678s55p", "win_tile": "0p"},
        "invalid_input",
        "win_tile_not_in_hand",
    ),
    (
        "bad_meld_kind",
        {**PINFU, "tiles": "567p345s678s22p", "melds": [{"kind": "chow", "tiles": "234m"}]},
        "invalid_input",
        "bad_meld",
    ),
    (
        "bad_chow",
        {**PINFU, "tiles": "567p345s678s22p", "melds": [{"kind": "chi", "tiles": "891m"}]},
        "invalid_input",
        "bad_meld",
    ),
    (
        "honour_chow",
        {**PINFU, "tiles": "567p345s678s22p", "melds": [{"kind": "chi", "tiles": "123z"}]},
        "invalid_input",
        "bad_meld",
    ),
    (
        "bad_pung",
        {**PINFU, "tiles": "567p345s678s22p", "melds": [{"kind": "pon", "tiles": "223m"}]},
        "invalid_input",
        "bad_meld",
    ),
    (
        "short_kong",
        {**PINFU, "tiles": "567p345s678s22p", "melds": [{"kind": "kan", "tiles": "222m"}]},
        "invalid_input",
        "bad_meld",
    ),
    ("meld_not_an_object", {**PINFU, "melds": ["234m"]}, "invalid_input", "bad_meld"),
    ("melds_not_a_list", {**PINFU, "melds": "234m"}, "invalid_input", "bad_meld"),
    (
        "too_many_indicators",
        {**PINFU, "dora_indicators": "1m1m2m2m3m3m"},
        "invalid_input",
        "too_many_indicators",
    ),
    # Flag combinations the rules forbid.
    (
        "ippatsu_without_riichi",
        {**PINFU, "ippatsu": True},
        "invalid_input",
        "ippatsu_without_riichi",
    ),
    (
        "riichi_open",
        {
            "tiles": "567p345s678s22p",
            "win_tile": "8s",
            "riichi": True,
            "melds": [{"kind": "chi", "tiles": "234m"}],
        },
        "invalid_input",
        "riichi_with_open_melds",
    ),
    (
        "double_riichi_open",
        {
            "tiles": "567p345s678s22p",
            "win_tile": "8s",
            "double_riichi": True,
            "melds": [{"kind": "pon", "tiles": "222m"}],
        },
        "invalid_input",
        "riichi_with_open_melds",
    ),
    (
        "haitei_and_houtei",
        {**PINFU, "tsumo": True, "haitei": True, "houtei": True},
        "invalid_input",
        "haitei_and_houtei",
    ),
    ("haitei_on_ron", {**PINFU, "haitei": True}, "invalid_input", "haitei_on_discard"),
    # EMA 3.4.1: no kong on the last tile, so none to rob on the last discard.
    (
        "chankan_and_houtei",
        {**PINFU, "chankan": True, "houtei": True},
        "invalid_input",
        "chankan_and_houtei",
    ),
    (
        "houtei_on_tsumo",
        {**PINFU, "tsumo": True, "houtei": True},
        "invalid_input",
        "houtei_on_self_draw",
    ),
    (
        "rinshan_without_kong",
        {**PINFU, "tsumo": True, "rinshan": True},
        "invalid_input",
        "rinshan_without_kong",
    ),
    ("rinshan_on_ron", {**PINFU, "rinshan": True}, "invalid_input", "rinshan_on_discard"),
    (
        "ippatsu_after_kong",
        {
            "tiles": "456p789s123m55p",
            "win_tile": "5p",
            "tsumo": True,
            "rinshan": True,
            "riichi": True,
            "ippatsu": True,
            "melds": [{"kind": "ankan", "tiles": "2222s"}],
        },
        "invalid_input",
        "ippatsu_after_kong",
    ),
    (
        "chankan_on_tsumo",
        {**PINFU, "tsumo": True, "chankan": True},
        "invalid_input",
        "chankan_on_self_draw",
    ),
    (
        "chankan_tile_held_twice",
        {"tiles": "234m567p345s678s88p", "win_tile": "8p", "chankan": True, "seat_wind": "S"},
        "invalid_input",
        "chankan_tile_count",
    ),
    (
        "tenhou_non_dealer",
        {**PINFU, "tsumo": True, "tenhou": True},
        "invalid_input",
        "tenhou_not_dealer",
    ),
    (
        "tenhou_on_ron",
        {**PINFU, "seat_wind": "E", "tenhou": True},
        "invalid_input",
        "tenhou_on_discard",
    ),
    (
        "chiihou_dealer",
        {**PINFU, "seat_wind": "E", "tsumo": True, "chiihou": True},
        "invalid_input",
        "chiihou_dealer",
    ),
    ("chiihou_on_ron", {**PINFU, "chiihou": True}, "invalid_input", "chiihou_on_discard"),
    (
        "renhou_tsumo",
        {**PINFU, "tsumo": True, "renhou": True},
        "invalid_input",
        "renhou_on_self_draw",
    ),
    (
        "renhou_dealer",
        {**PINFU, "seat_wind": "E", "renhou": True},
        "invalid_input",
        "renhou_dealer",
    ),
    (
        "renhou_with_riichi",
        {**PINFU, "renhou": True, "riichi": True},
        "invalid_input",
        "first_turn_with_riichi",
    ),
    (
        "tenhou_with_kong",
        {
            "tiles": "456p789s123m55p",
            "win_tile": "5p",
            "tsumo": True,
            "tenhou": True,
            "seat_wind": "E",
            "melds": [{"kind": "ankan", "tiles": "2222s"}],
        },
        "invalid_input",
        "first_turn_with_melds",
    ),
    (
        "renhou_open",
        {
            "tiles": "567p345s678s22p",
            "win_tile": "8s",
            "renhou": True,
            "seat_wind": "S",
            "melds": [{"kind": "chi", "tiles": "234m"}],
        },
        "invalid_input",
        "first_turn_with_melds",
    ),
]


@pytest.mark.parametrize(
    ("request_", "code", "reason"), [pytest.param(*c[1:], id=c[0]) for c in CASES]
)
def test_refused(request_, code, reason):
    error = refuse(request_)
    assert (error.code, error.reason) == (code, reason)
    assert isinstance(error.message, str) and len(error.message) > 15


def test_fifth_copy_names_the_tile():
    error = refuse({"tiles": "11111m567p345s678s", "win_tile": "1m"})
    assert "1m" in error.message
    assert error.params["n"] == 5


def test_red_five_counts_as_a_five():
    # EMA 2012 has one red five per suit: 0m + three 5m are the four fives; one more 5m
    # is a fifth copy.
    error = refuse({"ruleset": "ema2012", "tiles": "0555m5m345s678s122p", "win_tile": "8s"})
    assert error.reason == "fifth_copy"
