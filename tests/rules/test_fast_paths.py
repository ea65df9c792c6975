"""The shortcuts taken for speed give the answers of the plain computations they replace.

Each test puts a fast path of the rules core next to a straightforward version of the same
rule (written here, or the core's own general path) on generated input.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.decompose import PUNG, read_sorted, read_tiles, standard
from scoring.rules.errors import RuleViolation
from scoring.rules.hand import (
    FLAGS,
    _flags,
    _meld,
    _waits,
    explain_hand,
)
from scoring.rules.payments import (
    hand_cost,
    limit_name,
    memo_limit_and_cost,
    memo_total,
    memo_value,
    total_points,
    value_table,
)
from scoring.rules.rulesets import RULESETS
from scoring.rules.tiles import parse_tiles, tile_name
from scoring.rules.yaku import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI, suits_used
from tests.rules.test_hand_properties import complete_hands

# --------------------------------------------------------------------------- notation

_DIGITS = {"m": 0, "p": 9, "s": 18}


def reference_parse(text: str) -> tuple[tuple[int, ...], tuple[int, int, int]] | None:
    """Tile notation read the slow, obvious way (None: malformed)."""
    if not re.fullmatch(r"(?:[0-9]+[mps]|[1-7]+z| )*", text):
        return None
    kinds: list[int] = []
    reds = [0, 0, 0]
    for digits, letter in re.findall(r"([0-9]+)([mpsz])", text):
        for d in digits:
            if letter == "z":
                kinds.append(26 + int(d))
            elif d == "0":
                kinds.append(_DIGITS[letter] + 4)
                reds["mps".index(letter)] += 1
            else:
                kinds.append(_DIGITS[letter] + int(d) - 1)
    return tuple(kinds), (reds[0], reds[1], reds[2])


def parsed(text: str) -> tuple[tuple[int, ...], tuple[int, int, int]] | None:
    try:
        tiles = parse_tiles(text, "tiles")
    except RuleViolation:
        return None
    return tiles.kinds, tiles.reds


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0123456789mpsz x", max_size=30))
def test_notation_matches_the_obvious_parser(text):
    assert parsed(text) == reference_parse(text)


ONE_TILE = [f"{d}{s}" for s in "mps" for d in range(10)] + [f"{d}z" for d in range(1, 8)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(ONE_TILE), max_size=14))
def test_one_tile_per_pair_matches_grouped_notation(pieces):
    # "1m2m3p" (fast path) and "12m3p" (general path) are the same tiles.
    grouped = re.sub(r"([mpsz])(?=\d+\1)", "", "".join(pieces))
    assert parsed("".join(pieces)) == parsed(grouped) == reference_parse("".join(pieces))


# ---------------------------------------------------------------------- concealed tiles


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), max_size=14))
def test_read_tiles_counts(kinds):
    counts, _readings = read_tiles(tuple(kinds))
    assert counts == [kinds.count(k) for k in range(34)]


def brute_force_decompositions(counts: list[int]) -> set[tuple[int, tuple[int, ...]]]:
    """Every (pair, sorted groups) of the counts, by trying every pair and set."""
    out: set[tuple[int, tuple[int, ...]]] = set()

    def sets(c: list[int], groups: list[int]) -> None:
        first = next((i for i, n in enumerate(c) if n), -1)
        if first < 0:
            out.add((pair, tuple(sorted(groups))))
            return
        if c[first] >= 3:
            c[first] -= 3
            sets(c, [*groups, PUNG + first])
            c[first] += 3
        if first < 27 and first % 9 <= 6 and c[first + 1] and c[first + 2]:
            for k in (first, first + 1, first + 2):
                c[k] -= 1
            sets(c, [*groups, first])
            for k in (first, first + 1, first + 2):
                c[k] += 1

    for pair in range(34):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            sets(rest, [])
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 26), min_size=14, max_size=14), st.integers(0, 4))
def test_decompositions_match_brute_force(kinds, melds):
    kinds = kinds[: 14 - 3 * melds]
    counts = [min(kinds.count(k), 4) for k in range(34)]
    if sum(counts) % 3 != 2:
        return
    found = standard(counts)
    assert len(found) == len(set(found))
    assert {(pair, tuple(sorted(groups))) for pair, groups in found} == (
        brute_force_decompositions(counts)
    )


# ------------------------------------------------------------------------------ waits


def reference_waits(groups: tuple[int, ...], pair: int, win: int) -> list[tuple[int, str]]:
    """The waits by walking every set (EMA 4.1.1), the first of identical sets only."""
    out: list[tuple[int, str]] = [(-1, TANKI)] if pair == win else []
    seen: set[int] = set()
    for i, g in enumerate(groups):
        if g in seen:
            continue
        if g >= PUNG:
            if g - PUNG == win:
                seen.add(g)
                out.append((i, SHANPON))
        elif g <= win <= g + 2:
            seen.add(g)
            pos = win - g
            if pos == 1:
                wait = KANCHAN
            elif pos == 0:
                wait = PENCHAN if g % 9 == 6 else RYANMEN
            else:
                wait = PENCHAN if g % 9 == 0 else RYANMEN
            out.append((i, wait))
    return out


chows = st.integers(0, 2).flatmap(lambda suit: st.integers(suit * 9, suit * 9 + 6))
groups = st.lists(st.one_of(chows, st.integers(PUNG, PUNG + 33)), max_size=4)


def reading_order(group: int) -> tuple[int, int]:
    """Where a group stands in a reading: by its lowest kind, a pung before the chow
    starting at the same kind (the order decompose finds them in)."""
    return (group - PUNG, 0) if group >= PUNG else (group, 1)


@settings(max_examples=500, deadline=None)
@given(groups, st.integers(0, 33), st.integers(0, 33))
def test_waits_match_walking_every_set(sets, pair, win):
    sets = tuple(sorted(sets, key=reading_order))
    assert _waits(sets, pair, win) == [wait for _i, wait in reference_waits(sets, pair, win)]


# ------------------------------------------------------------------------ minipoints


@settings(max_examples=400, deadline=None)
@given(complete_hands())
def test_minipoints_are_the_rounded_sum_of_their_items(request: dict[str, Any]):
    # The evaluation adds minipoints from tables (fu.reading_fu); explain_hand lists
    # them item by item (fu.fu_parts): both must agree on the reading kept.
    try:
        answer = explain_hand(request)
    except RuleViolation:
        return
    if answer["shape"] != "standard" or answer["yakuman"]:
        return
    raw = sum(fu for _item, fu in answer["fu_parts"])
    assert answer["fu"] == -(-raw // 10) * 10


# -------------------------------------------------------------------------- payments


@pytest.mark.parametrize("ruleset", list(RULESETS.values()), ids=list(RULESETS))
def test_memoised_payments_match_the_plain_ones(ruleset):
    kiriage, counted = ruleset.kiriage_mangan, ruleset.counted_yakuman_han
    for han in range(1, 40):
        for fu in (20, 25, 30, 40, 50, 60, 70, 110, 170):
            for yakuman in (0, 1, 2):
                for dealer in (False, True):
                    for tsumo in (False, True):
                        args = (han, fu, yakuman, dealer, tsumo)
                        assert memo_total(*args, kiriage, counted) == total_points(ruleset, *args)
                        limit, cost = memo_limit_and_cost(*args, kiriage, counted)
                        assert limit == limit_name(ruleset, han, fu, yakuman)
                        assert cost == hand_cost(ruleset, *args)


def test_memoised_cost_is_the_callers_own():
    _limit, cost = memo_limit_and_cost(3, 30, 0, False, False, False, None)
    cost["ron"] = 0
    assert memo_limit_and_cost(3, 30, 0, False, False, False, None)[1]["ron"] == 3900


def test_tile_name_round_trip():
    for kind in range(34):
        assert parse_tiles(tile_name(kind), "t").kinds == (kind,)


# ------------------------------------------------------------- second round of shortcuts


def test_memo_value_is_total_limit_and_cost_together():
    for han in range(1, 16):
        for fu in (20, 25, 30, 40, 110):
            for counted in (None, 13):
                args = (han, fu, 0, False, True, False, counted)
                total, limit, cost = memo_value(*args)
                assert total == memo_total(*args)
                assert (limit, cost) == memo_limit_and_cost(*args)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_value_table_is_the_plain_payment(ruleset):
    # The evaluation looks each reading up in payments.value_table by han and fu: the
    # same total, limit and payments as the plain functions, the counted yakuman at 13+
    # han only where the ruleset counts one.
    rs = RULESETS[ruleset]
    for dealer in (False, True):
        for tsumo in (False, True):
            table = value_table(dealer, tsumo, rs.kiriage_mangan, rs.counted_yakuman_han)
            for han in range(1, 16):
                for fu in (20, 25, 30, 40, 70, 110):
                    counted, total, limit, cost = table[han, fu]
                    counts = rs.counted_yakuman_han is not None and han >= rs.counted_yakuman_han
                    assert counted == int(counts)
                    assert total == total_points(rs, han, fu, counted, dealer, tsumo)
                    assert cost == hand_cost(rs, han, fu, counted, dealer, tsumo)
                    assert limit == limit_name(rs, han, fu, counted)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, (1 << 34) - 1))
def test_suits_used_counts_the_suits_of_the_kinds(mask):
    kinds = frozenset(k for k in range(34) if mask >> k & 1)
    expected = sum(any(k in kinds for k in range(s, s + 9)) for s in (0, 9, 18))
    assert suits_used(kinds) == expected


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 26).filter(lambda g: g % 9 <= 6), min_size=4, max_size=4))
def test_pure_straight_is_the_three_chows_of_one_suit(chows):
    counts = [0] * 34
    for g in chows:
        for i in range(3):
            counts[g + i] += 1
    if max(counts) > 4:
        return
    request = {
        "tiles": "".join(tile_name(g + i) for g in chows for i in range(3)) + "7z7z",
        "win_tile": "7z",
        "tsumo": True,
    }
    yaku = [name for name, _han in explain_hand(request)["yaku"]]
    expected = any({o, o + 3, o + 6} <= set(chows) for o in (0, 9, 18))
    assert ("ittsu" in yaku) == expected


@pytest.mark.parametrize(
    ("indicators", "ura", "melds", "error"),
    [
        ("1m", "", [], None),
        ("1m1m", "", [], None),  # 2 + 2 indicators of 1m: four copies
        ("1m1m1m", "", [], "fifth_copy"),  # 2 in hand + 3 indicators
        ("1m", "1m1m", [], "fifth_copy"),  # dora and ura indicators together
        ("9s", "9s", [{"kind": "ankan", "tiles": "9s9s9s9s"}], "fifth_copy"),
        ("2z", "", [{"kind": "kan", "tiles": "1z1z1z1z"}], None),
        ("1z", "", [{"kind": "kan", "tiles": "1z1z1z1z"}], "fifth_copy"),
    ],
)
def test_fifth_copy_in_hand_melds_and_indicators(indicators, ura, melds, error):
    request: dict[str, Any] = {
        "tiles": "234m345p678s11m" if melds else "234m345p456s678s11m",
        "win_tile": "2m",
        "melds": melds,
        "riichi": not melds or melds[0]["kind"] == "ankan",
        "dora_indicators": indicators,
        "ura_dora_indicators": ura,
    }
    try:
        explain_hand(request)
    except RuleViolation as exc:
        assert (exc.reason if exc.reason == "fifth_copy" else None) == error
    else:
        assert error is None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=2, max_size=14))
def test_read_tiles_readings_match_the_splits_of_each_part(kinds):
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    if max(counts) > 4:
        return
    readings = read_tiles(tuple(kinds))[1]
    expected = brute_force_decompositions(counts) if len(kinds) % 3 == 2 else set()
    assert {(pair, tuple(sorted(groups))) for pair, groups in readings} == expected
    for _pair, groups in readings:
        # The groups in reading order (what _waits relies on).
        assert list(groups) == sorted(groups, key=reading_order)


@pytest.mark.parametrize("first", [0, 9, 18])
def test_a_suit_read_after_another_suit_held_the_same_tiles(first):
    # decompose reads a suit from the entry of another suit that held the same tiles
    # (moved by 9 or 18 kinds): whichever suit comes first, the others must read as if
    # searched anew.
    pattern = [0, 0, 0, 1, 2, 3, 4, 5, 6, 6, 7, 8, 8, 8]  # 11123456778999: several splits
    for start in (first, *(f for f in (0, 9, 18) if f != first)):
        kinds = [start + k for k in pattern]
        counts = [kinds.count(k) for k in range(34)]
        readings = read_tiles(tuple(kinds))[1]
        assert {(p, tuple(sorted(g))) for p, g in readings} == (brute_force_decompositions(counts))


@pytest.mark.parametrize(
    ("meld", "facts"),
    [
        ({"kind": "chi", "tiles": "345m"}, (("chi", 2, (2, 3, 4)), (2, 3, 4), (0, 0, 0))),
        (
            {"kind": "pon", "tiles": "505p"},
            (("pon", PUNG + 13, (13, 13, 13)), (13,) * 3, (0, 1, 0)),
        ),
        (
            {"kind": "ankan", "tiles": "7z7z7z7z"},
            (("ankan", PUNG + 33, (33,) * 4), (33,) * 4, (0,) * 3),
        ),
    ],
)
def test_meld_facts(meld, facts):
    listed, kinds, reds, meld_set = _meld(0, meld)
    assert (listed, kinds, reds) == facts
    group = listed[1]
    assert meld_set == (group, meld["kind"] == "ankan", meld["kind"] in ("kan", "ankan"))


@pytest.mark.parametrize("flag", FLAGS)
def test_flags_are_read_in_flags_order(flag):
    """_flags writes its eleven look-ups out; each must land at its place in FLAGS."""
    values = _flags({flag: True})
    assert values == tuple(name == flag for name in FLAGS)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), max_size=14))
def test_read_sorted_is_read_tiles_of_sorted_bytes(kinds):
    assert read_sorted(bytes(sorted(kinds))) == read_tiles(tuple(kinds))
