"""The seating as it stands now, read from the Seat rows, and its quality figures: the one
computation behind every figure of seating quality on every page and in a seating job's
JSON.  Its own module so that the services (which store a job's figures) and the selectors
(which show them) both read it without importing each other.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from scoring.rules.substitutes import DURING
from tournament.models import Seat, Tournament
from tournament.seating.core import metrics, quality


@dataclass
class SeatedGrid:
    """Every seated session of a tournament as the core's rounds, read from the Seat rows:
    hand changes, fills from the reserves, imported plans and the desk's substitutions
    included."""

    sessions: list[int]  # session numbers, one per round
    rounds: list[list[list[int]]]  # round -> table (by number order) -> player pks E..N
    seats: list[tuple[int, int, int, int]]  # session number, table number, wind, player pk
    fixed: set[int]  # players fixed to a table (left out of repeated tables)
    # Who sat at each table: ``rounds`` plus, where a substitute joined during the session
    # (EMA 5.8), the player who played there before he left.
    sat: list[list[list[int]]] = field(default_factory=list)


def seated_grid(tournament: Tournament, seats=None) -> SeatedGrid:
    """The tournament's seats (or those of ``seats``, a queryset of them: the ones a reader
    may see, tournament/seating/visibility.py) as the quality figures read them."""
    if seats is None:
        seats = Seat.objects.filter(session__tournament=tournament)
    rows = list(
        seats.values_list(
            "session__number", "table__number", "wind", "player_id", "substitute", "replaced_id"
        )
    )
    seats = [(s, t, w, p) for s, t, w, p, _, _ in rows]
    table_numbers = sorted({t for _, t, _, _ in seats})
    position = {n: i for i, n in enumerate(table_numbers)}
    numbers = sorted({s for s, _, _, _ in seats})
    rounds: dict[int, list[list[int]]] = {n: [[] for _ in table_numbers] for n in numbers}
    for number, table, _, player in sorted(seats, key=lambda s: (s[0], s[1], s[2])):
        rounds[number][position[table]].append(player)
    sat = {n: [list(table) for table in rounds[n]] for n in numbers}
    for number, table, _, _, substitute, replaced in rows:
        if substitute == DURING and replaced is not None:
            sat[number][position[table]].append(replaced)
    fixed = set(
        tournament.registrations.filter(fixed_table__isnull=False).values_list(
            "player_id", flat=True
        )
    )
    return SeatedGrid(
        sessions=numbers,
        rounds=[rounds[n] for n in numbers],
        seats=seats,
        fixed=fixed,
        sat=[sat[n] for n in numbers],
    )


def quality_now(tournament: Tournament, grid: SeatedGrid | None = None) -> dict:
    """The seating's quality figures as it stands now (the pages once said "0 repeated"
    after a fill had made two): the one computation behind every figure of seating quality
    on every page and in the job's JSON.
    A job's ``result`` keeps the figures of the seating it generated, which hand changes and
    fills from the reserves may since have changed.

    Meetings and table visits count who actually sat: a substitute in the seat she took
    (``Seat.player``), and a player who left during a session at the table he played at
    (EMA 5.8), so that the meetings of both count when either is seated again."""
    grid = grid or seated_grid(tournament)
    figures = quality(grid.rounds, exclude_from_tables=grid.fixed).as_dict()
    if grid.sat != grid.rounds:
        # The core's figures of who sat; its wind figure reads seat positions, which a
        # table with a player who left and his substitute does not have (winds below).
        people = {p for rnd in grid.sat for table in rnd for p in table}
        indirect = metrics.indirect_meetings(grid.sat, people)
        figures.update(
            repeated_meetings=metrics.repeated_meetings(grid.sat),
            meeting_histogram={
                str(k): v for k, v in metrics.meeting_histogram(grid.sat, people).items()
            },
            repeated_table_visits=metrics.repeated_table_visits(grid.sat, grid.fixed),
            excess_table_visits=metrics.excess_table_visits(grid.sat, grid.fixed),
            max_table_visits=metrics.max_table_visits(grid.sat, grid.fixed),
            min_indirect_meetings=min(indirect) if indirect else None,
            indirect_histogram={str(k): indirect[k] for k in sorted(indirect)},
        )
    # The winds from the seats themselves: a table short of a player (an empty seat after a
    # withdrawal) has fewer entries than winds, so its list positions are not its winds.
    winds: dict[int, dict[str, int]] = defaultdict(lambda: dict.fromkeys(metrics.WINDS, 0))
    for _, _, wind, player in grid.seats:
        winds[player][metrics.WINDS[wind]] += 1
    figures["max_wind_imbalance"] = max(
        (max(c.values()) - min(c.values()) for c in winds.values()), default=0
    )
    return figures
