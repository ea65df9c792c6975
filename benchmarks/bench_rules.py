"""Speed and agreement of our hand evaluation against the PyPI ``mahjong`` package.

Run from the project root:  ``python benchmarks/bench_rules.py [--hands N] [--seed S]``

It generates N (default 20,000) random complete hands from a seeded ``random.Random``
(closed and open, standard shape, seven pairs, some thirteen orphans, kongs, riichi, dora),
evaluates each with ``scoring.rules.hand.evaluate_hand`` (EMA 2016) and with
``mahjong.HandCalculator`` configured as close to EMA 2016 as its options allow, prints
hands per second for both and their ratio, and lists every difference in han, fu or cost
by category, each category with the EMA rule that explains it.  A difference no category
explains is printed as "UNEXPLAINED" (a bug on one side) and makes the exit status 1.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.rules.errors import RuleViolation
from scoring.rules.hand import evaluate_hand

SUITS = "mps"


def name(kind: int) -> str:
    return f"{kind - 26}z" if kind >= 27 else f"{kind % 9 + 1}{SUITS[kind // 9]}"


def random_hand(rng: random.Random) -> dict[str, Any] | None:
    """One random complete hand as an interface request, or None if the draw failed."""
    used = [0] * 34

    def take(kind: int, n: int) -> bool:
        if used[kind] + n > 4:
            return False
        used[kind] += n
        return True

    shape = rng.random()
    closed: list[int] = []
    melds: list[dict[str, str]] = []
    if shape < 0.04:
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        closed = [*orphans, rng.choice(orphans)]
    elif shape < 0.16:
        kinds = rng.sample(range(34), 7)
        closed = [k for k in kinds for _ in range(2)]
    else:
        open_p = rng.choice((0.0, 0.0, 0.15, 0.35))
        honour_bias = rng.random() < 0.3
        for _ in range(4):
            for _attempt in range(20):
                r = rng.random()
                if r < 0.55:
                    suit = rng.randrange(3)
                    start = suit * 9 + rng.randrange(7)
                    group = [start, start + 1, start + 2]
                    if all(used[k] < 4 for k in group) and len(set(group)) == 3:
                        for k in group:
                            used[k] += 1
                        if rng.random() < open_p:
                            melds.append({"kind": "chi", "tiles": "".join(name(k) for k in group)})
                        else:
                            closed.extend(group)
                        break
                else:
                    kind = (
                        rng.randrange(27, 34)
                        if honour_bias and rng.random() < 0.5
                        else (rng.randrange(34))
                    )
                    kong = rng.random() < 0.08
                    if not take(kind, 4 if kong else 3):
                        continue
                    if kong:
                        kind_name = "kan" if rng.random() < open_p * 2 else "ankan"
                        melds.append({"kind": kind_name, "tiles": name(kind) * 4})
                    elif rng.random() < open_p:
                        melds.append({"kind": "pon", "tiles": name(kind) * 3})
                    else:
                        closed.extend([kind] * 3)
                    break
            else:
                return None
        for _attempt in range(20):
            kind = rng.randrange(34)
            if take(kind, 2):
                closed.extend([kind, kind])
                break
        else:
            return None
    win = rng.choice(closed)
    is_open = any(m["kind"] != "ankan" for m in melds)
    tsumo = rng.random() < 0.4
    riichi = not is_open and rng.random() < 0.5
    kongs = any(m["kind"] in ("kan", "ankan") for m in melds)
    if not melds and (shape < 0.16):  # seven pairs / thirteen orphans: count them now
        for k in closed:
            used[k] += 1
    rest = [k for k in range(34) for _ in range(4 - used[k])]
    indicators = rng.sample(rest, 1 + (1 if kongs else 0))
    request: dict[str, Any] = {
        "tiles": "".join(name(k) for k in rng.sample(closed, len(closed))),
        "win_tile": name(win),
        "melds": melds,
        "tsumo": tsumo,
        "seat_wind": rng.choice("ESWN"),
        "round_wind": rng.choice("ES"),
        "riichi": riichi,
        "ippatsu": riichi and rng.random() < 0.2,
        "rinshan": tsumo and kongs and rng.random() < 0.3,
        "haitei": tsumo and rng.random() < 0.03,
        "houtei": not tsumo and rng.random() < 0.03,
        "dora_indicators": "".join(name(k) for k in indicators),
    }
    if riichi:
        rest2 = [k for k in rest if k not in indicators]
        request["ura_dora_indicators"] = "".join(name(k) for k in rng.sample(rest2, 1))
        request["double_riichi"] = rng.random() < 0.1
    dealer = request["seat_wind"] == "E"
    first_turn = not melds and not riichi and rng.random() < 0.05
    if first_turn and tsumo:
        request["tenhou" if dealer else "chiihou"] = True
        request["haitei"] = False
    elif first_turn and not dealer:
        request["renhou"] = True
        request["houtei"] = False
    # Robbing a kong: the other three copies are in the robbed pung, so the hand holds one.
    if not tsumo and used[win] == 1 and not request.get("renhou") and rng.random() < 0.03:
        request["chankan"] = True
        request["houtei"] = False
    return request


def shape_of(request: dict[str, Any]) -> str:
    """What kind of hand the generator made (it draws these shapes on purpose)."""
    tiles = request["tiles"]
    pieces = [tiles[i : i + 2] for i in range(0, len(tiles), 2)]
    distinct = set(pieces)
    if len(pieces) == 14 and distinct == {
        "1m",
        "9m",
        "1p",
        "9p",
        "1s",
        "9s",
        "1z",
        "2z",
        "3z",
        "4z",
        "5z",
        "6z",
        "7z",
    }:
        return "thirteen orphans"
    if len(pieces) == 14 and all(pieces.count(p) == 2 for p in distinct):
        return "seven pairs shape"
    if any(m["kind"] != "ankan" for m in request["melds"]):
        return "open"
    return "closed"


def mahjong_args(request: dict[str, Any]) -> tuple[Any, ...]:
    """The same hand for ``mahjong.HandCalculator`` (136-tile ids, melds, config)."""
    from mahjong.constants import EAST, NORTH, SOUTH, WEST
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld

    copies = [0] * 34

    def ids(kinds: list[int]) -> list[int]:
        out = []
        for k in kinds:
            out.append(k * 4 + copies[k])
            copies[k] += 1
        return out

    def kinds_of(text: str) -> list[int]:
        out: list[int] = []
        digits: list[int] = []
        for ch in text:
            if ch.isdigit():
                digits.append(int(ch))
            else:
                base = {"m": 0, "p": 9, "s": 18, "z": 27}[ch]
                out.extend(base + d - 1 for d in digits)
                digits = []
        return out

    closed = ids(kinds_of(request["tiles"]))
    win_kind = kinds_of(request["win_tile"])[0]
    win_id = next(t for t in closed if t // 4 == win_kind)
    melds = []
    all_tiles = list(closed)
    for m in request["melds"]:
        tiles = ids(kinds_of(m["tiles"]))
        all_tiles.extend(tiles)
        kind = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN, "ankan": Meld.KAN}[m["kind"]]
        melds.append(Meld(meld_type=kind, tiles=tiles, opened=m["kind"] != "ankan"))
    winds = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
    dora = [k * 4 for k in kinds_of(request["dora_indicators"])]
    ura = [k * 4 for k in kinds_of(request.get("ura_dora_indicators", ""))]
    options = OptionalRules(
        has_open_tanyao=True,  # EMA 2016: kuitan
        has_aka_dora=False,  # EMA 2016: no red fives
        has_double_yakuman=False,  # EMA 2016: no double yakuman
        kazoe_limit=HandConstants.KAZOE_SANBAIMAN,  # EMA 2016: 13+ han is sanbaiman
        kiriage=False,  # EMA 2016: 4-30 not rounded
        fu_for_open_pinfu=True,  # EMA 4.1.1 open pinfu
        fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False,  # EMA 2016: renho is a mangan
    )
    config = HandConfig(
        is_tsumo=request["tsumo"],
        is_riichi=request["riichi"],
        is_ippatsu=request["ippatsu"],
        is_rinshan=request["rinshan"],
        is_haitei=request["haitei"],
        is_houtei=request["houtei"],
        is_daburu_riichi=request.get("double_riichi", False),
        is_tenhou=request.get("tenhou", False),
        is_chiihou=request.get("chiihou", False),
        is_renhou=request.get("renhou", False),
        is_chankan=request.get("chankan", False),
        player_wind=winds[request["seat_wind"]],
        round_wind=winds[request["round_wind"]],
        options=options,
    )
    return all_tiles, win_id, melds, dora, config, ura


def theirs(request: dict[str, Any], calculator: Any) -> tuple[int, int, int, int] | str:
    return their_value(mahjong_args(request), calculator)


def their_value(args: tuple[Any, ...], calculator: Any) -> tuple[int, int, int, int] | str:
    """mahjong's answer for arguments already in its own format (136-tile ids, Meld)."""
    tiles, win_id, melds, dora, config, ura = args
    result = calculator.estimate_hand_value(
        tiles,
        win_id,
        melds=melds,
        dora_indicators=dora,
        config=config,
        ura_dora_indicators=ura or None,
    )
    if result.error:
        return str(result.error)
    yakuman = result.cost["yaku_level"] == "yakuman"
    return result.han, result.fu, result.cost["total"], int(yakuman)


