"""Writes of the referee desk.  Every write that touches several rows is one transaction;
nothing is deleted from the history (a decision taken back is withdrawn, with a reason).

The seats are the exception that proves the rule: a substitution moves the reserve into the
``tournament.Seat`` (the score sheet of the table is made from the seats), and a
disqualification takes the player out of the seats of the sessions not yet played, which
then need re-seating (the seating's re-plan fills them).  Both keep what they changed in
their record.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring.models import ScoreSheet
from scoring.rules.absence import may_be_removed
from tournament.happenings import announce, desk_decision
from tournament.models import Player, Registration, Seat, Session, Tournament
from tournament.seating.locks import changeable_sessions
from web.cache import public_pages_changed
from web.numbers import points as shown_points

from .kinds import DeskKind, PenaltyRuleError, kind_rules, penalty_points
from .models import Disqualification, Penalty, ResultsRemoval, Substitution


class DeskError(Exception):
    """A decision the desk cannot record as asked; the message says what to do."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def _registration(tournament: Tournament, player: Player) -> Registration:
    reg = Registration.objects.filter(tournament=tournament, player=player).first()
    if reg is None:
        raise DeskError(
            gettext("{player} is not registered in {tournament}.").format(
                player=player, tournament=tournament
            )
        )
    return reg


def _check_session(tournament: Tournament, session: Session | None) -> None:
    if session is not None and session.tournament_id != tournament.pk:
        raise DeskError(
            gettext("{session} is not a session of {tournament}.").format(
                session=session, tournament=tournament
            ),
            "session",
        )


