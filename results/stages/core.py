"""The stages' arithmetic: the cut, the stage's order, the final ranking and the seating of
a stage session by standing or in a snake.  Pure Python, no Django: player keys in, player
keys out; randomness comes in as a seeded ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

FOUR_PLACES = Decimal("0.0001")

PLACEMENTS = "placements"
BEST = "best"
LOT = "lot"
TIE_BREAKS = (PLACEMENTS, BEST, LOT)


@dataclass(frozen=True)
class Candidate:
    """A ranked player before the cut: total, session scores and table places (1-4)."""

    key: int
    total: Decimal
    sessions: tuple[Decimal, ...] = ()
    placements: tuple[int, ...] = ()


@dataclass
class Cut:
    order: list[int]  # every candidate, best first: the first N advance, the rest wait in line
    lots: list[list[int]] = field(default_factory=list)  # groups the rule could not part


def _rule_key(candidate: Candidate, rule: str) -> tuple:
    best_first = tuple(-s for s in sorted(candidate.sessions, reverse=True))
    if rule == PLACEMENTS:
        counts = tuple(-candidate.placements.count(place) for place in (1, 2, 3, 4))
        return (*counts, best_first[:1])
    if rule == BEST:
        return best_first
    return ()


def cut(candidates: Sequence[Candidate], rule: str, rng: random.Random) -> Cut:
    """The candidates best first: by total; equal totals by ``rule``; what the rule leaves
    equal by a lot drawn from ``rng`` (recorded in ``Cut.lots``).  ``candidates`` come in
    the standings' order, which a lot does not use: the same seed gives the same draw."""
    if rule not in TIE_BREAKS:
        raise ValueError(f"unknown tie-break {rule!r}")
    ranked = sorted(candidates, key=lambda c: (-c.total, _rule_key(c, rule), c.key))
    order: list[int] = []
    lots: list[list[int]] = []
    i = 0
    while i < len(ranked):
        j = i + 1
        head = (ranked[i].total, _rule_key(ranked[i], rule))
        while j < len(ranked) and (ranked[j].total, _rule_key(ranked[j], rule)) == head:
            j += 1
        group = [c.key for c in ranked[i:j]]
        if len(group) > 1:
            rng.shuffle(group)
            lots.append(list(group))
        order.extend(group)
        i = j
    return Cut(order=order, lots=lots)


def carried(total: Decimal, fraction: Decimal) -> Decimal:
    """What a qualifier carries into a stage: ``fraction`` of ``total``, to the four decimal
    places the scores are stored with (half of 23.5 is 11.75)."""
    return (total * fraction).quantize(FOUR_PLACES)


def stage_order(totals: dict[int, Decimal], seeds: dict[int, int]) -> list[int]:
    """A stage's players best first: higher stage total, then the better seed (the place
    at the cut), as the organisers of a final expect when two end level."""
    return sorted(totals, key=lambda key: (-totals[key], seeds[key]))


def final_order(stage_orders: Sequence[Sequence[int]], everyone: Sequence[int]) -> list[int]:
    """The final ranking: the last stage's players in its order, then each earlier stage's
    players not in a later one, in that stage's order, then everyone else in ``everyone``'s
    order (the preliminary standings)."""
    out: list[int] = []
    placed: set[int] = set()
    for order in reversed(stage_orders):
        for key in order:
            if key not in placed:
                placed.add(key)
                out.append(key)
    out.extend(key for key in everyone if key not in placed)
    return out


def by_standing(order: Sequence[int]) -> list[list[int]]:
    """Tables of four by standing: 1-4, 5-8, … (each table's best player East)."""
    _check_four(order)
    return [list(order[i : i + 4]) for i in range(0, len(order), 4)]


def snake(order: Sequence[int]) -> list[list[int]]:
    """Tables in a snake through the standing: with 16 players 1-8-9-16, 2-7-10-15,
    3-6-11-14, 4-5-12-13, so that every table has one of each quarter."""
    _check_four(order)
    tables = len(order) // 4
    return [
        [order[t], order[2 * tables - 1 - t], order[2 * tables + t], order[4 * tables - 1 - t]]
        for t in range(tables)
    ]


def _check_four(order: Sequence[int]) -> None:
    if not order or len(order) % 4:
        raise ValueError(f"{len(order)} players do not make full tables of four")
