"""Reads of the event day: the live board of a session's tables and the final
check before the EMA file goes out. They read the score sheets and the desk's records, so
they live apart from the set-up selectors, which need neither."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext, gettext_lazy

from referee.decision_reads import SheetChombo, removed_from_results, sheet_chombo_entries
from referee.models import Penalty
from scoring.models import ScoreSheet, SheetResponse, SheetVersion
from tournament.ema import is_valid_ema_number
from tournament.models import Registration, Seat, Session, Tournament

# What the board says of a table's score sheet, in the order the organiser acts on them.
MISSING, ENTERED, CONFIRMED, DISPUTED = "missing", "entered", "confirmed", "disputed"
SHEET_LABELS = {
    MISSING: gettext_lazy("Sheet missing"),
    ENTERED: gettext_lazy("Entered, to confirm"),
    CONFIRMED: gettext_lazy("Confirmed"),
    # A confirmed sheet corrected afterwards: the table contested its result.
    DISPUTED: gettext_lazy("Corrected after confirmation"),
}


@dataclass
class BoardRow:
    table: object
    seats: list[Seat] = field(default_factory=list)
    sheet: ScoreSheet | None = None
    sheet_state: str = MISSING
    late: list[str] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    # Chombo written on the table's score sheet: they count like the desk's (EMA 3.4.6).
    sheet_chombos: list[SheetChombo] = field(default_factory=list)

    @property
    def sheet_label(self) -> str:
        return str(SHEET_LABELS[self.sheet_state])


def session_board(session: Session) -> list[BoardRow]:
    """Each seated table of the session: its players, its sheet, late players, penalties.

    Six queries, whatever the number of tables.
    """
    rows: dict[int, BoardRow] = {}
    for seat in (
        Seat.objects.filter(session=session)
        .select_related("table", "player")
        .order_by("table__number", "wind")
    ):
        rows.setdefault(seat.table_id, BoardRow(seat.table)).seats.append(seat)
    sheets = {s.table_id: s for s in ScoreSheet.objects.filter(session=session)}
    corrected = set(
        SheetVersion.objects.filter(
            sheet__session=session, action=SheetVersion.Action.CORRECTED
        ).values_list("sheet__table_id", flat=True)
    )
    for table_id, row in rows.items():
        sheet = sheets.get(table_id)
        row.sheet = sheet
        if sheet is None:
            row.sheet_state = MISSING
        elif table_id in corrected:
            row.sheet_state = DISPUTED
        elif sheet.is_confirmed:
            row.sheet_state = CONFIRMED
        else:
            row.sheet_state = ENTERED
    penalties = Penalty.objects.filter(session=session, withdrawn_at__isnull=True).select_related(
        "player"
    )
    for penalty in penalties:
        row = rows.get(penalty.table_id)
        if row is None:
            continue
        row.penalties.append(penalty)
        if penalty.kind == Penalty.Kind.LATE:
            row.late.append(f"{penalty.player} ({penalty.minutes or '?'} min)")
    for chombo in sheet_chombo_entries(session.tournament, session=session):
        row = rows.get(chombo.table.pk)
        if row is not None:
            row.sheet_chombos.append(chombo)
    return list(rows.values())


def board_counts(rows: list[BoardRow]) -> dict[str, int]:
    counts = dict.fromkeys((MISSING, ENTERED, CONFIRMED, DISPUTED), 0)
    for row in rows:
        counts[row.sheet_state] += 1
    return counts


def final_check(tournament: Tournament) -> list[str]:
    """What stands between the played event and the EMA file, in words; [] when nothing.

    Every sheet confirmed, every substitute's answer given (EMA: do their results count),
    every confirmed player with a valid EMA number.
    """
    problems = []
    sessions = list(tournament.sessions.order_by("number"))
    unfinished = [s.number for s in sessions if s.state != Session.State.FINISHED]
    if unfinished:
        problems.append(
            gettext("Sessions not finished: {sessions}.").format(
                sessions=", ".join(map(str, unfinished))
            )
        )
    seated = set(
        Seat.objects.filter(session__tournament=tournament).values_list("session_id", "table_id")
    )
    confirmed = set(
        ScoreSheet.objects.filter(
            session__tournament=tournament, status=ScoreSheet.Status.CONFIRMED
        ).values_list("session_id", "table_id")
    )
    if seated - confirmed:
        problems.append(
            gettext("{n} score sheet(s) not confirmed.").format(n=len(seated - confirmed))
        )
    unasked = tournament.registrations.filter(
        is_reserve=True, results_count=None, status=Registration.Status.CONFIRMED
    ).count()
    if unasked:
        problems.append(
            gettext("{n} substitute(s) not asked whether their results count.").format(n=unasked)
        )
    invalid = sum(
        1
        for number in tournament.registrations.filter(
            status=Registration.Status.CONFIRMED
        ).values_list("player__ema_number", flat=True)
        if not is_valid_ema_number(number)
    )
    if invalid:
        problems.append(
            gettext("{n} confirmed player(s) without a valid EMA number.").format(n=invalid)
        )
    return problems


@dataclass
class SessionCheck:
    """One session on the final check page: its sheets as the board counts them, the
    disputes still open and the penalties logged."""

    session: Session
    counts: dict[str, int]
    disputes: int
    penalties: int

    @property
    def tables(self) -> int:
        return sum(self.counts.values())

    @property
    def ready(self) -> bool:
        """Results ready for the EMA file: finished, every sheet confirmed, no dispute open."""
        return (
            self.session.state == Session.State.FINISHED
            and self.tables > 0
            and self.counts[MISSING] == 0
            and self.counts[ENTERED] == 0
            and self.disputes == 0
        )


def session_checks(tournament: Tournament) -> list[SessionCheck]:
    """Every session of the tournament for the final check, counted as
    the session board counts them (``session_board``), so both pages say the same."""

    open_disputes: dict[int, int] = {}
    for response in SheetResponse.objects.filter(
        sheet__session__tournament=tournament,
        sheet__status=ScoreSheet.Status.ENTERED,
        kind=SheetResponse.Kind.DISPUTED,
    ).select_related("sheet"):
        if response.version == response.sheet.version:
            sid = response.sheet.session_id
            open_disputes[sid] = open_disputes.get(sid, 0) + 1
    checks = []
    for session in tournament.sessions.order_by("number"):
        rows = session_board(session)
        checks.append(
            SessionCheck(
                session=session,
                counts=board_counts(rows),
                disputes=open_disputes.get(session.pk, 0),
                penalties=sum(len(r.penalties) for r in rows),
            )
        )
    return checks


def final_check_notes(tournament: Tournament) -> list[str]:
    """What the final check shows besides its problems: the players the head referee removed
    from the final results (EMA 5.8, last sentence), who decided and why; the EMA file leaves
    them out."""

    return [
        gettext(
            "{player} is removed from the final results (EMA 5.8) and left out of the EMA "
            "file: {reason} ({who})."
        ).format(
            player=removal.player,
            reason=removal.reason,
            who=removal.created_by.get_username() if removal.created_by else "?",
        )
        for removal in removed_from_results(tournament)
    ]
