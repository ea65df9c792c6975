"""Seating quality and speed: ``python benchmarks/bench_seating.py [--quick | --cases 40x8]``.

``--issue17`` prints what issue 17 asks for: the sweep of every field 16..120 players (step 4)
x 4..min(tables, 12) sessions with the worst case of each figure and the total time, the Swiss
figures at 40 x 8 and 160 x 8 as means over result seeds 1..5, and the re-planning case.
Times are CPU seconds of this process (``time.process_time``): the machine is shared, and
wall-clock times there measure the neighbours as much as the planner.

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


def simulate_swiss(
    players: int, rounds: int, seed: int
) -> tuple[int, int, float, float, int, float]:
    """A Swiss event: round 1 from ``plan``, then each round seated by ``swiss`` on the
    standings so far. Results are drawn per game (see ``hanchan_scores``); standings evolve
    from the accumulated scores, as in a real event."""
    rng = random.Random(seed)
    first = plan(PlanOptions.from_mapping({"players": players, "rounds": 1, "seed": seed}))
    history = [first.rounds[0]]
    score = [0.0] * players
    spreads = []
    slowest = 0.0
    started = time.process_time()
    for _ in range(1, rounds):
        for table in history[-1]:
            for p, points in hanchan_scores(rng, table).items():
                score[p] += points
        standings = sorted(range(players), key=lambda p: -score[p])
        one = time.process_time()
        result = swiss(
            SwissOptions.from_mapping(
                {"players": players, "standings": standings, "history": history, "seed": seed}
            )
        )
        slowest = max(slowest, time.process_time() - one)
        history.append(result.round)
        spreads.append(result.rank_spread)
    elapsed = time.process_time() - started
    return (
        repeated_meetings(history),
        repeated_table_visits(history),
        sum(spreads) / len(spreads),
        elapsed,
        max_wind_imbalance(history),
        slowest,
    )


def sweep(seeds: list[int], top: int = 120) -> None:
    """Every field from 16 to ``top`` players (step 4) and every session count from 4 to
    min(tables, 12): one plan per size and seed; the worst case of each figure, the total
    time, and every size whose plan repeats (tables equal to sessions listed apart: there a
    repeat may be unavoidable)."""
    cases = [(n, r) for n in range(16, top + 1, 4) for r in range(4, min(n // 4, 12) + 1)]
    worst: dict[str, tuple[float, str]] = {}
    misses: list[str] = []
    equal: list[str] = []
    total = 0.0

    def note(name: str, value: float, where: str) -> None:
        if name not in worst or value > worst[name][0]:
            worst[name] = (value, where)

    for n, r in cases:
        for seed in seeds:
            started = time.process_time()
            result = plan(PlanOptions.from_mapping({"players": n, "rounds": r, "seed": seed}))
            took = time.process_time() - started
            total += took
            where = f"{n} x {r} seed {seed}"
            meet = repeated_meetings(result.rounds)
            tab = repeated_table_visits(result.rounds)
            note("repeated meetings", meet, where)
            note("max wind imbalance", max_wind_imbalance(result.rounds), where)
            note("plan seconds", took, where)
            if r < n // 4:
                note("repeated table visits (tables > sessions)", tab, where)
                if tab or meet:
                    misses.append(f"{where}: {meet} meetings, {tab} tables")
            else:
                note("repeated table visits (tables = sessions)", tab, where)
                equal.append(f"{where}: {tab}")
    print(f"sweep: {len(cases)} sizes x {len(seeds)} seeds, 16..{top} players, 4..12 sessions")
    for name, (value, where) in worst.items():
        shown = f"{value:.2f}" if isinstance(value, float) else str(value)
        print(f"  worst {name}: {shown} ({where})")
    print(f"  total time {total:.1f} CPU s")
    print(
        f"  tables > sessions with a repeat: {len(misses)}" + "".join(f"\n    {m}" for m in misses)
    )
    print("  tables = sessions, repeated table visits: " + ", ".join(equal))


def swiss_means(sizes: list[tuple[int, int]], seeds: list[int]) -> None:
    """Swiss events per size over several result seeds: worst repeats and winds, mean spread
    (a single seed moves it by about 0.4), mean and worst time of one round."""
    for players, rounds in sizes:
        rows = [simulate_swiss(players, rounds, seed) for seed in seeds]
        meet = max(r[0] for r in rows)
        tab = max(r[1] for r in rows)
        wind = max(r[4] for r in rows)
        spread = sum(r[2] for r in rows) / len(rows)
        per_round = sum(r[3] for r in rows) / len(rows) / (rounds - 1)
        print(
            f"swiss {players} x {rounds}, seeds {seeds}: worst repeated meetings {meet}, "
            f"worst repeated tables {tab}, worst wind imbalance {wind}, "
            f"mean rank spread {spread:.2f} (per seed {[round(r[2], 2) for r in rows]}), "
            f"{per_round:.2f} s a round (slowest round {max(r[5] for r in rows):.2f} s)",
            flush=True,
        )


def replan(seeds: list[int]) -> None:
    """Re-planning mid-event: 40 x 8 planned, two players leave after session 3, the other 38
    re-planned for sessions 4..8 (two sit out each session, the byes going to those who sat
    out least). Figures over the whole event."""
    for seed in seeds:
        full = plan(PlanOptions.from_mapping({"players": 40, "rounds": 8, "seed": seed}))
        played = full.rounds[:3]
        gone = set(random.Random(seed).sample(range(40), 2))
        active = [p for p in range(40) if p not in gone]
        started = time.process_time()
        result = plan(
            PlanOptions.from_mapping(
                {"players": 40, "rounds": 8, "seed": seed, "history": played, "active": active}
            )
        )
        took = time.process_time() - started
        rest = result.rounds[3:]
        games = {p: sum(p in t for rnd in rest for t in rnd) for p in active}
        print(
            f"replan 40 x 8, players {sorted(gone)} leave after session 3, seed {seed}: "
            f"repeated meetings {repeated_meetings(result.rounds)}, "
            f"repeated table visits {repeated_table_visits(result.rounds)}, "
            f"max wind imbalance {max_wind_imbalance(result.rounds)}, "
            f"sessions 4-8 played per player {min(games.values())}..{max(games.values())}, "
            f"{took:.2f} s",
            flush=True,
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
    parser.add_argument(
        "--sweep", action="store_true", help="every field 16..120 players x 4..12 sessions"
    )
    parser.add_argument("--sweep-top", type=int, default=120, help="largest field of the sweep")
    parser.add_argument("--seeds", default="5,11", help="plan seeds of the sweep")
    parser.add_argument(
        "--swiss-means",
        help="Swiss events over result seeds 1..5 (or --swiss-seeds), e.g. 40x8,160x8",
    )
    parser.add_argument("--swiss-seeds", default="1,2,3,4,5")
    parser.add_argument(
        "--replan", action="store_true", help="40 x 8, two players leave after session 3"
    )
    parser.add_argument(
        "--issue17", action="store_true", help="--sweep --swiss-means 40x8,160x8 --replan"
    )
    args = parser.parse_args()
    if args.issue17:
        args.sweep, args.replan = True, True
        args.swiss_means = args.swiss_means or "40x8,160x8"
    if args.sweep:
        sweep([int(s) for s in args.seeds.split(",")], args.sweep_top)
    if args.swiss_means:
        sizes = [(int(n), int(r)) for n, r in (c.split("x") for c in args.swiss_means.split(","))]
        swiss_means(sizes, [int(s) for s in args.swiss_seeds.split(",")])
    if args.replan:
        replan([int(s) for s in args.swiss_seeds.split(",")])
    if args.sweep or args.swiss_means or args.replan:
        return
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
            meet, tab, spread, swiss_time, _, _ = simulate_swiss(players, rounds, args.seed)
            line += f" {meet:>7} {tab:>6} {spread:>6.2f} {swiss_time:>7.2f}"
        print(line, flush=True)
        if (players, rounds) == (40, 8):
            forty = repeated_table_visits(result.rounds)
    if forty is not None:
        print(f"40 players x 8 rounds (10 tables): {forty} repeated table visits (best known ~20)")


if __name__ == "__main__":
    main()
