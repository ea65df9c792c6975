"""Writes of the calls to the referee: open, take, close.  Each announces
``tournament.happenings.referee_call`` once its transaction commits."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.reporting.services import player_seat
from tournament.happenings import announce, referee_call
from tournament.models import Player, Session, Table, Tournament

from ..models import RefereeCall


class CallError(Exception):
    """A call refused, with a message for the person who pressed."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotSeated(CallError):
    """The caller plays at no table of the session being played."""


def _already_called() -> CallError:
    return CallError(gettext("A referee is already called to this table."))


def _open(*, tournament: Tournament, session: Session, table: Table, player, user) -> RefereeCall:
    if RefereeCall.objects.filter(session=session, table=table, closed_at__isnull=True).exists():
        raise _already_called()
    try:
        # A savepoint: two phones of one table pressing at once meet the constraint
        # (one_open_call_a_table) and the second is told, the first's call stands.
        with transaction.atomic():
            call = RefereeCall.objects.create(
                tournament=tournament, session=session, table=table, player=player, opened_by=user
            )
    except IntegrityError:
        raise _already_called() from None
    announce(referee_call, sender=RefereeCall, call=call, state="open")
    return call


@transaction.atomic
def call_from_seat(*, tournament: Tournament, player: Player | None, user) -> RefereeCall:
    """A player calls a referee to his own table in the session being played (or just
    played: a dispute over the sheet comes after the game)."""
    seat = player_seat(tournament, player)
    if seat is None:
        raise NotSeated(gettext("Only a player seated in the session being played may call."))
    return _open(
        tournament=tournament, session=seat.session, table=seat.table, player=player, user=user
    )


@transaction.atomic
def call_from_staff(*, tournament: Tournament, session: Session, table: Table, user) -> RefereeCall:
    """A referee at a table calls another (the head referee) to it."""
    assert session.tournament_id == tournament.pk and table.tournament_id == tournament.pk
    return _open(tournament=tournament, session=session, table=table, player=None, user=user)


@transaction.atomic
def call_take(*, call: RefereeCall, user) -> RefereeCall:
    """A referee takes the call: the others see who went.  A call taken by another is
    refused, so two referees do not both walk over thinking the other did not."""
    call = RefereeCall.objects.select_for_update().get(pk=call.pk)
    if call.closed_at is not None:
        raise CallError(gettext("This call is closed already."))
    if call.taken_at is not None:
        if call.taken_by_id == user.pk:
            return call
        raise CallError(
            gettext("{name} took this call already.").format(
                name=call.taken_by.get_username() if call.taken_by else "?"
            )
        )
    call.taken_at = timezone.now()
    call.taken_by = user
    call.save(update_fields=["taken_at", "taken_by"])
    announce(referee_call, sender=RefereeCall, call=call, state="taken")
    return call


@transaction.atomic
def call_close(*, call: RefereeCall, user, note: str) -> RefereeCall:
    """The referee closes the call with a note of what he decided (kept in the log).  A call
    nobody took is taken by whoever closes it."""
    call = RefereeCall.objects.select_for_update().get(pk=call.pk)
    if call.closed_at is not None:
        raise CallError(gettext("This call is closed already."))
    now = timezone.now()
    if call.taken_at is None:
        call.taken_at, call.taken_by = now, user
    call.closed_at, call.closed_by = now, user
    call.note = note.strip()[: RefereeCall.NOTE_MAX]
    call.save(update_fields=["taken_at", "taken_by", "closed_at", "closed_by", "note"])
    announce(referee_call, sender=RefereeCall, call=call, state="closed")
    return call
