"""What the referee desk decided, as the standings read it: penalties and disqualifications.

Produced by ``referee.decision_reads.standings_decisions``; plain frozen data, so the standings
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


@dataclass(frozen=True)
class RefereeDecisions:
    penalties: tuple[RefereePenalty, ...] = ()
    disqualified: frozenset[int] = frozenset()  # player ids
    # (player id, session number): a reserve played the player's seat; the standings charge
    # the missed session through the rules core (scoring.rules.absence, EMA 5.8).
    substituted: frozenset[tuple[int, int]] = frozenset()
    # Players the head referee took out of the final results (EMA 5.8, last sentence).
    removed: frozenset[int] = frozenset()
