"""Seating quality and speed: ``python benchmarks/bench_seating.py [--quick | --cases 40x8]``.

For each field size and number of rounds: the plan's repeated meetings, repeated table visits,
largest wind imbalance and time; then a simulated Swiss event (round 1 from the plan, later
rounds by ``swiss`` on standings that evolve with random results) with its repeated meetings,
mean rank spread over rounds 2 on (3 = pure rank order) and time. One core, no parallelism.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.seating.core import PlanOptions, SwissOptions, plan, swiss
from tournament.seating.core.metrics import (
    max_wind_imbalance,
    repeated_meetings,
    repeated_table_visits,
)

FULL = [(n, r) for n in (40, 80, 160, 400) for r in (8, 10, 12)]
QUICK = [(40, 8), (80, 10), (160, 8), (400, 12)]


def hanchan_scores(rng: random.Random, table: list[int]) -> dict[int, float]:
    """One game's result in points (thousands): zero-sum table points, then the uma of the
    placing (+15/+5/-5/-15)."""
    raw = [rng.gauss(0, 15) for _ in table]
    mean = sum(raw) / len(raw)
    placing = sorted(range(len(table)), key=lambda i: -raw[i])
    out = {}
    for place, i in enumerate(placing):
        out[table[i]] = raw[i] - mean + (15, 5, -5, -15)[place]
    return out


def simulate_swiss(players: int, rounds: int, seed: int) -> tuple[int, int, float, float]:
    """A Swiss event: round 1 from ``plan``, then each round seated by ``swiss`` on the
    standings so far. Results are drawn per game (see ``hanchan_scores``); standings evolve
    from the accumulated scores, as in a real event."""
    rng = random.Random(seed)
    first = plan(PlanOptions.from_mapping({"players": players, "rounds": 1, "seed": seed}))
    history = [first.rounds[0]]
    score = [0.0] * players
    spreads = []
    started = time.perf_counter()
    for _ in range(1, rounds):
        for table in history[-1]:
            for p, points in hanchan_scores(rng, table).items():
                score[p] += points
        standings = sorted(range(players), key=lambda p: -score[p])
        result = swiss(
            SwissOptions.from_mapping(
                {"players": players, "standings": standings, "history": history, "seed": seed}
            )
        )
        history.append(result.round)
        spreads.append(result.rank_spread)
    elapsed = time.perf_counter() - started
    return (
        repeated_meetings(history),
        repeated_table_visits(history),
        sum(spreads) / len(spreads),
        elapsed,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"only {QUICK}")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-swiss", action="store_true", help="plans only")
    parser.add_argument(
        "--cases",
        help="only these field sizes, e.g. 40x8,160x12 (players x rounds, comma-separated)",
    )
    args = parser.parse_args()
    cases = QUICK if args.quick else FULL
    if args.cases:
        cases = [(int(n), int(r)) for n, r in (c.split("x") for c in args.cases.split(",") if c)]
    header = (
        f"{'players':>7} {'rounds':>6} | {'rep.meet':>8} {'rep.tab':>7} {'wind':>4} "
        f"{'plan s':>7} | {'sw.meet':>7} {'sw.tab':>6} {'spread':>6} {'swiss s':>7}"
    )
    print(header)
    print("-" * len(header))
    forty: int | None = None
    for players, rounds in cases:
        started = time.perf_counter()
        result = plan(
            PlanOptions.from_mapping({"players": players, "rounds": rounds, "seed": args.seed})
        )
        plan_time = time.perf_counter() - started
        line = (
            f"{players:>7} {rounds:>6} | {repeated_meetings(result.rounds):>8} "
            f"{repeated_table_visits(result.rounds):>7} {max_wind_imbalance(result.rounds):>4} "
            f"{plan_time:>7.2f} |"
        )
        if not args.no_swiss:
            meet, tab, spread, swiss_time = simulate_swiss(players, rounds, args.seed)
            line += f" {meet:>7} {tab:>6} {spread:>6.2f} {swiss_time:>7.2f}"
        print(line, flush=True)
        if (players, rounds) == (40, 8):
            forty = repeated_table_visits(result.rounds)
    if forty is not None:
        print(f"40 players x 8 rounds (10 tables): {forty} repeated table visits (best known ~20)")


if __name__ == "__main__":
    main()
