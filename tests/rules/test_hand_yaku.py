"""Every yaku of EMA 2016 on a worked hand.

The rulebook's pictures of hands are not in our copy of the text, so apart from the five
examples of section 4.3 (test_hand_examples.py) each case below was worked by hand from
the rules cited; the comment gives the sum.  Unless a case says otherwise the winner is
South (a non-dealer) in the East round, and ron pays the non-dealer ron table of
EMA section 6.
"""

from __future__ import annotations

import pytest

from scoring.rules.errors import RuleViolation
from scoring.rules.hand import evaluate_hand


def ev(tiles: str, win: str, **fields):
    request = {"tiles": tiles, "win_tile": win, "seat_wind": "S", **fields}
    return evaluate_hand(request)


def pon(tiles):
    return {"kind": "pon", "tiles": tiles}


def chi(tiles):
    return {"kind": "chi", "tiles": tiles}


def kan(tiles):
    return {"kind": "kan", "tiles": tiles}


def ankan(tiles):
    return {"kind": "ankan", "tiles": tiles}


# (id, tiles, win tile, extra fields, yaku, han, fu, total)
CASES = [
    # EMA 4.2.1 Riichi + Pinfu + Tanyao: 3 han; 30 fu (concealed ron, pinfu).
    (
        "riichi_pinfu_tanyao",
        "234m567p23455678s",
        "8s",
        {"riichi": True},
        {"riichi": 1, "pinfu": 1, "tanyao": 1},
        3,
        30,
        3900,
    ),
    # Self-draw: + menzen tsumo; pinfu voids the 2 fu of tsumo: 4 han 20 fu, 2600/1300.
    (
        "riichi_tsumo_pinfu",
        "234m567p23455678s",
        "8s",
        {"riichi": True, "tsumo": True},
        {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1},
        4,
        20,
        5200,
    ),
    # Dealer (East seat) ron, 2 han 30 fu: 2,900.
    (
        "dealer_pinfu_tanyao",
        "234m567p23455678s",
        "8s",
        {"seat_wind": "E"},
        {"pinfu": 1, "tanyao": 1},
        2,
        30,
        2900,
    ),
    # Open tanyao (kuitan, EMA 2016): 1 han, 20 + 2 open pinfu -> 30 fu.
    ("open_tanyao", "567p23455678s", "8s", {"melds": [chi("234m")]}, {"tanyao": 1}, 1, 30, 1000),
    # EMA 4.2.1 Pure Double Chow: iipeikou + pinfu + tanyao.
    (
        "iipeikou",
        "223344m55567p678s",
        "4m",
        {},
        {"iipeikou": 1, "pinfu": 1, "tanyao": 1},
        3,
        30,
        3900,
    ),
    # Dragon pung: 30 + 8 concealed honour pung + 2 pair wait = 40 fu.
    ("yakuhai_dragon", "123m456p789s777z11p", "1p", {}, {"yakuhai": 1}, 1, 40, 1300),
    # Dealer with a pung of East in the East round: seat and prevalent wind, two yakuhai;
    # 30 + 8 = 38 -> 40 fu; dealer 2 han 40 fu ron 3,900.
    (
        "yakuhai_double_east",
        "234m456p678s111z55p",
        "6s",
        {"seat_wind": "E"},
        {"yakuhai": 2},
        2,
        40,
        3900,
    ),
    # Seat wind pung (South for South) only: 1 han; 30 + 8 -> 40.
    ("yakuhai_seat_wind", "234m456p678s222z55p", "6s", {}, {"yakuhai": 1}, 1, 40, 1300),
    # West pung for South in the East round is no yakuhai: riichi alone, 40 fu.
    (
        "no_yakuhai_other_wind",
        "234m456p678s333z55p",
        "6s",
        {"riichi": True},
        {"riichi": 1},
        1,
        40,
        1300,
    ),
    # EMA 4.2.1 Outside Hand, concealed 2 han; 30 + 8 (999s) + 2 (South pair) = 40.
    ("chanta_closed", "123789m789p999s22z", "1m", {}, {"chanta": 2}, 2, 40, 2600),
    # Open chanta 1 han: 20 + 4 (open 999s) + 8 (concealed 999p) + 2 (South pair) = 34 -> 40.
    ("chanta_open", "123m999p789s22z", "1m", {"melds": [pon("999s")]}, {"chanta": 1}, 1, 40, 1300),
    # EMA 4.2.2 Junchan, concealed 3 han; 30 + 8 (999s) = 38 -> 40.
    ("junchan_closed", "123789m789p11999s", "1m", {}, {"junchan": 3}, 3, 40, 5200),
    # Open junchan 2 han: 20 + 4 (open 999s) + 2 (12m waiting on 3m: edge wait) = 26 -> 30.
    (
        "junchan_open",
        "123m789m789p11s",
        "3m",
        {"melds": [pon("999s")]},
        {"junchan": 2},
        2,
        30,
        2000,
    ),
    # EMA 4.2.1 Pure Straight, concealed 2 + pinfu: 3 han 30 fu.
    ("ittsu_closed", "123456789m234p55s", "9m", {}, {"ittsu": 2, "pinfu": 1}, 3, 30, 3900),
    ("ittsu_open", "456789m234p55s", "9m", {"melds": [chi("123m")]}, {"ittsu": 1}, 1, 30, 1000),
    # EMA 4.2.1 Mixed Triple Chow + pinfu + tanyao: 4 han 30 fu (7,700, not a mangan).
    (
        "sanshoku_closed",
        "234m234p234s678m55p",
        "8m",
        {},
        {"sanshoku": 2, "pinfu": 1, "tanyao": 1},
        4,
        30,
        7700,
    ),
    (
        "sanshoku_open",
        "234m234p678m55p",
        "8m",
        {"melds": [chi("234s")]},
        {"sanshoku": 1, "tanyao": 1},
        2,
        30,
        2000,
    ),
    # EMA 4.2.2 Triple Pung (open allowed): 20 + 2 (open 222m) + 4 + 4 = 30.
    (
        "sanshoku_doukou",
        "222p222s456m88s",
        "6m",
        {"melds": [pon("222m")]},
        {"sanshoku_doukou": 2, "tanyao": 1},
        3,
        30,
        3900,
    ),
    # EMA 4.2.2 All Pungs + Three Concealed Pungs on a pair wait (all three stay concealed):
    # 20 + 4 (open 999p) + 3 x 4 + 2 (white pair) + 2 (pair wait) = 40; 4 han 40 = mangan.
    (
        "toitoi_sanankou",
        "222m444m777s55z",
        "5z",
        {"melds": [pon("999p")]},
        {"toitoi": 2, "sanankou": 2},
        4,
        40,
        8000,
    ),
    # Toitoi won on a pung wait by ron: 777s counts open (EMA 4.1.1), no sanankou;
    # 20 + 4 (999p) + 2 (222m) + 4 (444m) + 2 (777s) + 2 (white pair) = 34 -> 40.
    (
        "toitoi_shanpon_ron",
        "444m777s55z",
        "7s",
        {"melds": [pon("999p"), pon("222m")]},
        {"toitoi": 2},
        2,
        40,
        2600,
    ),
    # EMA 4.2.2 Three Kongs: 20 + 16 (open 1111m) + 32 (concealed 9999p) + 8 (open 5555s)
    # + 2 (pair wait) = 78 -> 80 fu; 2 han 80 fu 5,200.
    (
        "sankantsu",
        "234p77s",
        "7s",
        {"melds": [kan("1111m"), ankan("9999p"), kan("5555s")]},
        {"sankantsu": 2},
        2,
        80,
        5200,
    ),
    # EMA 4.2.2 All Terminals and Honours + All Pungs + East pung (prevalent wind): 5 han.
    (
        "honroutou_toitoi",
        "111m999p22z",
        "2z",
        {"melds": [pon("111z"), pon("999s")]},
        {"honroutou": 2, "toitoi": 2, "yakuhai": 1},
        5,
        50,
        8000,
    ),
    # EMA 4.2.2 Little Three Dragons + two dragon pungs: 4 han; 20 + 4 + 4 + 2 = 30 fu.
    (
        "shousangen",
        "77z234m567p",
        "2m",
        {"melds": [pon("555z"), pon("666z")]},
        {"shousangen": 2, "yakuhai": 2},
        4,
        30,
        7700,
    ),
    # EMA 4.2.2 Half Flush concealed 3 han; 30 + 4 (666m) + 8 (333z) + 2 (South pair)
    # + 2 (edge 3m) = 46 -> 50 fu; 3 han 50 fu 6,400.
    ("honitsu_closed", "123456666m333z22z", "3m", {}, {"honitsu": 3}, 3, 50, 6400),
    # Open: 2 han; 20 + 4 (open 333z) + 4 + 2 + 2 = 32 -> 40.
    ("honitsu_open", "123456666m22z", "3m", {"melds": [pon("333z")]}, {"honitsu": 2}, 2, 40, 2600),
    # EMA 4.2.4 Full Flush concealed 6 + ittsu 2 + iipeikou 1 + pinfu 1 = 10: baiman.
    (
        "chinitsu_closed",
        "11223345678999m",
        "4m",
        {},
        {"chinitsu": 6, "ittsu": 2, "iipeikou": 1, "pinfu": 1},
        10,
        30,
        16000,
    ),
    # Open full flush 5 + open ittsu 1 = 6: haneman.
    (
        "chinitsu_open",
        "456789m11m",
        "1m",
        {"melds": [chi("123m"), pon("555m")]},
        {"chinitsu": 5, "ittsu": 1},
        6,
        30,
        12000,
    ),
    # EMA 4.2.2 Seven Pairs: 2 han, always 25 fu.
    ("chiitoitsu", "1133m5577p224466s", "6s", {}, {"chiitoitsu": 2}, 2, 25, 1600),
    (
        "chiitoitsu_tsumo_riichi_tanyao",
        "2233m5577p224466s",
        "6s",
        {"riichi": True, "tsumo": True},
        {"riichi": 1, "menzen_tsumo": 1, "chiitoitsu": 2, "tanyao": 1},
        5,
        25,
        8000,
    ),
    # Seven pairs of terminals and honours: +2 for honroutou (EMA 4.2.2): 4 han 25 fu.
    (
        "chiitoitsu_honroutou",
        "1199m1199p11s1122z",
        "2z",
        {},
        {"chiitoitsu": 2, "honroutou": 2},
        4,
        25,
        6400,
    ),
    # Dragon pair in seven pairs scores no extra fu (EMA 4.2.2).
    ("chiitoitsu_dragon_pair", "1133m5577p2244s55z", "5z", {}, {"chiitoitsu": 2}, 2, 25, 1600),
    # EMA 4.2.3 Twice Pure Double Chows + pinfu + tanyao = 5 (beats seven pairs 3 han).
    (
        "ryanpeikou",
        "223344m667788p55s",
        "8p",
        {},
        {"ryanpeikou": 3, "pinfu": 1, "tanyao": 1},
        5,
        30,
        8000,
    ),
    # EMA 4.2.2 Three Concealed Pungs: 30 + 3 x 4 = 42 -> 50 fu.
    ("sanankou", "222m444p666s789s55m", "9s", {}, {"sanankou": 2}, 2, 50, 3200),
    # The third pung finished by ron counts as open: only riichi, 30 + 4 + 4 + 2 = 40.
    (
        "sanankou_broken_by_ron",
        "222m444p666s789s55m",
        "6s",
        {"riichi": True},
        {"riichi": 1},
        1,
        40,
        1300,
    ),
    # The same on a self-draw stays concealed: sanankou + menzen tsumo, 20+12+2 = 34 -> 40.
    (
        "sanankou_tsumo",
        "222m444p666s789s55m",
        "6s",
        {"tsumo": True},
        {"sanankou": 2, "menzen_tsumo": 1},
        3,
        40,
        5200,
    ),
    # EMA 4.2.1 situational yaku.
    # 20 + 16 (concealed 2222s) + 2 (5p: closed or pair wait) + 2 (self-draw) = 40.
    (
        "rinshan",
        "456p789s123m55p",
        "5p",
        {"tsumo": True, "rinshan": True, "melds": [ankan("2222s")]},
        {"rinshan": 1, "menzen_tsumo": 1},
        2,
        40,
        2700,
    ),
    (
        "chankan",
        "234m567p345s678s22p",
        "8s",
        {"chankan": True},
        {"chankan": 1, "pinfu": 1, "tanyao": 1},
        3,
        30,
        3900,
    ),
    (
        "haitei",
        "234m567p345s678s22p",
        "8s",
        {"tsumo": True, "haitei": True},
        {"haitei": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1},
        4,
        20,
        5200,
    ),
    (
        "houtei",
        "234m567p345s678s22p",
        "8s",
        {"houtei": True},
        {"houtei": 1, "pinfu": 1, "tanyao": 1},
        3,
        30,
        3900,
    ),
    (
        "ippatsu",
        "234m567p345s678s22p",
        "8s",
        {"riichi": True, "ippatsu": True},
        {"riichi": 1, "ippatsu": 1, "pinfu": 1, "tanyao": 1},
        4,
        30,
        7700,
    ),
    # Daburu riichi is an extra yaku on top of riichi (EMA 4.2.1).
    (
        "double_riichi",
        "234m567p345s678s22p",
        "8s",
        {"double_riichi": True},
        {"riichi": 1, "double_riichi": 1, "pinfu": 1, "tanyao": 1},
        4,
        30,
        7700,
    ),
    # WRC 6.5.1: haitei on a kong's replacement tile scores rinshan only.
    (
        "haitei_with_rinshan",
        "456p789s123m55p",
        "5p",
        {"tsumo": True, "rinshan": True, "haitei": True, "melds": [ankan("2222s")]},
        {"rinshan": 1, "menzen_tsumo": 1},
        2,
        40,
        2700,
    ),
    # Dora: indicator 1m makes 2m dora (EMA 2.7); one 2m in the hand.
    (
        "dora",
        "234m567p345s678s22p",
        "8s",
        {"dora_indicators": "1m"},
        {"pinfu": 1, "tanyao": 1, "dora": 1},
        3,
        30,
        3900,
    ),
    # Two indicators for the same tile count twice (WRC 6.4); 22p pair: 4 dora.
    (
        "kan_dora_twice",
        "234m567p345s678s22p",
        "8s",
        {"dora_indicators": "1p1p"},
        {"pinfu": 1, "tanyao": 1, "dora": 4},
        6,
        30,
        12000,
    ),
    # Ura dora count only with riichi (EMA 3.3.14).
    (
        "ura_dora_with_riichi",
        "234m567p345s678s22p",
        "8s",
        {"riichi": True, "ura_dora_indicators": "1p"},
        {"riichi": 1, "pinfu": 1, "tanyao": 1, "ura_dora": 2},
        5,
        30,
        8000,
    ),
    (
        "ura_dora_without_riichi",
        "234m567p345s678s22p",
        "8s",
        {"ura_dora_indicators": "1p"},
        {"pinfu": 1, "tanyao": 1},
        2,
        30,
        2000,
    ),
    # Indicator wrap-around (EMA 2.7): 9 -> 1, North -> East, Red -> White, Green -> Red.
    (
        "dora_nine_to_one",
        "123m456p789s777z11p",
        "1p",
        {"dora_indicators": "9m"},
        {"yakuhai": 1, "dora": 1},
        2,
        40,
        2600,
    ),
    (
        "dora_north_to_east",
        "234m456p678s111z55p",
        "6s",
        {"seat_wind": "E", "dora_indicators": "4z"},
        {"yakuhai": 2, "dora": 3},
        5,
        40,
        12000,
    ),
    (
        "dora_red_to_white",
        "123m456p789s555z11p",
        "1p",
        {"dora_indicators": "7z"},
        {"yakuhai": 1, "dora": 3},
        4,
        40,
        8000,
    ),
    (
        "dora_green_to_red",
        "123m456p789s777z11p",
        "1p",
        {"dora_indicators": "6z"},
        {"yakuhai": 1, "dora": 3},
        4,
        40,
        8000,
    ),
    # Dora alone is no yaku, but a dora in a kong counts four times.
    (
        "dora_in_kong",
        "234m567p345s22p",
        "2p",
        {"melds": [kan("6666s")], "dora_indicators": "5s"},
        {"tanyao": 1, "dora": 4},
        5,
        30,
        8000,
    ),
]


