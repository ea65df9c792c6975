"""A plan is a function of its input and seed only: the constructions the core caches in the
process (designs.py) must not make a shape's plan depend on the shapes planned before it.
Shape B planned in a fresh interpreter, and again in this process after shape A (which uses
the same constructions: the affine plane at 16 players, the cyclic ones at 24 and 28), must
be the same plan, seat for seat."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tournament.seating.core import PlanOptions, plan

ROOT = Path(__file__).resolve().parents[2]


def _options(players: int, rounds: int) -> dict:
    return {"players": players, "rounds": rounds, "seed": 1}


def _alone(players: int, rounds: int) -> list:
    code = (
        "import json, sys\n"
        "from tournament.seating.core import PlanOptions, plan\n"
        "options = json.loads(sys.argv[1])\n"
        "print(json.dumps(plan(PlanOptions.from_mapping(options)).rounds))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(_options(players, rounds))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    ("before", "shape"), [((16, 5), (16, 4)), ((24, 7), (24, 6)), ((28, 5), (28, 4))]
)
def test_a_plan_is_the_same_alone_and_after_another_shape(before, shape):
    alone = _alone(*shape)
    plan(PlanOptions.from_mapping(_options(*before)))
    after = plan(PlanOptions.from_mapping(_options(*shape))).rounds
    assert after == alone
    # And once more after itself: nothing it cached changes its own next plan.
    assert plan(PlanOptions.from_mapping(_options(*shape))).rounds == alone
