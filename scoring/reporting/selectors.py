"""Reads of player reporting: a player's table and its sheet's answers, the tables the
referee desk must look at, the organiser's slips with the personal codes."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.utils import timezone

from scoring.models import ScoreSheet, SheetResponse
from tournament.models import Player, Seat, Session, Tournament
from tournament.names import name_sort_key

from .services import player_seat, reporting_settings


@dataclass
class SeatAnswer:
    seat: Seat
    response: SheetResponse | None  # the answer to the sheet's current version, if any


@dataclass
class MyTable:
    session: Session
    seat: Seat
    seats: list[SeatAnswer]
    sheet: ScoreSheet | None
    history: list[SheetResponse] = field(default_factory=list)

    @property
    def my_answer(self) -> SheetResponse | None:
        return next((a.response for a in self.seats if a.seat.pk == self.seat.pk), None)

    @property
    def waiting_for(self) -> list[Seat]:
        return [a.seat for a in self.seats if a.response is None]

    @property
    def disputed(self) -> bool:
        return any(
            a.response and a.response.kind == SheetResponse.Kind.DISPUTED for a in self.seats
        )


def my_table(tournament: Tournament, player: Player | None) -> MyTable | None:
    """The player's table in the session being played, its sheet and each seat's answer to
    the sheet's current version.  Four queries."""
    seat = player_seat(tournament, player)
    if seat is None:
        return None
    seats = list(
        Seat.objects.filter(session=seat.session, table=seat.table)
        .select_related("player")
        .order_by("wind")
    )
    sheet = (
        ScoreSheet.objects.filter(session=seat.session, table=seat.table)
        .select_related("updated_by", "confirmed_by")
        .first()
    )
    history = (
        list(sheet.responses.select_related("player", "user").order_by("created_at"))
        if sheet
        else []
    )
    current = {r.player_id: r for r in history if sheet and r.version == sheet.version}
    return MyTable(
        session=seat.session,
        seat=seat,
        seats=[SeatAnswer(s, current.get(s.player_id)) for s in seats],
        sheet=sheet,
        history=history,
    )


@dataclass
class DeskAlert:
    sheet: ScoreSheet
    disputes: list[SheetResponse]
    overdue: bool
    confirmed: int  # players who entered or confirmed the current version


def desk_alerts(tournament: Tournament, now: dt.datetime | None = None) -> list[DeskAlert]:
    """The players' sheets the referees must settle: disputed ones, and those not confirmed
    by all four within the organiser's time.  Three queries, however many tables."""
    setting = reporting_settings(tournament)
    if not setting.players_report:
        return []
    now = now or timezone.now()
    deadline = now - dt.timedelta(minutes=setting.confirm_minutes)
    sheets = list(
        ScoreSheet.objects.filter(
            session__tournament=tournament, status=ScoreSheet.Status.ENTERED
        ).select_related("session", "table")
    )
    answers: dict[int, list[SheetResponse]] = {}
    for response in SheetResponse.objects.filter(sheet__in=sheets).select_related("player"):
        answers.setdefault(response.sheet_id, []).append(response)
    alerts = []
    for sheet in sheets:
        current = [r for r in answers.get(sheet.pk, []) if r.version == sheet.version]
        disputes = [r for r in current if r.kind == SheetResponse.Kind.DISPUTED]
        overdue = sheet.updated_at <= deadline
        if disputes or overdue:
            alerts.append(
                DeskAlert(
                    sheet=sheet,
                    disputes=disputes,
                    overdue=overdue,
                    confirmed=sum(1 for r in current if r.kind != SheetResponse.Kind.DISPUTED),
                )
            )
    alerts.sort(key=lambda a: (not a.disputes, a.sheet.session.number, a.sheet.table.number))
    return alerts


def code_slips(tournament: Tournament, codes) -> list[dict]:
    """Each registered player's slip: his code and his seats session by session.  Two
    queries beside the codes."""
    seats: dict[int, list[Seat]] = {}
    for seat in (
        Seat.objects.filter(session__tournament=tournament)
        .select_related("session", "table")
        .order_by("session__number")
    ):
        seats.setdefault(seat.player_id, []).append(seat)
    # Sorted like names everywhere else (tournament/names.py: accents, case and particles
    # ignored), so Åström comes among the A's, not after Zielińska.
    ordered = sorted(
        codes,
        key=lambda c: c.player.sort_name or name_sort_key(c.player.first_name, c.player.last_name),
    )
    return [{"code": c, "player": c.player, "seats": seats.get(c.player_id, [])} for c in ordered]