@pytest.mark.parametrize(
    ("tiles", "win", "fields", "yaku", "han", "fu", "total"),
    [pytest.param(*c[1:], id=c[0]) for c in CASES],
)
def test_yaku(tiles, win, fields, yaku, han, fu, total):
    answer = ev(tiles, win, **fields)
    got: dict[str, int] = {}
    for name, value in answer["yaku"]:
        got[name] = got.get(name, 0) + value
    assert got == yaku
    assert (answer["han"], answer["fu"], answer["total"]) == (han, fu, total)
    assert answer["yakuman"] == 0
    assert answer["dora"] == sum(v for k, v in yaku.items() if k.endswith("dora"))


# (id, tiles, win, fields, yakuman names, yakuman count, total) under EMA 2016.
YAKUMAN = [
    ("suuankou_tsumo", "222m444p666s888s55m", "8s", {"tsumo": True}, ["suuankou"], 32000),
    ("suuankou_tanki_ron", "222m444p666s888s55m", "5m", {}, ["suuankou"], 32000),
    ("daisangen", "555z666z777z123m99p", "9p", {}, ["daisangen"], 32000),
    ("shousuushii", "111z222z333z44z123m", "3m", {}, ["shousuushii"], 32000),
    # Also four concealed pungs (pair wait): not cumulative, one yakuman.
    ("daisuushii", "111z222z333z444z55m", "5m", {}, ["daisuushii", "suuankou"], 32000),
    ("tsuuiisou", "111z555z666z22z", "2z", {"melds": [pon("333z")]}, ["tsuuiisou"], 32000),
    ("tsuuiisou_seven_pairs", "11223344556677z", "7z", {}, ["tsuuiisou"], 32000),
    ("chinroutou", "999m111p999p11s", "1s", {"melds": [pon("111m")]}, ["chinroutou"], 32000),
    ("ryuuiisou", "223344s666s888s66z", "6z", {}, ["ryuuiisou"], 32000),
    (
        "ryuuiisou_without_dragon",
        "223344s666s88s",
        "8s",
        {"melds": [chi("234s")]},
        ["ryuuiisou"],
        32000,
    ),
    ("chuuren", "11123455678999m", "5m", {}, ["chuuren"], 32000),
    ("chuuren_other_suit", "11123456789999p", "5p", {}, ["chuuren"], 32000),
    ("kokushi", "119m19p19s1234567z", "9s", {}, ["kokushi"], 32000),
    ("kokushi_thirteen_wait", "119m19p19s1234567z", "1m", {}, ["kokushi"], 32000),
    (
        "suukantsu",
        "55m",
        "5m",
        {"melds": [kan("2222m"), ankan("3333p"), kan("4444s"), kan("6666s")]},
        ["suukantsu"],
        32000,
    ),
    (
        "tenhou",
        "123m456p789s11122z",
        "2z",
        {"seat_wind": "E", "tsumo": True, "tenhou": True},
        ["tenhou"],
        48000,
    ),
    ("chiihou", "123m456p789s11122z", "2z", {"tsumo": True, "chiihou": True}, ["chiihou"], 32000),
    (
        "dealer_daisangen_tsumo",
        "555z666z777z123m99p",
        "9p",
        {"seat_wind": "E", "tsumo": True},
        ["daisangen"],
        48000,
    ),
    # EMA 4.2: yakuman are not cumulative: suuankou + daisangen is one yakuman.
    (
        "not_cumulative",
        "555z666z777z222m99p",
        "9p",
        {"tsumo": True},
        ["suuankou", "daisangen"],
        32000,
    ),
]


