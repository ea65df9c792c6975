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


# ---------------------------------------------------------------------------------------------
# Winds of new rounds after played ones: the played counts enter as bounds.


def _max_flow(n: int, edges: list[tuple[int, int, int]], source: int, sink: int) -> list[int]:
    """Flow on each edge (u, v, capacity) of a maximum source-sink flow (shortest augmenting
    paths, Edmonds-Karp: the graphs here have a few hundred edges)."""
    graph: list[list[int]] = [[] for _ in range(n)]
    head: list[int] = []
    cap: list[int] = []
    for u, v, c in edges:
        graph[u].append(len(head))
        head.append(v)
        cap.append(c)
        graph[v].append(len(head))
        head.append(u)
        cap.append(0)
    while True:
        back = [-1] * n
        back[source] = -2
        queue = [source]
        for u in queue:
            for e in graph[u]:
                if cap[e] > 0 and back[head[e]] == -1:
                    back[head[e]] = e
                    queue.append(head[e])
        if back[sink] == -1:
            break
        push, v = 1 << 30, sink
        while v != source:
            e = back[v]
            push = min(push, cap[e])
            v = head[e ^ 1]
        v = sink
        while v != source:
            e = back[v]
            cap[e] -= push
            cap[e ^ 1] += push
            v = head[e ^ 1]
    return [cap[2 * i + 1] for i in range(len(edges))]


def _choose(
    members: list[list[int]], low: dict[int, int], high: dict[int, int], per_table: int
) -> list[set[int]] | None:
    """For each table (its players), ``per_table`` of them, so that each player is chosen
    between low[p] and high[p] times over the tables; None if impossible.

    A circulation with lower bounds: source -> player [low, high], player -> table 1,
    table -> sink exactly ``per_table``, sink -> source unbounded; the lower bounds become
    supplies of a super source and demands of a super sink, as usual.
    """
    players = sorted(high)
    index = {p: i for i, p in enumerate(players)}
    n_players, n_tables = len(players), len(members)
    source, sink = n_players + n_tables, n_players + n_tables + 1
    super_source, super_sink = sink + 1, sink + 2
    excess = [0] * (sink + 1)
    edges: list[tuple[int, int, int]] = []
    for p in players:
        if low[p] > high[p]:
            return None
        edges.append((source, index[p], high[p] - low[p]))
        excess[index[p]] += low[p]
        excess[source] -= low[p]
    seat_edges = []
    for t, table in enumerate(members):
        for p in table:
            seat_edges.append((len(edges), t, p))
            edges.append((index[p], n_players + t, 1))
        excess[n_players + t] -= per_table
        excess[sink] += per_table
    edges.append((sink, source, 1 << 30))
    need = 0
    for v, e in enumerate(excess):
        if e > 0:
            edges.append((super_source, v, e))
            need += e
        elif e < 0:
            edges.append((v, super_sink, -e))
    flow = _max_flow(super_sink + 1, edges, super_source, super_sink)
    if sum(f for (u, _, _), f in zip(edges, flow, strict=True) if u == super_source) < need:
        return None
    chosen: list[set[int]] = [set() for _ in members]
    for e, t, p in seat_edges:
        if flow[e]:
            chosen[t].add(p)
    return chosen


def winds_after_history(
    history: Sequence[Sequence[Sequence[int]]], fresh: Sequence[Sequence[Sequence[int]]]
) -> list[list[list[int]]] | None:
    """Seat orders of the ``fresh`` rounds that bring every player's wind counts over
    history and fresh rounds within one of each other, or None when the two splits below
    find none (the caller then balances the fresh rounds alone and polishes).

    Each player's final count of each wind must be floor or ceil of their rounds / 4 and at
    least what they already played: a range for each wind's new count. The winds are split
    in two pairs (each table: two seats of each pair; each player: the sum of the pair's
    ranges), then each pair in two winds, each split a circulation with bounds (``_choose``).
    The Euler splitting of ``balanced_winds`` cannot take played counts into account.
    """
    counts: dict[int, list[int]] = {}
    for rnd in history:
        for table in rnd:
            for seat, p in enumerate(table):
                counts.setdefault(p, [0, 0, 0, 0])[seat] += 1
    new_games: dict[int, int] = {}
    cells = [(r, t) for r, rnd in enumerate(fresh) for t, table in enumerate(rnd) if table]
    for r, t in cells:
        for p in fresh[r][t]:
            new_games[p] = new_games.get(p, 0) + 1
    low: dict[int, list[int]] = {}
    high: dict[int, list[int]] = {}
    for p, games in new_games.items():
        c = counts.get(p, [0, 0, 0, 0])
        total = sum(c) + games
        floor_, ceil_ = total // 4, -(-total // 4)
        low[p] = [max(0, floor_ - x) for x in c]
        high[p] = [max(0, ceil_ - x) for x in c]
    members = [list(fresh[r][t]) for r, t in cells]
    for pair in ((0, 1), (0, 2), (0, 3)):
        first = list(pair)
        second = [w for w in range(4) if w not in pair]
        lo1 = {
            p: max(sum(low[p][w] for w in first), g - sum(high[p][w] for w in second))
            for p, g in new_games.items()
        }
        hi1 = {
            p: min(sum(high[p][w] for w in first), g - sum(low[p][w] for w in second))
            for p, g in new_games.items()
        }
        halves = _choose(members, lo1, hi1, 2)
        if halves is None:
            continue
        seats: list[list[int]] = [[-1] * 4 for _ in members]
        ok = True
        for side, winds_ in ((0, first), (1, second)):
            parts = [
                sorted(h) if side == 0 else sorted(set(m) - h)
                for m, h in zip(members, halves, strict=True)
            ]
            got = dict.fromkeys(new_games, 0)
            for part in parts:
                for p in part:
                    got[p] += 1
            a, b = winds_
            lo2 = {p: max(low[p][a], got[p] - high[p][b]) for p in got}
            hi2 = {p: min(high[p][a], got[p] - low[p][b]) for p in got}
            split = _choose(parts, lo2, hi2, 1)
            if split is None:
                ok = False
                break
            for k, (part, chosen) in enumerate(zip(parts, split, strict=True)):
                for p in part:
                    seats[k][a if p in chosen else b] = p
        if not ok:
            continue
        out = [[list(table) for table in rnd] for rnd in fresh]
        for (r, t), order in zip(cells, seats, strict=True):
            out[r][t] = order
        return out
    return None
