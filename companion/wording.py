"""The messages' text, written in the recipient's language (the caller activates it)."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext

from tournament.models import Seat, Session, Wind
from web.numbers import points as shown_points


def names(players: list[str]) -> str:
    """ "A, B and C" in the active language."""
    if len(players) <= 1:
        return "".join(players)
    return gettext("{others} and {last}").format(others=", ".join(players[:-1]), last=players[-1])


def seat_place(seat: Seat) -> str:
    return gettext("table {table}, {wind}").format(
        table=seat.table.number, wind=Wind(seat.wind).label
    )


def seating(session: Session, seat: Seat, others: list[str]) -> tuple[str, str]:
    title = gettext("Session {number}: your seat").format(number=session.number)
    body = gettext("Session {number}: {place}, with {names}").format(
        number=session.number, place=seat_place(seat), names=names(others)
    )
    return title, body


def clock(session: Session, seat: Seat, phase: str) -> tuple[str, str]:
    place = seat_place(seat)
    if phase == "soon":
        title = gettext("Session {number} starts in 10 minutes").format(number=session.number)
        body = gettext("Session {number} starts in 10 minutes: {place}.").format(
            number=session.number, place=place
        )
    elif phase == "signal":
        title = gettext("Session {number}: the signal").format(number=session.number)
        minutes = (
            int(session.clock_signal_before.total_seconds() // 60)
            if session.clock_signal_before
            else None
        )
        if minutes:
            body = gettext(
                "Session {number}: the signal, {minutes} minutes left ({place})."
            ).format(number=session.number, minutes=minutes, place=place)
        else:
            body = gettext("Session {number}: the signal ({place}).").format(
                number=session.number, place=place
            )
    else:
        title = gettext("Session {number}: time is up").format(number=session.number)
        body = gettext("Session {number}: time is up ({place}).").format(
            number=session.number, place=place
        )
    return title, body


def sheet(session: Session, table_number: int, state: str) -> tuple[str, str]:
    where = gettext("Session {number}, table {table}").format(
        number=session.number, table=table_number
    )
    texts = {
        "awaiting": gettext("{where}: the score sheet waits for your confirmation."),
        "disputed": gettext("{where}: the score sheet is disputed; the referee will look at it."),
        "corrected": gettext("{where}: the score sheet was corrected."),
        "settled": gettext("{where}: the score sheet is settled."),
    }
    body = texts.get(state, texts["corrected"]).format(where=where)
    return gettext("Score sheet: {where}").format(where=where), body


def desk(tournament_name: str, what: str, value: Decimal | None) -> tuple[str, str]:
    title = gettext("A decision of the referee desk")
    if value:
        what = gettext("{what}, {points} points").format(what=what, points=points(value))
    body = gettext("{tournament}: the referee desk recorded about you: {decision}.").format(
        tournament=tournament_name, decision=what
    )
    return title, body


def points(value: Decimal) -> str:
    shown = shown_points(value)
    return shown if value < 0 else f"+{shown}"


def results(session: Session, score: Decimal | None, total: Decimal, rank, ranked: int) -> tuple:
    title = gettext("Session {number}: your results").format(number=session.number)
    if rank is None:
        standing = gettext("total {total}").format(total=points(total))
    else:
        standing = gettext("total {total}, rank {rank} of {count}").format(
            total=points(total), rank=rank, count=ranked
        )
    if score is None:
        body = gettext("After session {number}: {standing}.").format(
            number=session.number, standing=standing
        )
    else:
        body = gettext("Session {number}: {score}; {standing}.").format(
            number=session.number, score=points(score), standing=standing
        )
    return title, body


def stage_cut(stage_name: str) -> tuple[str, str]:
    return stage_name, gettext("You made the cut: you play in {stage}.").format(stage=stage_name)


def stage_seated(stage_name: str, session: Session, seat: Seat, others: list[str]) -> tuple:
    body = gettext("{stage}, session {number}: {place}, with {names}").format(
        stage=stage_name, number=session.number, place=seat_place(seat), names=names(others)
    )
    return stage_name, body


def referee_call(table_number: int) -> tuple[str, str]:
    title = gettext("Table {table} calls a referee").format(table=table_number)
    body = gettext("Table {table} calls a referee: see the desk's queue.").format(
        table=table_number
    )
    return title, body
