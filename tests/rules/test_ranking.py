"""Places in the standings from the rules core: shared places, tie-breaks, the disqualified
(EMA 2016 5.8 at the bottom, WRC 2015 7.1 not ranked) and substitutes (EMA 5.8)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal as D

from scoring.rules.ranking import places, substitute_ranked
from scoring.rules.rulesets import get_ruleset


@dataclass
class Row:
    name: str
    total: D
    table_points: D = D(0)
    best_session: D | None = None
    disqualified: bool = False
    ranked: bool = True


def placed(rows, ruleset="ema2016", tie_break="shared"):
    return [
        (p.row.name, p.rank, p.note)
        for p in places(
            rows,
            ruleset=get_ruleset(ruleset),
            tie_break=tie_break,
            disqualified=lambda r: r.disqualified,
            ranked=lambda r: r.ranked,
            name=lambda r: (r.name,),
        )
    ]


def test_equal_totals_share_a_place_and_the_next_place_is_skipped():
    rows = [Row("c", D(10)), Row("b", D(25)), Row("a", D(25))]
    assert placed(rows) == [("a", 1, ""), ("b", 1, ""), ("c", 3, "")]


def test_tie_breaks_by_table_points_and_by_best_session():
    rows = [Row("a", D(25), D(-3), D(40)), Row("b", D(25), D(5), D(30))]
    assert placed(rows, tie_break="table_points") == [("b", 1, ""), ("a", 2, "")]
    assert placed(rows, tie_break="best_session") == [("a", 1, ""), ("b", 2, "")]


def test_the_disqualified_per_ruleset():
    rows = [Row("a", D(90), disqualified=True), Row("b", D(-5)), Row("c", D(-50), ranked=False)]
    assert placed(rows, "ema2016") == [
        ("b", 1, ""),
        ("a", 2, "disqualified"),
        ("c", None, "substitute"),
    ]
    assert placed(rows, "wrc2015") == [
        ("b", 1, ""),
        ("a", None, "disqualified"),
        ("c", None, "substitute"),
    ]


def test_substitutes_are_ranked_only_when_agreed():
    assert substitute_ranked(get_ruleset("ema2016"), results_count=True)
    assert not substitute_ranked(get_ruleset("ema2016"), results_count=False)


def test_shared_places_skip_the_places_equal_totals_take():
    from scoring.rules.ranking import shared_places

    # Totals 50, 40, 40, 10: places 1, 2, 2, 4 (the fourth is fourth, not third).
    assert shared_places([50, 40, 40, 10]) == [1, 2, 2, 4]
    assert shared_places([7, 7, 7]) == [1, 1, 1]
    assert shared_places([3, 3, 1], start=5) == [5, 5, 7]
    assert shared_places([]) == []
