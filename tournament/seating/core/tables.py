"""Physical tables for groups that are already formed: a bipartite matching per round.

Round by round, a group may go to a table none of its players has used yet (for a player fixed
to a table, only that table). A maximum matching of groups to tables on those edges (Kuhn's
augmenting paths) seats as many groups as possible without a repeat; the rest take the
remaining tables with the fewest repeats. The local search then works on both together.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def max_matching(
    allowed: list[list[int]], tables: int, rng: random.Random, shuffle: bool
) -> list[int]:
    """match[g] = table or -1, maximum matching of groups to tables over ``allowed``."""
    owner = [-1] * tables
    order = list(range(len(allowed)))
    if shuffle:
        rng.shuffle(order)
    # Groups with the fewest choices first: fewer augmenting paths needed.
    order.sort(key=lambda g: len(allowed[g]))

    def augment(g: int, seen: list[bool]) -> bool:
        for t in allowed[g]:
            if not seen[t]:
                seen[t] = True
                if owner[t] < 0 or augment(owner[t], seen):
                    owner[t] = g
                    return True
        return False

    # Free tables first (keeps the caller's table preference), augmenting paths for the rest.
    for g in order:
        for t in allowed[g]:
            if owner[t] < 0:
                owner[t] = g
                break
    matched = set(owner)
    for g in order:
        if g not in matched:
            augment(g, [False] * tables)
    match = [-1] * len(allowed)
    for t, g in enumerate(owner):
        if g >= 0:
            match[g] = t
    return match


def assign_tables(
    groups_by_round: Sequence[Sequence[Sequence[int]]],
    tables: int,
    used: dict[int, set[int]],
    fixed: dict[int, int],
    rng: random.Random,
    shuffle: bool = True,
) -> list[list[list[int]]]:
    """Place each round's groups on physical tables; ``used`` (player -> tables already
    visited, e.g. from played rounds) is updated as rounds are placed."""
    out: list[list[list[int]]] = []
    for groups in groups_by_round:
        pinned_tables = {fixed[p] for g in groups for p in g if p in fixed}
        allowed: list[list[int]] = []
        for members in groups:
            pinned = {fixed[p] for p in members if p in fixed}
            assert len(pinned) <= 1, "a group holds players fixed to different tables"
            if pinned:
                allowed.append(list(pinned))
                continue
            busy: set[int] = set().union(*(used.get(p, set()) for p in members))
            choices = [t for t in range(tables) if t not in busy and t not in pinned_tables]
            if shuffle:
                rng.shuffle(choices)
            allowed.append(choices)
        match = max_matching(allowed, tables, rng, shuffle)
        taken = set(match) - {-1}
        # Tables that a pinned group needs must stay free for it.
        for g, group in enumerate(groups):
            if match[g] < 0:
                pinned = {fixed[p] for p in group if p in fixed}
                if pinned:
                    t = pinned.pop()
                    assert t not in taken, "two groups pinned to one table"
                    match[g] = t
                    taken.add(t)
        free = [t for t in range(tables) if t not in taken and t not in pinned_tables]
        for g, group in enumerate(groups):
            if match[g] < 0:
                best = min(free, key=lambda t: sum(t in used.get(p, ()) for p in group))
                free.remove(best)
                match[g] = best
        row: list[list[int]] = [[] for _ in range(tables)]
        for g, group in enumerate(groups):
            row[match[g]] = list(group)
            for p in group:
                used.setdefault(p, set()).add(match[g])
        out.append(row)
    return out


def min_cost_assignment(cost: list[list[float]]) -> list[int]:
    """The rows-to-columns assignment of least total cost of a square matrix (the Hungarian
    method with potentials, O(n^3)); answer[row] = column."""
    n = len(cost)
    inf = float("inf")
    u = [0.0] * (n + 1)
    v = [0.0] * (n + 1)
    owner = [0] * (n + 1)  # owner[column] = row (1-based), 0 = free
    way = [0] * (n + 1)
    for row in range(1, n + 1):
        owner[0] = row
        col = 0
        slack = [inf] * (n + 1)
        done = [False] * (n + 1)
        while True:
            done[col] = True
            r0, delta, nxt = owner[col], inf, 0
            for j in range(1, n + 1):
                if not done[j]:
                    cur = cost[r0 - 1][j - 1] - u[r0] - v[j]
                    if cur < slack[j]:
                        slack[j], way[j] = cur, col
                    if slack[j] < delta:
                        delta, nxt = slack[j], j
            for j in range(n + 1):
                if done[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    slack[j] -= delta
            col = nxt
            if owner[col] == 0:
                break
        while col:
            prev = way[col]
            owner[col] = owner[prev]
            col = prev
    answer = [0] * n
    for j in range(1, n + 1):
        if owner[j]:
            answer[owner[j] - 1] = j - 1
    return answer
