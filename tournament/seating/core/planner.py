"""``plan``: a whole tournament's seating in advance, or the re-planning of its rest.

Order of work, following the order of importance of issue #8:

1. groups: a construction (``designs``) when one exists for the player count and rounds,
   otherwise a greedy round-by-round fill; either way relabelled by the seed;
2. physical tables: a matching per round (``tables``) - except for a construction whose
   groups come already on tables that nobody visits twice (``difference_schedule``, else
   ``tabled_schedule``), tried first for every fresh plan of at most as many rounds as
   tables: it is exact and immediate where the search below is neither;
3. a joint tabu search over groups and tables (``search``) removes repeated meetings first,
   then repeated table visits;
4. seat winds: an equitable colouring (``winds``), balanced over played rounds as well.

Re-planning (withdrawal, late registration, substitute) is the same call with ``history``
(played rounds, kept as they are) and ``active`` (who is seated from now on). When
withdrawals leave an active field that is not a multiple of four, the players left over sit
out each new round, chosen among those who sat out least (``_seated_by_round``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from .designs import construct, difference_schedule, max_repeat_free_rounds, tabled_schedule
from .metrics import SeatingQuality, quality
from .options import PlanOptions
from .search import Progress, SeatingState, improve, reassign_tables, rematch_rounds
from .tables import assign_tables
from .winds import balanced_winds, polish_winds

Grid = list[list[list[int]]]

# Passes of the table re-assignment search (each one Hungarian assignment per round).
REASSIGN_PASSES = 250
REASSIGN_RESTARTS = 5


@dataclass(frozen=True)
class PlanResult:
    rounds: Grid
    quality: SeatingQuality


def _greedy_round(
    active: list[int],
    met: set[tuple[int, int]],
    fixed: dict[int, int],
    rng: random.Random,
) -> list[list[int]]:
    """Groups of four for one round, each new member the first found who met nobody there."""
    by_table: dict[int, list[int]] = {}
    for p in active:
        if p in fixed:
            by_table.setdefault(fixed[p], []).append(p)
    groups = [by_table[t] for t in sorted(by_table)]
    pool = [p for p in active if p not in fixed]
    rng.shuffle(pool)
    while pool or any(len(g) < 4 for g in groups):
        open_groups = [g for g in groups if len(g) < 4]
        if open_groups:
            group = open_groups[0]
        else:
            group = [pool.pop()]
            groups.append(group)
        best_i, best_conflicts = 0, 5
        for i, q in enumerate(pool):
            conflicts = sum((min(p, q), max(p, q)) in met for p in group)
            if conflicts < best_conflicts:
                best_i, best_conflicts = i, conflicts
                if conflicts == 0:
                    break
        group.append(pool.pop(best_i))
    for g in groups:
        for i, p in enumerate(g):
            for q in g[:i]:
                met.add((min(p, q), max(p, q)))
    return groups


def _constructed_groups(
    active: list[int], rounds: int, fixed: dict[int, int], rng: random.Random
) -> list[list[list[int]]]:
    """As many rounds as a construction gives, relabelled at random; [] if none fits."""
    count = min(rounds, max_repeat_free_rounds(len(active)))
    design = construct(len(active), count) if count > 1 else None
    if design is None:
        return []
    for _ in range(50):
        label = list(active)
        rng.shuffle(label)
        groups = [[[label[x] for x in g] for g in rnd] for rnd in design]
        # Two players fixed to different tables cannot share a group: draw another labelling.
        clash = any(len({fixed[p] for p in g if p in fixed}) > 1 for rnd in groups for g in rnd)
        if not clash:
            rng.shuffle(groups)
            return groups
    return []


def _tabled_rounds(active: list[int], rounds: int, tables: int, rng: random.Random) -> Grid | None:
    """A construction that comes with its tables, relabelled at random (players, order of
    rounds, tables), or None: the difference-matrix schedule, else the tabled cyclic one."""
    design = difference_schedule(len(active), rounds) or tabled_schedule(len(active), rounds)
    if design is None:
        return None
    label = list(active)
    rng.shuffle(label)
    # The same physical table for design table i in every round keeps the no-repeat property.
    where = rng.sample(range(tables), len(design[0]))
    grid: Grid = []
    for rnd in design:
        row: list[list[int]] = [[] for _ in range(tables)]
        for i, g in enumerate(rnd):
            row[where[i]] = [label[x] for x in g]
        grid.append(row)
    rng.shuffle(grid)
    return grid


def _seated_by_round(
    active: list[int], history: Grid, new_rounds: int, fixed: dict[int, int], rng: random.Random
) -> list[list[int]]:
    """Who plays in each new round. All active players when they fill tables of four;
    otherwise the len(active) % 4 players who sat out least so far (played rounds included,
    so a late entry who missed rounds plays first) sit out, ties drawn by the seed, a player
    fixed to a table last - as EMA events hand out byes."""
    if len(active) % 4 == 0:
        return [list(active) for _ in range(new_rounds)]
    out_count = dict.fromkeys(active, 0)
    for rnd in history:
        seated = {p for table in rnd for p in table}
        for p in active:
            out_count[p] += p not in seated
    byes = len(active) % 4
    rounds = []
    for _ in range(new_rounds):
        tie = {p: rng.random() for p in active}
        out = sorted(active, key=lambda p: (out_count[p], p in fixed, tie[p]))[:byes]
        for p in out:
            out_count[p] += 1
        rounds.append([p for p in active if p not in out])
    return rounds


def plan(options: PlanOptions, progress: Progress | None = None) -> PlanResult:
    """Seat every round of ``options``; the same options (seed included) give the same plan."""
    rng = random.Random(options.seed)
    deadline = time.monotonic() + options.time_limit if options.time_limit else None
    history: Grid = [[list(t) for t in rnd] for rnd in options.history]
    active = list(options.active)
    tables = options.tables
    assert tables is not None and tables * 4 >= len(active) - len(active) % 4
    new_rounds = options.rounds - len(history)
    fixed = options.fixed
    seated = _seated_by_round(active, history, new_rounds, fixed, rng)

    met: set[tuple[int, int]] = set()
    used: dict[int, set[int]] = {}
    for rnd in history:
        for t, table in enumerate(rnd):
            for i, p in enumerate(table):
                used.setdefault(p, set()).add(t)
                for q in table[:i]:
                    met.add((min(p, q), max(p, q)))

    placed: Grid | None = None
    if not history and not fixed and len(active) % 4 == 0:
        placed = _tabled_rounds(active, new_rounds, tables, rng)
    if placed is None:
        groups: list[list[list[int]]] = []
        if not history and new_rounds > 0 and len(active) % 4 == 0:
            groups = _constructed_groups(active, new_rounds, fixed, rng)
            for rnd in groups:
                for g in rnd:
                    for i, p in enumerate(g):
                        for q in g[:i]:
                            met.add((min(p, q), max(p, q)))
        while len(groups) < new_rounds:
            groups.append(_greedy_round(seated[len(groups)], met, fixed, rng))
        placed = assign_tables(groups, tables, used, fixed, rng)

    state = SeatingState(options.players, tables, history + placed, len(history), fixed)
    steps = options.effort * (4000 + 60 * len(active) * max(new_rounds, 1))

    def phase(start: int, share: int) -> Progress | None:
        # The web app's progress bar sees one 0..100 scale over the search phases.
        if progress is None:
            return None
        return lambda done, total: progress(start + share * done // max(total, 1), 100)

    grid = improve(state, rng, steps, deadline, phase(0, 60), meetings_only=True)
    state = SeatingState(options.players, tables, grid, len(history), fixed)
    grid = improve(state, rng, steps // 2, deadline, phase(60, 30))
    if state.cost > 0:
        # Polish the table assignment of the best grid by re-matching whole rounds, then let
        # the tabu search continue from there; keep whichever is better.
        state = SeatingState(options.players, tables, grid, len(history), fixed)
        best_cost = state.cost
        for _ in range(2):
            rematch_rounds(state, rng, passes=10)
            again = improve(state, rng, steps // 4, deadline)
            state = SeatingState(options.players, tables, again, len(history), fixed)
            if state.cost < best_cost:
                grid, best_cost = again, state.cost
            if best_cost == 0:
                break
    state = SeatingState(options.players, tables, grid, len(history), fixed)
    if state.table_cost > 0:
        # Table repeats left: re-seat whole rounds on the tables by optimal assignments
        # (groups, hence meetings, unchanged).
        # Independent restarts from the same grid: the search's end depends much on its first
        # moves, so several short runs beat one long one (measured on 40 x 8).
        best_cost = state.cost
        start = grid
        for _ in range(REASSIGN_RESTARTS):
            state = SeatingState(options.players, tables, start, len(history), fixed)
            again = reassign_tables(state, rng, passes=options.effort * REASSIGN_PASSES)
            cost = SeatingState(options.players, tables, again, len(history), fixed).cost
            if cost < best_cost:
                grid, best_cost = again, cost
            if best_cost == 0:
                break
    if progress is not None:
        progress(100, 100)

    if history:
        fresh = balanced_winds(grid[len(history) :], options.players, rng)
        grid = polish_winds(history + fresh, len(history), options.players)
    else:
        grid = balanced_winds(grid, options.players, rng)
    return PlanResult(rounds=grid, quality=quality(grid, exclude_from_tables=fixed))
