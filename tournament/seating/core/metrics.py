"""Quality figures of a seating: what the seating-quality page and the benchmark show.

A seating is a list of rounds; a round a list of physical tables (index = table number); a
table the four players in seat order East, South, West, North, or an empty list when that
physical table is unused in the round.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations

WINDS = ("E", "S", "W", "N")

Seating = Sequence[Sequence[Sequence[int]]]


def pair_meetings(rounds: Seating) -> Counter[tuple[int, int]]:
    """How often each pair (low, high) sat at the same table."""
    meetings: Counter[tuple[int, int]] = Counter()
    for rnd in rounds:
        for table in rnd:
            for a, b in combinations(sorted(table), 2):
                meetings[a, b] += 1
    return meetings


def repeated_meetings(rounds: Seating) -> int:
    """Sum over pairs of max(0, meetings - 1): 0 when nobody meets anybody twice."""
    return sum(n - 1 for n in pair_meetings(rounds).values() if n > 1)


def meeting_histogram(rounds: Seating, players: Iterable[int] | None = None) -> dict[int, int]:
    """Number of pairs that met k times, for k = 0, 1, 2, ... (k = 0 needs ``players``)."""
    meetings = pair_meetings(rounds)
    histogram: Counter[int] = Counter(meetings.values())
    if players is not None:
        people = sorted(set(players))
        histogram[0] = len(people) * (len(people) - 1) // 2 - len(meetings)
    return {k: histogram[k] for k in sorted(histogram)}


def repeated_table_visits(rounds: Seating, exclude: Iterable[int] = ()) -> int:
    """Sum over players of (rounds played) - (distinct physical tables visited).

    ``exclude`` leaves out players fixed to one table on purpose (accessibility).
    """
    skip = set(exclude)
    visits: dict[int, list[int]] = {}
    for rnd in rounds:
        for t, table in enumerate(rnd):
            for p in table:
                if p not in skip:
                    visits.setdefault(p, []).append(t)
    return sum(len(ts) - len(set(ts)) for ts in visits.values())


def physical_tables(rounds: Seating) -> int:
    """How many physical tables the seating uses: the highest table index seated, plus one."""
    return max(
        (t + 1 for rnd in rounds for t, table in enumerate(rnd) if table),
        default=0,
    )


def table_visit_counts(rounds: Seating, exclude: Iterable[int] = ()) -> dict[int, Counter[int]]:
    """Per player (``exclude`` left out), how often they sat at each physical table."""
    skip = set(exclude)
    counts: dict[int, Counter[int]] = {}
    for rnd in rounds:
        for t, table in enumerate(rnd):
            for p in table:
                if p not in skip:
                    counts.setdefault(p, Counter())[t] += 1
    return counts


def table_visit_bound(played: int, tables: int) -> int:
    """The fewest visits to one table a player of ``played`` rounds cannot avoid at
    ``tables`` physical tables: ceil(played / tables) (pigeonhole; WRC 8.1 asks for tables
    to change; no player should sit at one table more often than this)."""
    return math.ceil(played / tables) if tables else 0


def excess_table_visits(rounds: Seating, exclude: Iterable[int] = ()) -> int:
    """Sum over players and tables of the visits beyond ``table_visit_bound`` of the
    player's rounds: 0 when nobody sits at one table more often than they must. Unlike
    ``repeated_table_visits`` it does not count the returns that sessions > tables force."""
    tables = physical_tables(rounds)
    total = 0
    for visits in table_visit_counts(rounds, exclude).values():
        bound = table_visit_bound(sum(visits.values()), tables)
        total += sum(n - bound for n in visits.values() if n > bound)
    return total


def max_table_visits(rounds: Seating, exclude: Iterable[int] = ()) -> int:
    """The most rounds any player spent at one physical table."""
    return max(
        (max(v.values()) for v in table_visit_counts(rounds, exclude).values()),
        default=0,
    )


def indirect_meetings(rounds: Seating, players: Iterable[int] | None = None) -> Counter[int]:
    """Histogram of indirect meetings: for every pair of players who never met, the number
    of players who met both of them (how well the field is still mixed through third
    players; the WRC schedules are judged on its smallest value). Key: that number; value:
    how many never-meeting pairs have it. Empty when every pair met."""
    people = sorted({p for rnd in rounds for t in rnd for p in t} | set(players or ()))
    index = {p: i for i, p in enumerate(people)}
    # Bit sets of the players each one met: the common ones are an AND and a popcount.
    met = [0] * len(people)
    for rnd in rounds:
        for table in rnd:
            for a, b in combinations(table, 2):
                met[index[a]] |= 1 << index[b]
                met[index[b]] |= 1 << index[a]
    histogram: Counter[int] = Counter()
    for i in range(len(people)):
        mine = met[i]
        for j in range(i + 1, len(people)):
            if not mine >> j & 1:
                histogram[(mine & met[j]).bit_count()] += 1
    return histogram


def wind_counts(rounds: Seating) -> dict[int, dict[str, int]]:
    """Per player, how often they sat East, South, West and North."""
    counts: dict[int, dict[str, int]] = {}
    for rnd in rounds:
        for table in rnd:
            for seat, p in enumerate(table):
                counts.setdefault(p, dict.fromkeys(WINDS, 0))[WINDS[seat]] += 1
    return counts


def max_wind_imbalance(rounds: Seating) -> int:
    """Largest difference, over players, between their most and least frequent seat wind."""
    counts = wind_counts(rounds)
    return max((max(c.values()) - min(c.values()) for c in counts.values()), default=0)


def rank_spread(round_: Sequence[Sequence[int]], standings: Sequence[int]) -> float:
    """Mean over tables of (worst - best) standing index at the table; 3 is pure rank order."""
    index = {p: i for i, p in enumerate(standings)}
    spreads = [
        max(index[p] for p in table) - min(index[p] for p in table) for table in round_ if table
    ]
    return sum(spreads) / len(spreads) if spreads else 0.0


@dataclass(frozen=True)
class SeatingQuality:
    """The figures the web app and the CLI's optional ``metrics`` field report."""

    repeated_meetings: int
    meeting_histogram: dict[int, int]
    repeated_table_visits: int
    max_wind_imbalance: int
    # Visits to one table beyond ceil(sessions / tables), the most visits to one table, and
    # that bound for a player of every round.
    excess_table_visits: int = 0
    max_table_visits: int = 0
    table_visit_bound: int = 0
    # Over pairs that never met: the fewest players who met both (None when every pair met)
    # and how many pairs have each count.
    min_indirect_meetings: int | None = None
    indirect_histogram: dict[int, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        data = asdict(self)
        # JSON object keys are strings.
        data["meeting_histogram"] = {str(k): v for k, v in self.meeting_histogram.items()}
        data["indirect_histogram"] = {str(k): v for k, v in self.indirect_histogram.items()}
        return data


def quality(rounds: Seating, exclude_from_tables: Iterable[int] = ()) -> SeatingQuality:
    players = {p for rnd in rounds for table in rnd for p in table}
    indirect = indirect_meetings(rounds, players)
    return SeatingQuality(
        repeated_meetings=repeated_meetings(rounds),
        meeting_histogram=meeting_histogram(rounds, players),
        repeated_table_visits=repeated_table_visits(rounds, exclude_from_tables),
        max_wind_imbalance=max_wind_imbalance(rounds),
        excess_table_visits=excess_table_visits(rounds, exclude_from_tables),
        max_table_visits=max_table_visits(rounds, exclude_from_tables),
        table_visit_bound=table_visit_bound(len(rounds), physical_tables(rounds)),
        min_indirect_meetings=min(indirect) if indirect else None,
        indirect_histogram={k: indirect[k] for k in sorted(indirect)},
    )