def ours(request: dict[str, Any]) -> tuple[int, int, int, int] | str:
    try:
        answer = evaluate_hand(request)
    except RuleViolation as exc:
        return exc.code
    return answer["han"], answer["fu"], answer["total"], answer["yakuman"]


IPPATSU_KONG = (
    "EMA 3.3.14: any kong, concealed ones included, ends the ippatsu chance, so ippatsu with "
    "rinshan is refused as invalid input; mahjong scores both"
)
HAITEI_RINSHAN = (
    "EMA 4.2.1 (WRC 6.5.1): Haitei does not combine with After a kong, so we score rinshan "
    "alone; mahjong refuses the flag combination"
)
YAKUMAN_NOT_CUMULATIVE = (
    "EMA 4.2: yakuman are not cumulative, one yakuman is the limit; mahjong adds up several "
    "yakuman even with has_double_yakuman=False"
)


RENHOU_ALONE = (
    "EMA 4.2.4 (WRC 6.5.4): renhou is a mangan not cumulative with other yaku and dora, "
    "so the hand is renhou alone or its other yaku, whichever pays more; mahjong adds "
    "renhou's 5 han to the other yaku"
)


def explain(request: dict[str, Any], a: Any, b: Any) -> str:
    """The EMA rule behind one difference, "same" when there is none, or "UNEXPLAINED"."""
    if isinstance(a, str) or isinstance(b, str):
        if a == "no_yaku" and isinstance(b, str) and "no_yaku" in b:
            return "same"
        if a == "invalid_input" and request["ippatsu"] and request["rinshan"]:
            return IPPATSU_KONG
        if b == "haitei_with_rinshan_not_allowed" and not isinstance(a, str):
            return HAITEI_RINSHAN
        return f"UNEXPLAINED error {a!r} vs {b!r}"
    han, fu, total, yakuman = a
    t_han, t_fu, t_total, t_yakuman = b
    if yakuman and t_yakuman and total == t_total:
        return "same"
    if (han, fu, total) == (t_han, t_fu, t_total):
        return "same"
    if not yakuman and not t_yakuman and han == t_han and han >= 5 and total == t_total:
        # Both limit hands of the same value: fu is irrelevant (EMA 4.1) and each library
        # reports the fu of whichever decomposition it kept.
        return "same"
    if yakuman == 1 and t_han >= 26:
        return YAKUMAN_NOT_CUMULATIVE
    if request.get("renhou") and not yakuman and t_han > han >= 5:
        return RENHOU_ALONE
    return "UNEXPLAINED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=2016)
    parser.add_argument("--warmup", type=int, default=2000, help="hands run before timing")
    args = parser.parse_args()
    from mahjong.hand_calculating.hand import HandCalculator

    rng = random.Random(args.seed)
    hands: list[dict[str, Any]] = []
    while len(hands) < args.hands:
        hand = random_hand(rng)
        if hand is not None:
            hands.append(hand)
    kinds = Counter(shape_of(h) for h in hands)
    print(f"{len(hands)} random complete hands (seed {args.seed}): {dict(kinds)}")

    # Warm-up on other hands (another seed), as any benchmark does: both sides fill their
    # caches (ours: per-suit decompositions and short notation) before the clock runs.
    warm_rng = random.Random(args.seed + 1)
    warm_calculator = HandCalculator()
    for _ in range(args.warmup):
        hand = random_hand(warm_rng)
        if hand is not None:
            ours(hand)
            theirs(hand, warm_calculator)

    # The machine may be shared: time both in alternating chunks of 500 hands so that a
    # change of load hits both sides alike, and count CPU time (process_time) besides wall
    # time, since a busy machine takes the processor away from whichever side is running.
    # Our core starts from the JSON request (parsing and checking it is part of our time).
    # mahjong starts from its own format, 136-tile ids, Meld objects and a HandConfig; the
    # conversion from the request is timed apart, so the ratio is shown both ways.  The
    # machine may be shared: the three are timed in alternating chunks of 500 hands so a
    # change of load hits all alike, and CPU time (process_time) is counted besides wall
    # time, since a busy machine takes the processor away from whichever side is running.
    calculator = HandCalculator()
    our_results: list[Any] = []
    their_results: list[Any] = []
    wall = {"ours": 0.0, "convert": 0.0, "mahjong": 0.0}
    cpu = dict(wall)
    for first in range(0, len(hands), 500):
        chunk = hands[first : first + 500]
        w0, c0 = time.perf_counter(), time.process_time()
        our_results.extend(ours(h) for h in chunk)
        w1, c1 = time.perf_counter(), time.process_time()
        their_args = [mahjong_args(h) for h in chunk]
        w2, c2 = time.perf_counter(), time.process_time()
        their_results.extend(their_value(args, calculator) for args in their_args)
        w3, c3 = time.perf_counter(), time.process_time()
        for key, (wa, wb, ca, cb) in {
            "ours": (w0, w1, c0, c1),
            "convert": (w1, w2, c1, c2),
            "mahjong": (w2, w3, c2, c3),
        }.items():
            wall[key] += wb - wa
            cpu[key] += cb - ca

    n = len(hands)

    def rates(label: str, w: float, c: float) -> None:
        print(f"{label:34} {n / w:12.0f} {n / c:12.0f}")

    print(f"{'hands per second':34} {'wall':>12} {'CPU':>12}")
    rates("ours (from the JSON request)", wall["ours"], cpu["ours"])
    rates("mahjong (from its own format)", wall["mahjong"], cpu["mahjong"])
    rates(
        "mahjong (from the request, converted)",
        wall["mahjong"] + wall["convert"],
        cpu["mahjong"] + cpu["convert"],
    )
    print(
        f"ratio vs mahjong on its own format:   {wall['mahjong'] / wall['ours']:.2f}x wall, "
        f"{cpu['mahjong'] / cpu['ours']:.2f}x CPU"
    )
    print(
        "ratio vs mahjong from the request:    "
        f"{(wall['mahjong'] + wall['convert']) / wall['ours']:.2f}x wall, "
        f"{(cpu['mahjong'] + cpu['convert']) / cpu['ours']:.2f}x CPU"
    )

    categories: dict[str, list[int]] = defaultdict(list)
    for i, (a, b) in enumerate(zip(our_results, their_results, strict=True)):
        category = explain(hands[i], a, b)
        if category != "same":
            categories[category].append(i)
    valid = sum(1 for a in our_results if not isinstance(a, str))
    print(f"scored by us: {valid}; no yaku / errors: {len(hands) - valid}")
    total_diff = sum(len(v) for v in categories.values())
    print(f"hands scored differently: {total_diff}")
    for category, indices in sorted(categories.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(indices):6d}  {category}")
        for i in indices[:3]:
            print(f"          {hands[i]}")
            print(f"          ours {our_results[i]}  mahjong {their_results[i]}")
    unexplained = sum(len(v) for k, v in categories.items() if k.startswith("UNEXPLAINED"))
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
