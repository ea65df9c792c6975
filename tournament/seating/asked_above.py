"""What the seating asks of the results above it: which sessions the stages play (they are
seated by the stages, not by the tournament's plan) and the standings' order (a Swiss
session seats by it).

The ground must not import the results (results/ reads the seating, not the other way), so
the results give their answers at start-up (``results.apps.ResultsConfig.ready`` calls
:func:`answer`). Until they do, a tournament has no stages and no standings order, which is
what a tournament without results has.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tournament.models import Tournament


def _no_stages(tournament: Tournament) -> set[int]:
    return set()


def _no_order(tournament: Tournament) -> list[int]:
    return []


@dataclass
class Answers:
    # The numbers of the sessions the stages play.
    staged_sessions: Callable[[Tournament], set[int]] = _no_stages
    # Player ids, best first, as the standings place them.
    standings_order: Callable[[Tournament], list[int]] = _no_order


ANSWERS = Answers()


def answer(
    *,
    staged_sessions: Callable[[Tournament], set[int]],
    standings_order: Callable[[Tournament], list[int]],
) -> None:
    ANSWERS.staged_sessions = staged_sessions
    ANSWERS.standings_order = standings_order


def staged_sessions(tournament: Tournament) -> set[int]:
    return ANSWERS.staged_sessions(tournament)


def standings_order(tournament: Tournament) -> list[int]:
    return ANSWERS.standings_order(tournament)