@pytest.mark.parametrize(
    ("tiles", "win", "fields", "names", "total"),
    [pytest.param(*c[1:], id=c[0]) for c in YAKUMAN],
)
def test_yakuman(tiles, win, fields, names, total):
    answer = ev(tiles, win, **fields)
    assert answer["yakuman"] == 1
    assert answer["limit"] == "yakuman"
    assert answer["total"] == total
    assert len(answer["yaku"]) == 1
    assert answer["yaku"][0][1] == 13
    assert answer["yaku"][0][0] in names


def test_suuankou_ron_on_pung_wait_is_not_yakuman():
    # EMA 4.3 example 5 logic: the pung finished by ron is open, so three concealed pungs;
    # sanankou 2 + toitoi 2 + tanyao 1 = 5 han: mangan.
    answer = ev("222m444p666s888s55m", "8s")
    assert answer["yakuman"] == 0
    assert sorted(map(tuple, answer["yaku"])) == [("sanankou", 2), ("tanyao", 1), ("toitoi", 2)]
    assert answer["limit"] == "mangan"
    assert answer["total"] == 8000


@pytest.mark.parametrize(
    ("tiles", "win", "fields"),
    [
        ("222m444p666s789s55m", "6s", {}),  # no yaku once the ron pung is open
        ("123m456p789s11z", "1z", {"melds": [pon("222m")], "dora_indicators": "1m"}),
        # Open, and the 9p pair rules out tanyao: two dora but no yaku.
        ("567p345s678s99p", "8s", {"melds": [chi("234m")], "dora_indicators": "8p"}),
    ],
)
def test_no_yaku(tiles, win, fields):
    with pytest.raises(RuleViolation) as exc:
        ev(tiles, win, **fields)
    assert exc.value.code == "no_yaku"


