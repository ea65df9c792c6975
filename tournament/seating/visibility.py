"""Who sees a seating: the one rule every reader of the seats follows.

A seating made as a whole (generated, imported, a stage's tables) is a draft
(``Session.seating_draft``) that only the tournament's staff see until the organiser
publishes it; players, the public pages, the API and the notifications see published
seatings only.  A module of its own, importing nothing but the models, so that every reader
(the standings' player page, the stream, the clock, the reporting) may call it.
"""

from __future__ import annotations

from tournament.models import Seat, Session, Tournament
from tournament.permissions import is_staff_of


def drafts_shown(user, tournament: Tournament) -> bool:
    """Staff see a draft seating (marked so) to check it before they publish it."""
    return user is not None and is_staff_of(user, tournament)


def seating_shown(session: Session, user=None) -> bool:
    """Whether ``user`` (None: the public, the API, a notification) sees the session's seats."""
    return not session.seating_draft or drafts_shown(user, session.tournament)


def seats_shown(tournament: Tournament, user=None):
    """The seats of the tournament ``user`` may see (None: the public): those of published
    seatings, and the drafts too for its staff.  Every page, export, the API and the
    notifications that show who sits where read the seats through this."""
    seats = Seat.objects.filter(session__tournament=tournament)
    if not drafts_shown(user, tournament):
        seats = published(seats)
    return seats


def published(seats):
    """``seats`` (a queryset of seats) less those of draft seatings: what a player reads of
    his own seats wherever he is not staff (his data download, /profile/data/)."""
    return seats.filter(session__seating_draft=False)


def draft_sessions(tournament: Tournament) -> list[int]:
    """The numbers of the sessions whose seating is a draft."""
    return list(
        Session.objects.filter(tournament=tournament, seating_draft=True)
        .order_by("number")
        .values_list("number", flat=True)
    )
