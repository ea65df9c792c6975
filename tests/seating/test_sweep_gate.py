"""The regression gate of the seating core: at the gate's shapes of
``benchmarks/bench_seating.py`` (``GATE_SWEEP``: one or two shapes of 16-40 players x 4-8
sessions per field size and kind of schedule, and the larger shapes compared with the World
Riichi Championship's schedules; ``--quick-sweep`` compares all 54) no figure recorded in
``benchmarks/seating_baseline.json`` may get worse: repeated meetings, table visits over
ceil(sessions / tables), the most visits to one table, repeated table visits, the fewest
indirect meetings, the wind spread. Plans are deterministic
(seed 1, step budgets, no time limit), so a figure moves only when the code does. Seconds are
printed by the benchmark, not gated here (CPU time on a shared machine moves with its
neighbours)."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_seating.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_seating", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_quick_shape_is_recorded():
    bench = _bench()
    recorded = bench.load_baseline()
    assert set(bench.GATE_SWEEP) <= set(bench.QUICK_SWEEP)
    missing = [f"{n}x{r}" for n, r in bench.QUICK_SWEEP if f"{n}x{r}" not in recorded]
    assert not missing, f"shapes without recorded figures: {missing}"
    for key, figures in recorded.items():
        assert set(bench.FIGURES) <= set(figures), key


def test_compare_tells_better_from_worse():
    bench = _bench()
    then = dict.fromkeys(bench.FIGURES, 2)
    assert set(bench.compare(then, then).values()) == {0}
    now = {**then, "repeated_meetings": 3, "min_indirect_meetings": 3, "wind_spread": 1}
    verdict = bench.compare(now, then)
    assert verdict["repeated_meetings"] == 1  # more repeats: worse
    assert verdict["min_indirect_meetings"] == -1  # more indirect meetings: better
    assert verdict["wind_spread"] == -1
    assert verdict["max_table_visits"] == 0


def test_quick_sweep_no_figure_worse_than_recorded():
    bench = _bench()
    out = io.StringIO()
    worse = bench.gate(bench.GATE_SWEEP, seed=1, out=out)
    assert not worse, (
        "figures worse than recorded (shape: {figure: recorded}): "
        + str(worse)
        + "\n"
        + out.getvalue()
    )


def test_reference_counts_side_by_side():
    """The sweep's counts against the WRC's schedules: fewer indirect meetings is worse, more
    repeated meetings is worse, a shape not measured is not counted."""
    bench = _bench()
    measured = {
        "20x6": {"min_indirect_meetings": 13, "repeated_meetings": 0},
        "32x10": {"min_indirect_meetings": 30, "repeated_meetings": 51},
    }
    reference = {
        "20x6": {"min_indirect_meetings": 15},
        "32x10": {"repeated_meetings": 0, "min_indirect_meetings": 30},
        "64x7": {"min_indirect_meetings": 6},
    }
    counts = bench.reference_counts(measured, reference)
    assert counts["min_indirect_meetings"] == [[], ["32x10"], ["20x6"]]
    assert counts["repeated_meetings"] == [[], [], ["32x10"]]
    assert set(bench.load_reference()) >= {"32x10", "64x12"}
