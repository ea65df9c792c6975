"""The referee desk's log and a player's record: every decision, call and sheet chombo in
order, with the desk's reference numbers (P1, D1, S1, R1).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q

from referee.decision_reads import SEATS, counted_penalties, sheet_chombo_entries, sheet_chombos
from scoring.rules.final import chombo_penalties
from tournament.models import Player, Tournament

from .calls.selectors import calls_for_log
from .models import Disqualification, Penalty, RefereeCall, ResultsRemoval, Substitution


def player_records(tournament: Tournament, player: Player):
    """The player's penalties (with whether each counts), substitutions and
    disqualifications, newest first."""
    penalties = list(
        Penalty.objects.filter(tournament=tournament, player=player).select_related(
            "session", "table", "created_by", "withdrawn_by"
        )
    )
    missed = set(
        Substitution.objects.filter(
            tournament=tournament, player=player, withdrawn_at__isnull=True
        ).values_list("player_id", "session__number")
    )
    counted = counted_penalties(penalties, sheet_chombos(tournament, penalties), missed)
    counted.reverse()
    substitutions = list(
        Substitution.objects.filter(tournament=tournament)
        .filter(Q(player=player) | Q(substitute=player))
        .select_related("session", "table", "player", "substitute", "created_by")
    )
    disqualifications = list(
        Disqualification.objects.filter(tournament=tournament, player=player).select_related(
            "created_by", "withdrawn_by"
        )
    )
    numbers = desk_numbers(tournament)
    for record in [c.penalty for c in counted] + substitutions + disqualifications:
        record.ref = f"{REF_LETTERS[type(record)]}{numbers[type(record)][record.pk]}"
    return counted, substitutions, disqualifications


# --- the referee log ----------------------------------------------------------------------


@dataclass
class LogEntry:
    at: object  # datetime
    by: str
    action: str  # "Penalty", "Substitution", "Disqualification", "Withdrawn: ...", ...
    what: str
    player: Player
    session: int | None
    table: str
    hand: str
    points: Decimal | None
    counts: str  # "yes", "no (withdrawn)", ...
    reason: str
    ref: str  # "P12", "S3", "D1": the record's number, stable in exports
    record: object = None


# --- the records' numbers: P1, S1, D1 ... per tournament ---------------------------------------
# (numbered across tournaments, a new tournament's first penalty was P3)

REF_LETTERS = {Penalty: "P", Substitution: "S", Disqualification: "D", ResultsRemoval: "R"}


def desk_numbers(tournament: Tournament) -> dict[type, dict[int, int]]:
    """Each desk record's number within its tournament and kind, 1 for the first: records
    are never deleted (a decision taken back is withdrawn), so the numbers never change.
    One query per kind."""
    return {
        model: {
            pk: n
            for n, pk in enumerate(
                model.objects.filter(tournament=tournament)
                .order_by("pk")
                .values_list("pk", flat=True),
                start=1,
            )
        }
        for model in REF_LETTERS
    }


def desk_ref(record) -> str:
    """One record's reference, "P3": the third penalty of its tournament.  One query."""
    model = type(record)
    n = model.objects.filter(tournament_id=record.tournament_id, pk__lte=record.pk).count()
    return f"{REF_LETTERS[model]}{n}"


def player_removals(tournament: Tournament, player: Player) -> list[ResultsRemoval]:
    """The player's removals from the final results (EMA 5.8), newest first, numbered."""
    removals = list(
        ResultsRemoval.objects.filter(tournament=tournament, player=player).select_related(
            "created_by", "withdrawn_by"
        )
    )
    numbers = desk_numbers(tournament)[ResultsRemoval]
    for record in removals:
        record.ref = f"R{numbers[record.pk]}"
    return removals


def _who(user) -> str:
    return user.get_username() if user else ""


