"""Constructions of repeat-free schedules (social golfer problem, groups of four).

Two families, both computed here (no table of solutions is stored):

* **Affine geometry AG(n, 4)** for 4**n players: the points are the vectors of GF(4)**n, the
  lines of one direction partition them into groups of four, and the (4**n - 1) / 3 directions
  give that many rounds in which every pair meets exactly once (16 players: 5 rounds,
  64 players: 21 rounds). This is the classical resolution of the affine plane/space.
* **Cyclic (1-rotational style) schedules** for N = k*m + f players: the players are
  Z_m x {0..k-1} plus f fixed players; one *base round* is searched and the m rounds are its
  translates by 0..m-1 in Z_m (the fixed players do not move). Every pair of players belongs to
  one *difference class*, and the whole schedule is repeat-free exactly when the base round uses
  each class at most once. Searching one round of N/4 tables instead of m rounds is what makes
  this fast, and with f = 1 and m = (N - 1) / 3 it finds the resolvable designs RBIBD(N, 4, 1)
  (Kirkman-type, N = 16, 28, 40, ...), i.e. the complete schedules 28 x 9 and 40 x 13.
* **Tabled cyclic schedules** (``tabled_schedule``) for N = k*m players, k >= 4, no fixed
  player: the same translates, with a base round whose tables hold at most one player of each
  orbit {a} x Z_m. Table t of every round is then the translate of base table t, and a player
  meets, round after round, the base tables holding the successive elements of their orbit:
  all different, so the schedule comes with its physical tables and no table repeat at all
  (40 x 8, where searching tables for a given schedule leaves about 20 repeats).
* **Difference-matrix and orbit schedules** (``difference_schedule``, ``orbit_schedule``):
  players in four classes (or 4u orbits) of a group acting on the tables, so that the groups
  come with their physical tables and nobody sits at a table twice (see each function).

A schedule here is ``list[round]``, a round ``list[group]``, a group a tuple of four player
numbers 0..N-1; physical tables (except for a tabled schedule) and seat order are decided
later.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Container, Iterable
from functools import lru_cache
from typing import TypeVar

from .metrics import quality

Group = tuple[int, int, int, int]
Schedule = list[list[Group]]
Cell = TypeVar("Cell", bound=tuple[int, ...])
Choice = TypeVar("Choice")

# GF(4) = {0, 1, w, w^2} encoded 0, 1, 2, 3: addition is XOR, w^2 = w + 1.
_GF4_MUL = (
    (0, 0, 0, 0),
    (0, 1, 2, 3),
    (0, 2, 3, 1),
    (0, 3, 1, 2),
)


def max_repeat_free_rounds(players: int) -> int:
    """Counting bound: a player meets 3 new players per round, so at most (N-1)//3 rounds;
    with 3 or fewer tables only one round is possible (two groups of a second round would have
    to share the only 2-3 groups' members... by pigeonhole some pair meets again)."""
    if players // 4 <= 3:
        return 1
    return (players - 1) // 3


def affine_schedule(n: int) -> Schedule:
    """All (4**n - 1) / 3 parallel classes of lines of AG(n, 4); points are numbered
    0..4**n - 1 with two bits per coordinate, so vector addition is XOR."""
    assert n >= 1
    size = 4**n

    def scale(c: int, v: int) -> int:
        out = 0
        for i in range(n):
            out |= _GF4_MUL[c][(v >> (2 * i)) & 3] << (2 * i)
        return out

    def normalised(v: int) -> bool:
        # A direction is taken once: its leading (highest) non-zero coordinate is 1.
        for i in reversed(range(n)):
            c = (v >> (2 * i)) & 3
            if c:
                return c == 1
        return False

    rounds: Schedule = []
    for d in range(1, size):
        if not normalised(d):
            continue
        multiples = [scale(c, d) for c in range(4)]
        seen: set[int] = set()
        groups: list[Group] = []
        for p in range(size):
            if p in seen:
                continue
            line = tuple(sorted(p ^ x for x in multiples))
            seen.update(line)
            groups.append(line)  # type: ignore[arg-type]
        rounds.append(groups)
    return rounds


class _BaseRound:
    """The base round of a cyclic schedule and its difference-class counts."""

    def __init__(self, m: int, k: int, f: int, rng: random.Random) -> None:
        self.m, self.k, self.f = m, k, f
        finite = list(range(k * m))
        rng.shuffle(finite)
        tables = (k * m + f) // 4
        self.tables: list[list[int]] = []
        pos = 0
        for t in range(tables):
            if t < f:
                self.tables.append([k * m + t, *finite[pos : pos + 3]])
                pos += 3
            else:
                self.tables.append(finite[pos : pos + 4])
                pos += 4
        assert pos == k * m
        n_classes = k * m + k * k * m + f * k
        self.count = [0] * n_classes
        if m % 2 == 0:
            # A pair at difference m/2 inside one orbit would meet twice in m rounds: count the
            # class as already used so any use is a collision.
            for a in range(k):
                self.count[a * m + m // 2] = 1
        self.cost = 0
        for table in self.tables:
            for i, x in enumerate(table):
                for y in table[i + 1 :]:
                    self.cost += self._add(x, y, 1)

    def klass(self, x: int, y: int) -> int:
        m, k = self.m, self.k
        fin = k * m
        if x >= fin or y >= fin:
            if x < fin:
                x, y = y, x
            assert y < fin, "two fixed players at one table"
            return fin + k * k * m + (x - fin) * k + y // m
        a, i = divmod(x, m)
        b, j = divmod(y, m)
        if a == b:
            d = (j - i) % m
            return a * m + min(d, m - d)
        if a > b:
            a, b, i, j = b, a, j, i
        return fin + (a * k + b) * m + (j - i) % m

    def _add(self, x: int, y: int, step: int) -> int:
        """Change the count of the pair's class; return the change of the collision cost."""
        c = self.klass(x, y)
        before = self.count[c]
        self.count[c] = before + step
        if step > 0:
            return 1 if before >= 1 else 0
        return -1 if before >= 2 else 0

    def swap(self, t1: int, i1: int, t2: int, i2: int) -> int:
        a, b = self.tables[t1], self.tables[t2]
        x, y = a[i1], b[i2]
        delta = 0
        for z in a:
            if z != x:
                delta += self._add(x, z, -1) + self._add(y, z, 1)
        for z in b:
            if z != y:
                delta += self._add(y, z, -1) + self._add(x, z, 1)
        a[i1], b[i2] = y, x
        self.cost += delta
        return delta


def _search_base(
    m: int, k: int, f: int, seed: int, steps: int, anneal: int
) -> list[list[int]] | None:
    """Find a collision-free base round: a short annealing with random swaps, then a tabu
    search that always moves a player of a colliding pair to the best place; None on failure.
    """
    rng = random.Random(seed)
    state = _BaseRound(m, k, f, rng)
    n_tables = len(state.tables)
    temperature = 0.6
    cooling = math.exp(math.log(0.05 / temperature) / max(1, anneal))
    for _ in range(anneal):
        if state.cost == 0:
            return [list(t) for t in state.tables]
        t1 = rng.randrange(n_tables)
        t2 = rng.randrange(n_tables - 1)
        if t2 >= t1:
            t2 += 1
        # Position 0 of the first f tables is the fixed player: never moved.
        i1 = rng.randrange(1 if t1 < f else 0, 4)
        i2 = rng.randrange(1 if t2 < f else 0, 4)
        delta = state.swap(t1, i1, t2, i2)
        if delta > 0 and rng.random() >= math.exp(-delta / temperature):
            state.swap(t1, i1, t2, i2)
        temperature *= cooling
    tabu: dict[int, int] = {}
    best = state.cost
    for step in range(steps):
        if state.cost == 0:
            return [list(t) for t in state.tables]
        conflicted: set[tuple[int, int]] = set()
        for t, table in enumerate(state.tables):
            for i, x in enumerate(table):
                for j in range(i + 1, 4):
                    if state.count[state.klass(x, table[j])] >= 2:
                        conflicted.update(((t, i), (t, j)))
        movable = sorted(c for c in conflicted if not (c[0] < f and c[1] == 0))
        if not movable:
            return None
        t1, i1 = rng.choice(movable)
        candidates = []
        for t2 in range(n_tables):
            if t2 == t1:
                continue
            for i2 in range(1 if t2 < f else 0, 4):
                delta = state.swap(t1, i1, t2, i2)
                state.swap(t1, i1, t2, i2)
                if tabu.get(state.tables[t2][i2], -1) >= step and state.cost + delta >= best:
                    continue
                candidates.append((delta, rng.random(), t2, i2))
        if not candidates:
            continue
        _, _, t2, i2 = min(candidates)
        mover = state.tables[t1][i1]
        state.swap(t1, i1, t2, i2)
        tabu[mover] = step + 5 + rng.randrange(5)
        best = min(best, state.cost)
    return [list(t) for t in state.tables] if state.cost == 0 else None


def _develop(base: list[list[int]], m: int, k: int, rounds: int) -> Schedule:
    fin = k * m

    def shift(x: int, s: int) -> int:
        if x >= fin:
            return x
        a, i = divmod(x, m)
        return a * m + (i + s) % m

    return [[tuple(sorted(shift(x, s) for x in t)) for t in base] for s in range(rounds)]  # type: ignore[misc]


def cyclic_parameters(players: int, rounds: int) -> list[tuple[int, int, int]]:
    """Candidate (m, k, f) with k*m + f = players and m >= rounds, best first.

    Fewer rounds in the cycle leave more unused difference classes, so a smaller m is easier;
    every fixed player needs a table of its own with three finite players of distinct orbits.
    """
    out = []
    for m in range(max(rounds, 2), players):
        k, f = divmod(players, m)
        if k < 3 or f > players // 4 or (f and k < 3):
            continue
        out.append((m, k, f))
    return out


@lru_cache(maxsize=64)
def cyclic_schedule(players: int, rounds: int, effort: int = 1) -> Schedule | None:
    """A repeat-free schedule of ``rounds`` rounds by the cyclic construction, or None.

    Deterministic (its own fixed seeds), cached: the caller relabels players with its seed.
    """
    assert players % 4 == 0
    if rounds > max_repeat_free_rounds(players):
        return None
    for m, k, f in cyclic_parameters(players, rounds)[:2]:
        # Successful searches take a few hundred tabu steps; failing ones are cut short.
        # Annealing alone, then tabu search alone from two starts: each closes cases the
        # others miss (measured on 24 x 7, 32 x 8, 32 x 9, 40 x 8 ... 400 x 12).
        tables = players // 4
        for seed, steps, anneal in (
            (1000 * m, 0, min(100_000, 1000 * tables * tables)),
            (0, 800, 0),
            (1, 800, 0),
        ):
            base = _search_base(m, k, f, seed=seed, steps=effort * steps, anneal=effort * anneal)
            if base is not None:
                return _develop(base, m, k, rounds)
    return None


@lru_cache(maxsize=16)
def rotational_design(players: int, node_budget: int = 4_000_000) -> Schedule | None:
    """A resolvable (N, 4, 1) design for N = 3m + 1 over Z_3m plus one fixed player.

    The base round is {inf, 0, m, 2m} plus the translates by 0, m, 2m of (m - 1) / 4 base
    blocks whose elements have distinct non-zero residues mod m; the design is repeat-free
    when the blocks' differences cover Z_3m minus {0, m, 2m} exactly once (a difference
    family). The m rounds are the translates of the base round by 0..m-1. Found by a
    backtracking search over residues and lifts; exists e.g. for 40 (m = 13) and 52 (m = 17).
    """
    m, rest = divmod(players - 1, 3)
    if rest or m % 4 != 1 or m < 5:
        return None
    n = 3 * m
    if players in _ROTATIONAL_BASE:
        return _rotations(_ROTATIONAL_BASE[players], m)
    used = [False] * n
    for d in (0, m, 2 * m):
        used[d] = True
    residue_used = [False] * m
    residue_used[0] = True
    blocks: list[list[int]] = []
    wanted = (m - 1) // 4
    nodes = 0

    def extend(block: list[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > node_budget:
            return False
        if len(block) == 4:
            blocks.append(list(block))
            if len(blocks) == wanted or extend([]):
                return True
            blocks.pop()
            return False
        if not block:
            # Canonical order: each block starts with the smallest unused residue; the very
            # first element may be taken with lift 0 (translating by m maps solutions to
            # solutions).
            r0 = next(r for r in range(1, m) if not residue_used[r])
            candidates = [(r0, 0)] if not blocks else [(r0, lift) for lift in range(3)]
        else:
            last = block[-1] % m
            candidates = [
                (r, lift) for r in range(last + 1, m) if not residue_used[r] for lift in range(3)
            ]
        for r, lift in candidates:
            x = r + lift * m
            diffs: list[int] = []
            for y in block:
                d1, d2 = (x - y) % n, (y - x) % n
                if used[d1] or used[d2] or d1 == d2 or d1 in diffs or d2 in diffs:
                    break
                diffs += (d1, d2)
            else:
                for d in diffs:
                    used[d] = True
                residue_used[r] = True
                block.append(x)
                if extend(block):
                    return True
                block.pop()
                residue_used[r] = False
                for d in diffs:
                    used[d] = False
        return False

    if not extend([]):
        return None
    inf = n
    base = [[inf, 0, m, 2 * m]] + [[(x + j * m) % n for x in b] for b in blocks for j in range(3)]
    return _rotations(base, m)


def _rotations(base: list[list[int]], m: int) -> Schedule:
    """The m rounds of a rotational design: the translates of ``base`` by 0..m-1 in Z_3m,
    the fixed player 3m staying."""
    n = 3 * m
    return [[_group(x if x == n else (x + s) % n for x in t) for t in base] for s in range(m)]


# Base rounds found by ``rotational_design``'s own backtracking (which is deterministic, so
# shipping them changes no plan) where it takes seconds: at 40 players 1.4 million nodes,
# 3-5 s of every 40-player plan of 10 or more sessions; 52 players about as long.
_ROTATIONAL_BASE: dict[int, list[list[int]]] = {
    40: [
        [0, 13, 26, 39],
        [1, 5, 8, 25],
        [14, 18, 21, 38],
        [12, 27, 31, 34],
        [2, 3, 11, 36],
        [10, 15, 16, 24],
        [23, 28, 29, 37],
        [4, 6, 22, 33],
        [7, 17, 19, 35],
        [9, 20, 30, 32],
    ],
    52: [
        [0, 17, 34, 51],
        [1, 2, 20, 24],
        [18, 19, 37, 41],
        [3, 7, 35, 36],
        [4, 12, 25, 49],
        [15, 21, 29, 42],
        [8, 32, 38, 46],
        [5, 10, 30, 45],
        [11, 22, 27, 47],
        [13, 28, 39, 44],
        [6, 9, 48, 50],
        [14, 16, 23, 26],
        [31, 33, 40, 43],
    ],
}


def _group(members: Iterable[int]) -> Group:
    """Four players as a sorted group."""
    a, b, c, d = sorted(members)
    return (a, b, c, d)


def fewest_choices(
    cells: Iterable[Cell], filled: Container[Cell], choices: Callable[..., list[Choice]]
) -> tuple[Cell | None, list[Choice] | None]:
    """The empty cell with the fewest choices and those choices, the first-fail order of a
    backtracking search: ``(None, None)`` once every cell is filled, ``(cell, [])`` at a
    dead end (a cell that nothing fits)."""
    best: Cell | None = None
    options: list[Choice] | None = None
    for cell in cells:
        if cell in filled:
            continue
        found = choices(*cell)
        if not found:
            return cell, []
        if options is None or len(found) < len(options):
            best, options = cell, found
            if len(found) == 1:
                break
    return best, options


@lru_cache(maxsize=16)
def exact_cyclic_schedule(players: int, node_budget: int = 10_000) -> Schedule | None:
    """The complete schedule for N = 3m + 1 over Z_m x {0, 1, 2} plus one fixed player, by an
    exact-cover search (Knuth's Algorithm X) on the base round: every point once and every
    difference class exactly once. Used where the annealing and the Z_3m family fail
    (28 players: no Z_27 difference family exists, this finds 9 rounds)."""
    m, rest = divmod(players - 1, 3)
    if rest or m % 2 == 0 or m < 5:
        return None
    if players in _EXACT_CYCLIC_BASE:
        return _develop(_EXACT_CYCLIC_BASE[players], m, 3, m)
    k, fin = 3, 3 * m
    probe = _BaseRound.__new__(_BaseRound)
    probe.m, probe.k, probe.f = m, k, 1
    rows: dict[tuple[int, ...], list[tuple[str, int]]] = {}

    def add_row(block: tuple[int, ...]) -> None:
        classes = [probe.klass(x, y) for i, x in enumerate(block) for y in block[i + 1 :]]
        if len(set(classes)) == 6:
            rows[block] = [("p", x) for x in block] + [("c", c) for c in classes]

    for a in range(fin):
        for b in range(a + 1, fin):
            for c in range(b + 1, fin):
                # Translating the base round keeps it valid: the fixed player's block may be
                # taken to contain point 0.
                if a == 0:
                    add_row((fin, a, b, c))
                for d in range(c + 1, fin):
                    add_row((a, b, c, d))
    columns: dict[tuple[str, int], set[tuple[int, ...]]] = {}
    for row, cols in rows.items():
        for col in cols:
            columns.setdefault(col, set()).add(row)
    solution: list[tuple[int, ...]] = []
    nodes = 0

    def select(row: tuple[int, ...]) -> list[set[tuple[int, ...]]]:
        removed = []
        for col in rows[row]:
            for other in columns[col]:
                for c2 in rows[other]:
                    if c2 != col:
                        columns[c2].remove(other)
            removed.append(columns.pop(col))
        return removed

    def deselect(row: tuple[int, ...], removed: list[set[tuple[int, ...]]]) -> None:
        for col in reversed(rows[row]):
            columns[col] = removed.pop()
            for other in columns[col]:
                for c2 in rows[other]:
                    if c2 != col:
                        columns[c2].add(other)

    def search() -> bool:
        nonlocal nodes
        nodes += 1
        if not columns:
            return True
        if nodes > node_budget:
            return False
        col = min(columns, key=lambda c: len(columns[c]))
        for row in list(columns[col]):
            solution.append(row)
            removed = select(row)
            if search():
                return True
            deselect(row, removed)
            solution.pop()
        return False

    if not search():
        return None
    base = [list(b) for b in solution]
    return _develop(base, m, k, m)


# The base round this search finds (it is deterministic, so shipping it changes no plan) where
# it takes seconds: at 28 players 2,630 nodes over 6,000 rows, 10-12 s of every 28-player
# plan of 7 or more sessions (beyond 3/4 of the 9 repeat-free rounds).
_EXACT_CYCLIC_BASE: dict[int, list[list[int]]] = {
    28: [
        [27, 0, 9, 25],
        [3, 5, 6, 16],
        [2, 7, 10, 21],
        [4, 11, 24, 26],
        [1, 18, 19, 22],
        [12, 15, 17, 20],
        [8, 13, 14, 23],
    ],
}


def _orbit_gaps(k: int, m: int, rng: random.Random) -> list[set[int]] | None:
    """For a tabled base round: the orbits each of the k*m/4 tables leaves out (k - 4 each,
    every orbit left out by k*m/4 - m tables so that it fills exactly m tables).

    For even m, two orbits sharing all their m tables would need differences forming a complete
    mapping of Z_m, which does not exist (Hall-Paige): their sets of tables must differ.
    """
    n_tables = k * m // 4
    for _ in range(100):
        slots = [a for a in range(k) for _ in range(n_tables - m)]
        rng.shuffle(slots)
        gaps = [set(slots[t * (k - 4) : (t + 1) * (k - 4)]) for t in range(n_tables)]
        if any(len(g) != k - 4 for g in gaps):
            continue
        homes = {frozenset(t for t in range(n_tables) if a not in gaps[t]) for a in range(k)}
        if m % 2 == 0 and len(homes) < k:
            continue
        return gaps
    return None


def _tabled_base(m: int, k: int, rng: random.Random, budget: int) -> list[list[int]] | None:
    """A base round for ``tabled_schedule`` by a backtracking search, or None.

    Each cell (table, orbit) of the base round needs a value of Z_m: every value once per
    orbit (the orbit's m players sit at m different tables) and, for two orbits a < b, each
    difference (b's value - a's value) at most once over the tables holding both (so no pair
    of players meets twice in the translates). The search fills the cell with the fewest
    values left first, in random order, and gives up after ``budget`` nodes: restarts with
    other orders find a solution far sooner than one long search (heavy-tailed runs).
    """
    gaps = _orbit_gaps(k, m, rng)
    if gaps is None:
        return None
    n_tables = len(gaps)
    cells = [(t, a) for t in range(n_tables) for a in range(k) if a not in gaps[t]]
    at_table = [[a for a in range(k) if a not in gaps[t]] for t in range(n_tables)]
    value: dict[tuple[int, int], int] = {}
    taken = [0] * k  # per orbit, a bit mask of the values already placed
    used: set[tuple[int, int, int]] = set()  # (orbit a, orbit b > a, difference)
    nodes = 0

    def choices(t: int, a: int) -> list[tuple[int, list[tuple[int, int, int]]]]:
        out = []
        for v in range(m):
            if taken[a] >> v & 1:
                continue
            classes = []
            for b in at_table[t]:
                w = value.get((t, b))
                if w is None or b == a:
                    continue
                c = (a, b, (w - v) % m) if a < b else (b, a, (v - w) % m)
                if c in used:
                    break
                classes.append(c)
            else:
                out.append((v, classes))
        return out

    def search() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return False
        cell, options = fewest_choices(cells, value, choices)
        if cell is None:
            return True
        if not options:
            return False
        rng.shuffle(options)
        for v, classes in options:
            value[cell] = v
            taken[cell[1]] |= 1 << v
            used.update(classes)
            if search():
                return True
            del value[cell]
            taken[cell[1]] &= ~(1 << v)
            used.difference_update(classes)
        return False

    # Translating a base round gives another one: the first cell may be fixed to 0.
    value[cells[0]] = 0
    taken[cells[0][1]] = 1
    if not search():
        return None
    return [[a * m + value[t, a] for a in at_table[t]] for t in range(n_tables)]


@lru_cache(maxsize=16)
def tabled_schedule(players: int, rounds: int, restarts: int = 20) -> Schedule | None:
    """A repeat-free schedule whose group t of every round can sit at physical table t with no
    player ever back at a table (see the module docstring), or None.

    Deterministic (its own seeds), cached. The smallest cycle length m >= ``rounds`` dividing
    ``players`` with k = players / m >= 4 orbits is tried; k = 4 with even m is impossible.
    """
    if players % 4 or rounds < 2 or rounds > max_repeat_free_rounds(players):
        return None
    for m in range(rounds, players // 4 + 1):
        k, rest = divmod(players, m)
        if rest == 0:
            break
    else:
        return None
    if k < 4 or (k == 4 and m % 2 == 0):
        return None
    for seed in range(restarts):
        base = _tabled_base(m, k, random.Random(seed), budget=500 + 4 * players)
        if base is not None:
            return _develop(base, m, k, rounds)
    return None


def construct(players: int, rounds: int, effort: int = 1) -> Schedule | None:
    """The best construction available for ``rounds`` repeat-free rounds, or None."""
    if rounds > max_repeat_free_rounds(players):
        return None
    n = round(math.log(players, 4)) if players > 1 else 0
    if n >= 2 and 4**n == players:
        return affine_schedule(n)[:rounds]
    complete = players % 12 == 4
    # Close to the bound the annealing rarely closes; the complete designs are found directly.
    if complete and rounds * 4 > max_repeat_free_rounds(players) * 3:
        found = rotational_design(players) or exact_cyclic_schedule(players)
        if found is not None:
            return found[:rounds]
    return cyclic_schedule(players, rounds, effort)


# ---------------------------------------------------------------------------------------------
# Difference-matrix schedules: groups that come with their physical tables.


def _group_moduli(order: int) -> list[tuple[int, ...]]:
    """Abelian groups of ``order`` to search in, as the moduli of their cyclic factors.

    For a prime power p**k the elementary abelian group Z_p x ... x Z_p first (the additive
    group of GF(p**k), over which full difference matrices exist, e.g. for 8 and 9 where Z_8
    and Z_9 have none); the cyclic group; Z_2 x Z_(order/2) for other orders divisible by 4."""
    p = next(d for d in range(2, order + 1) if order % d == 0)
    k, rest = 0, order
    while rest % p == 0:
        rest //= p
        k += 1
    if rest == 1 and k > 1:
        return [(p,) * k, (order,)]
    if order % 4 == 0:
        return [(order,), (2, order // 2)]
    return [(order,)]


class _Abelian:
    """Z_m1 x Z_m2 x ..., elements numbered 0..order-1 in mixed radix."""

    def __init__(self, moduli: tuple[int, ...]) -> None:
        self.moduli = moduli
        self.order = math.prod(moduli)
        digits = [self._digits(x) for x in range(self.order)]
        self._sub = [
            [
                self._number([(a - b) % m for a, b, m in zip(x, y, moduli, strict=True)])
                for y in digits
            ]
            for x in digits
        ]

    def _digits(self, x: int) -> list[int]:
        out = []
        for m in self.moduli:
            x, d = divmod(x, m)
            out.append(d)
        return out

    def _number(self, digits: list[int]) -> int:
        x = 0
        for d, m in zip(reversed(digits), reversed(self.moduli), strict=True):
            x = x * m + d
        return x

    def sub(self, x: int, y: int) -> int:
        return self._sub[x][y]


ROWS = 5  # a zero row and one row for each of the four players' classes


def _difference_columns(
    group: _Abelian, columns: int, rng: random.Random, budget: int
) -> list[list[int]] | None:
    """``columns`` columns of a 5-row difference matrix over ``group``, or None.

    Row 0 is all zero; for any two rows a, b the differences row_a[x] - row_b[x] must be
    distinct over the columns x. Column 0 is all zero (every row may be translated). A
    backtracking search fills column after column, cell after cell, in random order; it gives
    up after ``budget`` nodes (the caller restarts with another order: heavy-tailed runs).
    """
    order = group.order
    sub = group.sub
    # used[a][b]: differences row_a - row_b already taken (b < a; b = 0 is the zero row).
    used = [[{0} for _ in range(a)] for a in range(ROWS)]
    matrix: list[list[int]] = [[0] * ROWS]
    nodes = 0

    def fill(column: list[int]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return False
        a = len(column)
        if a == ROWS:
            matrix.append(list(column))
            if len(matrix) == columns or fill([0]):
                return True
            matrix.pop()
            return False
        values = list(range(1, order))
        rng.shuffle(values)
        for v in values:
            diffs = [sub(v, column[b]) for b in range(a)]
            if any(d in used[a][b] for b, d in enumerate(diffs)):
                continue
            for b, d in enumerate(diffs):
                used[a][b].add(d)
            column.append(v)
            if fill(column):
                return True
            column.pop()
            for b, d in enumerate(diffs):
                used[a][b].discard(d)
            if nodes > budget:
                return False
        return False

    if columns <= 1 or fill([0]):
        return matrix[:columns]
    return None


def _prime_power(order: int) -> bool:
    """Whether ``order`` is a prime power: only then (of the orders tried) can a full
    difference matrix, as many rounds as tables, be expected from the search."""
    p = next(d for d in range(2, order + 1) if order % d == 0)
    while order % p == 0:
        order //= p
    return order == 1


def _multiplier_columns(order: int, columns: int) -> list[list[int]] | None:
    """Where 2 and 3 are prime to ``order``: row a of column x is a*x mod order, whose
    differences (a - b)*x are distinct because 1..4 are units mod order. Immediate, and the
    full matrix (columns = order)."""
    if math.gcd(order, 6) != 1 or order < 5:
        return None
    return [[a * x % order for a in range(ROWS)] for x in range(columns)]


def _field_columns(order: int, columns: int) -> tuple[_Abelian, list[list[int]]] | None:
    """Where ``order`` = p**k (k > 1, at least 5): row a of column x is c_a * x in the field
    GF(p**k) (c_0 = 0 and four distinct non-zero c_a), whose differences (c_a - c_b) * x are
    distinct over x because c_a - c_b is invertible: the multiplier construction above over a
    field that is not Z_order. Elements are polynomials over Z_p of degree < k, numbered by
    their coefficients as ``_Abelian((p,) * k)`` numbers its elements, so the group's
    subtraction is the field's. Immediate, and the full matrix (columns = order): tables of
    16, 27 and 32 (Z_T serves 25), where the searches below fail or take seconds."""
    moduli = _group_moduli(order)[0]  # (p,) * k first for a prime power p**k, k > 1
    if order < 5 or len(moduli) < 2:
        return None
    p, k = moduli[0], len(moduli)
    group = _Abelian(moduli)

    def coefficients(x: int) -> list[int]:
        return [(x // p**i) % p for i in range(k)]

    def times(x: list[int], y: list[int], modulus: list[int]) -> list[int]:
        product = [0] * (2 * k - 1)
        for i, a in enumerate(x):
            for j, b in enumerate(y):
                product[i + j] = (product[i + j] + a * b) % p
        # Reduce by the monic modulus x**k + modulus[k-1] x**(k-1) + ... + modulus[0].
        for degree in range(2 * k - 2, k - 1, -1):
            lead = product[degree]
            if lead:
                product[degree] = 0
                for i, c in enumerate(modulus):
                    product[degree - k + i] = (product[degree - k + i] - lead * c) % p
        return product[:k]

    def number(x: list[int]) -> int:
        return sum(c * p**i for i, c in enumerate(x))

    # The first monic modulus of degree k under which every non-zero element has an inverse
    # (no zero divisors): the polynomials modulo it are the field.
    one = [1] + [0] * (k - 1)
    elements = [coefficients(x) for x in range(1, order)]
    for tail in range(p**k):
        modulus = coefficients(tail)
        if all(any(times(a, b, modulus) == one for b in elements) for a in elements):
            break
    else:  # pragma: no cover - a finite field of every prime power order exists
        return None
    # The columns: 0, then the powers of a primitive element. The first elements in their
    # numbering would be a subspace for a short event (0..7 in GF(16)), whose rounds leave
    # pairs that never met without any common opponent; the powers do not (64 x 7: the fewest
    # indirect meetings 2 against 0).
    for candidate in range(2, order):
        powers, power = [], one
        for _ in range(order - 1):
            powers.append(number(power))
            power = times(power, coefficients(candidate), modulus)
        if len(set(powers)) == order - 1:
            break
    multipliers = [coefficients(c) for c in range(ROWS)]
    matrix = [
        [number(times(c, coefficients(x), modulus)) for c in multipliers]
        for x in ([0, *powers])[:columns]
    ]
    return group, matrix


# The row-by-row search closes at once up to 12 elements and rarely within its budget above
# (measured: 15, 16, 20, 24 fail in 1-4 s), where the column search succeeds instead.
ROW_SEARCH_MAX_ORDER = 12


def _complete_mappings(moduli: tuple[int, ...]) -> bool:
    """Whether Z_m1 x Z_m2 x ... has complete mappings (Hall-Paige: its Sylow 2-subgroup is
    trivial or not cyclic): only then can a difference matrix have as many columns as the
    group has elements. Z_12 has none, Z_2 x Z_6 has them."""
    evens = sum(m % 2 == 0 for m in moduli)
    return evens != 1


def _orthomorphism_rows(group: _Abelian, rng: random.Random, budget: int) -> list[list[int]] | None:
    """A full 5 x order difference matrix, searched row by row, as its columns; or None.

    Column x's row 1 may be taken to be x itself (the columns can be put in any order), so
    each further row is an orthomorphism of the group: a permutation v with v(x) - x, and
    v(x) - w(x) for every row w above it, all distinct. Where the column-by-column search
    fails (Z_2 x Z_6, tables of twelve), these rows are found at once: a row fixes a whole
    permutation's worth of differences before the next row, so dead ends show early.
    """
    order = group.order
    sub = group.sub
    rows: list[list[int]] = [[0] * order, list(range(order))]
    nodes = 0

    def fill(row: list[int], used: list[set[int]]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return False
        x = len(row)
        if x == order:
            rows.append(list(row))
            if len(rows) == ROWS:
                return True
            if fill([0], [{0} for _ in rows]):
                return True
            rows.pop()
            return False
        values = list(range(1, order))
        rng.shuffle(values)
        for v in values:
            diffs = [sub(v, above[x]) for above in rows]
            if any(d in seen for d, seen in zip(diffs, used, strict=True)):
                continue
            for d, seen in zip(diffs, used, strict=True):
                seen.add(d)
            row.append(v)
            if fill(row, used):
                return True
            row.pop()
            for d, seen in zip(diffs, used, strict=True):
                seen.discard(d)
            if nodes > budget:
                return False
        return False

    if not fill([0], [{0} for _ in rows]):
        return None
    return [[rows[a][x] for a in range(ROWS)] for x in range(order)]


@lru_cache(maxsize=64)
def difference_schedule(players: int, rounds: int, restarts: int = 30) -> Schedule | None:
    """A repeat-free schedule of ``rounds`` rounds on T = players/4 tables in which group t of
    every round sits at physical table t and nobody ever comes back to a table; or None.

    Players are the pairs (class a in 1..4, g in an abelian group G of order T); in round x,
    player (a, g) sits at table g + row_a[x] of a 5 x rounds difference matrix over G. Each
    table then holds one player of each class in every round; a player's tables
    g + row_a[x] are all different (row_a - row_0 has distinct entries); and players
    (a, g), (b, h) of different classes share table in round x only when
    row_a[x] - row_b[x] = h - g, which happens in at most one round. So rounds <= T gives no
    repeated meeting and no repeated table at all: every field with more tables than
    sessions, and with as many where a full difference matrix exists (T prime to 6, a
    prime power at least 5 over its field GF(T), or T = 12 over Z_2 x Z_6 by rows).
    Deterministic (own seeds), cached.
    """
    if players % 4 or rounds < 1:
        return None
    order = players // 4
    if rounds > order or order < 2:
        return None
    matrix = _multiplier_columns(order, rounds)
    group = _Abelian((order,))
    field = _field_columns(order, rounds) if matrix is None else None
    if matrix is None and order <= ROW_SEARCH_MAX_ORDER:
        # A full matrix row by row, over a group with complete mappings; its first columns
        # serve any number of rounds (T = 12: the column search below finds none for 10 or
        # more rounds, this finds 12 columns in a quarter of a second).
        for moduli in _group_moduli(order):
            if not _complete_mappings(moduli):
                continue
            group = _Abelian(moduli)
            for seed in range(restarts // 3):
                full = _orthomorphism_rows(group, random.Random(seed), 20 * order * order)
                if full is not None:
                    matrix = full[:rounds]
                    break
            if matrix is not None:
                break
    if matrix is None and (rounds < order or _prime_power(order)):
        # Short restarts: a search that does not close soon rarely closes later, and a field
        # without any such matrix (T = 10 with 9 or 10 rounds) must give up in about a
        # second, leaving the time to the local search.
        budget = 200 + 40 * rounds * order
        # With the field's matrix in hand the search only competes with it: a few restarts
        # (64 x 14-15, where it never closes, had spent 4 s of a 10 s plan on it).
        total = max(20 * budget, 150_000) if field is None else 3 * budget
        for moduli in _group_moduli(order):
            group = _Abelian(moduli)
            for seed in range(restarts):
                matrix = _difference_columns(group, rounds, random.Random(seed), budget)
                total -= budget
                if matrix is not None or total <= 0:
                    break
            if matrix is not None:
                break
    found = [_matrix_schedule(group, matrix)] if matrix is not None else []
    if field is not None:
        found.append(_matrix_schedule(*field))
    if not found:
        return None
    # Both are free of repeated meetings and of returns to a table: keep the one whose pairs
    # that never met share the most opponents (ties: the search's), as the sweep measures.
    return max(found, key=_fewest_indirect)


def _matrix_schedule(group: _Abelian, matrix: list[list[int]]) -> Schedule:
    order = group.order
    schedule: Schedule = []
    for column in matrix:
        groups = []
        for t in range(order):
            # Player (a, g) is number (a - 1) * T + g; at table t in this round sits the g with
            # g + row_a = t.
            groups.append(tuple((a - 1) * order + group.sub(t, column[a]) for a in range(1, ROWS)))
        schedule.append(groups)  # type: ignore[arg-type]
    return schedule


def _fewest_indirect(schedule: Schedule) -> int:
    """The fewest common opponents of a pair that never met, as the seating's quality counts
    it (all players when every pair met)."""
    fewest = quality(schedule).min_indirect_meetings
    return len(schedule[0]) * 4 if fewest is None else fewest


# ---------------------------------------------------------------------------------------------
# Team-mates kept apart: which player takes which slot of a construction.


def apart_labelling(
    schedule: Schedule, slots: int, groups: list[list[int]], rng: random.Random, budget: int
) -> list[list[int]] | None:
    """For each group of team-mates, slots of ``schedule`` (numbers 0..slots-1) of which no
    two ever share a table: an independent set of the schedule's meeting graph, disjoint from
    the other groups' sets. None when the search finds none within ``budget`` nodes.

    A construction is only as good as its relabelling: its slots can take the players in any
    order, so team-mates kept apart cost nothing in meetings or table visits if each team
    lands on slots that never meet. The search places the largest groups first; for each it
    starts from the free slot with the fewest free slots it never meets (most constrained) and
    extends the set by backtracking, candidates in random order. Restarts with other orders
    are left to the caller (heavy-tailed runs, as for the constructions above).
    """
    never = [(1 << slots) - 1 & ~(1 << s) for s in range(slots)]
    for rnd in schedule:
        for g in rnd:
            for x in g:
                for y in g:
                    never[x] &= ~(1 << y)
    order = sorted(range(len(groups)), key=lambda k: -len(groups[k]))
    chosen: list[list[int]] = [[] for _ in groups]
    nodes = 0

    def bits(mask: int) -> list[int]:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def extend(i: int, free: int, members: list[int], open_: int) -> bool:
        """Group order[i] has ``members``; ``open_`` the free slots meeting none of them."""
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return False
        size = len(groups[order[i]])
        if len(members) == size:
            chosen[order[i]] = list(members)
            return place(i + 1, free & ~sum(1 << s for s in members))
        if open_.bit_count() < size - len(members):
            return False
        candidates = bits(open_)
        rng.shuffle(candidates)
        for s in candidates:
            # Later members are taken above s only: each set is tried once, not in every order.
            if members and s < members[-1]:
                continue
            members.append(s)
            if extend(i, free, members, open_ & never[s] & ~((1 << (s + 1)) - 1)):
                return True
            members.pop()
            if nodes > budget:
                return False
        return False

    def place(i: int, free: int) -> bool:
        if i == len(order):
            return True
        starts = bits(free)
        rng.shuffle(starts)
        starts.sort(key=lambda s: (never[s] & free).bit_count())
        for s in starts:
            if extend(i, free, [s], never[s] & free):
                return True
            if nodes > budget:
                return False
        return False

    return chosen if place(0, (1 << slots) - 1) else None


# ---------------------------------------------------------------------------------------------
# Orbit schedules: difference matrices over a group acting on several orbits of tables.


def _orbit_values(
    tables: int, rounds: int, m: int, rng: random.Random, budget: int
) -> dict[tuple[int, int], tuple[int, int]] | None:
    """For ``orbit_schedule``: value[(round, orbit)] = (table orbit, shift), or None.

    Players are the pairs (orbit o of 4u, g in Z_m), tables the pairs (table orbit v of u, t
    in Z_m), u = tables / m. In round x player (o, g) sits at table (v, g + shift) for the
    value (v, shift) of (x, o): each table orbit holds four player orbits a round, one player
    of each per table. A player's tables differ exactly when the values of its orbit differ
    over the rounds; two players (o, g), (o', g') meet in round x when both orbits are on one
    table orbit and g' - g = shift(o) - shift(o'): no pair meets twice exactly when these
    differences of two orbits differ over the rounds they share a table orbit. A backtracking
    search fills the cell with the fewest values left first; round 0 is fixed (orbits may be
    renamed and translated), restarts are left to the caller.
    """
    u = tables // m
    k = 4 * u
    value: dict[tuple[int, int], tuple[int, int]] = {}
    visits: set[tuple[int, int, int]] = set()  # (orbit, table orbit, shift) used
    differences: set[tuple[int, int, int]] = set()  # (orbit, later orbit, difference) used
    count = [[0] * u for _ in range(rounds)]
    for o in range(k):
        value[0, o] = (o // 4, 0)
        visits.add((o, o // 4, 0))
        count[0][o // 4] += 1
        for o2 in range(o // 4 * 4, o):
            differences.add((o2, o, 0))
    cells = [(x, o) for x in range(1, rounds) for o in range(k)]
    nodes = 0

    def choices(x: int, o: int) -> list[tuple[int, int, list[tuple[int, int, int]]]]:
        out = []
        for v in range(u):
            if count[x][v] >= 4:
                continue
            for shift in range(m):
                if (o, v, shift) in visits:
                    continue
                used = []
                for o2 in range(k):
                    other = value.get((x, o2))
                    if other is None or other[0] != v:
                        continue
                    if o2 < o:
                        key = (o2, o, (other[1] - shift) % m)
                    else:
                        key = (o, o2, (shift - other[1]) % m)
                    if key in differences:
                        break
                    used.append(key)
                else:
                    out.append((v, shift, used))
        return out

    def search() -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return False
        cell, options = fewest_choices(cells, value, choices)
        if cell is None:
            return True
        if not options:
            return False
        o = cell[1]
        rng.shuffle(options)
        for v, shift, used in options:
            value[cell] = (v, shift)
            visits.add((o, v, shift))
            count[cell[0]][v] += 1
            differences.update(used)
            if search():
                return True
            del value[cell]
            visits.discard((o, v, shift))
            count[cell[0]][v] -= 1
            differences.difference_update(used)
            if nodes > budget:
                return False
        return False

    return value if search() else None


@lru_cache(maxsize=16)
def orbit_schedule(players: int, rounds: int, restarts: int = 20) -> Schedule | None:
    """A schedule whose group t of every round sits at physical table t with no repeated
    meeting and no player back at a table, over Z_m with m = T/2 acting on two orbits of
    tables (``_orbit_values``); or None.

    For T = players/4 = 2 mod 4 (Z_T has no complete mapping, so difference matrices of
    nearly T columns do not exist, and T = 14 with 12 rounds is out of reach of their search)
    the odd half m = T/2 has them, and the freedom of which player orbits share a table orbit
    in a round makes up for the smaller group: 56 x 12 in about a second. Deterministic (own
    seeds), cached.
    """
    tables = players // 4
    # With T - 1 or T rounds (24 x 6, 40 x 9, 40 x 10, 56 x 13) the search found none even
    # with 30 times the budget: not tried, the time goes to the local search.
    if players % 4 or tables % 4 != 2 or tables < 6 or rounds < 2 or rounds > tables - 2:
        return None
    m = tables // 2
    # About 40 000 nodes (2.6 s) at 56 x 12, the hardest field tried.
    budget = 3000
    for seed in range(restarts):
        value = _orbit_values(tables, rounds, m, random.Random(seed), budget)
        if value is not None:
            break
    else:
        return None
    schedule: Schedule = []
    for x in range(rounds):
        row: list[list[int]] = [[] for _ in range(tables)]
        for o in range(4 * tables // m):
            v, shift = value[x, o]
            for g in range(m):
                row[v * m + (g + shift) % m].append(o * m + g)
        schedule.append([tuple(sorted(t)) for t in row])  # type: ignore[misc]
    return schedule
