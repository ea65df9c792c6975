"""What the referee desk tells the ground below it (tournament/asked_above.py) and which of
its rows refresh the public pages (tournament/page_versions.py); connected at start-up."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from tournament import asked_above
from tournament.models import Tournament
from tournament.page_versions import watch
from web.cache import RESULTS

from .models import Disqualification, Penalty, ResultsRemoval, Substitution


def disqualified(tournament: Tournament) -> QuerySet:
    """The players with a standing disqualification (EMA 5.5): out of the field."""
    return Disqualification.objects.filter(
        tournament=tournament, withdrawn_at__isnull=True
    ).values_list("player_id", flat=True)


def sessions_with_decisions(session_ids: list[int]) -> Iterable[int]:
    """The numbers of the sessions where the desk logged a penalty, a substitution or a
    disqualification (withdrawn or not: the log keeps them)."""
    numbers: set[int] = set()
    for model in (Penalty, Substitution, Disqualification):
        numbers.update(
            model.objects.filter(session_id__in=session_ids).values_list(
                "session__number", flat=True
            )
        )
    return numbers


def connect() -> None:
    asked_above.answer(disqualified=disqualified, sessions_with_decisions=sessions_with_decisions)
    # A penalty or a removal shows on the results pages only; a substitute or a
    # disqualification changes the seating too.
    watch(Penalty, (RESULTS,))
    watch(ResultsRemoval, (RESULTS,))
    watch(Substitution)
    watch(Disqualification)
