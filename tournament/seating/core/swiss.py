"""``swiss``: the next round seated by standings.

The round's cost is the total rank spread (worst - best standing index per table) with a
repeated meeting weighing more than any spread. Several starts, each then repaired and annealed:

* the pilot fill: tables filled from the top of the standings, the best unseated player and
  the three next-best who met nobody at the table (a player moves only as far as needed),
  among the few best such tables the one whose greedy completion is best (pilot method);
* a beam search over the standings (``_beam``), nearly exact on the spread for 40 players;
* when both still repeat a meeting (late in long events), a backtracking search for a
  repeat-free round (``_exact_cover``), which proves or finds one quickly.

A tabu repair removes any repeat a start could not avoid, then an annealing swaps players
between tables to lower the spread, never accepting a repeat once the round is free of them.
The best round is polished by a large-neighbourhood search (``_window_search``): a few tables
re-seated by the beam search, either a block of tables next to each other in the standings or,
for the wide interleaved tables of late rounds, one table with some of those whose standings
range overlaps its own. Physical tables come from a matching that avoids tables a
player already used (WRC 8.1) - or, when some group has no free table left, from a
minimum-cost assignment that sends the fewest players back to a table (``_place_least_repeats``)
- winds from the best seat order given each player's wind counts so far.
Both enter the round's cost as tie-breaks (``SEAT_WEIGHT``): a table whose four players have
no free physical table in common, or cannot all take one of their least played winds, costs
one step of spread; when the tables' matching still leaves a group without a free table
(Hall's condition), a short repair swaps players between tables (``_table_repair``).

Team-mates kept apart (``apart``) are never compatible (``ok``) and a table holding two of them
costs ``APART_WEIGHT``, more than any repeat, so every start, repair and annealing treats
them as a hard constraint; a round that still seats two together is answered
``apart_impossible``, never returned.

Each round is seated for itself, with no look-ahead over later rounds: for a player in fixed
standings, meeting the nearest unmet players first gives the least sum over rounds of their
farthest table partner, and the standings move between rounds anyway. Tried and dropped on
40 players x 8 rounds: a cost for using up unmet pairs close in the standings (the rounds
spread wider at once and the later ones gained nothing: mean 12.4 against 11.5 on seeds 1-5),
the same as a pure tie-break between rounds of equal spreads (no change in the mean of seeds
1-10), and a joint annealing of this round with the next seated on the same standings (it
never changed this round: nearly every swap in a tight round repeats a meeting).

Tables and winds late in an event (40 x 8, result seeds 1-5, CPU time): with 10
tables and 8 rounds a player has 3 free tables left in round 8, so four players have one in
common by chance about once in twelve; with the unmet pairs and the one wind each player
still lacks, almost no table of four close in the standings is allowed, and each round seated
for itself cannot reach zero repeats there. Tried and dropped: both seat costs at 3 (mean
spread 11.71, repeated tables up to 34); the table part at 1000 (rounds 4-5 free of repeats
at spreads 12-14 instead of 6-10, 25 repeats left, spread 13.8 on seed 1); the wind part at
1000 (round 4 spread 16.4, winds still apart by 2); winds as a hard constraint where every
player lacks one wind (round 4 spread 12.8 against 6.4, and round 8 then repeats a meeting);
groups placed on tables shifted by 1 or 3 a round, so that players near in the standings use
the same tables (repeated tables 28-35, no better), or on the tables their 4 or 8 nearest in
the standings already used (mean 30.8 and 32.4 against 33.2, spread 11.26 and 11.63: within
the noise of the result seeds); after the search, swaps between neighbouring tables that
remove a repeated table (exact count by the assignment) at up to 2 or 4 steps of spread each
(worst 39 and 34, spread 11.23 and 11.44), or that fix a table's winds at up to 3 or 5 steps
(winds still apart by 2 at 160 x 8, spread there 4.26 and 4.68 on seed 1). What remains is a
look-ahead: winds chosen in rounds 2-3 and 6-7 (and tables in the early rounds) so that the
rounds where the choices run out stay seatable.

Tried and dropped since (40 x 8, result seeds 1-3, today 36 repeated tables at worst, winds
apart by 2, mean spread 11.28): two players lacking the same single wind made incompatible
(``ok``) where every player has one least played wind, with the round seated again without it
when no repeat-free round is found, plus a seat-order choice one round before that leaves
players near each other in the standings lacking different winds, plus the wind part at 4
where every player has two least played winds: rounds 3 and 4 kept within 1, but round 4's
spread rose from 6.4-7.2 to 13.3-14.5 (the standings move too much in one round for the
choice made before it to hold), the mean spread to 12.33, and rounds 7-8 still drifted to 2
(33-35 repeated tables). Without the wind part at 4 the choice alone left round 3 at 2 apart
(mean spread 11.78). Keeping every prefix within 1 costs a wide round every fourth round; a
look-ahead has to know the number of rounds, which the interface does not pass.

The interface now takes it (``rounds``, optional): the last round then prices each player
who cannot take the one wind they lack (swiss_winds, with what was tried before it).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

from .apart import soft_teams
from .errors import SeatingError
from .metrics import rank_spread
from .options import SwissOptions
from .search import Progress
from .swiss_winds import player_masks, seat_order, wind_counts
from .tables import assign_tables, min_cost_assignment
from .winds import polish_winds

# Whether two players may share a table; the cost of a table of four; a table's free
# physical tables as a bit mask.
Ok = Callable[[int, int], bool]
GroupCost = Callable[[list[int]], int]
GroupTables = Callable[[list[int]], int]
# A beam state: (cost so far, open tables as (members, common mask, size), closed tables as a
# linked list (members, rest)).
Closed = tuple[int, "Closed"] | None
BeamState = tuple[int, tuple[tuple[int, int, int], ...], Closed]

# Costs of a table: a repeated meeting above all the rest (above any sum of spreads and seat
# costs of a round of 2000 players); then its rank spread plus its seat cost: SEAT_WEIGHT for
# no physical table free for all four (WRC 8.1) and as much for no way to give each of them
# one of their least played winds - one step of spread each, a tie-break and a trade one for
# one. Measured on 40 x 8, seeds 1-4: repeated table visits 38, 33, 34, 39 against 48, 43, 40,
# 39 without, mean spread 11.33 against 11.34. A seat cost above any spread (2000) cut table
# repeats in rounds 2-6 further but spread the tables to 13-15 on average, and still left
# repeats and winds apart by 2 in the last two rounds, where the played tables and winds
# leave too few ways to seat a round.
REPEAT_WEIGHT = 10_000_000
APART_WEIGHT = 1000 * REPEAT_WEIGHT
SEAT_WEIGHT = 1
# The wind part of the seat cost alone raised to 4 (40 x 8, seeds 1-5): mean spread 11.38
# against 11.18, repeated tables up to 43 against 39, and winds still apart by 2 in the last
# rounds - kept at one step.
WIND_WEIGHT = SEAT_WEIGHT
# Each player at a table who cannot take a wind that still lets them end the event within 1
# (the number of rounds known): WIND_BREAK_STEPS steps of spread, far below a repeated
# meeting, which a player notices more than a wind played once too often.
WIND_BREAK_STEPS = 4
# Swaps of the table repair are tried while their matchings (about groups^2 work each) stay
# within this budget: 4000 swaps at 40 players, 40 at 400.
TABLE_REPAIR_WORK = 400_000
PILOT_WIDTH = 4
# The beam start: kept to fields where it pays for its time (width x players work).
BEAM_MAX_PLAYERS = 200
BEAM_MIN_WIDTH = 40
BEAM_WORK = 8000
WINDOW_SIZES = (3, 4, 5, 6)
EXACT_COVER_NODES = 20_000
EXACT_COVER_PARTNERS = 30  # a player's possible partners tried at most: C(30, 3) tables
WINDOW_WIDTH = 150
# Half the windows overlap a table's range (see _overlapping_tables): the neighbouring blocks
# keep the former 100 tries, the overlapping ones add as many.
WINDOW_TRIES = 200
OVERLAP_SHARE = 0.5
# Tables priced at most kept per round (about 200 bytes each): a 40-player round prices some
# 100,000 distinct tables, a 400-player one more; past this the store starts again.
COST_CACHE = 500_000


@dataclass(frozen=True)
class SwissResult:
    round: list[list[int]]
    rank_spread: float
    repeated_meetings: int
    repeated_table_visits: int


def _greedy(order: list[int], ok: Ok) -> list[list[int]]:
    """Top-down fill: each table gets the best unseated player and the compatible three
    with the smallest worst standing."""
    unseated = list(order)
    groups: list[list[int]] = []
    window = 48
    while unseated:
        head, rest = unseated[0], unseated[1:]
        cands = [q for q in rest[:window] if ok(head, q)]
        found: list[int] | None = None
        for j, c in enumerate(cands):
            for i1 in range(j):
                a = cands[i1]
                if not ok(a, c):
                    continue
                for i2 in range(i1 + 1, j):
                    b = cands[i2]
                    if ok(a, b) and ok(b, c):
                        found = [head, a, b, c]
                        break
                if found:
                    break
            if found:
                break
        if found is None:
            found = [head, *rest[:3]]
        groups.append(found)
        for p in found[1:]:
            unseated.remove(p)
        unseated.remove(head)
    return groups


def _triples(unseated: list[int], ok: Ok, limit: int, window: int = 48) -> list[list[int]]:
    """Up to ``limit`` tables for the best unseated player, smallest worst standing first."""
    head, rest = unseated[0], unseated[1:window]
    cands = [q for q in rest if ok(head, q)]
    out: list[list[int]] = []
    for j, c in enumerate(cands):
        for i1 in range(j):
            a = cands[i1]
            if not ok(a, c):
                continue
            for i2 in range(i1 + 1, j):
                b = cands[i2]
                if ok(a, b) and ok(b, c):
                    out.append([head, a, b, c])
                    if len(out) >= limit:
                        return out
    return out


def _pilot(order: list[int], ok: Ok, cost: GroupCost, width: int) -> list[list[int]]:
    """Top-down fill that looks ahead (the pilot method): for the best unseated player, each
    of the ``width`` best tables is judged by completing the rest greedily, and the one with
    the best completed round is kept. The best completed round seen is returned."""
    seated: list[list[int]] = []
    unseated = list(order)
    best: list[list[int]] | None = None
    best_cost = math.inf
    while unseated:
        options = _triples(unseated, ok, width) or [unseated[:4]]
        chosen, chosen_cost = options[0], math.inf
        for table in options:
            rest = [p for p in unseated if p not in table]
            tail = _greedy(rest, ok)
            total = sum(cost(g) for g in seated) + cost(table) + sum(cost(g) for g in tail)
            if total < chosen_cost:
                chosen, chosen_cost = table, total
            if total < best_cost:
                best, best_cost = [*seated, table, *tail], total
        seated.append(chosen)
        unseated = [p for p in unseated if p not in chosen]
    assert best is not None
    return [list(g) for g in best]


def _beam(
    order: list[int],
    ok: Ok,
    width: int,
    rng: random.Random,
    penalty: bool = False,
    ranks: list[int] | None = None,
) -> list[list[int]] | None:
    """A repeat-free round of least total rank spread by a beam search over the standings.

    Players are taken best first; each starts a new table or joins an open (not yet full)
    table where they met nobody. A table's spread is the number of standings positions it
    stays open over, so a partial round's cost is the sum over positions of its open tables,
    and the state after a position is fully described by its open tables (closed ones no
    longer matter): equal states are merged, keeping the cheaper. The ``width`` cheapest
    states (plus the spread each open table must still add) survive each position. Exact
    with unlimited width; None when every state ran into a dead end.
    """
    n = len(order)
    # Standings index of each player taken (a sub-round of some tables: gaps between them).
    ranks = ranks or list(range(n))
    compatible = [0] * n
    for i, p in enumerate(order):
        compatible[i] = sum(1 << j for j, q in enumerate(order) if j != i and ok(p, q))
    full = (1 << n) - 1
    # A state: (cost so far, open tables as (members, common compatible mask, size), closed).
    states: list[BeamState] = [(0, (), None)]
    for i in range(n):
        later = full & ~((1 << (i + 1)) - 1)
        left = n - 1 - i
        bit = 1 << i
        gap = ranks[i + 1] - ranks[i] if i + 1 < n else 0
        merged: dict[tuple[int, ...], BeamState] = {}
        fresh = compatible[i] & later
        fresh_alive = penalty or fresh.bit_count() >= 3
        for cost, opens, closed in states:
            # A move changes one open table: whether the others can still be filled from
            # the players after this one (and how many seats they need) is the same for
            # every move of this state, so it is counted once.
            need = 0
            dead = 0
            flags = []
            for _, common, size in opens:
                need += 4 - size
                fits = penalty or (common & later).bit_count() >= 4 - size
                flags.append(fits)
                dead += not fits
            moves: list[tuple[tuple[tuple[int, int, int], ...], Closed, int]] = []
            if not dead and fresh_alive and need + 3 <= left:
                moves.append(((*opens, (bit, fresh, 1)), closed, 0))
            if need - 1 <= left:
                for j, (members, common, size) in enumerate(opens):
                    if dead - (not flags[j]):
                        continue
                    extra = 0
                    if not common & bit:
                        if not penalty:
                            continue
                        extra = REPEAT_WEIGHT * (members & ~compatible[i]).bit_count()
                    if size == 3:
                        moves.append((opens[:j] + opens[j + 1 :], (members | bit, closed), extra))
                    else:
                        grown = (members | bit, common & compatible[i] & later, size + 1)
                        if not penalty and grown[1].bit_count() < 3 - size:
                            continue
                        moves.append(((*opens[:j], grown, *opens[j + 1 :]), closed, extra))
            for new_opens, new_closed, extra in moves:
                key = tuple(sorted(m for m, _, _ in new_opens))
                new_cost = cost + extra + len(new_opens) * gap
                old = merged.get(key)
                if old is None or old[0] > new_cost:
                    merged[key] = (new_cost, new_opens, new_closed)
        if not merged:
            return None
        survivors = list(merged.values())
        if len(survivors) > width:
            ranked = [
                (c + 3 * len(o) - sum(z for _, _, z in o), rng.random(), k)
                for k, (c, o, _) in enumerate(survivors)
            ]
            ranked.sort()
            survivors = [survivors[k] for _, _, k in ranked[:width]]
        states = survivors
    _, _, closed = min(states, key=lambda s: s[0])
    groups = []
    while closed is not None:
        members, closed = closed
        groups.append([order[k] for k in range(n) if members >> k & 1])
    return groups


def _exact_cover(
    order: list[int], ok: Ok, rng: random.Random, budget: int
) -> list[list[int]] | None:
    """A repeat-free round if the backtracking finds one within ``budget`` nodes, else None.

    Late in a long event the pairs not yet met are few and the fills above may end with
    repeats although a repeat-free round exists. This search seats first the player with
    the fewest possible partners left and tries their tables best standings first; a branch
    dies as soon as some unseated player has fewer than three possible partners left.
    """
    n = len(order)
    compatible = [0] * n
    for i, p in enumerate(order):
        compatible[i] = sum(1 << j for j, q in enumerate(order) if j != i and ok(p, q))
    nodes = 0
    tables: list[list[int]] = []

    def search(unseated: int) -> bool:
        nonlocal nodes
        nodes += 1
        if not unseated:
            return True
        if nodes > budget:
            return False
        head, fewest = -1, n + 1
        rest = unseated
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            rest ^= low
            count = (compatible[i] & unseated).bit_count()
            if count < 3:
                return False
            if count < fewest:
                head, fewest = i, count
        free = compatible[head] & unseated
        partners = [j for j in range(n) if free >> j & 1]
        if len(partners) > EXACT_COVER_PARTNERS:
            # Early in a big field a player has hundreds of possible partners, and all
            # their triples would take gigabytes; the nearest in the standings are the
            # tables worth trying first, and the node budget ends the search long before
            # the others would come up.
            partners.sort(key=lambda j: abs(j - head))
            partners = sorted(partners[:EXACT_COVER_PARTNERS])
        triples = []
        for x in range(len(partners)):
            a = partners[x]
            for y in range(x + 1, len(partners)):
                b = partners[y]
                if not compatible[a] >> b & 1:
                    continue
                for z in range(y + 1, len(partners)):
                    c = partners[z]
                    if compatible[a] >> c & 1 and compatible[b] >> c & 1:
                        ranks = (head, a, b, c)
                        triples.append((max(ranks) - min(ranks), rng.random(), a, b, c))
        triples.sort()
        for _, _, a, b, c in triples:
            tables.append([head, a, b, c])
            if search(unseated & ~(1 << head | 1 << a | 1 << b | 1 << c)):
                return True
            tables.pop()
            if nodes > budget:
                return False
        return False

    if not search((1 << n) - 1):
        return None
    return [[order[i] for i in t] for t in tables]


def _preference(
    groups: list[list[int]], rank: dict[int, int], group_cost: GroupCost
) -> tuple[int, tuple[int, ...]]:
    """How good a (part of a) round is, smaller first: the total cost, then, between rounds of
    equal cost, the spreads of the tables from the top of the standings down. Of two equally
    spread rounds the one with the tighter top tables wins, so the leaders sit together and a
    player moves only as far as needed (the total alone cannot tell these apart)."""
    tops = sorted(groups, key=lambda g: min(rank[p] for p in g))
    spreads = tuple(max(rank[p] for p in g) - min(rank[p] for p in g) for g in tops)
    return sum(map(group_cost, groups)), spreads


def _neighbouring_tables(groups: list[list[int]], rng: random.Random) -> list[int]:
    """A block of a few tables next to each other in the standings (groups sorted by their
    best player): where the tables of a round are still separate rank ranges, the only tables
    whose players could be seated better together."""
    size = min(len(groups), rng.choice(WINDOW_SIZES))
    start = rng.randrange(len(groups) - size + 1)
    return list(range(start, start + size))


def _overlapping_tables(
    groups: list[list[int]], rank: dict[int, int], rng: random.Random
) -> list[int]:
    """A random table and a few of the tables whose standings ranges overlap its own.

    Late in an event the tables are wide and interleaved: two tables far apart in the order
    of their best players may share most of their range, so players could move between them
    although no block of neighbouring tables holds both. Tables that overlap none are left
    out (re-seating separate ranges together cannot lower their spread)."""
    spans = [(min(rank[p] for p in g), max(rank[p] for p in g)) for g in groups]
    first = rng.randrange(len(groups))
    low, high = spans[first]
    near = [k for k, (lo, hi) in enumerate(spans) if k != first and lo <= high and hi >= low]
    if not near:
        return []
    size = min(len(groups), rng.choice(WINDOW_SIZES))
    return sorted([first, *rng.sample(near, min(size - 1, len(near)))])


def _window_search(
    groups: list[list[int]],
    rank: dict[int, int],
    ok: Ok,
    group_cost: GroupCost,
    rng: random.Random,
    tries: int,
) -> list[list[int]]:
    """Large-neighbourhood search on a repeat-free round: take a few tables (next to each other
    in the standings, or overlapping one table's standings range), re-seat their players by the
    beam search (which on so few players is nearly exact) and keep the result when it is no
    worse. Moves whole blocks of players at once, which the single swaps of the annealing
    cannot; the overlapping windows reach the interleaved tables of late rounds, where a block
    of neighbouring tables is stuck in a local optimum (per round about 3% less spread in
    rounds 6 to 8 of a 40-player event)."""
    groups = [list(g) for g in groups]
    for _ in range(tries):
        groups.sort(key=lambda g: min(rank[p] for p in g))
        if rng.random() < OVERLAP_SHARE:
            picks = _overlapping_tables(groups, rank, rng)
        else:
            picks = _neighbouring_tables(groups, rng)
        if not picks:
            continue
        chosen = [groups[k] for k in picks]
        players = sorted((p for g in chosen for p in g), key=rank.__getitem__)
        found = _beam(players, ok, WINDOW_WIDTH, rng, ranks=[rank[p] for p in players])
        if found is None:
            continue
        if _preference(found, rank, group_cost) <= _preference(chosen, rank, group_cost):
            groups = [g for k, g in enumerate(groups) if k not in picks] + found
    return groups


def _repair_and_anneal(
    groups: list[list[int]],
    group_cost: GroupCost,
    rng: random.Random,
    steps: int,
    deadline: float | None,
    progress: Progress | None,
) -> tuple[list[list[int]], int]:
    """Remove the repeats a start could not avoid (tabu repair), then anneal the total rank
    spread without ever accepting a repeat once free of them; returns (best round, cost)."""
    order_len = sum(len(g) for g in groups)

    costs = [group_cost(g) for g in groups]
    n_groups = len(groups)

    # Repair: a tabu search that moves a player of a table with a repeated meeting to the
    # table where that costs least (any table: the partner may sit far down the standings).
    tabu: dict[int, int] = {}
    for step in range(40 * order_len):
        bad = [g for g in range(n_groups) if costs[g] >= REPEAT_WEIGHT]
        if not bad:
            break
        g1 = rng.choice(bad)
        options_ = []
        for i1, a in enumerate(groups[g1]):
            for g2 in range(n_groups):
                if g2 == g1:
                    continue
                for i2, b in enumerate(groups[g2]):
                    if tabu.get(b, -1) >= step:
                        continue
                    groups[g1][i1], groups[g2][i2] = b, a
                    delta = group_cost(groups[g1]) + group_cost(groups[g2]) - costs[g1] - costs[g2]
                    groups[g1][i1], groups[g2][i2] = a, b
                    options_.append((delta, rng.random(), g2, i1, i2))
        if not options_:
            continue
        _, _, g2, i1, i2 = min(options_)
        a, b = groups[g1][i1], groups[g2][i2]
        groups[g1][i1], groups[g2][i2] = b, a
        tabu[a] = tabu[b] = step + 3 + rng.randrange(3)
        costs[g1], costs[g2] = group_cost(groups[g1]), group_cost(groups[g2])

    # Annealing on the rank spread; once repeat-free it never accepts a repeat.
    temperature = 3.0
    cooling = math.exp(math.log(0.05 / temperature) / steps)
    best_total = sum(costs)
    best = [list(g) for g in groups]
    for step in range(steps):
        if progress is not None and step % 1000 == 0:
            progress(step, steps)
        if deadline is not None and step % 256 == 0 and time.monotonic() > deadline:
            break
        temperature *= cooling
        if n_groups < 2:
            break
        g1 = rng.randrange(n_groups)
        if rng.random() < 0.3:
            g2 = rng.randrange(n_groups - 1)
            g2 += g2 >= g1
        else:
            g2 = g1 + rng.choice((-3, -2, -1, 1, 2, 3))
            if not 0 <= g2 < n_groups:
                continue
        i1, i2 = rng.randrange(4), rng.randrange(4)
        a, b = groups[g1][i1], groups[g2][i2]
        groups[g1][i1], groups[g2][i2] = b, a
        c1, c2 = group_cost(groups[g1]), group_cost(groups[g2])
        delta = c1 + c2 - costs[g1] - costs[g2]
        if delta <= 0 or (delta < REPEAT_WEIGHT and rng.random() < math.exp(-delta / temperature)):
            costs[g1], costs[g2] = c1, c2
            total = sum(costs)
            if total < best_total:
                best_total = total
                best = [list(g) for g in groups]
        else:
            groups[g1][i1], groups[g2][i2] = a, b
    return best, best_total


def _priced(rank: dict[int, int], ok: Ok, seat_cost: GroupCost, clash: GroupCost) -> GroupCost:
    """The cost of a table: repeats, rank spread, seat cost, team-mates. The annealing, the
    windows and the table repair price the same tables over and over (a swap is mostly
    undone): the cost depends on the set of players only, so it is kept by sorted members."""
    known: dict[tuple[int, ...], int] = {}

    def group_cost(g: list[int]) -> int:
        key = tuple(sorted(g))
        cost = known.get(key)
        if cost is None:
            ranks = [rank[p] for p in g]
            bad = sum(not ok(p, q) for i, p in enumerate(g) for q in g[:i])
            cost = REPEAT_WEIGHT * bad + max(ranks) - min(ranks) + seat_cost(g) + clash(g)
            if len(known) >= COST_CACHE:
                known.clear()
            known[key] = cost
        return cost

    return group_cost


def _seat(
    order: list[int],
    rank: dict[int, int],
    ok: Ok,
    rng: random.Random,
    deadline: float | None,
    progress: Progress | None,
    group_cost: GroupCost,
    winds_ok: Ok | None = None,
) -> tuple[list[list[int]], int]:
    """The least spread repeat-free round found (see the module docstring) and the
    annealing steps of one start (for the progress report). ``group_cost(group)`` is a
    table's cost (``_priced``): repeats, rank spread, the penalty of a table whose players
    have no common free physical table or no balanced winds, and team-mates at the table.
    ``winds_ok``, when given, adds a beam start that also keeps apart players who may take
    only the same wind (the last round)."""

    starts = [_pilot(order, ok, group_cost, width=PILOT_WIDTH)]
    if len(order) <= BEAM_MAX_PLAYERS:
        width = max(BEAM_MIN_WIDTH, BEAM_WORK // len(order))
        found = _beam(order, ok, width, rng) or _beam(order, ok, width, rng, penalty=True)
        if found is not None:
            starts.append(found)
        if winds_ok is not None:
            found = _beam(order, winds_ok, width, rng)
            if found is not None:
                starts.append(found)
    if all(sum(map(group_cost, start)) >= REPEAT_WEIGHT for start in starts):
        found = _exact_cover(order, ok, rng, EXACT_COVER_NODES)
        if found is not None:
            starts.append(found)
    # The annealing budget of the former single start, shared among the starts.
    steps = (40_000 + 500 * len(order)) // len(starts)
    best = starts[0]
    best_key: tuple[int, tuple[int, ...]] | None = None
    for k, start in enumerate(starts):
        share: Progress | None = None
        if progress is not None:
            share = lambda d, t, k=k, progress=progress: progress(  # noqa: E731
                k * t + d, t * len(starts)
            )
        found, _ = _repair_and_anneal(
            [list(g) for g in start], group_cost, rng, steps, deadline, share
        )
        key = _preference(found, rank, group_cost)
        if best_key is None or key < best_key:
            best, best_key = found, key
    if best_key is not None and best_key[0] < REPEAT_WEIGHT:
        best = _window_search(best, rank, ok, group_cost, rng, WINDOW_TRIES)
    return best, steps


@lru_cache(maxsize=4096)
def _winds_fit(masks: tuple[int, ...]) -> bool:
    """Whether four players can take four different seats, each one of the winds in their
    mask (bit w = wind w allowed): a system of distinct representatives."""
    return any(all(masks[i] >> w & 1 for i, w in enumerate(order)) for order in _ORDERS)


_ORDERS = list(permutations(range(4)))


@lru_cache(maxsize=4096)
def _winds_broken(masks: tuple[int, ...]) -> int:
    """The fewest of four players who cannot take one of the winds in their mask, over the
    table's seat orders: each such player ends the event with a wind off by 2."""
    return min(sum(not masks[i] >> w & 1 for i, w in enumerate(order)) for order in _ORDERS)


def _seat_cost(
    options: SwissOptions, used: dict[int, set[int]], hard: dict[int, int], soft: dict[int, int]
) -> tuple[GroupCost, GroupTables]:
    """The penalty function of a table of four for this round: SEAT_WEIGHT when no physical
    table is free for all four (none of them sat there, WRC 8.1; a player fixed to a table
    brings the group to it), and SEAT_WEIGHT when their seat winds cannot all be one of the
    winds they played least so far (the winds then drift apart by 2: with four seats per
    table and every player at one of their least played winds, all stay within 1)."""
    tables = options.tables
    assert tables is not None
    fixed = options.fixed
    everything = (1 << tables) - 1
    pinned = 0
    for t in fixed.values():
        pinned |= 1 << t
    free: dict[int, int] = {}
    for p in options.standings:
        mask = everything
        for t in used.get(p, ()):
            if t < tables:
                mask &= ~(1 << t)
        free[p] = (1 << fixed[p]) if p in fixed else mask

    def group_tables(g: list[int]) -> int:
        """Bit mask of the physical tables the group may use without a repeat."""
        mask = everything
        has_fixed = False
        for p in g:
            mask &= free[p]
            has_fixed = has_fixed or p in fixed
        return mask if has_fixed else mask & ~pinned

    def seat_cost(g: list[int]) -> int:
        cost = 0 if group_tables(g) else SEAT_WEIGHT
        # Winds that leave some player unable to end within 1 weigh above any spread, below
        # a repeated meeting (only with the number of rounds known: see swiss_winds).
        broken = _winds_broken(tuple(sorted(hard[p] for p in g)))
        if broken:
            cost += WIND_BREAK_STEPS * broken
        elif not _winds_fit(tuple(sorted(soft[p] for p in g))):
            cost += WIND_WEIGHT
        return cost

    return seat_cost, group_tables


def _unmatched(groups: list[list[int]], group_tables: GroupTables) -> int:
    """Groups left without a table of their own in a maximum matching of groups to free
    tables (Kuhn's augmenting paths on bit masks): each costs a repeated visit."""
    masks = [group_tables(g) for g in groups]
    owner: dict[int, int] = {}

    def augment(g: int, seen: int) -> tuple[bool, int]:
        free = masks[g] & ~seen
        while free:
            low = free & -free
            free ^= low
            seen |= low
            t = low.bit_length() - 1
            if t not in owner:
                owner[t] = g
                return True, seen
            done, seen = augment(owner[t], seen)
            if done:
                owner[t] = g
                return True, seen
        return False, seen

    missing = 0
    for g in sorted(range(len(groups)), key=lambda g: masks[g].bit_count()):
        if not augment(g, 0)[0]:
            missing += 1
    return missing


def _table_repair(
    groups: list[list[int]],
    group_cost: GroupCost,
    group_tables: GroupTables,
    rng: random.Random,
    steps: int,
    deadline: float | None,
) -> list[list[int]]:
    """Every group may have a free table and still some must share one (Hall's condition):
    swap players between tables, keeping a swap that leaves the round's cost no higher,
    counting SEAT_WEIGHT for each group the matching leaves without a table. Returns the best
    round."""
    groups = [list(g) for g in groups]
    costs = [group_cost(g) for g in groups]
    missing = _unmatched(groups, group_tables)
    current = sum(costs) + SEAT_WEIGHT * missing
    best, best_cost = [list(g) for g in groups], current
    n = len(groups)
    for step in range(steps):
        if missing == 0 or n < 2:
            break
        if deadline is not None and step % 64 == 0 and time.monotonic() > deadline:
            break
        g1 = rng.randrange(n)
        g2 = rng.randrange(n - 1)
        g2 += g2 >= g1
        i1, i2 = rng.randrange(4), rng.randrange(4)
        a, b = groups[g1][i1], groups[g2][i2]
        groups[g1][i1], groups[g2][i2] = b, a
        c1, c2 = group_cost(groups[g1]), group_cost(groups[g2])
        delta = c1 + c2 - costs[g1] - costs[g2]
        if delta >= REPEAT_WEIGHT:
            groups[g1][i1], groups[g2][i2] = a, b
            continue
        unmatched = _unmatched(groups, group_tables)
        total = sum(costs) + delta + SEAT_WEIGHT * unmatched
        if total <= current:
            costs[g1], costs[g2] = c1, c2
            current, missing = total, unmatched
            if total < best_cost:
                best, best_cost = [list(g) for g in groups], total
        else:
            groups[g1][i1], groups[g2][i2] = a, b
    return best


def _table_visits(placed: list[list[int]], used: dict[int, set[int]], fixed: dict[int, int]) -> int:
    """Players (not fixed to a table) back at a physical table they already used."""
    return sum(t in used.get(p, ()) for t, g in enumerate(placed) for p in g if p not in fixed)


def _place_least_repeats(
    groups: list[list[int]], tables: int, used: dict[int, set[int]], fixed: dict[int, int]
) -> list[list[int]]:
    """Groups (best first) on physical tables with the fewest players back at a table they
    already used (WRC 8.1), by a minimum-cost assignment (the Hungarian method): the matching
    of ``assign_tables`` only knows whether a group has a free table, and places the groups
    left without one greedily. Between placements of equal repeats the best groups take the
    lowest tables, as there. A table a player is fixed to is only for that player's group."""
    pinned = {fixed[p] for g in groups for p in g if p in fixed}
    scale = tables * tables + 1  # any repeat outweighs every tie-break
    forbidden = scale * 4 * (len(groups) + 1)
    cost = []
    for k in range(tables):
        row = []
        for t in range(tables):
            if k >= len(groups):  # an empty table: anywhere but at a pinned one
                row.append(float(forbidden if t in pinned else 0))
                continue
            g = groups[k]
            pins = {fixed[p] for p in g if p in fixed}
            if (pins and t not in pins) or (not pins and t in pinned):
                row.append(float(forbidden))
                continue
            repeats = sum(t in used.get(p, ()) for p in g if p not in fixed)
            row.append(float(scale * repeats + abs(t - k)))
        cost.append(row)
    column = min_cost_assignment(cost)
    placed: list[list[int]] = [[] for _ in range(tables)]
    for k, g in enumerate(groups):
        placed[column[k]] = list(g)
    return placed


def _teams(options: SwissOptions) -> dict[int, int]:
    """The group of each seated player of an ``apart`` group, after refusing a group that no
    round can keep apart (more seated members than tables, two fixed to one table)."""
    seated = set(options.standings)
    tables_in_use = len(seated) // 4
    team: dict[int, int] = {}
    for k, group in enumerate(options.apart):
        members = [p for p in group if p in seated]
        detail = None
        if len(members) > tables_in_use:
            detail = f"{len(members)} of them play and a round has only {tables_in_use} tables"
        pinned = [options.fixed[p] for p in members if p in options.fixed]
        if len(set(pinned)) < len(pinned):
            detail = "two of them are fixed to one table"
        if detail:
            raise SeatingError("apart_impossible", group=k, players=list(group), detail=detail)
        for p in members:
            team[p] = k
    # Requests kept apart where the search can (``apart_soft``): the same cost as team-mates
    # in every start, repair and annealing, numbered after the teams; only team-mates are
    # refused when they still meet.
    for k, part in enumerate(soft_teams(options.apart_soft, seated, tables_in_use)):
        for p in part:
            team[p] = len(options.apart) + k
    return team


def swiss(options: SwissOptions, progress: Progress | None = None) -> SwissResult:
    rng = random.Random(options.seed)
    deadline = time.monotonic() + options.time_limit if options.time_limit else None
    order = list(options.standings)
    rank = {p: i for i, p in enumerate(order)}
    fixed = options.fixed
    tables = options.tables
    assert tables is not None
    met: set[tuple[int, int]] = set()
    used: dict[int, set[int]] = {}
    for rnd in options.history:
        for t, table in enumerate(rnd):
            for i, p in enumerate(table):
                used.setdefault(p, set()).add(t)
                for q in table[:i]:
                    met.add((min(p, q), max(p, q)))

    team = _teams(options)

    counts = wind_counts(options.history)
    left = options.rounds - len(options.history) if options.rounds else None
    hard, soft = player_masks(order, counts, left)

    def ok(p: int, q: int) -> bool:
        if (min(p, q), max(p, q)) in met:
            return False
        if p in team and team.get(q) == team[p]:
            return False
        # Two players fixed to different tables cannot share one.
        return not (p in fixed and q in fixed and fixed[p] != fixed[q])

    def starts_ok(p: int, q: int) -> bool:
        """``ok``, and two players who may take only the same wind kept apart: in the last
        round (each lacks one wind) a fill by the standings alone misses the seatings with
        four different lacks at every table."""
        return ok(p, q) and not (hard[p] == hard[q] and hard[p].bit_count() == 1)

    def clash(g: list[int]) -> int:
        if not team:
            return 0
        pairs = sum(p in team and team.get(q) == team[p] for i, p in enumerate(g) for q in g[:i])
        return APART_WEIGHT * pairs

    seat_cost, group_tables = _seat_cost(options, used, hard, soft)
    # One store of table costs for the searches and the table repair.
    group_cost = _priced(rank, ok, seat_cost, clash)
    singles = any(m.bit_count() == 1 for m in hard.values())
    best, steps = _seat(
        order, rank, ok, rng, deadline, progress, group_cost, starts_ok if singles else None
    )
    if _unmatched(best, group_tables):
        repair_steps = TABLE_REPAIR_WORK // max(len(best), 1) ** 2
        best = _table_repair(best, group_cost, group_tables, rng, repair_steps, deadline)
    # Best group first: where no table repeat forces otherwise it gets the lowest table.
    best.sort(key=lambda g: min(rank[p] for p in g))
    for g in best:
        g.sort(key=lambda p: rank[p])
    seen = {p: set(ts) for p, ts in used.items()}
    placed = assign_tables([best], tables, seen, fixed, rng, shuffle=False)[0]
    if _table_visits(placed, used, fixed):
        # Some group has no free table left: the matching above placed it greedily; the
        # least-repeats placement counts every player sent back (WRC 8.1).
        least = _place_least_repeats(best, tables, used, fixed)
        if _table_visits(least, used, fixed) < _table_visits(placed, used, fixed):
            placed = least
    if left:
        new = [seat_order(g, counts, hard) for g in placed]
    else:
        history = [[list(t) for t in rnd] for rnd in options.history]
        new = polish_winds([*history, placed], len(history), options.players)[-1]
    repeats = sum(
        (min(p, q), max(p, q)) in met for g in new for i, p in enumerate(g) for q in g[:i]
    )
    table_repeats = sum(
        t in used.get(p, ()) for t, g in enumerate(new) for p in g if p not in fixed
    )
    for g in new:
        for i, p in enumerate(g):
            for q in g[:i]:
                if p in team and team.get(q) == team[p] and team[p] < len(options.apart):
                    k = team[p]
                    raise SeatingError(
                        "apart_impossible",
                        group=k,
                        players=list(options.apart[k]),
                        detail=f"the search found no round without players {q} and {p} at "
                        "one table",
                    )
    if progress is not None:
        progress(steps, steps)
    return SwissResult(
        round=new,
        rank_spread=rank_spread(new, order),
        repeated_meetings=repeats,
        repeated_table_visits=table_repeats,
    )
