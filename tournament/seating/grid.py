"""The seating as it stands now, read from the Seat rows, and its quality figures (issue 25,
item 4): the one computation behind every figure of seating quality on every page and in a
seating job's JSON.  Its own module so that the services (which store a job's figures) and
the selectors (which show them) both read it without importing each other.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tournament.models import Seat, Tournament
from tournament.seating.core import metrics, quality


@dataclass
class SeatedGrid:
    """Every seated session of a tournament as the core's rounds, read from the Seat rows:
    hand changes, fills from the reserves and imported plans included."""

    sessions: list[int]  # session numbers, one per round
    rounds: list[list[list[int]]]  # round -> table (by number order) -> player pks E..N
    seats: list[tuple[int, int, int, int]]  # session number, table number, wind, player pk
    fixed: set[int]  # players fixed to a table (left out of repeated tables)


def seated_grid(tournament: Tournament) -> SeatedGrid:
    seats = list(
        Seat.objects.filter(session__tournament=tournament).values_list(
            "session__number", "table__number", "wind", "player_id"
        )
    )
    table_numbers = sorted({t for _, t, _, _ in seats})
    position = {n: i for i, n in enumerate(table_numbers)}
    numbers = sorted({s for s, _, _, _ in seats})
    rounds: dict[int, list[list[int]]] = {n: [[] for _ in table_numbers] for n in numbers}
    for number, table, _, player in sorted(seats, key=lambda s: (s[0], s[1], s[2])):
        rounds[number][position[table]].append(player)
    fixed = set(
        tournament.registrations.filter(fixed_table__isnull=False).values_list(
            "player_id", flat=True
        )
    )
    return SeatedGrid(
        sessions=numbers, rounds=[rounds[n] for n in numbers], seats=seats, fixed=fixed
    )


def quality_now(tournament: Tournament, grid: SeatedGrid | None = None) -> dict:
    """The seating's quality figures as it stands now (issue 25, item 4): the one
    computation behind every figure of seating quality on every page and in the job's JSON.
    A job's ``result`` keeps the figures of the seating it generated, which hand changes and
    fills from the reserves may since have changed."""
    grid = grid or seated_grid(tournament)
    figures = quality(grid.rounds, exclude_from_tables=grid.fixed).as_dict()
    # The winds from the seats themselves: a table short of a player (an empty seat after a
    # withdrawal) has fewer entries than winds, so its list positions are not its winds.
    winds: dict[int, dict[str, int]] = defaultdict(lambda: dict.fromkeys(metrics.WINDS, 0))
    for _, _, wind, player in grid.seats:
        winds[player][metrics.WINDS[wind]] += 1
    figures["max_wind_imbalance"] = max(
        (max(c.values()) - min(c.values()) for c in winds.values()), default=0
    )
    return figures
