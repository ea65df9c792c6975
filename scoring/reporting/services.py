"""Writes of player reporting: a player enters his table's sheet, his
table-mates confirm or dispute it, four confirmations confirm the sheet.

The sheet itself goes through the same services as a referee's (``scoring.services``
``sheet_save`` and ``sheet_confirm``), so the rules core checks a player's entry exactly as
it checks a referee's, and every version stays in ``SheetVersion``.  What is added here is
who may do it (a player of the table, in the current session, when the organiser lets
players report) and the players' answers (``SheetResponse``), one per player and version.
"""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from scoring.models import PersonalCode, ReportingSettings, ScoreSheet, SheetResponse
from scoring.services import SheetError, sheet_confirm, sheet_save
from tournament import slip_codes
from tournament.happenings import announce, sheet_changed
from tournament.models import Player, Registration, Seat, Session, Table, Tournament
from tournament.seating.visibility import seats_shown


class ReportError(SheetError):
    """A player's report that cannot be taken; ``field`` names the form field at fault."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field


class CodeNotAccepted(ReportError):
    """A personal code that does not answer this sheet, whatever the reason: one message."""

    def __init__(self):
        super().__init__(
            gettext(
                "This code is not accepted for this sheet. Check it on the seating slip: each "
                "code answers once for its own table's sheet."
            ),
            field="code",
        )


def reporting_settings(tournament: Tournament) -> ReportingSettings:
    """The tournament's setting, or the default (referees only) when never saved."""
    setting = ReportingSettings.objects.filter(tournament=tournament).first()
    return setting or ReportingSettings(tournament=tournament)


def reportable_session(tournament: Tournament) -> Session | None:
    """The session whose sheets players may enter: the one running, else the one just
    finished.  Unlike the hall's session (``tournament.events.current.hall_session``) it
    is never a planned session: the sheet of a game not started cannot be reported, and
    once the organiser ends the session the tables still hand in their sheets while the
    next one waits."""
    sessions = tournament.sessions.order_by("number")
    return (
        sessions.filter(state=Session.State.RUNNING).first()
        or sessions.filter(state=Session.State.FINISHED).last()
    )


def player_seat(tournament: Tournament, player: Player | None) -> Seat | None:
    """The player's seat in the session being played or just played."""
    session = reportable_session(tournament)
    if session is None or player is None:
        return None
    # Only a published seating: a draft is the staff's until the organiser publishes it.
    return (
        seats_shown(tournament)
        .filter(session=session, player=player)
        .select_related("session", "table", "player")
        .first()
    )


def _check_reporter(tournament: Tournament, player: Player | None, session, table) -> Seat:
    if not reporting_settings(tournament).players_report:
        raise ReportError(gettext("In this tournament only the referees enter the score sheets."))
    seat = player_seat(tournament, player)
    if seat is None or seat.session_id != session.pk or seat.table_id != table.pk:
        raise ReportError(
            gettext(
                "Players enter and confirm only the sheet of their own table in the session "
                "being played."
            )
        )
    return seat


@transaction.atomic
def player_sheet_save(
    *,
    session: Session,
    table: Table,
    player: Player | None,
    user,
    mode: str,
    entry: dict,
    expected_version: int,
) -> ScoreSheet:
    """A player enters (or re-enters) his table's sheet; that counts as his confirmation
    of the version he saved.  A confirmed sheet is the referees' to correct."""
    _check_reporter(session.tournament, player, session, table)
    current = ScoreSheet.objects.filter(session=session, table=table).first()
    if current is not None and current.is_confirmed:
        raise ReportError(gettext("This sheet is confirmed: only a referee can correct it now."))
    sheet = sheet_save(
        session=session,
        table=table,
        mode=mode,
        entry=entry,
        expected_version=expected_version,
        user=user,
        reason="",
        referee_correction=False,
    )
    # Saved again without a change, the sheet keeps its version (``sheet_save``), and the
    # player's answer to that version is already there: kept, not stored twice (creating it
    # again broke the one-answer-per-version constraint, a 500).
    SheetResponse.objects.get_or_create(
        sheet=sheet,
        version=sheet.version,
        player=player,
        defaults={"kind": SheetResponse.Kind.ENTERED, "user": user},
    )
    announce(sheet_changed, sender=ScoreSheet, sheet=sheet, state="awaiting")
    return sheet


