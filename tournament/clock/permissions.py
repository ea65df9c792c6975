"""Who may run the clock and report tables finished (architecture.md, "Who may do what")."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

from ..models import Session, Staff, Table, Tournament
from ..permissions import require_view, staff_role
from ..seating.visibility import seats_shown


def can_run_clock(user, tournament: Tournament) -> bool:
    """Organisers, and referees the organiser allowed (Staff.may_run_clock)."""
    role = staff_role(user, tournament)
    if role == Staff.Role.ORGANISER:
        return True
    if role == Staff.Role.REFEREE:
        return Staff.objects.filter(
            tournament=tournament, user=user, role=Staff.Role.REFEREE, may_run_clock=True
        ).exists()
    return False


def require_run_clock(user, tournament: Tournament) -> None:
    require_view(user, tournament)
    if not can_run_clock(user, tournament):
        raise PermissionDenied(
            gettext("Only organisers and referees allowed to may run the clock.")
        )


def player_table(user, session: Session) -> Table | None:
    """The table where ``user`` plays in ``session``, if they are a seated player."""
    if not user.is_authenticated:
        return None
    # A draft seating seats nobody yet (tournament.seating.selectors.seats_shown).
    seat = (
        seats_shown(session.tournament)
        .filter(session=session, player__user=user)
        .select_related("table")
        .first()
    )
    return seat.table if seat else None


def can_report_finished(user, session: Session, table: Table) -> bool:
    """Referees and organisers for any table; a player for the table they play at."""
    if staff_role(user, session.tournament) is not None:
        return True
    return player_table(user, session) == table


def can_undo_finished(user, tournament: Tournament) -> bool:
    """Only staff take back a "finished" report: a player could hide a table still playing."""
    return staff_role(user, tournament) is not None
