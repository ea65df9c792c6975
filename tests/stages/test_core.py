"""The stages' pure core: the cut and its tie-breaks, the stage's order, the final ranking,
the seating by standing and in a snake.  No database."""

from __future__ import annotations

import ast
import random
from decimal import Decimal
from pathlib import Path

import pytest

from results.stages import core
from results.stages.core import Candidate

D = Decimal


def test_the_core_imports_no_django():
    tree = ast.parse(Path(core.__file__).read_text())
    imported = [
        n.module if isinstance(n, ast.ImportFrom) else a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in (n.names if isinstance(n, ast.Import) else [n])
    ]
    assert not [m for m in imported if m and m.startswith("django")]


def test_snake_seats_one_of_each_quarter_at_every_table():
    # 16 players by standing: 1-8-9-16 / 2-7-10-15, one of each quarter at every table.
    assert core.snake(list(range(1, 17))) == [
        [1, 8, 9, 16],
        [2, 7, 10, 15],
        [3, 6, 11, 14],
        [4, 5, 12, 13],
    ]
    assert core.by_standing(list(range(1, 9))) == [[1, 2, 3, 4], [5, 6, 7, 8]]


def test_a_field_not_of_full_tables_is_refused():
    with pytest.raises(ValueError, match="6 players"):
        core.snake(list(range(6)))


# B1 and C1 of tests/stages/scenario.py: 0.5 each; B1 five seconds and a fourth (best
# session 7.1), C1 five thirds and a first (best 46).
B1 = Candidate(1, D("0.5"), (*tuple(D(x) for x in ("7.1",) * 5), D(-35)), (2, 2, 2, 2, 2, 4))
C1 = Candidate(2, D("0.5"), (*tuple(D(x) for x in ("-9.1",) * 5), D(46)), (3, 3, 3, 3, 3, 1))


@pytest.mark.parametrize("rule", [core.PLACEMENTS, core.BEST])
def test_a_tie_at_the_line_is_broken_by_the_rule_without_a_lot(rule):
    made = core.cut([B1, C1], rule, random.Random(1))
    assert made.order == [2, 1] and made.lots == []


def test_more_second_places_count_when_the_first_places_are_equal():
    one = Candidate(1, D(10), (D(20), D(-10)), (1, 4))
    two = Candidate(2, D(10), (D(15), D(-5)), (1, 2))
    assert core.cut([one, two], core.PLACEMENTS, random.Random(0)).order == [2, 1]
    # By the best session, the other way round.
    assert core.cut([one, two], core.BEST, random.Random(0)).order == [1, 2]


def test_what_the_rule_leaves_equal_is_drawn_by_a_recorded_and_repeatable_lot():
    same = [Candidate(k, D(5), (D(5),), (1,)) for k in range(1, 7)]
    first = core.cut(same, core.PLACEMENTS, random.Random(42))
    again = core.cut(list(reversed(same)), core.PLACEMENTS, random.Random(42))
    assert first.order == again.order  # the input order does not matter, the seed does
    assert first.lots == [first.order]
    assert sorted(first.order) == [1, 2, 3, 4, 5, 6]


def test_carrying_half_keeps_the_stored_decimals():
    assert core.carried(D("23.5"), D("0.5")) == D("11.75")
    assert core.carried(D("-0.3"), D("0.5")) == D("-0.15")


def test_a_stage_tie_goes_to_the_better_seed():
    assert core.stage_order({7: D(10), 8: D(10), 9: D(12)}, {7: 2, 8: 1, 9: 4}) == [9, 8, 7]


def test_the_final_ranking_layers_the_stages_over_the_preliminaries():
    everyone = list(range(1, 11))  # preliminary order
    semi = [4, 2, 3, 1, 8, 6, 7, 5]
    final = [2, 4, 1, 3]
    assert core.final_order([semi, final], everyone) == [2, 4, 1, 3, 8, 6, 7, 5, 9, 10]