def log_entries(
    tournament: Tournament,
    *,
    session: int | None = None,
    table: int | None = None,
    player: int | None = None,
) -> list[LogEntry]:
    """Every decision of the desk and every withdrawal, newest first, filtered by session
    number, table number and player id.  A fixed number of queries."""
    filters = Q(tournament=tournament)
    if session is not None:
        filters &= Q(session__number=session)
    if table is not None:
        filters &= Q(table__number=table)
    penalties = list(
        Penalty.objects.filter(tournament=tournament).select_related(
            "session", "table", "player", "created_by", "withdrawn_by", "corrects"
        )
    )
    missed = set(
        Substitution.objects.filter(tournament=tournament, withdrawn_at__isnull=True).values_list(
            "player_id", "session__number"
        )
    )
    counted = {
        c.penalty.pk: c
        for c in counted_penalties(penalties, sheet_chombos(tournament, penalties), missed)
    }
    keep = set(Penalty.objects.filter(filters).values_list("pk", flat=True))
    sub_filter = filters
    if player is not None:
        sub_filter &= Q(player_id=player) | Q(substitute_id=player)
    substitutions = Substitution.objects.filter(sub_filter).select_related(
        "session", "table", "player", "substitute", "created_by", "withdrawn_by"
    )
    disq_filter = Q(tournament=tournament)
    if player is not None:
        disq_filter &= Q(player_id=player)
    disqualifications = (
        Disqualification.objects.filter(disq_filter).select_related(
            "session", "player", "created_by", "withdrawn_by"
        )
        if table is None
        else []
    )
    if session is not None and table is None:
        disqualifications = [
            d
            for d in disqualifications
            if (d.session_id and d.session.number == session)
            or any(r["session"] == session for r in d.removed_seats)
        ]
    entries: list[LogEntry] = []
    numbers = desk_numbers(tournament)

    def ref(record) -> str:
        return f"{REF_LETTERS[type(record)]}{numbers[type(record)][record.pk]}"

    def withdrawal(record, ref: str, what: str, base: LogEntry) -> None:
        if record.withdrawn_at:
            entries.append(
                LogEntry(
                    at=record.withdrawn_at,
                    by=_who(record.withdrawn_by),
                    action="Withdrawn",
                    what=f"{what} withdrawn",
                    player=base.player,
                    session=base.session,
                    table=base.table,
                    hand=base.hand,
                    points=None,
                    counts="",
                    reason=record.withdrawal_reason,
                    ref=ref,
                    record=record,
                )
            )

    for p in penalties:
        if p.pk not in keep or (player is not None and p.player_id != player):
            continue
        c = counted[p.pk]
        what = p.get_kind_display()
        if p.minutes:
            what += f", {p.minutes} min"
        if p.serious:
            what += ", serious"
        if p.corrects_id:
            what += f" (correction of {ref(p.corrects)})"
        base = LogEntry(
            at=p.created_at,
            by=_who(p.created_by),
            action="Penalty",
            what=what,
            player=p.player,
            session=p.session.number if p.session_id else None,
            table=str(p.table) if p.table_id else "",
            hand=p.hand,
            points=p.points,
            counts="yes" if c.counted else f"no ({c.why_not})",
            reason=p.reason,
            ref=ref(p),
            record=p,
        )
        entries.append(base)
        withdrawal(p, base.ref, "Penalty", base)
    for s in substitutions:
        base = LogEntry(
            at=s.created_at,
            by=_who(s.created_by),
            action="Substitution",
            what=f"{s.substitute} for {s.player} ({s.get_timing_display().lower()}, "
            f"{'ESWN'[s.wind]} seat)",
            player=s.player,
            session=s.session.number,
            table=str(s.table) if s.table_id else "",
            hand="",
            points=None,
            counts="missed session" if s.is_active else "no (withdrawn)",
            reason=s.reason,
            ref=ref(s),
            record=s,
        )
        entries.append(base)
        withdrawal(s, base.ref, "Substitution", base)
    for d in disqualifications:
        removed = ", ".join(f"S{r['session']} T{r['table']}" for r in d.removed_seats)
        base = _decision_entry(
            d,
            ref(d),
            action="Disqualification",
            what="Disqualified" + (f"; seats removed: {removed}" if removed else ""),
            session=d.session.number if d.session_id else None,
        )
        entries.append(base)
        withdrawal(d, base.ref, "Disqualification", base)
    # Chombo written on the score sheets: they count through the sheet, so the
    # log shows them beside the desk's, numbered by sheet rather than as desk records.
    # The rules core's deduction for one chombo (EMA 3.4.6 / WRC 7.1); None where the sheet
    # pays it in table points (EMA 2012 reverse mangan, Aalto mangan: the core's 0).
    fine = chombo_penalties(tournament.rules(), ["offender"], ["offender"])[0]
    chombo_points = Decimal(fine.numerator) / Decimal(fine.denominator) if fine else None
    for c in sheet_chombo_entries(tournament):
        if (
            (session is not None and c.session != session)
            or (table is not None and c.table.number != table)
            or (player is not None and (c.player is None or c.player.pk != player))
        ):
            continue
        entries.append(
            LogEntry(
                at=c.at,
                by=_who(c.by),
                action="Chombo on the score sheet",
                what=f"Chombo ({SEATS[c.wind]} seat)",
                player=c.player,
                session=c.session,
                table=str(c.table),
                hand=c.hand,
                points=chombo_points,
                counts="yes (on the sheet)" if c.confirmed else "when the sheet is confirmed",
                reason="",
                ref=f"Sheet {c.session}/{c.table.number}",
            )
        )
    removals = (
        ResultsRemoval.objects.filter(disq_filter).select_related(
            "player", "created_by", "withdrawn_by"
        )
        if table is None and session is None
        else []
    )
    for r in removals:
        base = _decision_entry(
            r, ref(r), action="Removal", what="Removed from the final results (EMA 5.8)"
        )
        entries.append(base)
        withdrawal(r, base.ref, "Removal", base)
    if player is None:
        entries.extend(_call_entries(tournament, session=session, table=table))
    entries.sort(key=lambda e: (e.at, e.ref), reverse=True)
    return entries


