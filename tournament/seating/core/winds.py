"""Seat winds: who sits East, South, West and North at each table.

Players and the tables of every round form a bipartite multigraph (a player is joined to the
table they sit at in each round). Giving each edge one of four winds so that every table gets
each wind once and every player gets each wind floor(R/4) or ceil(R/4) times is an equitable
edge colouring, which bipartite graphs always have (de Werra). It is built by two rounds of
Euler splitting: an Euler circuit of a bipartite graph alternates between two colours, so each
vertex gets half of its edges in each (dummy vertices make all degrees even first); splitting
each half again gives four colours. No greedy pick can paint itself into a corner this way.

Rounds already played keep their winds; the new rounds are then polished table by table (the
best of the 24 seat orders) towards balance over the whole event.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations

_ORDERS = list(permutations(range(4)))


def _euler_split(edges: list[tuple[int, int]], n_vertices: int) -> list[int]:
    """Colour 0/1 per edge so that at each vertex the two counts differ by at most one.

    ``edges`` join left vertices to right vertices (disjoint id ranges below n_vertices).
    """
    left_dummy, right_dummy = n_vertices, n_vertices + 1
    degree = [0] * (n_vertices + 2)
    is_left = [False] * (n_vertices + 2)
    for u, v in edges:
        degree[u] += 1
        degree[v] += 1
        is_left[u] = True
    work = list(edges)
    for x in range(n_vertices):
        if degree[x] % 2:
            work.append((x, right_dummy) if is_left[x] else (left_dummy, x))
    if sum(1 for u, v in work if v == right_dummy) % 2:
        work.append((left_dummy, right_dummy))
    adjacency: list[list[tuple[int, int]]] = [[] for _ in range(n_vertices + 2)]
    for i, (u, v) in enumerate(work):
        adjacency[u].append((v, i))
        adjacency[v].append((u, i))
    used = [False] * len(work)
    pointer = [0] * (n_vertices + 2)
    colour = [0] * len(work)
    for start in range(n_vertices + 2):
        if pointer[start] >= len(adjacency[start]):
            continue
        # Hierholzer's algorithm; the finished circuit's edges are coloured alternately.
        circuit: list[int] = []
        stack: list[tuple[int, int]] = [(start, -1)]
        while stack:
            v, e = stack[-1]
            adj = adjacency[v]
            while pointer[v] < len(adj) and used[adj[pointer[v]][1]]:
                pointer[v] += 1
            if pointer[v] == len(adj):
                stack.pop()
                if e >= 0:
                    circuit.append(e)
            else:
                w, eid = adj[pointer[v]]
                used[eid] = True
                stack.append((w, eid))
        for i, e in enumerate(circuit):
            colour[e] = i % 2
    return colour[: len(edges)]


def balanced_winds(
    rounds: Sequence[Sequence[Sequence[int]]], players: int, rng: random.Random
) -> list[list[list[int]]]:
    """The same rounds with each table's players reordered East, South, West, North so that
    every player's wind counts differ by at most one."""
    nodes: list[tuple[int, int]] = [
        (r, t) for r, rnd in enumerate(rounds) for t, table in enumerate(rnd) if table
    ]
    edges = [(p, players + i) for i, (r, t) in enumerate(nodes) for p in rounds[r][t]]
    n_vertices = players + len(nodes)
    first = _euler_split(edges, n_vertices)
    colour = [0] * len(edges)
    for half in (0, 1):
        idx = [i for i, c in enumerate(first) if c == half]
        second = _euler_split([edges[i] for i in idx], n_vertices)
        for i, c in zip(idx, second, strict=True):
            colour[i] = 2 * half + c
    wind_of = list(range(4))
    rng.shuffle(wind_of)
    out = [[list(table) for table in rnd] for rnd in rounds]
    seats: dict[tuple[int, int], list[int]] = {}
    for i, (p, node) in enumerate(edges):
        r, t = nodes[node - players]
        seats.setdefault((r, t), [-1] * 4)[wind_of[colour[i]]] = p
    for (r, t), order in seats.items():
        assert -1 not in order, "equitable colouring left a seat empty"
        out[r][t] = order
    return out


def polish_winds(
    rounds: list[list[list[int]]], frozen: int, players: int, passes: int = 4
) -> list[list[list[int]]]:
    """Reorder the tables of rounds >= ``frozen`` to balance winds over all rounds.

    Minimises the sum over players of squared wind counts, one table at a time (exact over
    its 24 orders), until a pass changes nothing.
    """
    counts = [[0] * 4 for _ in range(players)]
    for rnd in rounds:
        for table in rnd:
            for seat, p in enumerate(table):
                counts[p][seat] += 1
    for _ in range(passes):
        changed = False
        for r in range(frozen, len(rounds)):
            for t, table in enumerate(rounds[r]):
                if not table:
                    continue
                for seat, p in enumerate(table):
                    counts[p][seat] -= 1

                def cost(order: tuple[int, ...], table: list[int] = table) -> int:
                    return sum(2 * counts[table[i]][seat] + 1 for seat, i in enumerate(order))

                best = min(_ORDERS, key=cost)
                if cost(best) < cost((0, 1, 2, 3)):
                    rounds[r][t] = table = [table[i] for i in best]
                    changed = True
                for seat, p in enumerate(table):
                    counts[p][seat] += 1
        if not changed:
            break
    return rounds
