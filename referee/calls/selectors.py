"""Reads of the calls to the referee: the desk's queue, a table's latest call."""

from __future__ import annotations

from tournament.models import Session, Table, Tournament

from ..models import RefereeCall


def open_calls(tournament: Tournament) -> list[RefereeCall]:
    """The calls not yet closed, the longest waiting first.  One query, whatever the size
    of the event: the desk asks every few seconds."""
    return list(
        RefereeCall.objects.filter(tournament=tournament, closed_at__isnull=True)
        .select_related("session", "table", "player", "opened_by", "taken_by")
        .order_by("opened_at", "pk")
    )


def table_call(session: Session, table: Table) -> RefereeCall | None:
    """The table's latest call in the session (open, taken or closed), for its players'
    page.  One query."""
    return (
        RefereeCall.objects.filter(session=session, table=table)
        .select_related("taken_by")
        .order_by("-opened_at", "-pk")
        .first()
    )


def calls_for_log(tournament: Tournament, *, session: int | None, table: int | None):
    """Every call of the tournament, for the referee log.  One query."""
    calls = RefereeCall.objects.filter(tournament=tournament)
    if session is not None:
        calls = calls.filter(session__number=session)
    if table is not None:
        calls = calls.filter(table__number=table)
    return calls.select_related(
        "session", "table", "player", "opened_by", "taken_by", "closed_by"
    ).order_by("pk")
