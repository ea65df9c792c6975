"""What the referee desk decided, as the standings read it: penalties and disqualifications.

Produced by ``referee.selectors.standings_decisions``; plain frozen data, so the standings
need nothing else of the desk."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class RefereePenalty:
    """A penalty from the referee desk: tournament points (negative), after uma."""

    player_id: int
    session_number: int | None  # None: a penalty for the whole tournament
    points: Decimal
    reason: str = ""
    # The part of ``points`` that stands for table points, not a penalty: a missed session
    # is scored as -15,000 table points and -15 uma (EMA 5.8), and the EMA file's table
    # points must show the -15,000 the desk announced.
    table_points: Decimal = Decimal(0)


@dataclass(frozen=True)
class RefereeDecisions:
    penalties: tuple[RefereePenalty, ...] = ()
    disqualified: frozenset[int] = frozenset()  # player ids
