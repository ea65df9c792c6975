"""What the ground asks of the referee desk and the score sheets above it: who is
disqualified (out of the field and never seated again), in which sessions the desk has
recorded decisions (such a session is not removed from the schedule), and the words of a
rule violation (the rules core's error, as the sheets word it for a person).

The ground must not import them (the desk and the sheets read the tournament, not the
other way), so they give their answers at start-up (``referee/answers.py``,
``scoring/answers.py``, from their apps' ``ready()``), the way the results answer the
seating (tournament/seating/asked_above.py).  The desk's decisions are asked for, not
copied onto the tournament's rows: a disqualification is withdrawn, restored by a backup
or created by the demo, and a copy would have to follow each of those paths.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields

from django.db.models import QuerySet

from scoring.rules.errors import RuleViolation
from tournament.models import Player, Tournament


def _nobody(tournament: Tournament) -> QuerySet:
    return Player.objects.none().values_list("pk", flat=True)


def _no_decisions(session_ids: list[int]) -> Iterable[int]:
    return ()


def _as_raised(violation: RuleViolation) -> str:
    return str(violation)


@dataclass
class Answers:
    # The ids of the players with a standing disqualification (a queryset: usable as a
    # subquery, ``player_id__in=``).
    disqualified: Callable[[Tournament], QuerySet] = _nobody
    # The numbers of those of the sessions ``session_ids`` where the desk recorded a decision.
    sessions_with_decisions: Callable[[list[int]], Iterable[int]] = _no_decisions
    # A rule violation in words, in the request's language.
    violation_message: Callable[[RuleViolation], str] = _as_raised


ANSWERS = Answers()
_NAMES = {f.name for f in fields(Answers)}


def answer(**answers: Callable) -> None:
    unknown = set(answers) - _NAMES
    if unknown:
        raise TypeError(f"No such question: {', '.join(sorted(unknown))}")
    for name, function in answers.items():
        setattr(ANSWERS, name, function)


def disqualified(tournament: Tournament) -> QuerySet:
    return ANSWERS.disqualified(tournament)


def sessions_with_decisions(session_ids: list[int]) -> Iterable[int]:
    return ANSWERS.sessions_with_decisions(session_ids)


def violation_message(violation: RuleViolation) -> str:
    return ANSWERS.violation_message(violation)
