"""``plan``: a whole tournament's seating in advance, or the re-planning of its rest.

Order of work, in the order of what matters most to players (no opponent twice, then no
table twice, then balanced winds):

1. groups: a base round shipped as data (``shipped``, searched offline for the fields the
   live constructions do not close) or a construction (``designs``) when one exists for the
   player count and rounds, otherwise a greedy round-by-round fill; either way relabelled by
   the seed;
2. physical tables: a matching per round (``tables``) - except for a construction whose
   groups come already on tables that nobody visits twice (``difference_schedule``, else
   ``tabled_schedule``, else ``orbit_schedule``), tried first for every fresh plan of at
   most as many rounds as tables: it is exact and immediate where the search below is
   neither;
3. a joint tabu search over groups and tables (``search``) removes repeated meetings first
   (table visits beyond ceil(rounds / tables) a tie-break), then, the groups kept unless a
   move lowers the whole cost, the table visits under a convex cost (``visit_costs``: nobody
   at one table more than the bound + 1 where that can be had, then the fewest visits beyond
   the bound, then the fewest returns), with optimal per-round table assignments last;
4. seat winds: an equitable colouring (``winds``), balanced over played rounds as well.

Team-mates kept apart (``apart``) are a hard constraint on the new rounds: a construction's
slots are given to the players so that each team lands on slots that never share a table
(``designs.apart_labelling``), so its quality is kept; the greedy fill treats team-mates as
already met, and the search weighs them above any repeat. A plan that still seats two
team-mates together is never answered: ``apart_impossible`` instead.

Re-planning (withdrawal, late registration, substitute) is the same call with ``history``
(played rounds, kept as they are) and ``active`` (who is seated from now on). When
withdrawals leave an active field that is not a multiple of four, the players left over sit
out each new round, chosen among those who sat out least (``_seated_by_round``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from .apart import soft_teams
from .designs import (
    Schedule,
    apart_labelling,
    construct,
    difference_schedule,
    max_repeat_free_rounds,
    orbit_schedule,
    tabled_schedule,
)
from .errors import SeatingError
from .metrics import SeatingQuality, quality
from .options import PlanOptions
from .search import (
    TIE_BREAK_WEIGHTS,
    VISIT_WEIGHTS,
    Progress,
    SeatingState,
    improve,
    reassign_tables,
    rematch_rounds,
)
from .shipped import shipped_schedule
from .tables import assign_tables
from .winds import balanced_winds, polish_winds, winds_after_history

Grid = list[list[list[int]]]

# Passes of the table re-assignment search (each one Hungarian assignment per round).
REASSIGN_PASSES = 250
REASSIGN_RESTARTS = 5
# Relabellings of a construction tried for teams kept apart (each a short backtracking).
APART_RESTARTS = 5
APART_NODES = 10_000


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


def _labelling(
    design: Schedule, active: list[int], teams: list[list[int]], rng: random.Random
) -> list[int]:
    """The player of each slot 0..len(active)-1 of ``design``: at random, except that each
    team takes slots that never share a table. When no such slots are found for every team
    (a complete schedule leaves too few: at 36 x 9 only the four classes of nine slots never
    meet, room for eight teams of four), as many teams as fit, largest first: the search then
    has only the others' few clashes to remove, and keeps most of the construction."""
    label = list(active)
    rng.shuffle(label)
    if not teams:
        return label
    ordered = sorted(teams, key=len, reverse=True)
    found: list[list[int]] | None = None
    for keep in range(len(ordered), 0, -1):
        for _ in range(APART_RESTARTS if keep == len(ordered) else 2):
            found = apart_labelling(design, len(active), ordered[:keep], rng, APART_NODES)
            if found is not None:
                break
        if found is not None:
            break
    if found is None:
        return label
    placed = ordered[: len(found)]
    in_team = {p for team in placed for p in team}
    rest = [p for p in label if p not in in_team]
    taken = {s for slots in found for s in slots}
    for team, slots in zip(placed, found, strict=True):
        for p, s in zip(team, slots, strict=True):
            label[s] = p
    for s in range(len(active)):
        if s not in taken:
            label[s] = rest.pop()
    return label