@pytest.mark.parametrize(
    ("tiles", "win", "melds"),
    [
        ("123m456p789s12345z", "5z", []),
        ("1133m5577p224444s", "4s", []),  # two identical pairs are not seven pairs
        ("123m456p789s13z", "3z", [pon("111z")]),
        ("19m19p19s12345666z", "6z", []),  # thirteen orphans without the red dragon
    ],
)
def test_not_a_winning_hand(tiles, win, melds):
    with pytest.raises(RuleViolation) as exc:
        ev(tiles, win, melds=melds)
    assert exc.value.code == "not_a_winning_hand"


@pytest.mark.parametrize("seat", "ESWN")
@pytest.mark.parametrize("round_wind", "ES")
@pytest.mark.parametrize("wind", ["1z", "2z", "3z", "4z"])
def test_wind_pungs_by_seat_and_round(seat, round_wind, wind):
    # EMA 4.2.1: a pung of the seat wind and a pung of the prevalent wind are each yakuhai
    # (WRC 6.5.1: a double wind scores twice).  Riichi makes every hand valid.
    answer = evaluate_hand(
        {
            "tiles": f"234m456p678s{wind[0] * 3}z55p",
            "win_tile": "6s",
            "riichi": True,
            "seat_wind": seat,
            "round_wind": round_wind,
        }
    )
    named = {"1z": "E", "2z": "S", "3z": "W", "4z": "N"}[wind]
    expected = (named == seat) + (named == round_wind)
    assert [y for y in answer["yaku"] if y[0] == "yakuhai"] == [["yakuhai", 1]] * expected
    # 30 + 8 (concealed honour pung) = 38 -> 40 fu whatever the wind.
    assert answer["fu"] == 40
    assert answer["han"] == 1 + expected
