"""Offline search for the seating core's shipped base rounds:
``.venv/bin/python scripts/seating_base_rounds.py [--shape 32:10:3:2 ...] [--seconds 600]``.

A base round of the cyclic construction over Z_m x {0..k-1} plus f fixed players
(``designs._develop``) gives m rounds without a repeated meeting when no difference class is
used twice in it. For the fields the live search does not close (32 x 9-10, 36 x 10-11,
44 x 12, 48 x 14-15; none found yet for 32 x 10) this script searches such base rounds
exhaustively, with restarts, and writes them to
``tournament/seating/core/data/base_rounds.json``; ``shipped.py`` develops them at plan time
and relabels the players by the seed. Only base rounds found here are shipped: no
published schedule is copied.

The search: every 4-set of points whose six pairs use six different, allowed classes is a
row (a bit mask over points and classes); the point with the fewest rows left is covered
first, by each of its rows in an order drawn from the restart's seed, and every choice
filters the rows of the open points (forward checking); short restarts, as the runs are
heavy-tailed. Within-orbit
difference m/2 (even m) would meet twice in m rounds and is never used.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.seating.core.designs import _BaseRound, _develop
from tournament.seating.core.metrics import pair_meetings
from tournament.seating.core.shipped import DATA_FILE

# (players, m, k, f), k*m + f = players: m repeat-free rounds; the 3-day EMA events of
# 32-48 players (32 x 9-10, 36 x 10-11, 44 x 12, 48 x 14-15) where the live search left 29-108
# repeated meetings and schedules with none exist.
SHAPES = [
    (32, 9, 3, 5),
    (32, 10, 3, 2),
    (36, 10, 3, 6),
    (36, 11, 3, 3),
    (44, 13, 3, 5),
    (48, 14, 3, 6),
    (48, 15, 3, 3),
]


def candidate_rows(m: int, k: int, f: int) -> tuple[int, dict[int, list[int]]]:
    """The number of points and, for each point, the masks of the rows holding it."""
    fin = k * m
    probe = _BaseRound.__new__(_BaseRound)
    probe.m, probe.k, probe.f = m, k, f
    half = {a * m + m // 2 for a in range(k)} if m % 2 == 0 else set()
    points = fin + f
    by_point: dict[int, list[int]] = {p: [] for p in range(points)}

    def add(block: tuple[int, ...]) -> None:
        classes = [probe.klass(x, y) for i, x in enumerate(block) for y in block[i + 1 :]]
        if len(set(classes)) < 6 or half.intersection(classes):
            return
        mask = 0
        for x in block:
            mask |= 1 << x
        for c in classes:
            mask |= 1 << (points + c)
        for x in block:
            by_point[x].append(mask)

    for a in range(fin):
        for b in range(a + 1, fin):
            for c in range(b + 1, fin):
                for j in range(f):
                    # Translates of a base round are base rounds: the first fixed player's
                    # table may be taken to hold point 0.
                    if j or a == 0:
                        add((fin + j, a, b, c))
                for d in range(c + 1, fin):
                    add((a, b, c, d))
    return points, by_point


def search(seed: int, budget: int, prepared) -> list[list[int]] | None:
    """Rows covering every point once, sharing no class: the point with the fewest rows
    left is covered first, and every choice filters the rows of all open points (forward
    checking: a point left without rows ends the branch at once)."""
    points, by_point = prepared
    rng = random.Random(seed)
    start = {p: rng.sample(rows, len(rows)) for p, rows in by_point.items()}
    chosen: list[int] = []
    nodes = 0

    def extend(candidates: dict[int, list[int]]) -> bool:
        nonlocal nodes
        nodes += 1
        if not candidates:
            return True
        if nodes > budget:
            return False
        point = min(candidates, key=lambda p: len(candidates[p]))
        for row in candidates[point]:
            narrowed = {}
            for p, rows in candidates.items():
                if row >> p & 1:
                    continue
                left = [r for r in rows if not r & row]
                if not left:
                    break
                narrowed[p] = left
            else:
                chosen.append(row)
                if extend(narrowed):
                    return True
                chosen.pop()
            if nodes > budget:
                return False
        return False

    found = extend(start)
    search.nodes = nodes  # type: ignore[attr-defined]
    if not found:
        return None
    return [[x for x in range(points) if row >> x & 1] for row in chosen]


def check(base: list[list[int]], m: int, k: int) -> int:
    """Repeated meetings of the m developed rounds (0 for a valid base round)."""
    return sum(n - 1 for n in pair_meetings(_develop(base, m, k, m)).values() if n > 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shape", action="append", help="players:m:k:f, e.g. 32:10:3:2")
    parser.add_argument("--seconds", type=float, default=600, help="per shape")
    parser.add_argument("--budget", type=int, default=2_000, help="nodes per restart")
    args = parser.parse_args()
    shapes = list(SHAPES)
    if args.shape:
        shapes = [tuple(int(x) for x in text.split(":")) for text in args.shape]
    data = json.loads(DATA_FILE.read_text()) if DATA_FILE.exists() else {}
    for players, m, k, f in shapes:
        assert k * m + f == players
        entries = data.setdefault(str(players), [])
        if any(e["m"] == m for e in entries):
            print(f"{players}: m={m} already shipped", flush=True)
            continue
        prepared = candidate_rows(m, k, f)
        started = time.monotonic()
        seed = 0
        while time.monotonic() - started < args.seconds:
            base = search(seed, args.budget, prepared)
            if base is not None:
                assert check(base, m, k) == 0
                entries.append({"m": m, "k": k, "f": f, "seed": seed, "base": base})
                entries.sort(key=lambda e: e["m"])
                print(f"{players}: m={m} k={k} f={f} found, seed {seed}", flush=True)
                DATA_FILE.parent.mkdir(exist_ok=True)
                DATA_FILE.write_text(json.dumps(data, sort_keys=True) + "\n")
                break
            seed += 1
        else:
            print(f"{players}: m={m} k={k} f={f} none in {args.seconds:.0f} s", flush=True)


if __name__ == "__main__":
    main()