def _tabled_greedy_round(
    seated: list[int],
    tables: int,
    met: set[tuple[int, int]],
    used: dict[int, set[int]],
    rng: random.Random,
) -> list[list[int]]:
    """One new round of a re-planning, table by table: each physical table takes, four times,
    a player for whom it is new and who met nobody there, the one with the fewest new tables
    left first (the most constrained). Played rounds leave every player only a few new
    tables, so choosing groups and tables together starts the search nearer to a seating
    without repeated visits than groups matched to tables afterwards (40 x 8, 2 players
    leaving after session 3: 17-19 repeated visits at the end against 20-21). ``met`` and
    ``used`` are updated."""
    row: list[list[int]] = [[] for _ in range(tables)]
    pool = set(seated)

    def new_tables(p: int) -> int:
        return tables - len(used.get(p, ()))

    def fresh_to(p: int, table: list[int]) -> bool:
        return all((min(p, q), max(p, q)) not in met for q in table)

    order = list(range(tables))
    rng.shuffle(order)
    # The tables new to most of the round's players are the ones to use.
    order.sort(key=lambda t: -sum(t not in used.get(p, ()) for p in pool))
    for t in order[: len(seated) // 4]:
        for _ in range(4):
            candidates = [p for p in pool if t not in used.get(p, ()) and fresh_to(p, row[t])]
            if not candidates:
                candidates = [p for p in pool if fresh_to(p, row[t])] or list(pool)
            candidates.sort()
            rng.shuffle(candidates)
            chosen = min(candidates, key=new_tables)
            row[t].append(chosen)
            pool.discard(chosen)
    for t, table in enumerate(row):
        for i, p in enumerate(table):
            used.setdefault(p, set()).add(t)
            for q in table[:i]:
                met.add((min(p, q), max(p, q)))
    return row


def _constructed_groups(
    active: list[int],
    rounds: int,
    fixed: dict[int, int],
    rng: random.Random,
    teams: list[list[int]],
) -> list[list[list[int]]]:
    """As many rounds as a construction gives, relabelled at random (teams on slots that
    never meet); [] if none fits."""
    count = min(rounds, max_repeat_free_rounds(len(active)))
    # A base round shipped as data first (found offline where the live constructions do not
    # close: 32 x 9, 36 x 10-11, 44 x 12, 48 x 14-15), then the live constructions.
    design = (
        (shipped_schedule(len(active), count) or construct(len(active), count))
        if count > 1
        else None
    )
    if design is None:
        return []
    for _ in range(50):
        label = _labelling(design, active, teams, rng)
        groups = [[[label[x] for x in g] for g in rnd] for rnd in design]
        # Two players fixed to different tables cannot share a group: draw another labelling.
        clash = any(len({fixed[p] for p in g if p in fixed}) > 1 for rnd in groups for g in rnd)
        if not clash:
            rng.shuffle(groups)
            return groups
    return []


def _tabled_rounds(
    active: list[int], rounds: int, tables: int, rng: random.Random, teams: list[list[int]]
) -> Grid | None:
    """A construction that comes with its tables, relabelled at random (players, order of
    rounds, tables; teams on slots that never meet), or None: the difference-matrix schedule,
    else the tabled cyclic one, else the orbit schedule."""
    n = len(active)
    design = (
        difference_schedule(n, rounds) or tabled_schedule(n, rounds) or orbit_schedule(n, rounds)
    )
    if design is None:
        return None
    label = _labelling(design, active, teams, rng)
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


def _teams(options: PlanOptions) -> list[list[int]]:
    """The active members of each ``apart`` group (groups of one or none left out), after
    checking what makes a group impossible to keep apart before any search."""
    active = set(options.active)
    tables_in_use = len(active) // 4
    teams = []
    for k, group in enumerate(options.apart):
        members = [p for p in group if p in active]
        if len(members) > tables_in_use:
            raise SeatingError(
                "apart_impossible",
                group=k,
                players=list(group),
                detail=f"{len(members)} of them play and a round has only {tables_in_use} tables",
            )
        pinned: dict[int, int] = {}
        for p in members:
            if p in options.fixed:
                if options.fixed[p] in pinned:
                    raise SeatingError(
                        "apart_impossible",
                        group=k,
                        players=list(group),
                        detail=f"players {pinned[options.fixed[p]]} and {p} are both fixed to "
                        f"table {options.fixed[p]}",
                    )
                pinned[options.fixed[p]] = p
        if len(members) >= 2:
            teams.append(members)
    return teams


def _all_teams(options: PlanOptions, hard: list[list[int]] | None = None) -> list[list[int]]:
    """Team-mates and then the requests kept apart where the search can (``apart_soft``):
    the same teams to the construction and the search, but only team-mates are refused when
    they still meet (``_check_apart`` is given the first alone)."""
    hard = _teams(options) if hard is None else hard
    return hard + soft_teams(options.apart_soft, options.active, len(options.active) // 4)


def _check_apart(rounds: Grid, teams: list[list[int]], groups: Sequence[Sequence[int]]) -> None:
    """Refuse a seating of new rounds that puts two team-mates at one table (the search found
    nothing better): the hard constraint is never answered broken."""
    team_of = {p: k for k, team in enumerate(teams) for p in team}
    for r, rnd in enumerate(rounds):
        for table in rnd:
            for i, p in enumerate(table):
                for q in table[:i]:
                    if p in team_of and team_of.get(q) == team_of[p]:
                        k = next(k for k, g in enumerate(groups) if p in g)
                        raise SeatingError(
                            "apart_impossible",
                            group=k,
                            players=list(groups[k]),
                            detail=f"the search found no seating without players {q} and {p} "
                            f"at one table in new round {r + 1}",
                        )


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
    hard = _teams(options)
    teams = _all_teams(options, hard)
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
        placed = _tabled_rounds(active, new_rounds, tables, rng, teams)
    if placed is None:
        groups: list[list[list[int]]] = []
        if not history and new_rounds > 0 and len(active) % 4 == 0:
            groups = _constructed_groups(active, new_rounds, fixed, rng, teams)
            for rnd in groups:
                for g in rnd:
                    for i, p in enumerate(g):
                        for q in g[:i]:
                            met.add((min(p, q), max(p, q)))
        # The greedy fill keeps team-mates apart as if they had met already.
        met |= {(min(p, q), max(p, q)) for team in teams for p in team for q in team if p != q}
        if history and not fixed and not groups:
            placed = [_tabled_greedy_round(rnd, tables, met, used, rng) for rnd in seated]
        else:
            while len(groups) < new_rounds:
                groups.append(_greedy_round(seated[len(groups)], met, fixed, rng))
            placed = assign_tables(groups, tables, used, fixed, rng)

    def state_of(grid: Grid, weights: tuple[int, int, int] = VISIT_WEIGHTS) -> SeatingState:
        return SeatingState(options.players, tables, grid, len(history), fixed, teams, weights)

    state = state_of(history + placed, TIE_BREAK_WEIGHTS)
    steps = options.effort * (4000 + 60 * len(active) * max(new_rounds, 1))

    def phase(start: int, share: int) -> Progress | None:
        # The web app's progress bar sees one 0..100 scale over the search phases.
        if progress is None:
            return None
        return lambda done, total: progress(start + share * done // max(total, 1), 100)

    # Groups first, table visits a tie-break (one per visit beyond the bound) ...
    grid = improve(state, rng, steps, deadline, phase(0, 60), meetings_only=True)
    state = state_of(grid, TIE_BREAK_WEIGHTS)
    grid = improve(state, rng, steps // 2, deadline, phase(60, 30))
    if state.cost > 0:
        # Polish the table assignment of the best grid by re-matching whole rounds, then let
        # the tabu search continue from there; keep whichever is better.
        state = state_of(grid, TIE_BREAK_WEIGHTS)
        best_cost = state.cost
        for _ in range(2):
            rematch_rounds(state, rng, passes=10)
            again = improve(state, rng, steps // 4, deadline)
            state = state_of(again, TIE_BREAK_WEIGHTS)
            if state.cost < best_cost:
                grid, best_cost = again, state.cost
            if best_cost == 0:
                break
    # ... then the tables under the convex visit cost (nobody at one table far more often
    # than the bound, then the fewest returns): a joint search that keeps the best total, so
    # a repeated meeting (1000) is never bought with table visits, ...
    state = state_of(grid)
    if state.table_cost > 0:
        grid = improve(state, rng, steps // 4, deadline)
        state = state_of(grid)
    if state.table_cost > 0:
        # ... and whole rounds re-seated on the tables by optimal assignments (groups, hence
        # meetings, unchanged).
        # Independent restarts from the same grid: the search's end depends much on its first
        # moves, so several short runs beat one long one (measured on 40 x 8).
        best_cost = state.cost
        start = grid
        for _ in range(REASSIGN_RESTARTS):
            state = state_of(start)
            again = reassign_tables(state, rng, passes=options.effort * REASSIGN_PASSES)
            cost = state_of(again).cost
            if cost < best_cost:
                grid, best_cost = again, cost
            if best_cost == 0:
                break
    if progress is not None:
        progress(100, 100)
    _check_apart(grid[len(history) :], hard, options.apart)

    if history:
        # Winds within one over the whole event where the bounded splits find them; else
        # balanced over the new rounds alone, then polished towards the played ones.
        fresh = winds_after_history(history, grid[len(history) :]) or balanced_winds(
            grid[len(history) :], options.players, rng
        )
        grid = polish_winds(history + fresh, len(history), options.players)
    else:
        grid = balanced_winds(grid, options.players, rng)
    return PlanResult(rounds=grid, quality=quality(grid, exclude_from_tables=fixed))
