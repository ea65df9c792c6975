"""Local search over whole rounds: fewer repeated meetings first, then fewer table repeats.

The state is the grid ``rounds[r][t]`` (physical table t of round r, four players or empty).
Rounds before ``frozen`` (already played) never change. Two moves, both inside one round:

* swap two players of different tables (changes meetings and table visits);
* exchange the whole groups of two physical tables (changes table visits only) - this is the
  per-round table matching done jointly with the group search.

The search is a tabu search driven by conflicts: it picks a pair that met twice or a player
back at a table, a round where that happens, and the best non-tabu move that moves one of
them. The cost is ``MEETING_WEIGHT * repeated meetings`` plus the
table visits' cost (``visit_costs``: a return within ceil(rounds / tables), ``cap``, cheap,
each visit beyond it dear, beyond cap + 1 dearer) so a table repeat is never bought with a
repeated meeting in the best solution kept. Team-mates to be
kept apart (``apart``) at one table of a new round cost ``APART_WEIGHT`` a pair, more than any
number of repeats: the hard constraint is chased first and never traded for a repeat. All
choices come from the given ``random.Random``; the budget is counted in steps (deterministic)
with an optional wall-clock cap.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from .tables import max_matching, min_cost_assignment

MEETING_WEIGHT = 1000
# What a player's k-th visit to one physical table costs (WRC 8.1: tables change): 0 for the
# first, REPEAT_WEIGHT for a return within ceil(rounds / tables) (the pigeonhole bound ``cap``;
# such returns are forced in total when rounds > tables, but not which tables they go to),
# plus EXCESS_WEIGHT for the visit beyond the bound, plus FAR_WEIGHT for any visit beyond
# bound + 1. The cost is convex per player and table: one player at one table in all five
# sessions of 16 x 5 costs far more than a few players one visit over the bound (counted one
# per visit beyond the bound, the two cost the same and the search left the former); among
# seatings of equal excess the fewer returns win. A move changes at most 8 visits, each below
# 100: never as much as one repeated meeting (MEETING_WEIGHT).
REPEAT_WEIGHT = 1
EXCESS_WEIGHT = 20
FAR_WEIGHT = 60
VISIT_WEIGHTS = (REPEAT_WEIGHT, EXCESS_WEIGHT, FAR_WEIGHT)
# The weights of the search for meetings alone (``improve(meetings_only=True)``): table visits
# break ties only, one per visit beyond the bound. The groups are formed under them, the
# tables placed under VISIT_WEIGHTS afterwards.
TIE_BREAK_WEIGHTS = (0, 1, 0)
# Above MEETING_WEIGHT times any count of repeated meetings (players x rounds x 3 < 10**6).
APART_WEIGHT = 10**9

Progress = Callable[[int, int], None]


class _IndexedSet:
    """A set with O(1) add, remove and random choice (conflicts are sampled every step)."""

    def __init__(self) -> None:
        self.items: list[int] = []
        self.pos: dict[int, int] = {}

    def add(self, x: int) -> None:
        if x not in self.pos:
            self.pos[x] = len(self.items)
            self.items.append(x)

    def discard(self, x: int) -> None:
        i = self.pos.pop(x, None)
        if i is not None:
            last = self.items.pop()
            if i < len(self.items):
                self.items[i] = last
                self.pos[last] = i

    def __len__(self) -> int:
        return len(self.items)


def visit_costs(rounds: int, cap: int, weights: tuple[int, int, int]) -> list[int]:
    """step[k]: what a player's k-th visit to one table adds (k = 0..rounds + 1), under
    ``weights`` (repeat, excess, far)."""
    repeat, excess, far = weights
    step = [0, 0]
    for k in range(2, rounds + 2):
        step.append(repeat + excess * (k > cap) + far * (k > cap + 1))
    return step


class SeatingState:
    """Grid of rounds with incremental pair-meeting and table-visit counts."""

    def __init__(
        self,
        players: int,
        tables: int,
        rounds: Sequence[Sequence[Sequence[int]]],
        frozen: int,
        fixed: dict[int, int],
        apart: Sequence[Sequence[int]] = (),
        weights: tuple[int, int, int] = VISIT_WEIGHTS,
    ) -> None:
        self.n = players
        self.t = tables
        self.frozen = frozen
        self.fixed = fixed
        self.grid: list[list[list[int]]] = []
        for rnd in rounds:
            row = [list(table) for table in rnd]
            row += [[] for _ in range(tables - len(row))]
            self.grid.append(row)
        # Visits to one table a player may make before it counts: ceil(rounds / tables), the
        # pigeonhole bound (1 while there are at least as many tables as rounds); only visits
        # beyond it are table repeats to remove (it matters where sessions outnumber tables: 16-28
        # players).
        self.cap = max(1, -(-len(self.grid) // tables)) if tables else 1
        self.step = visit_costs(len(self.grid), self.cap, weights)
        self.count_returns = weights[0] > 0
        self.where = [[-1] * players for _ in self.grid]
        self.meet = [0] * (players * players)
        self.visit = [0] * (players * tables)
        self.meet_cost = 0
        self.table_cost = 0
        self.bad_pairs = _IndexedSet()
        self.bad_visits = _IndexedSet()
        # Returns within the bound (player * tables + table with 2..cap visits): conflicts
        # of the lowest rank, moved when nothing heavier is left.
        self.returns = _IndexedSet()
        # Team of each player (-1: none); tables of new rounds holding team-mates, as
        # r * tables + t, and the count of team-mate pairs seated together there.
        self.team = [-1] * players
        for k, group in enumerate(apart):
            for p in group:
                self.team[p] = k
        self.has_teams = bool(apart)
        self.apart_cost = 0
        self.clash = [[0] * tables for _ in self.grid]
        self.bad_tables = _IndexedSet()
        for r, row in enumerate(self.grid):
            for t, table in enumerate(row):
                for i, p in enumerate(table):
                    self.where[r][p] = t
                    self._visit(p, t, 1)
                    for q in table[:i]:
                        self._meet(p, q, 1)
                if r >= frozen:
                    self._count_clash(r, t)
        # The returns no seating avoids, a player of R rounds at T tables having at least
        # R - T: subtracted, so that ``table_cost`` 0 means nothing left to improve.
        played = [0] * players
        for row in self.grid:
            for table in row:
                for p in table:
                    played[p] += 1
        self.table_floor = weights[0] * sum(
            max(0, k - tables) for p, k in enumerate(played) if p not in fixed
        )
        self.table_cost -= self.table_floor

    @property
    def cost(self) -> int:
        return APART_WEIGHT * self.apart_cost + MEETING_WEIGHT * self.meet_cost + self.table_cost

    def _pairs_of_team(self, table: Sequence[int]) -> int:
        team = self.team
        return sum(
            1 for i, p in enumerate(table) if team[p] >= 0 for q in table[:i] if team[q] == team[p]
        )

    def _count_clash(self, r: int, t: int) -> None:
        """Recount the team-mate pairs at table t of round r (a new round)."""
        if not self.has_teams:
            return
        count = self._pairs_of_team(self.grid[r][t])
        self.apart_cost += count - self.clash[r][t]
        self.clash[r][t] = count
        if count:
            self.bad_tables.add(r * self.t + t)
        else:
            self.bad_tables.discard(r * self.t + t)

    def _apart_delta(self, r: int, a: int, b: int, t1: int, t2: int) -> int:
        """Change of team-mate pairs at one table when a (at t1) and b (at t2) swap."""
        team = self.team
        ta, tb = team[a], team[b]
        if ta < 0 and tb < 0:
            return 0
        delta = 0
        for x in self.grid[r][t1]:
            if x != a and team[x] >= 0:
                delta += (team[x] == tb) - (team[x] == ta)
        for y in self.grid[r][t2]:
            if y != b and team[y] >= 0:
                delta += (team[y] == ta) - (team[y] == tb)
        return delta

    def _meet(self, p: int, q: int, step: int) -> None:
        if p > q:
            p, q = q, p
        key = p * self.n + q
        before = self.meet[key]
        after = before + step
        self.meet[key] = after
        if step > 0 and before >= 1:
            self.meet_cost += 1
            if after == 2:
                self.bad_pairs.add(key)
        elif step < 0 and before >= 2:
            self.meet_cost -= 1
            if after == 1:
                self.bad_pairs.discard(key)

    def _visit(self, p: int, t: int, step: int) -> None:
        key = p * self.t + t
        before = self.visit[key]
        after = before + step
        self.visit[key] = after
        # A player fixed to a table is there every round on purpose: not a repeat.
        if p in self.fixed:
            return
        cap = self.cap
        if step > 0:
            self.table_cost += self.step[after]
            if after == cap + 1:
                self.bad_visits.add(key)
            if after == 2 and cap >= 2 and self.count_returns:
                self.returns.add(key)
        else:
            self.table_cost -= self.step[before]
            if after == cap:
                self.bad_visits.discard(key)
            if after == 1:
                self.returns.discard(key)

    def swap_delta(self, r: int, a: int, b: int) -> int:
        t1, t2 = self.where[r][a], self.where[r][b]
        n, meet, visit, tt = self.n, self.meet, self.visit, self.t
        dm = 0
        for x in self.grid[r][t1]:
            if x != a:
                if meet[a * n + x if a < x else x * n + a] >= 2:
                    dm -= 1
                if meet[b * n + x if b < x else x * n + b] >= 1:
                    dm += 1
        for y in self.grid[r][t2]:
            if y != b:
                if meet[b * n + y if b < y else y * n + b] >= 2:
                    dm -= 1
                if meet[a * n + y if a < y else y * n + a] >= 1:
                    dm += 1
        dt = 0
        step, fixed = self.step, self.fixed
        if a not in fixed:
            dt += step[visit[a * tt + t2] + 1] - step[visit[a * tt + t1]]
        if b not in fixed:
            dt += step[visit[b * tt + t1] + 1] - step[visit[b * tt + t2]]
        if self.has_teams:
            dt += APART_WEIGHT * self._apart_delta(r, a, b, t1, t2)
        return MEETING_WEIGHT * dm + dt

    def swap(self, r: int, a: int, b: int) -> None:
        t1, t2 = self.where[r][a], self.where[r][b]
        g1, g2 = self.grid[r][t1], self.grid[r][t2]
        for x in g1:
            if x != a:
                self._meet(a, x, -1)
                self._meet(b, x, 1)
        for y in g2:
            if y != b:
                self._meet(b, y, -1)
                self._meet(a, y, 1)
        self._visit(a, t1, -1)
        self._visit(a, t2, 1)
        self._visit(b, t2, -1)
        self._visit(b, t1, 1)
        g1[g1.index(a)] = b
        g2[g2.index(b)] = a
        self.where[r][a], self.where[r][b] = t2, t1
        if self.has_teams:
            self._count_clash(r, t1)
            self._count_clash(r, t2)

    def exchange_delta(self, r: int, t1: int, t2: int) -> int:
        visit, tt, step = self.visit, self.t, self.step
        dt = 0
        for p, src, dst in [(p, t1, t2) for p in self.grid[r][t1]] + [
            (p, t2, t1) for p in self.grid[r][t2]
        ]:
            if p not in self.fixed:
                dt += step[visit[p * tt + dst] + 1] - step[visit[p * tt + src]]
        return dt

    def exchange(self, r: int, t1: int, t2: int) -> None:
        g1, g2 = self.grid[r][t1], self.grid[r][t2]
        for p in g1:
            self._visit(p, t1, -1)
            self._visit(p, t2, 1)
            self.where[r][p] = t2
        for p in g2:
            self._visit(p, t2, -1)
            self._visit(p, t1, 1)
            self.where[r][p] = t1
        self.grid[r][t1], self.grid[r][t2] = g2, g1
        if self.has_teams:
            self.clash[r][t1], self.clash[r][t2] = self.clash[r][t2], self.clash[r][t1]
            for t in (t1, t2):
                if self.clash[r][t]:
                    self.bad_tables.add(r * self.t + t)
                else:
                    self.bad_tables.discard(r * self.t + t)

    def movable_group(self, r: int, t: int) -> bool:
        return not any(p in self.fixed for p in self.grid[r][t])

    def snapshot(self) -> list[list[list[int]]]:
        return [[list(table) for table in row] for row in self.grid]


def improve(
    state: SeatingState,
    rng: random.Random,
    steps: int,
    deadline: float | None = None,
    progress: Progress | None = None,
    sample: int = 48,
    meetings_only: bool = False,
) -> list[list[list[int]]]:
    """Tabu search from ``state``; returns the best grid found (the state ends anywhere).

    With ``meetings_only`` it chases repeated meetings alone and stops when there are none:
    table repeats then only break ties, which lets the search concentrate on what matters
    most first.
    """
    best_cost = state.cost
    best = state.snapshot()
    rounds = range(state.frozen, len(state.grid))
    if not rounds or best_cost == 0 or (meetings_only and state.meet_cost == state.apart_cost == 0):
        return best
    tabu: dict[tuple[int, int], int] = {}
    tenure = 8 + state.t // 4
    stale = 0
    idle = 0
    report_every = max(1, steps // 50)
    for step in range(steps):
        if progress is not None and step % report_every == 0:
            progress(step, steps)
        if state.cost == 0 or (meetings_only and state.meet_cost == state.apart_cost == 0):
            break
        if deadline is not None and step % 256 == 0 and time.monotonic() > deadline:
            break
        move = _pick_conflict(state, rng, meetings_only)
        if move is None:
            # Only conflicts nobody can fix are left (in played rounds, or between players
            # fixed to one table) - or they were just unlucky draws: give up after a while.
            idle += 1
            if idle > 64:
                break
            continue
        idle = 0
        r, mover, kind = move
        t1 = state.where[r][mover]
        candidates: list[tuple[int, int, int, int]] = []  # (delta, kind, x, y)
        others = [t for t in range(state.t) if t != t1]
        if len(others) > sample:
            others = rng.sample(others, sample)
        for t2 in others:
            group = state.grid[r][t2]
            for b in group:
                if b not in state.fixed:
                    candidates.append((state.swap_delta(r, mover, b), 0, mover, b))
            if kind == 1 and state.movable_group(r, t1) and state.movable_group(r, t2):
                candidates.append((state.exchange_delta(r, t1, t2), 1, t1, t2))
        if not candidates:
            continue
        rng.shuffle(candidates)
        chosen = None
        for delta, k, x, y in sorted(candidates, key=lambda c: c[0]):
            key = (r, y if k == 0 else -1 - y)
            if tabu.get(key, -1) < step or state.cost + delta < best_cost:
                chosen = (delta, k, x, y)
                break
        if chosen is None:
            chosen = candidates[0]
        _, k, x, y = chosen
        if k == 0:
            state.swap(r, x, y)
            tabu[(r, x)] = step + tenure + rng.randrange(4)
            tabu[(r, y)] = step + tenure + rng.randrange(4)
        else:
            state.exchange(r, x, y)
            tabu[(r, -1 - x)] = step + tenure
            tabu[(r, -1 - y)] = step + tenure
        if state.cost < best_cost:
            best_cost = state.cost
            best = state.snapshot()
            stale = 0
        else:
            stale += 1
            if stale > 400 + 20 * state.t:
                # Stuck on a plateau: shake a few random players of random rounds.
                for _ in range(2 + state.t // 8):
                    rr = rng.choice(rounds)
                    a, b = rng.sample(range(state.t), 2)
                    ga, gb = state.grid[rr][a], state.grid[rr][b]
                    if ga and gb:
                        x, y = rng.choice(ga), rng.choice(gb)
                        if x not in state.fixed and y not in state.fixed:
                            state.swap(rr, x, y)
                stale = 0
    if progress is not None:
        progress(steps, steps)
    return best


def _pick_conflict(
    state: SeatingState, rng: random.Random, meetings_only: bool = False
) -> tuple[int, int, int] | None:
    """A (round, player to move, kind) for a random conflict; kind 0 = meeting, 1 = table.
    Team-mates at one table come first: keeping them apart is a hard constraint."""
    if len(state.bad_tables):
        key = rng.choice(state.bad_tables.items)
        r, t = divmod(key, state.t)
        table = state.grid[r][t]
        team = state.team
        movers = [
            p
            for p in table
            if p not in state.fixed
            and team[p] >= 0
            and any(team[q] == team[p] for q in table if q != p)
        ]
        if movers:
            return r, rng.choice(movers), 0
    for _ in range(8):
        use_pairs = len(state.bad_pairs) and (
            meetings_only or not (len(state.bad_visits) or len(state.returns)) or rng.random() < 0.8
        )
        if meetings_only and not use_pairs:
            return None
        if use_pairs:
            key = rng.choice(state.bad_pairs.items)
            p, q = divmod(key, state.n)
            shared = [
                r
                for r in range(state.frozen, len(state.grid))
                if state.where[r][p] == state.where[r][q] and state.where[r][p] >= 0
            ]
            movers = [x for x in (p, q) if x not in state.fixed]
            if shared and movers:
                return rng.choice(shared), rng.choice(movers), 0
        elif len(state.bad_visits) or len(state.returns):
            pool = state.bad_visits if len(state.bad_visits) else state.returns
            key = rng.choice(pool.items)
            p, t = divmod(key, state.t)
            at = [r for r in range(state.frozen, len(state.grid)) if state.where[r][p] == t]
            if at:
                return rng.choice(at), p, 1
        else:
            return None
    return None


def rematch_rounds(state: SeatingState, rng: random.Random, passes: int) -> None:
    """Re-seat whole rounds on physical tables, keeping their groups (so meetings do not
    change): for each round, a maximum matching of its groups to the tables none of their
    players uses in any *other* round. A round is re-seated when that leaves no more repeats
    than before. This large move escapes the plateaus the player-by-player search stalls on.
    """
    tt = state.t
    for _ in range(passes):
        if state.table_cost == 0:
            return
        order = list(range(state.frozen, len(state.grid)))
        rng.shuffle(order)
        for r in order:
            row = state.grid[r]
            groups = [g for g in row if g]
            before = state.table_cost
            # Take the round off the board, match it, and put it back.
            for t, g in enumerate(row):
                for p in g:
                    state._visit(p, t, -1)
            pinned_tables = {state.fixed[p] for g in groups for p in g if p in state.fixed}
            allowed: list[list[int]] = []
            for g in groups:
                pinned = {state.fixed[p] for p in g if p in state.fixed}
                if pinned:
                    allowed.append(list(pinned))
                    continue
                choices = [
                    t
                    for t in range(tt)
                    if t not in pinned_tables
                    and all(state.visit[p * tt + t] < state.cap for p in g)
                ]
                rng.shuffle(choices)
                allowed.append(choices)
            match = max_matching(allowed, tt, rng, True)
            taken = {t for t in match if t >= 0}
            free = [t for t in range(tt) if t not in taken and t not in pinned_tables]
            rng.shuffle(free)
            for i, g in enumerate(groups):
                if match[i] < 0:
                    pinned = {state.fixed[p] for p in g if p in state.fixed}
                    if pinned:
                        match[i] = pinned.pop()
                    else:

                        def visits(t: int, g: list[int] = g) -> int:
                            return sum(state.visit[p * tt + t] for p in g)

                        best = min(free, key=visits)
                        free.remove(best)
                        match[i] = best
            new_row: list[list[int]] = [[] for _ in range(tt)]
            for i, g in enumerate(groups):
                new_row[match[i]] = g
            for t, g in enumerate(new_row):
                for p in g:
                    state._visit(p, t, 1)
            if state.table_cost > before:
                for t, g in enumerate(new_row):
                    for p in g:
                        state._visit(p, t, -1)
                new_row = row
                for t, g in enumerate(new_row):
                    for p in g:
                        state._visit(p, t, 1)
            state.grid[r] = new_row
            for t, g in enumerate(new_row):
                for p in g:
                    state.where[r][p] = t


def reassign_tables(state: SeatingState, rng: random.Random, passes: int) -> list[list[list[int]]]:
    """Iterated local search on the table assignment alone (groups, hence meetings, kept).

    One pass re-seats every unplayed round on the physical tables by an optimal assignment
    (Hungarian method) against the table visits of all other rounds - an exact best move in
    the neighbourhood of all permutations of one round's tables, far larger than the tabu
    search's exchanges. When a pass brings nothing, two tables of a random round are
    exchanged (a kick) to leave the local optimum. Returns the best grid seen.
    """
    tt = state.t
    rounds = list(range(state.frozen, len(state.grid)))
    best_cost = state.table_cost
    best = state.snapshot()
    # One table: every round sits at it, there is nothing to re-seat.
    if not rounds or best_cost == 0 or tt < 2:
        return best
    # Larger than any real cost: a pinned group off its table.
    forbidden = 4 * state.step[-1] * len(state.grid) + 1
    for _ in range(passes):
        rng.shuffle(rounds)
        for r in rounds:
            row = state.grid[r]
            for t, g in enumerate(row):
                for p in g:
                    state._visit(p, t, -1)
            pinned_tables = {state.fixed[p] for g in row for p in g if p in state.fixed}
            cost: list[list[float]] = []
            for g in row:
                pinned = {state.fixed[p] for p in g if p in state.fixed}
                line: list[float] = []
                for t in range(tt):
                    if (pinned and t not in pinned) or (not pinned and t in pinned_tables):
                        line.append(forbidden)
                    else:
                        # Repeats this placement adds; the tiny random part breaks ties so
                        # that passes explore different optima.
                        c = sum(
                            state.step[state.visit[p * tt + t] + 1]
                            for p in g
                            if p not in state.fixed
                        )
                        line.append(c + 1e-3 * rng.random())
                cost.append(line)
            column = min_cost_assignment(cost)
            new_row: list[list[int]] = [[] for _ in range(tt)]
            for i, g in enumerate(row):
                new_row[column[i]] = g
            state.grid[r] = new_row
            for t, g in enumerate(new_row):
                for p in g:
                    state._visit(p, t, 1)
                    state.where[r][p] = t
        if state.table_cost < best_cost:
            best_cost, best = state.table_cost, state.snapshot()
            if best_cost == 0:
                break
        else:
            for _ in range(2):
                r = rng.choice(rounds)
                a, b = rng.sample(range(tt), 2)
                if state.movable_group(r, a) and state.movable_group(r, b):
                    state.exchange(r, a, b)
    return best
