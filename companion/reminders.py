"""'Session starts in 10 minutes': announced by a sweep (beat, every minute) for the sessions
whose planned start is that close; the outbox's unique key tells each player once."""

from __future__ import annotations

import datetime as dt

from tournament import happenings
from tournament.models import Session

SOON = dt.timedelta(minutes=10)


def announce_sessions_soon(*, now: dt.datetime) -> int:
    sessions = Session.objects.filter(
        state=Session.State.PLANNED,
        planned_start__gt=now,
        planned_start__lte=now + SOON,
    ).select_related("tournament")
    count = 0
    for session in sessions:
        happenings.announce(happenings.session_clock, sender=Session, session=session, phase="soon")
        count += 1
    return count
