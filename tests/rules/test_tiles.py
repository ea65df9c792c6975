"""Tile notation (interfaces.md), dora order (EMA 2.7) and decomposition (EMA 3.2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.decompose import (
    PUNG,
    is_seven_pairs,
    is_thirteen_orphans,
    standard,
)
from scoring.rules.errors import RuleViolation
from scoring.rules.tiles import next_kind, parse_tiles, tile_name


@pytest.mark.parametrize(
    ("text", "kinds", "reds"),
    [
        ("123m", (0, 1, 2), (0, 0, 0)),
        ("9m1p9p1s9s", (8, 9, 17, 18, 26), (0, 0, 0)),
        ("1234567z", (27, 28, 29, 30, 31, 32, 33), (0, 0, 0)),
        ("0m0p0s", (4, 13, 22), (1, 1, 1)),
        ("055p", (13, 13, 13), (0, 1, 0)),
        ("123m 456p", (0, 1, 2, 12, 13, 14), (0, 0, 0)),
        ("", (), (0, 0, 0)),
        ("11m1m", (0, 0, 0), (0, 0, 0)),  # a suit may come back
    ],
)
def test_parse(text, kinds, reds):
    tiles = parse_tiles(text, "tiles")
    assert tiles.kinds == kinds
    assert tiles.reds == reds


@pytest.mark.parametrize(
    "text",
    ["8z", "0z", "9z", "123", "m", "123x", "1m2", "z1", "123M", "１m", "1.m", "mz"],
)
def test_bad_notation(text):
    with pytest.raises(RuleViolation) as exc:
        parse_tiles(text, "tiles")
    assert exc.value.code == "invalid_input"
    assert exc.value.reason == "bad_notation"
    assert exc.value.message.startswith("tiles")


@pytest.mark.parametrize("value", [None, 5, ["1m"], {"1m": 1}, "1m" * 150])
def test_not_notation_at_all(value):
    with pytest.raises(RuleViolation) as exc:
        parse_tiles(value, "win_tile")
    assert exc.value.reason == "bad_notation"


def test_tile_names_round_trip():
    for kind in range(34):
        assert parse_tiles(tile_name(kind), "t").kinds == (kind,)


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("1m", "2m"),
        ("8p", "9p"),
        ("9m", "1m"),  # EMA 2.7: a nine indicates the one of its suit
        ("9p", "1p"),
        ("9s", "1s"),
        ("1z", "2z"),  # winds: east-south-west-north-east
        ("2z", "3z"),
        ("3z", "4z"),
        ("4z", "1z"),
        ("5z", "6z"),  # dragons: white-green-red-white
        ("6z", "7z"),
        ("7z", "5z"),
    ],
)
def test_dora_order(indicator, dora):
    (kind,) = parse_tiles(indicator, "t").kinds
    assert tile_name(next_kind(kind)) == dora


def counts_of(text):
    return parse_tiles(text, "t").counts()


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("123456789m11p", 1),  # 123 456 789 + 11
        ("111222333m99p", 2),  # three pungs, or three identical chows
        ("11122233344455m", 5),
        ("11123455678999m", 1),  # nine gates on 5: 111 234 55 678 999 only
        ("22334455667788p", 3),  # pair 22, 55 or 88; seven pairs is apart
        ("12m", 0),
        ("11m", 1),
        ("123m", 0),  # no pair
        ("1122m", 0),
    ],
)
def test_number_of_decompositions(text, n):
    assert len(standard(counts_of(text))) == n


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14))
def test_decompositions_use_every_tile_once(kinds):
    counts = [0] * 34
    for k in kinds:
        counts[k] += 1
    if max(counts) > 4:
        return
    for pair, groups in standard(counts):
        used = [0] * 34
        used[pair] += 2
        for g in groups:
            if g >= PUNG:
                used[g - PUNG] += 3
            else:
                assert g < 27 and g % 9 <= 6  # chows never wrap or use honours
                for t in (g, g + 1, g + 2):
                    used[t] += 1
        assert used == counts
        assert len(groups) == 4


def test_special_shapes():
    assert is_seven_pairs(counts_of("1133m5577p224466s"))
    assert not is_seven_pairs(counts_of("1111m5577p224466s"))  # two identical pairs
    assert is_thirteen_orphans(counts_of("119m19p19s1234567z"))
    assert not is_thirteen_orphans(counts_of("119m19p19s1234566z"))
