"""Re-planning the remaining rounds from the seating they have now.

After a withdrawal the remaining rounds of a plan without repeats are one player short; a
plan drawn afresh around the played rounds (:func:`.planner.plan` with ``history``) loses the
design the first plan came from and, measured at 32 players x 7 rounds with 3 played, ends
with 1 repeated meeting and 26 repeated table visits. The seating the remaining rounds have
now is a far better start: its newcomers (a reserve, a late entry) take the empty seats, and
the same searches as the planner's remove the few repeats that causes (a reserve who played
as a substitute meets again whom he met then). Both are computed; the better one is kept
(fewest team-mates together, then repeated meetings, repeated table visits, wind imbalance),
so re-planning never does worse than a fresh plan.

Pure Python, no Django. ``python -m tournament.seating.core.replan`` reads
``{"options": <the plan input>, "start": <the remaining rounds now>}`` on stdin and prints
the rounds, so a re-plan is as reproducible as a plan.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence

from .errors import SeatingError
from .metrics import quality
from .options import PlanOptions
from .planner import REASSIGN_PASSES, PlanResult, _all_teams, _check_apart, _teams, plan
from .search import (
    Progress,
    SeatingState,
    improve,
    reassign_tables,
    rematch_rounds,
)
from .winds import balanced_winds, polish_winds, winds_after_history

Grid = list[list[list[int]]]


def replan(
    options: PlanOptions,
    start: Sequence[Sequence[Sequence[int]]] | None,
    progress: Progress | None = None,
) -> PlanResult:
    """The remaining rounds of ``options`` planned afresh and repaired from ``start`` (one
    round per remaining round, tables by index, players in seat order; a table may be short
    of players or empty); the better of the two. Without a usable start: the fresh plan."""
    fresh = plan(options, progress)
    repaired = _repaired(options, start) if start is not None else None
    if repaired is None:
        return fresh
    teams = _all_teams(options)
    history = len(options.history)
    if _rank(repaired, options, teams, history) < _rank(fresh.rounds, options, teams, history):
        return PlanResult(
            rounds=repaired, quality=quality(repaired, exclude_from_tables=options.fixed)
        )
    return fresh


def _rank(
    grid: Grid, options: PlanOptions, teams: list[list[int]], history: int
) -> tuple[int, int, int, int]:
    figures = quality(grid, exclude_from_tables=options.fixed)
    together = sum(
        1
        for rnd in grid[history:]
        for table in rnd
        for team in teams
        if len(set(team) & set(table)) > 1
    )
    return (
        together,
        figures.repeated_meetings,
        figures.repeated_table_visits,
        figures.max_wind_imbalance,
    )


def filled_start(options: PlanOptions, start: Sequence[Sequence[Sequence[int]]]) -> Grid | None:
    """The start with players no longer active taken out and the newcomers in the empty
    seats (round by round, in index order); None when it cannot serve as a start: another
    number of rounds, a field that is no longer a multiple of four (byes: the planner decides
    who sits out), more empty seats than newcomers, or a fixed player off his table."""
    tables = options.tables or 0
    remaining = options.rounds - len(options.history)
    active = list(options.active)
    if len(start) != remaining or len(active) % 4 or len(active) > 4 * tables:
        return None
    wanted = set(active)
    grid: Grid = []
    for rnd in start:
        if len(rnd) > tables:
            return None
        row = [[p for p in table if p in wanted] for table in rnd]
        row += [[] for _ in range(tables - len(row))]
        seated = [p for table in row for p in table]
        if len(seated) != len(set(seated)):
            return None
        newcomers = [p for p in active if p not in set(seated)]
        # Empty seats of the tables in use first, then whole tables nobody uses.
        for table in sorted((t for t in row if t), key=len):
            while len(table) < 4 and newcomers:
                table.append(newcomers.pop(0))
        for table in row:
            while not table and len(newcomers) >= 4:
                table.extend(newcomers[:4])
                del newcomers[:4]
        if newcomers or any(0 < len(table) < 4 for table in row):
            return None
        if any(
            p in options.fixed and options.fixed[p] != t for t, tb in enumerate(row) for p in tb
        ):
            return None
        grid.append(row)
    return grid


def _repaired(options: PlanOptions, start: Sequence[Sequence[Sequence[int]]]) -> Grid | None:
    placed = filled_start(options, start)
    if placed is None:
        return None
    rng = random.Random(options.seed)
    history: Grid = [[list(t) for t in rnd] for rnd in options.history]
    tables = options.tables or 0
    teams = _all_teams(options)
    frozen = len(history)

    def state_of(grid: Grid) -> SeatingState:
        return SeatingState(options.players, tables, grid, frozen, options.fixed, teams)

    grid = history + placed
    if state_of(grid).cost == 0:
        return _winds(options, history, placed, rng)
    # Meetings and tables together from the start: a first phase on meetings alone (the
    # planner's) wanders off the first plan's table rotation (measured at 32 x 7 with a
    # substitute reserve: 0 repeated meetings but 22-25 repeated table visits).
    steps = options.effort * (4000 + 60 * len(options.active) * max(len(placed), 1))
    grid = improve(state_of(grid), rng, steps)
    state = state_of(grid)
    if state.table_cost > 0:
        # The planner's own polish: rounds re-matched to tables (meetings unchanged).
        best_cost = state.cost
        rematch_rounds(state, rng, passes=10)
        again = reassign_tables(state, rng, passes=options.effort * REASSIGN_PASSES)
        if state_of(again).cost < best_cost:
            grid = again
    return _winds(options, history, grid[frozen:], rng)


def _winds(options: PlanOptions, history: Grid, new: Grid, rng: random.Random) -> Grid | None:
    """The seat orders, as the planner sets them; None when team-mates are left together."""
    try:
        _check_apart(new, _teams(options), options.apart)
    except SeatingError:
        return None  # the fresh plan answers (or says why it cannot)
    if history:
        seated = winds_after_history(history, new) or balanced_winds(new, options.players, rng)
        return polish_winds(history + seated, len(history), options.players)
    return balanced_winds(new, options.players, rng)


def main() -> None:
    data = json.load(sys.stdin)
    result = replan(PlanOptions.from_mapping(data["options"]), data.get("start"))
    json.dump({"rounds": result.rounds, "quality": result.quality.as_dict()}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