def _call_entries(tournament: Tournament, *, session: int | None, table: int | None):
    """The calls to the referee (referee.calls): opened, taken, closed, by whom and when.
    Two queries: the calls, and their numbers within the tournament ("C3")."""
    numbers = {
        pk: n
        for n, pk in enumerate(
            RefereeCall.objects.filter(tournament=tournament)
            .order_by("pk")
            .values_list("pk", flat=True),
            start=1,
        )
    }
    for call in calls_for_log(tournament, session=session, table=table):
        base = dict(
            player=call.player,
            session=call.session.number,
            table=str(call.table),
            hand="",
            points=None,
            counts="",
            ref=f"C{numbers[call.pk]}",
            record=call,
        )
        caller = _who(call.opened_by)
        yield LogEntry(
            at=call.opened_at, by=caller, action="Call", what="Referee called", reason="", **base
        )
        if call.taken_at:
            yield LogEntry(
                at=call.taken_at,
                by=_who(call.taken_by),
                action="Call taken",
                what="Referee on the way",
                reason="",
                **base,
            )
        if call.closed_at:
            yield LogEntry(
                at=call.closed_at,
                by=_who(call.closed_by),
                action="Call closed",
                what="Call closed",
                reason=call.note,
                **base,
            )


def _decision_entry(record, number: str, *, action: str, what: str, session=None) -> LogEntry:
    """The log's line of a decision about a player that carries no points (a
    disqualification, a removal from the results)."""
    return LogEntry(
        at=record.created_at,
        by=_who(record.created_by),
        action=action,
        what=what,
        player=record.player,
        session=session,
        table="",
        hand="",
        points=None,
        counts="yes" if record.is_active else "no (withdrawn)",
        reason=record.reason,
        ref=number,
        record=record,
    )


def log_players(tournament: Tournament) -> list[Player]:
    """Players who appear in the log, for its filter."""
    ids = set(Penalty.objects.filter(tournament=tournament).values_list("player_id", flat=True))
    for a, b in Substitution.objects.filter(tournament=tournament).values_list(
        "player_id", "substitute_id"
    ):
        ids |= {a, b}
    ids |= {c.player.pk for c in sheet_chombo_entries(tournament) if c.player is not None}
    for model in (Disqualification, ResultsRemoval):
        ids |= set(model.objects.filter(tournament=tournament).values_list("player_id", flat=True))
    return list(Player.objects.filter(pk__in=ids).order_by("sort_name"))
