"""Whether a session's seating may still change: the one rule, worded (``lock_reason``) and
as a query (``changeable_sessions``).

A session that has started or finished, or has a score sheet, is history: its seats name
who played (the sheets' results are made from them), so no generation, change by hand,
fill, withdrawal or disqualification rewrites them.  The others may change.
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext

from tournament.models import Session


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
