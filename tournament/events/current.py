"""Which session is "the current one": one home for the three pages that ask, each its own
named variant because each page means something different by it.

- ``hall_session``: the session the hall is playing, shown on the clock, the projector and
  the API: the running one, else the next planned one, else the last finished one.
- ``desk_session``: the session a referee walking the hall is in: the running one, else the
  next one to be played that is already seated (a desk acts on seats), else the last one
  played, else the first.
- ``sheets_session``: the session whose score sheets a referee opens first: the running
  one, else the last finished one (its sheets may still be coming in), else the first one
  seated, else the first.
"""

from __future__ import annotations

from tournament.models import Session, Tournament


def _sessions(tournament: Tournament):
    return Session.objects.filter(tournament=tournament).order_by("number")


def hall_session(tournament: Tournament) -> Session | None:
    sessions = _sessions(tournament)
    return (
        sessions.filter(state=Session.State.RUNNING).first()
        or sessions.filter(state=Session.State.PLANNED).first()
        or sessions.filter(state=Session.State.FINISHED).last()
    )


def desk_session(tournament: Tournament) -> Session | None:
    sessions = _sessions(tournament)
    return (
        sessions.filter(state=Session.State.RUNNING).first()
        or sessions.filter(state=Session.State.PLANNED, seats__isnull=False).distinct().first()
        or sessions.filter(state=Session.State.FINISHED).last()
        or sessions.first()
    )


def sheets_session(tournament: Tournament) -> Session | None:
    sessions = _sessions(tournament)
    return (
        sessions.filter(state=Session.State.RUNNING).first()
        or sessions.filter(state=Session.State.FINISHED).last()
        or sessions.filter(seats__isnull=False).distinct().first()
        or sessions.first()
    )
