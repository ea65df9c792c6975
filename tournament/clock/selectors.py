"""Reads of the clock: its JSON state, the tables still playing, and what a score sheet
needs to know (``table_ended_by_time``)."""

from __future__ import annotations

import dataclasses
import datetime as dt

from django.utils.translation import gettext

from web.cache import RESULTS, SEATING, cached, version

from ..models import Seat, Session, Table, TableFinish
from .services import clock_state, ruleset_timing
from .timing import AFTER_SIGNAL_TEXT, ClockReading, ClockState, format_remaining, read_clock


def table_ended_by_time(session: Session, table: Table) -> bool:
    """Whether the time limit ended this table's game in this session (EMA 5.9, WRC 8.2).

    The score sheet passes it to the rules core as ``ended_by_time``
    (shared/design/interfaces.md); False while the table has not reported finished.
    """
    return TableFinish.objects.filter(session=session, table=table, ended_by_time=True).exists()


def session_clock_state(session: Session) -> ClockState:
    """The stored clock; before the start, with the timing the ruleset will give it."""
    state = clock_state(session)
    if session.clock_signal_before is None:
        signal_before, _ = ruleset_timing(session.tournament)
        state = dataclasses.replace(state, signal_before=signal_before)
    return state


def session_after_signal(session: Session) -> str:
    return session.clock_after_signal or ruleset_timing(session.tournament)[1]


def session_clock_reading(session: Session, now: dt.datetime) -> ClockReading:
    return read_clock(session_clock_state(session), now)


def session_table_status(session: Session, signal_given: bool) -> list[dict]:
    """Each table of the session and whether it has finished, in two queries.

    The tables are those seated in the session; before the seating, all the tournament's.
    """
    table_ids = Seat.objects.filter(session=session).values("table_id")
    tables = list(Table.objects.filter(pk__in=table_ids).order_by("number"))
    if not tables:
        tables = list(session.tournament.tables.order_by("number"))
    finishes = {f.table_id: f for f in TableFinish.objects.filter(session=session)}
    # A table whose sheet is in has finished its game, reported on the clock or not.
    # Read through the session's reverse relation to scoring's sheets: one fact, and the
    # clock below the sheets imports none of their models.
    sheets = dict(session.sheets.values_list("table_id", "status"))
    rows = []
    for table in tables:
        finish = finishes.get(table.pk)
        sheet = sheets.get(table.pk)
        done = finish is not None or sheet is not None
        rows.append(
            {
                "table": table,
                "finish": finish,
                "sheet": sheet,
                # What the organiser looks for after the signal.
                "still_playing": not done,
                "late": not done and signal_given,
            }
        )
    return rows


def _ms(moment: dt.datetime | None) -> int | None:
    return None if moment is None else round(moment.timestamp() * 1000)


def clock_payload(session: Session, now: dt.datetime) -> dict:
    """The clock's state as the page polls it, with the server's time for the browser to
    correct its own clock's offset."""
    state = session_clock_state(session)
    reading = read_clock(state, now)
    after = session_after_signal(session)
    return {
        "session": session.number,
        "name": str(session),
        "state": session.state,
        "phase": str(reading.phase),
        "phase_label": gettext(reading.label),
        "server_time": _ms(now),
        "remaining_ms": round(reading.remaining.total_seconds() * 1000),
        "remaining_text": format_remaining(reading.remaining),
        "overtime_ms": round(reading.overtime.total_seconds() * 1000),
        "length_ms": round(state.length.total_seconds() * 1000),
        "signal_before_ms": round(state.signal_before.total_seconds() * 1000),
        "ends_at": _ms(reading.ends_at),
        "signal_at": _ms(reading.signal_at),
        "signal_given": reading.signal_given,
        "signal_fired_at": _ms(session.signal_fired_at),
        "after_signal": after,
        "after_signal_text": gettext(text) if (text := AFTER_SIGNAL_TEXT.get(after)) else "",
        "version": session.clock_version,
        # Every phone in the hall polls this: the tables' reports come from the cache, read
        # again only when a table reports or the seating changes (web.cache).
        "tables": cached(
            session.tournament_id,
            # A sheet saved moves the results' version: the tables' states follow it too.
            f"clock-tables:{session.pk}:{version(session.tournament_id, RESULTS)}",
            lambda: _tables_payload(session, reading.signal_given),
            scope=SEATING,
        ),
    }


def _tables_payload(session: Session, signal_given: bool) -> list[dict]:
    return [
        {
            "number": row["table"].number,
            "name": str(row["table"]),
            "finished": not row["still_playing"],
            "ended_by_time": bool(row["finish"] and row["finish"].ended_by_time),
        }
        for row in session_table_status(session, signal_given)
    ]
