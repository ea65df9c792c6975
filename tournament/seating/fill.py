"""Which empty seats a reserve would take, and what that costs in repeated meetings.

Plain data in, plain data out (no database), so the fill page's figures and the fill itself
come from this one placement. A seat is ``(session number, table number, wind)``; the
seating is the tournament's Seat rows as ``(session number, table number, wind, player)``.

The cost counts what the quality figures count (``tournament.seating.core.metrics``): each
meeting with a player already met elsewhere adds one repeated meeting, each table already
played at adds one repeated table visit (WRC 8.1; none for a player fixed to a table, whom
the figures leave out).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

SeatKey = tuple[int, int, int]  # session number, table number, wind
SeatRow = tuple[int, int, int, int]  # session number, table number, wind, player


@dataclass
class Placement:
    """The seats one player would take, one per session with an empty seat, and the repeats."""

    player: int
    seats: list[SeatKey] = field(default_factory=list)
    # (other player, the session of the new meeting, the sessions they met in before)
    meetings: list[tuple[int, int, list[int]]] = field(default_factory=list)
    # (table number, the session of the new visit, the sessions at that table before)
    tables: list[tuple[int, int, list[int]]] = field(default_factory=list)

    @property
    def repeated_meetings(self) -> int:
        return len(self.meetings)

    @property
    def repeated_tables(self) -> int:
        return len(self.tables)

    @property
    def cost(self) -> tuple[int, int]:
        """Fewest repeated meetings first (they matter most, EMA seating), then tables."""
        return (self.repeated_meetings, self.repeated_tables)


def place(
    player: int,
    empty: Iterable[SeatKey],
    seating: Sequence[SeatRow],
    *,
    fixed: bool = False,
) -> Placement:
    """The cheapest empty seat of each session for ``player`` (sessions in order).

    Sessions where the player already sits are skipped. With several empty seats in one
    session the one causing fewest repeats is taken (then the lowest table and wind), and the
    seats taken count for the sessions after it.
    """
    at_table: dict[tuple[int, int], list[int]] = defaultdict(list)
    met: dict[int, list[int]] = defaultdict(list)
    visits: dict[int, list[int]] = defaultdict(list)
    sessions_seated: set[int] = set()
    for session, table, _, who in seating:
        at_table[session, table].append(who)
    for session, table, _, who in seating:
        if who == player:
            sessions_seated.add(session)
            visits[table].append(session)
            for other in at_table[session, table]:
                if other != player:
                    met[other].append(session)
    by_session: dict[int, list[SeatKey]] = defaultdict(list)
    for key in empty:
        by_session[key[0]].append(key)
    placement = Placement(player=player)
    for session in sorted(by_session):
        if session in sessions_seated:
            continue

        def repeats(key: SeatKey) -> tuple[int, int, int, int]:
            number, table, wind = key
            again = sum(1 for other in at_table[number, table] if met.get(other))
            back = 1 if visits.get(table) and not fixed else 0
            return (again, back, table, wind)

        key = min(by_session[session], key=repeats)
        _, table, _ = key
        for other in at_table[session, table]:
            if met.get(other):
                placement.meetings.append((other, session, sorted(met[other])))
            met[other].append(session)
        if visits.get(table) and not fixed:
            placement.tables.append((table, session, sorted(visits[table])))
        visits[table].append(session)
        at_table[session, table].append(player)
        sessions_seated.add(session)
        placement.seats.append(key)
    return placement