@transaction.atomic
def sheet_respond(
    *,
    sheet: ScoreSheet,
    version: int,
    player: Player | None,
    user,
    kind: str,
    reason: str = "",
    by_code: bool = False,
) -> ScoreSheet:
    """A player confirms or disputes the version of the sheet he was shown.

    When the four players of the table have entered or confirmed the current version, the
    sheet is confirmed by the same service as a referee's confirmation (``sheet_confirm``),
    in the name of the account that gave the last confirmation.
    """
    sheet = ScoreSheet.objects.select_for_update().get(pk=sheet.pk)
    _check_reporter(sheet.session.tournament, player, sheet.session, sheet.table)
    if kind not in (SheetResponse.Kind.CONFIRMED, SheetResponse.Kind.DISPUTED):
        raise ReportError(gettext("Choose to confirm or to dispute the sheet."))
    if sheet.is_confirmed:
        raise ReportError(gettext("This sheet is already confirmed."))
    if version != sheet.version:
        raise ReportError(
            gettext(
                "The sheet changed since you read it (now version "
                "{version}): read it again before you answer."
            ).format(version=sheet.version)
        )
    reason = reason.strip()
    if kind == SheetResponse.Kind.DISPUTED and not reason:
        raise ReportError(
            gettext("Say what is wrong with the sheet, for the referee."), field="reason"
        )
    try:
        with transaction.atomic():
            SheetResponse.objects.create(
                sheet=sheet,
                version=version,
                player=player,
                kind=kind,
                reason=reason,
                by_code=by_code,
                user=user,
            )
    except IntegrityError:
        raise ReportError(
            gettext("{player} has already answered version {version} of this sheet.").format(
                player=player, version=version
            ),
            field="code" if by_code else None,
        ) from None
    if kind == SheetResponse.Kind.DISPUTED:
        announce(sheet_changed, sender=ScoreSheet, sheet=sheet, state="disputed")
    if kind == SheetResponse.Kind.CONFIRMED and _all_four_agree(sheet):
        sheet = sheet_confirm(sheet=sheet, expected_version=sheet.version, user=user)
    return sheet


def _all_four_agree(sheet: ScoreSheet) -> bool:
    seated = set(
        Seat.objects.filter(session_id=sheet.session_id, table_id=sheet.table_id).values_list(
            "player_id", flat=True
        )
    )
    agreed = set(
        sheet.responses.filter(
            version=sheet.version,
            kind__in=[SheetResponse.Kind.ENTERED, SheetResponse.Kind.CONFIRMED],
        ).values_list("player_id", flat=True)
    )
    return len(seated) == 4 and seated <= agreed


@transaction.atomic
def respond_with_code(
    *, sheet: ScoreSheet, version: int, code: str, user, kind: str, reason: str = ""
) -> ScoreSheet:
    """A table-mate without a phone answers on someone else's, with his personal code."""
    cleaned = slip_codes.normalise(code)
    found = (
        PersonalCode.objects.filter(tournament_id=sheet.session.tournament_id, code=cleaned)
        .select_related("player")
        .first()
        if cleaned
        else None
    )
    # One answer for every code not taken: no code at all, another table's
    # code, a code that answered this version already.  A different answer for a real code
    # of another table told a guesser he had found one (OWASP Authentication cheat sheet:
    # "respond with a generic error message regardless of" which part was wrong).
    seated = found is not None and (
        Seat.objects.filter(
            session_id=sheet.session_id, table_id=sheet.table_id, player_id=found.player_id
        ).exists()
    )
    answered = seated and (
        SheetResponse.objects.filter(
            sheet=sheet, version=version, player_id=found.player_id
        ).exists()
    )
    if not seated or answered:
        raise CodeNotAccepted
    return sheet_respond(
        sheet=sheet,
        version=version,
        player=found.player,
        user=user,
        kind=kind,
        reason=reason,
        by_code=True,
    )


def _new_code(taken: set[str]) -> str:
    while True:
        code = "".join(secrets.choice(slip_codes.ALPHABET) for _ in range(slip_codes.LENGTH))
        if code not in taken:
            taken.add(code)
            return code


@transaction.atomic
def ensure_personal_codes(*, tournament: Tournament) -> list[PersonalCode]:
    """A code for every registered player who has none yet (the slips are printed before
    each day); existing codes never change, so a slip already printed stays right."""
    # Two organisers opening the slips at once both found the same players without a code
    # and both created theirs (IntegrityError, a 500): the tournament's row is
    # locked, so the second waits and finds the first one's codes (PostgreSQL; SQLite
    # writes one transaction at a time anyway).  Rows another process added all the same
    # (a code drawn twice, a player given one meanwhile) are skipped and drawn again.
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    players = Registration.objects.filter(tournament=tournament).exclude(
        status=Registration.Status.WITHDRAWN
    )
    for _ in range(5):
        have = dict(
            PersonalCode.objects.filter(tournament=tournament).values_list("player_id", "code")
        )
        taken = set(have.values())
        missing = [
            PersonalCode(tournament=tournament, player_id=pid, code=_new_code(taken))
            for pid in players.values_list("player_id", flat=True)
            if pid not in have
        ]
        if not missing:
            break
        PersonalCode.objects.bulk_create(missing, ignore_conflicts=True)
    return list(PersonalCode.objects.filter(tournament=tournament).select_related("player"))
