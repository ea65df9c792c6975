"""Whether a session's seating may still change: the one rule, worded (``lock_reason``) and
as a query (``changeable_sessions``).

A session that has started or finished, or has a score sheet, is history: its seats name
who played (the sheets' results are made from them), so no generation, change by hand,
fill, withdrawal or disqualification rewrites them.  The others may change.
"""

from __future__ import annotations

from django.db.models import Count, QuerySet
from django.utils.translation import gettext

from tournament.models import (
    Seat,
    Session,
    Tournament,
)


def lock_reason(session: Session, *, has_sheets: bool) -> str:
    """Why the seating of ``session`` may no longer change, or '' when it may."""
    if session.state == Session.State.RUNNING:
        return gettext("Session {number} has started.").format(number=session.number)
    if session.state == Session.State.FINISHED:
        return gettext("Session {number} is finished.").format(number=session.number)
    if has_sheets:
        return gettext("Session {number} has score sheets.").format(number=session.number)
    return ""


def changeable_sessions(sessions: QuerySet[Session]) -> QuerySet[Session]:
    """Those of ``sessions`` whose seating may still change (``lock_reason`` says ''):
    planned, without a score sheet."""
    return sessions.filter(state=Session.State.PLANNED).exclude(sheets__isnull=False)


def sessions_with_locks(tournament: Tournament) -> list[Session]:
    """The sessions in number order, each with ``lock`` (a reason or '') and ``seated``."""
    # Two grouped reads rather than one annotate() with two Counts: that joins every sheet
    # with every seat of a session (480,000 rows at 400 players x 12 sessions) before
    # counting, and grows with each sheet entered.
    sessions = list(tournament.sessions.order_by("number"))
    ids = [s.pk for s in sessions]
    seated = dict(
        Seat.objects.filter(session_id__in=ids)
        .values("session_id")
        .annotate(n=Count("id"))
        .values_list("session_id", "n")
    )
    with_sheets = set(
        Session.objects.filter(pk__in=ids, sheets__isnull=False).values_list("pk", flat=True)
    )
    for session in sessions:
        session.seated = seated.get(session.pk, 0)
        session.lock = lock_reason(session, has_sheets=session.pk in with_sheets)
    return sessions


def session_lock(session: Session) -> str:
    has_sheets = Session.objects.filter(pk=session.pk, sheets__isnull=False).exists()
    return lock_reason(session, has_sheets=has_sheets)
