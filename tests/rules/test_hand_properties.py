"""Properties of evaluate_hand checked on generated input (hypothesis)."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.rules.errors import RuleViolation
from scoring.rules.hand import evaluate_hand

SUITS = "mps"
RULESETS = ("ema2016", "wrc2015", "ema2012", "aalto")


def name(kind: int) -> str:
    return f"{kind - 26}z" if kind >= 27 else f"{kind % 9 + 1}{SUITS[kind // 9]}"


@st.composite
def complete_hands(draw: st.DrawFn) -> dict[str, Any]:
    """A complete hand (four sets and a pair, or seven pairs) with random flags."""
    used = [0] * 34
    closed: list[int] = []
    melds: list[dict[str, str]] = []
    if draw(st.booleans()) and draw(st.booleans()):
        kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
        closed = [k for k in kinds for _ in range(2)]
    else:
        for _ in range(4):
            kind = draw(st.sampled_from(("chi", "pung", "kong")))
            if kind == "chi":
                start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
                tiles = [start, start + 1, start + 2]
            else:
                tile = draw(st.integers(0, 33))
                tiles = [tile] * (4 if kind == "kong" else 3)
            if any(used[t] + tiles.count(t) > 4 for t in tiles):
                tile = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
                tiles = [tile, tile + 1, tile + 2]
                if any(used[t] + 1 > 4 for t in tiles):
                    continue
                kind = "chi"
            for t in tiles:
                used[t] += 1
            text = "".join(name(t) for t in tiles)
            if kind == "kong":
                melds.append({"kind": draw(st.sampled_from(("kan", "ankan"))), "tiles": text})
            elif draw(st.integers(0, 3)) == 0:
                melds.append({"kind": "pon" if kind == "pung" else "chi", "tiles": text})
            else:
                closed.extend(tiles)
        pair = draw(st.integers(0, 33).filter(lambda k: used[k] <= 2))
        closed.extend([pair, pair])
    open_hand = any(m["kind"] != "ankan" for m in melds)
    riichi = not open_hand and draw(st.booleans())
    return {
        "ruleset": draw(st.sampled_from(RULESETS)),
        "tiles": "".join(name(k) for k in closed),
        "win_tile": name(draw(st.sampled_from(closed))),
        "melds": melds,
        "tsumo": draw(st.booleans()),
        "riichi": riichi,
        "seat_wind": draw(st.sampled_from("ESWN")),
        "round_wind": draw(st.sampled_from("ES")),
        "dora_indicators": name(draw(st.integers(0, 33))),
    }


def _pieces(text: str) -> list[str]:
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def _shuffled(request: dict[str, Any], order: list[int]) -> dict[str, Any]:
    """The same hand written in another order: tiles permuted, melds and their tiles
    reversed."""
    pieces = _pieces(request["tiles"])
    keyed = sorted(zip(order, range(len(pieces)), pieces, strict=False))
    melds = [
        {"kind": m["kind"], "tiles": "".join(reversed(_pieces(m["tiles"])))}
        for m in reversed(request["melds"])
    ]
    return {**request, "tiles": "".join(p for _o, _i, p in keyed), "melds": melds}


def _outcome(request: dict[str, Any]) -> Any:
    try:
        return evaluate_hand(request)
    except RuleViolation as exc:
        return (exc.code, exc.reason)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complete_hands(), st.lists(st.integers(0, 100), min_size=14, max_size=14))
def test_answer_does_not_depend_on_tile_order(request, order):
    shuffled = _shuffled(request, order)
    assert sorted(_pieces(shuffled["tiles"])) == sorted(_pieces(request["tiles"]))
    assert _outcome(shuffled) == _outcome(request)


@settings(max_examples=300, deadline=None)
@given(complete_hands())
def test_complete_hands_are_scored_or_have_no_yaku(request):
    outcome = _outcome(request)
    if isinstance(outcome, dict):
        assert outcome["total"] > 0
        assert outcome["han"] >= 1
        assert outcome["fu"] in (0, 20, 25) or outcome["fu"] % 10 == 0
    else:
        assert outcome[0] in ("no_yaku", "invalid_input")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)
FIELDS = [
    "ruleset",
    "tiles",
    "win_tile",
    "melds",
    "tsumo",
    "seat_wind",
    "round_wind",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "dora_indicators",
    "ura_dora_indicators",
]
tile_text = st.text(alphabet="0123456789mpsz ", max_size=40)
meld = st.fixed_dictionaries(
    {"kind": st.sampled_from(["chi", "pon", "kan", "ankan", "x"]), "tiles": tile_text}
)
plausible = st.fixed_dictionaries(
    {},
    optional={
        "ruleset": st.sampled_from([*RULESETS, "x"]),
        "tiles": tile_text,
        "win_tile": tile_text,
        "melds": st.lists(meld, max_size=5),
        "tsumo": st.booleans(),
        "riichi": st.booleans(),
        "double_riichi": st.booleans(),
        "ippatsu": st.booleans(),
        "rinshan": st.booleans(),
        "chankan": st.booleans(),
        "haitei": st.booleans(),
        "houtei": st.booleans(),
        "tenhou": st.booleans(),
        "chiihou": st.booleans(),
        "renhou": st.booleans(),
        "seat_wind": st.sampled_from(["E", "S", "W", "N", "x"]),
        "round_wind": st.sampled_from(["E", "S"]),
        "dora_indicators": tile_text,
        "ura_dora_indicators": tile_text,
    },
)


@settings(max_examples=500, deadline=None)
@given(st.one_of(json_values, st.dictionaries(st.sampled_from(FIELDS), json_values), plausible))
def test_any_input_raises_only_rule_violation(request):
    try:
        answer = evaluate_hand(request)
    except RuleViolation as exc:
        assert exc.code in ("invalid_input", "not_a_winning_hand", "no_yaku")
        assert exc.message
    else:
        assert answer["ok"] is True


@settings(max_examples=200, deadline=None)
@given(complete_hands())
def test_complete_hands_with_random_flags_raise_only_rule_violation(request):
    for flag in (
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
        "renhou",
        "double_riichi",
    ):
        with contextlib.suppress(RuleViolation):
            evaluate_hand({**request, flag: True})