def _reason(reason: str, what: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise DeskError(
            gettext("Give the reason {what}: it stays in the referee log.").format(what=what),
            "reason",
        )
    return reason


# --- penalties ----------------------------------------------------------------------------


class RepeatedPenalty(DeskError):
    """The same penalty (player, session, kind) was logged a moment ago: most likely the
    same decision sent twice (a form loaded on two phones, a double tap on a slow
    network), so the desk asks before it logs a second one."""

    def __init__(self, earlier: Penalty):
        super().__init__(
            gettext(
                "P{pk} ({kind}, {points} points) was logged for {player} in session "
                "{number} at {time} by {user}. Log a second, identical penalty? Tick the "
                "box below to do so."
            ).format(
                pk=earlier.pk,
                kind=earlier.get_kind_display(),
                points=shown_points(earlier.points),
                player=earlier.player,
                number=earlier.session.number,
                time=timezone.localtime(earlier.created_at).strftime("%H:%M:%S"),
                user=earlier.created_by or "?",
            )
        )
        self.earlier = earlier


# A second identical penalty within this time is asked about first: a double tap on a phone
# at the table once logged the same chombo twice.
REPEAT_WINDOW = dt.timedelta(minutes=1)


@transaction.atomic
def penalty_create(
    *,
    tournament: Tournament,
    player: Player,
    session: Session,
    kind: str,
    user,
    minutes: int | None = None,
    serious: bool = False,
    amount: Decimal | None = None,
    hand: str = "",
    reason: str = "",
    corrects: Penalty | None = None,
    repeat: bool = False,
    now=None,
    rule: DeskKind | None = None,
) -> Penalty:
    """Log a penalty; its points come from the rules core (``scoring.rules.penalties``).

    ``rule``: the kind's rule when the caller (the desk's page) has worked it out already.

    A penalty like one logged for the same player, session and kind in the last minute is
    refused with ``RepeatedPenalty`` unless ``repeat`` says the referee means a second one.
    The player's registration is locked first, so that five of the same form sent at once
    are taken one after the other and the second one sees the first (PostgreSQL).
    """
    registration = _registration(tournament, player)
    Registration.objects.select_for_update().filter(pk=registration.pk).first()
    _check_session(tournament, session)
    now = now or timezone.now()
    if corrects is None and not repeat:
        earlier = (
            Penalty.objects.filter(
                tournament=tournament,
                player=player,
                session=session,
                kind=kind,
                withdrawn_at__isnull=True,
                created_at__gte=now - REPEAT_WINDOW,
            )
            .select_related("player", "session", "created_by")
            .order_by("-created_at")
            .first()
        )
        if earlier is not None:
            raise RepeatedPenalty(earlier)
    ruleset = tournament.rules()
    if rule is None or rule.kind != kind:
        rule = kind_rules(ruleset).get(kind)
    if rule is not None and rule.needs_reason:
        reason = _reason(reason, "for this penalty")
    try:
        points = penalty_points(
            ruleset, kind, minutes=minutes, serious=serious, amount=amount, rule=rule
        )
    except PenaltyRuleError as error:
        raise DeskError(error.message, error.field) from None
    seat = Seat.objects.filter(session=session, player=player).first()
    penalty = Penalty.objects.create(
        tournament=tournament,
        player=player,
        session=session,
        table_id=seat.table_id if seat else None,
        kind=kind,
        hand=hand.strip(),
        minutes=minutes if kind == Penalty.Kind.LATE else None,
        serious=bool(serious and kind == Penalty.Kind.OBSTRUCTION),
        points=points,
        reason=(reason or "").strip(),
        created_by=user,
        created_at=now,
        corrects=corrects,
    )
    announce(desk_decision, sender=Penalty, decision=penalty)
    return penalty


def _withdraw(model, record, *, user, reason: str, now=None) -> None:
    """Mark a record withdrawn, once: a conditional UPDATE, so two referees taking the same
    decision back at the same moment do not both succeed."""
    now = now or timezone.now()
    updated = model.objects.filter(pk=record.pk, withdrawn_at__isnull=True).update(
        withdrawn_at=now, withdrawn_by=user, withdrawal_reason=reason
    )
    if not updated:
        raise DeskError(gettext("This was already withdrawn."))
    public_pages_changed(record.tournament_id)  # an UPDATE sends no signal
    record.withdrawn_at, record.withdrawn_by, record.withdrawal_reason = now, user, reason


@transaction.atomic
def penalty_withdraw(*, penalty: Penalty, user, reason: str, now=None) -> Penalty:
    _withdraw(Penalty, penalty, user=user, reason=_reason(reason, "for withdrawing it"), now=now)
    return penalty


@transaction.atomic
def penalty_correct(
    *,
    penalty: Penalty,
    user,
    reason: str,
    minutes: int | None = None,
    serious: bool = False,
    amount: Decimal | None = None,
    hand: str = "",
    penalty_reason: str = "",
    now=None,
) -> Penalty:
    """Replace a penalty by a corrected one: the old one is withdrawn with the reason, the
    new one points at it.  Kind, player and session stay (otherwise it is a new penalty)."""
    reason = _reason(reason, "for the correction")
    if not penalty.is_active:
        raise DeskError(gettext("A withdrawn penalty cannot be corrected; log a new one."))
    _withdraw(Penalty, penalty, user=user, reason=f"Corrected: {reason}", now=now)
    return penalty_create(
        tournament=penalty.tournament,
        player=penalty.player,
        session=penalty.session,
        kind=penalty.kind,
        user=user,
        minutes=minutes,
        serious=serious,
        amount=amount,
        hand=hand,
        reason=penalty_reason,
        corrects=penalty,
        now=now,
    )


# --- substitutions ------------------------------------------------------------------------


def active_disqualification(tournament: Tournament, player: Player) -> Disqualification | None:
    return Disqualification.objects.filter(
        tournament=tournament, player=player, withdrawn_at__isnull=True
    ).first()


def _sheet_exists(session: Session, table_id: int) -> bool:
    return ScoreSheet.objects.filter(session=session, table_id=table_id).exists()


@transaction.atomic
def substitution_create(
    *,
    tournament: Tournament,
    session: Session,
    player: Player,
    substitute: Player,
    timing: str,
    user,
    reason: str = "",
    now=None,
) -> Substitution:
    """Put a reserve in ``player``'s seat of ``session`` (EMA 5.8, WRC 7.2).

    The seat is the reserve's from now on, so the table's score sheet is made with the
    reserve and marked as the desk says (``scoring.services`` reads ``timing``); ``player``
    misses the session and gets the ruleset's missed-session score in the standings.
    """
    _check_session(tournament, session)
    if timing not in Substitution.Timing.values:
        raise DeskError(gettext("From the start of the session, or during it?"), "timing")
    if timing == Substitution.Timing.DURING and session.state == Session.State.PLANNED:
        raise DeskError(
            gettext("{session} has not started: the substitute plays it from the start.").format(
                session=session
            ),
            "timing",
        )
    seat = Seat.objects.select_for_update().filter(session=session, player=player).first()
    if seat is None:
        raise DeskError(
            gettext("{player} has no seat in {session}.").format(player=player, session=session)
        )
    reg = _registration(tournament, substitute)
    if not reg.is_reserve or reg.status == Registration.Status.WITHDRAWN:
        raise DeskError(
            gettext("{substitute} is not a reserve of this tournament.").format(
                substitute=substitute
            ),
            "substitute",
        )
    if active_disqualification(tournament, substitute):
        raise DeskError(
            gettext("{substitute} is disqualified.").format(substitute=substitute), "substitute"
        )
    if Seat.objects.filter(session=session, player=substitute).exists():
        raise DeskError(
            gettext("{substitute} already plays in {session}.").format(
                substitute=substitute, session=session
            ),
            "substitute",
        )
    if _sheet_exists(session, seat.table_id):
        # The sheet's results name the players who were seated: changing the seat under a
        # sheet would leave them naming the wrong person.
        raise DeskError(
            gettext(
                "{table} already has a score sheet for {session}: a "
                "substitution changes who sits there, so it must be "
                "recorded before the sheet is entered."
            ).format(table=seat.table, session=session)
        )
    try:
        with transaction.atomic():
            record = Substitution.objects.create(
                tournament=tournament,
                player=player,
                session=session,
                table_id=seat.table_id,
                wind=seat.wind,
                substitute=substitute,
                timing=timing,
                reason=(reason or "").strip(),
                created_by=user,
                created_at=now or timezone.now(),
            )
    except IntegrityError:
        raise DeskError(
            gettext("{player} was already substituted in {session}.").format(
                player=player, session=session
            )
        ) from None
    seat.player, seat.substitute, seat.replaced = substitute, timing, player
    seat.save(update_fields=["player", "substitute", "replaced"])
    return record


@transaction.atomic
def substitution_withdraw(
    *, substitution: Substitution, user, reason: str, now=None
) -> Substitution:
    """Take a substitution back: the player returns to the seat, if no sheet names it yet."""
    reason = _reason(reason, "for withdrawing it")
    seat = (
        Seat.objects.select_for_update()
        .filter(
            session_id=substitution.session_id,
            table_id=substitution.table_id,
            wind=substitution.wind,
        )
        .first()
    )
    if seat is None or seat.player_id != substitution.substitute_id:
        raise DeskError(
            gettext(
                "The seat no longer holds the substitute (the seating changed): fix the seating."
            )
        )
    if _sheet_exists(substitution.session, substitution.table_id):
        raise DeskError(
            gettext(
                "{table} already has a score sheet for {session}: the "
                "substitute played there; correct the sheet's seats "
                "first."
            ).format(table=substitution.table, session=substitution.session)
        )
    if Seat.objects.filter(session_id=substitution.session_id, player=substitution.player).exists():
        raise DeskError(
            gettext("{player} has another seat in {session}.").format(
                player=substitution.player, session=substitution.session
            )
        )
    _withdraw(Substitution, substitution, user=user, reason=reason, now=now)
    seat.player, seat.substitute, seat.replaced = substitution.player, "", None
    seat.save(update_fields=["player", "substitute", "replaced"])
    return substitution


# --- disqualification ---------------------------------------------------------------------


@transaction.atomic
def disqualification_create(
    *,
    tournament: Tournament,
    player: Player,
    user,
    reason: str,
    session: Session | None = None,
    now=None,
) -> Disqualification:
    """The player stops playing (EMA 5.5, WRC 7.1).

    The player leaves the seats of the sessions not yet played (state "planned", and no
    score sheet entered for any of its tables); those sessions then need re-seating.  A
    session being played keeps its seat: a substitute joins during the session (EMA 5.8),
    recorded as a substitution.  A session with a sheet keeps its seats too: the sheet's
    results name the players who sat there, and removing one would leave a sheet that can
    no longer be shown or corrected.
    """
    reason = _reason(reason, "for the disqualification")
    _registration(tournament, player)
    _check_session(tournament, session)
    seats = list(
        Seat.objects.select_for_update()
        .filter(
            session__in=changeable_sessions(Session.objects.filter(tournament=tournament)),
            player=player,
        )
        .select_related("session", "table")
        .order_by("session__number")
    )
    removed = [
        {"session": s.session.number, "table": s.table.number, "wind": s.wind} for s in seats
    ]
    try:
        with transaction.atomic():
            record = Disqualification.objects.create(
                tournament=tournament,
                player=player,
                session=session,
                reason=reason,
                removed_seats=removed,
                created_by=user,
                created_at=now or timezone.now(),
            )
    except IntegrityError:
        raise DeskError(
            gettext("{player} is already disqualified.").format(player=player)
        ) from None
    Seat.objects.filter(pk__in=[s.pk for s in seats]).delete()
    public_pages_changed(tournament.pk)
    announce(desk_decision, sender=Disqualification, decision=record)
    return record


@transaction.atomic
def disqualification_withdraw(
    *, disqualification: Disqualification, user, reason: str, now=None
) -> list[dict]:
    """Lift a disqualification.  The removed seats that are still free, in sessions still
    not played, are given back; the others are returned for the message (re-seat them)."""
    reason = _reason(reason, "for lifting it")
    _withdraw(Disqualification, disqualification, user=user, reason=reason, now=now)
    tournament = disqualification.tournament
    sessions = {
        s.number: s
        for s in Session.objects.filter(tournament=tournament, state=Session.State.PLANNED)
    }
    tables = {t.number: t for t in tournament.tables.all()}
    not_restored = []
    for removed in disqualification.removed_seats:
        session = sessions.get(removed["session"])
        table = tables.get(removed["table"])
        free = (
            session is not None
            and table is not None
            and not Seat.objects.filter(session=session, table=table, wind=removed["wind"]).exists()
            and not Seat.objects.filter(session=session, player=disqualification.player).exists()
        )
        if free:
            Seat.objects.create(
                session=session, table=table, wind=removed["wind"], player=disqualification.player
            )
        else:
            not_restored.append(removed)
    return not_restored


# --- removal from the final results (EMA 5.8, last sentence) -----------------------------------


@transaction.atomic
def results_removal_create(
    *, tournament: Tournament, player: Player, user, reason: str, now=None
) -> ResultsRemoval:
    """Take a player who missed sessions out of the final results.

    EMA 2016 5.8: "A player who was substituted will receive -15,000 points plus an uma of
    -15,000 points for each session missed. In case of acceptable reasons like illness the
    head referee and the tournament organizers may decide to remove the player's name from
    the final results, so that it will not count for the player's EMA ranking."  So only a
    player who was substituted or left the event; the reason is required and kept, with who
    decided, and the decision can be withdrawn like every desk decision."""
    reason = _reason(reason, "for removing the player from the results (e.g. illness)")
    registration = _registration(tournament, player)
    substituted = Substitution.objects.filter(
        tournament=tournament, player=player, withdrawn_at__isnull=True
    ).exists()
    if not may_be_removed(
        substituted=substituted, left=registration.status == Registration.Status.WITHDRAWN
    ):
        raise DeskError(
            gettext(
                "{player} was neither substituted nor has left the tournament: EMA 5.8 "
                "removes only such a player from the final results."
            ).format(player=player)
        )
    try:
        with transaction.atomic():
            return ResultsRemoval.objects.create(
                tournament=tournament,
                player=player,
                reason=reason,
                created_by=user,
                created_at=now or timezone.now(),
            )
    except IntegrityError:
        raise DeskError(
            gettext("{player} is already removed from the final results.").format(player=player)
        ) from None


def results_removal_withdraw(*, removal: ResultsRemoval, user, reason: str, now=None) -> None:
    """Put the player back into the final results (the removal stays in the log)."""
    reason = _reason(reason, "for putting the player back")
    _withdraw(ResultsRemoval, removal, user=user, reason=reason, now=now)
