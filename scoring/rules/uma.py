"""Ranks at the table, uma, leftover riichi sticks and the hanchan score.

Everything here works on the four players in their first seats (East, South, West, North of
the game's first hand): a list index is a first seat.  Amounts of tournament points are
``Fraction`` inside, so that a split uma stays exact; the edge turns them into floats.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scoring.rules.rulesets import Ruleset


def table_ranks(points: Sequence[int], ruleset: Ruleset) -> list[int]:
    """Rank 1..4 of each first seat by table points.

    ``uma_ties == "split"`` (EMA 3.6.1, WRC 5.9.2): tied players share the best of their
    ranks (1, 1, 3, 4).  ``"seat"`` (Aalto 14): a tie is decided by the first seats,
    East > South > West > North, so every rank is different.
    """
    if ruleset.uma_ties == "seat":
        order = sorted(range(len(points)), key=lambda seat: (-points[seat], seat))
        ranks = [0] * len(points)
        for place, seat in enumerate(order, start=1):
            ranks[seat] = place
        return ranks
    return [1 + sum(1 for other in points if other > mine) for mine in points]


def _place_bonus(ruleset: Ruleset) -> list[Fraction]:
    """Uma of places 1..4, plus the oka to first place when return points exceed start.

    None of the four rulebooks has an oka (return == start in every preset, EMA 3.6), so the
    oka term only appears when an organiser overrides ``return_points``: it is what the four
    players together gave up, ``4 * (return - start)``, and keeps the scores zero-sum.
    """
    bonus = [Fraction(u) for u in ruleset.uma]
    bonus[0] += Fraction(4 * (ruleset.return_points - ruleset.start_points), 1000)
    return bonus


def uma_by_seat(points: Sequence[int], ruleset: Ruleset) -> list[Fraction]:
    """Uma of each first seat; players tied in rank share the uma of the places they fill.

    EMA 3.6.1: "If there is a tie, the points for the relevant places are split between the
    tied players. E.g. if two players are tied at the first position, each gets a bonus of
    10,000 points."
    """
    bonus = _place_bonus(ruleset)
    ranks = table_ranks(points, ruleset)
    uma: list[Fraction] = []
    for rank in ranks:
        tied = ranks.count(rank)
        uma.append(sum(bonus[rank - 1 : rank - 1 + tied], Fraction(0)) / tied)
    return uma


def settle_leftover_sticks(
    points: Sequence[int], sticks: int, ruleset: Ruleset
) -> tuple[list[int], int]:
    """Table points after the riichi sticks left at the end are settled, and those left over.

    ``"winner"`` (EMA 3.6): "Any riichi bets remaining on the table are collected by the
    winner; the points are split in case of a tie."  Table points are whole hundreds, so a
    split that does not come out even (1,000 between three) gives each tied player the same
    number of hundreds and the hundreds left one each to the tied players in first-seat order
    (the books say nothing on this).  Under ``"seat"`` ties (Aalto 13/14) the winner is the
    one the tie-break ranks first.  ``"table"`` (WRC 5.9): nobody collects them.
    """
    final = list(points)
    if ruleset.leftover_riichi == "table" or sticks == 0:
        return final, sticks
    ranks = table_ranks(points, ruleset)
    winners = [seat for seat, rank in enumerate(ranks) if rank == 1]
    hundreds = sticks * ruleset.riichi_stick // 100
    share, rest = divmod(hundreds, len(winners))
    for index, seat in enumerate(winners):
        final[seat] += 100 * (share + (1 if index < rest else 0))
    return final, 0


def table_scores(final: Sequence[int], ruleset: Ruleset) -> list[Fraction]:
    """``(final - return points) / 1000``: table points as tournament points (WRC 5.9.2,
    EMA 3.6).

    Return points equal start points in every preset, so this is the interface's
    ``(final - start) / 1000``.
    """
    return [Fraction(points - ruleset.return_points, 1000) for points in final]


def hanchan_scores(
    table_score: Sequence[Fraction], uma: Sequence[Fraction], penalty: Sequence[Fraction]
) -> list[Fraction]:
    """``table score + uma + penalty`` (WRC 5.9.2, EMA 3.6; penalties after uma, EMA 3.4.6)."""
    return [
        points + bonus + fine for points, bonus, fine in zip(table_score, uma, penalty, strict=True)
    ]


def as_number(value: Fraction) -> float:
    """A tournament-point amount for JSON: a float, free of binary noise (4 decimals)."""
    return round(float(value), 4) + 0.0
