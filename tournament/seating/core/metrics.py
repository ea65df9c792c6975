"""Quality figures of a seating: what the seating-quality page and the benchmark show.

A seating is a list of rounds; a round a list of physical tables (index = table number); a
table the four players in seat order East, South, West, North, or an empty list when that
physical table is unused in the round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
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

    def as_dict(self) -> dict[str, object]:
        data = asdict(self)
        # JSON object keys are strings.
        data["meeting_histogram"] = {str(k): v for k, v in self.meeting_histogram.items()}
        return data


def quality(rounds: Seating, exclude_from_tables: Iterable[int] = ()) -> SeatingQuality:
    players = {p for rnd in rounds for table in rnd for p in table}
    return SeatingQuality(
        repeated_meetings=repeated_meetings(rounds),
        meeting_histogram=meeting_histogram(rounds, players),
        repeated_table_visits=repeated_table_visits(rounds, exclude_from_tables),
        max_wind_imbalance=max_wind_imbalance(rounds),
    )
