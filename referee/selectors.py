"""Reads of the referee desk, and its answer to the standings (``standings_decisions``).

How the desk's decisions enter the standings (``tournament.standings.referee_decisions``):

- Active penalties count with their points, after uma, in their session (EMA 3.4.6, 5.5,
  5.7; WRC 7.1 "Point penalty").  Withdrawn ones count for nothing.
- Chombo is counted once.  A score sheet can carry chombo too (the chombo column of a
  final-scores sheet, a chombo line of a hand-by-hand sheet), and the rules core puts it
  into that seat's result.  So per player and session the *confirmed sheet* is the source
  for as many chombo as it carries, and the desk adds only the chombo beyond those: a desk
  chombo with no matching sheet chombo counts (from the desk), one that the sheet also
  carries is shown in the log as "on the score sheet" and adds nothing.
- A substitution: the player who left misses that session; the standings charge it through
  the rules core (``scoring.rules.absence``: EMA 5.8 -15 and -15 uma, -30 in all; WRC 7.2
  -30), as they charge a player who left the event for each session after he left.  A
  lateness penalty in a session the player missed is not added on top (WRC 7.2: "not
  cumulative with the 10 points penalty for being late"; the ruleset's
  ``missed_session_points`` says the same of EMA).
- Disqualified players are returned as such; the standings place them at the bottom or
  leave them out as the ruleset's ``disqualified`` says (EMA 5.8, WRC 7.1).

``standings_decisions`` runs a fixed number of queries (six), whatever the field size.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Q

from scoring.models import ScoreSheet, TableResult
from scoring.rules import counted
from scoring.rules.final import chombo_penalties
from tournament.models import Player, Registration, Seat, Session, Table, Tournament, Wind
from tournament.names import fold
from tournament.seating.locks import changeable_sessions

from .calls.selectors import calls_for_log
from .decisions import RefereeDecisions, RefereePenalty
from .models import Disqualification, Penalty, RefereeCall, ResultsRemoval, Substitution

SEATS = "ESWN"


# --- chombo: the sheet and the desk --------------------------------------------------------


def _seat_chombos(result) -> list[int]:
    """A sheet's chombo per seat (E, S, W, N) as the rules core answered when the sheet was
    saved (``scoring.services.evaluate_entry`` stores it; EMA 3.4.6)."""
    seats = result.get("seats") if isinstance(result, dict) else None
    if not isinstance(seats, dict):
        return [0, 0, 0, 0]
    return [int((seats.get(letter) or {}).get("chombo") or 0) for letter in SEATS]


def sheet_chombos(tournament: Tournament, penalties: list[Penalty] | None = None) -> Counter:
    """Chombo carried by the confirmed score sheets, per (player id, session number).

    With ``penalties``, only the sheets that can match one of their chombo are read: the
    others cannot change what counts (``counted_penalties``), and reading every sheet's
    answer of a 1,200-sheet event costs the standings page more than the rest of it.
    """
    sheets_qs = ScoreSheet.objects.filter(
        session__tournament=tournament, status=ScoreSheet.Status.CONFIRMED
    )
    if penalties is not None:
        chombo_sessions = {
            p.session_id
            for p in penalties
            if p.kind == Penalty.Kind.CHOMBO and p.is_active and p.session_id is not None
        }
        if not chombo_sessions:
            return Counter()
        sheets_qs = sheets_qs.filter(
            session_id__in=chombo_sessions,
            results__player_id__in={p.player_id for p in penalties},
        ).distinct()
    sheets = list(sheets_qs.values_list("pk", "session__number", "result"))
    players = {
        (sheet_id, wind): player_id
        for sheet_id, wind, player_id in TableResult.objects.filter(
            sheet_id__in=[s[0] for s in sheets]
        ).values_list("sheet_id", "wind", "player_id")
    }
    counts: Counter = Counter()
    for sheet_id, number, result in sheets:
        for wind, n in enumerate(_seat_chombos(result)):
            player_id = players.get((sheet_id, wind))
            if n and player_id is not None:
                counts[(player_id, number)] += n
    return counts


@dataclass(frozen=True)
class SheetChombo:
    """A chombo written on a score sheet (a chombo hand of a hand-by-hand sheet, the chombo
    column of a final-scores sheet): the rules core puts it into the seat's result, so it
    is shown in the referee log and on the session board with the desk's penalties
    (issue 25.6), though no referee recorded it."""

    sheet_id: int
    session: int  # number
    table: Table
    wind: int
    player: Player | None
    hand: str  # "E3" (hand-by-hand), "" (final scores)
    confirmed: bool
    at: object  # datetime: when the sheet was last saved
    by: object  # the user who last saved it, or None


def sheet_chombo_entries(
    tournament: Tournament, *, session: Session | None = None
) -> list[SheetChombo]:
    """Every chombo on the tournament's (or ``session``'s) score sheets, entered or
    confirmed, by session, table and hand.  Two queries."""
    sheets = ScoreSheet.objects.filter(session__tournament=tournament).select_related(
        "session", "table", "updated_by"
    )
    if session is not None:
        sheets = sheets.filter(session=session)
    found = []
    for sheet in sheets:
        result = sheet.result if isinstance(sheet.result, dict) else {}
        if sheet.mode == ScoreSheet.Mode.FINAL:
            for wind, n in enumerate(_seat_chombos(result)):
                found += [(sheet, wind, "")] * min(n, 99)
            continue
        log = result.get("log")
        for index, line in enumerate(log if isinstance(log, list) else []):
            who = line.get("chombo") if isinstance(line, dict) else None
            if isinstance(who, str) and who in SEATS:
                label = str(line.get("round") or "")
                found.append((sheet, SEATS.index(who), label or f"#{index + 1}"))
    if not found:
        return []
    seats = {
        (seat.session_id, seat.table_id, seat.wind): seat.player
        for seat in Seat.objects.filter(
            session_id__in={sheet.session_id for sheet, _, _ in found}
        ).select_related("player")
    }
    return [
        SheetChombo(
            sheet_id=sheet.pk,
            session=sheet.session.number,
            table=sheet.table,
            wind=wind,
            player=seats.get((sheet.session_id, sheet.table_id, wind)),
            hand=hand,
            confirmed=sheet.status == ScoreSheet.Status.CONFIRMED,
            at=sheet.updated_at,
            by=sheet.updated_by,
        )
        for sheet, wind, hand in found
    ]


@dataclass(frozen=True)
class CountedPenalty:
    penalty: Penalty
    counted: bool
    why_not: str = ""  # "on the score sheet", "missed session", "withdrawn"


WHY_NOT = {
    counted.WITHDRAWN: "withdrawn",
    counted.ON_SHEET: "on the score sheet",
    counted.MISSED_SESSION: "missed session",
}


def counted_penalties(
    penalties: list[Penalty], chombo_on_sheets: Counter, missed: set[tuple[int, int]]
) -> list[CountedPenalty]:
    """Which penalties count in the standings, and why the others do not (oldest first):
    the rules core's answer (``scoring.rules.counted``) for the desk's rows."""
    ordered = sorted(penalties, key=lambda p: (p.created_at, p.pk))
    answers = counted.counted_penalties(
        [
            counted.DeskPenalty(
                kind=p.kind,
                active=p.is_active,
                player=p.player_id,
                session=p.session.number if p.session_id else None,
            )
            for p in ordered
        ],
        chombo_on_sheets,
        missed,
    )
    return [
        CountedPenalty(p, answer == counted.COUNTS, WHY_NOT.get(answer, ""))
        for p, answer in zip(ordered, answers, strict=True)
    ]


def standings_decisions(tournament: Tournament) -> RefereeDecisions:
    """The desk's penalties, substitutions, disqualifications and removals (EMA 5.8) for
    the standings."""
    substitutions = list(
        Substitution.objects.filter(tournament=tournament, withdrawn_at__isnull=True).values_list(
            "player_id", "session__number"
        )
    )
    missed = set(substitutions)
    penalties = list(
        Penalty.objects.filter(tournament=tournament, withdrawn_at__isnull=True).select_related(
            "session"
        )
    )
    out = [
        RefereePenalty(
            player_id=c.penalty.player_id,
            session_number=c.penalty.session.number if c.penalty.session_id else None,
            points=c.penalty.points,
            reason=c.penalty.get_kind_display(),
        )
        for c in counted_penalties(penalties, sheet_chombos(tournament, penalties), missed)
        if c.counted and c.penalty.points
    ]
    disqualified = frozenset(
        Disqualification.objects.filter(
            tournament=tournament, withdrawn_at__isnull=True
        ).values_list("player_id", flat=True)
    )
    removed = frozenset(
        ResultsRemoval.objects.filter(tournament=tournament, withdrawn_at__isnull=True).values_list(
            "player_id", flat=True
        )
    )
    return RefereeDecisions(
        penalties=tuple(out),
        disqualified=disqualified,
        substituted=frozenset(missed),
        removed=removed,
    )


@dataclass(frozen=True)
class SheetPagePenalties:
    """The desk's standing penalties of one table in one session, for its score sheet page:
    the standings add them to the sheet's score, so the referee entering the sheet sees them
    (and does not enter a desk chombo a second time)."""

    penalties: list[Penalty]  # each with ``ref`` ("P3") and ``wind_label`` (the seat)
    chombo_warnings: list[tuple[Player, list[str]]]  # player, refs of his desk chombo


def sheet_page_penalties(session: Session, seats: list[Seat], result) -> SheetPagePenalties:
    """The active desk penalties of ``session`` for the players of ``seats`` (one table),
    and the players whose chombo on this sheet (``result``: the core's stored or checked
    answer) meets a chombo the desk already logged for them in this session.  Two queries."""
    by_player = {seat.player_id: seat for seat in seats}
    penalties = list(
        Penalty.objects.filter(
            session=session, player_id__in=list(by_player), withdrawn_at__isnull=True
        )
        .select_related("player")
        .order_by("created_at", "pk")
    )
    if not penalties:
        return SheetPagePenalties([], [])
    numbers = {
        pk: n
        for n, pk in enumerate(
            Penalty.objects.filter(tournament_id=session.tournament_id)
            .order_by("pk")
            .values_list("pk", flat=True),
            start=1,
        )
    }
    for p in penalties:
        p.ref = f"P{numbers[p.pk]}"
        p.wind_label = Wind(by_player[p.player_id].wind).label
    warnings = []
    on_sheet = _seat_chombos(result) if result else [0, 0, 0, 0]
    for seat in seats:
        desk = [
            p.ref
            for p in penalties
            if p.player_id == seat.player_id and p.kind == Penalty.Kind.CHOMBO
        ]
        if desk and on_sheet[seat.wind]:
            warnings.append((seat.player, desk))
    return SheetPagePenalties(penalties, warnings)


# --- the desk's pages ---------------------------------------------------------------------


def current_session(tournament: Tournament) -> Session | None:
    """The session a referee walking the hall is in: the running one, else the next one to
    be played that has seats, else the last one played, else the first."""
    sessions = Session.objects.filter(tournament=tournament).order_by("number")
    return (
        sessions.filter(state=Session.State.RUNNING).first()
        or sessions.filter(state=Session.State.PLANNED, seats__isnull=False).distinct().first()
        or sessions.filter(state=Session.State.FINISHED).last()
        or sessions.first()
    )


@dataclass
class PlayerLine:
    player: Player
    registration: Registration
    seat: Seat | None
    disqualified: bool
    penalties: int  # active penalties in the tournament


def desk_marks(tournament: Tournament) -> tuple[frozenset[int], dict[int, int]]:
    """The players disqualified, and each player's count of active penalties.  Two small
    queries: the desk reads them on every request (they key its cached lists)."""
    disqualified = frozenset(
        Disqualification.objects.filter(
            tournament=tournament, withdrawn_at__isnull=True
        ).values_list("player_id", flat=True)
    )
    counts = dict(
        Penalty.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .values("player_id")
        .annotate(n=Count("pk"))
        .values_list("player_id", "n")
    )
    return disqualified, counts


def desk_players(
    tournament: Tournament,
    session: Session | None,
    q: str = "",
    marks: tuple[frozenset[int], dict[int, int]] | None = None,
) -> list[PlayerLine]:
    """Registered players (not withdrawn) matching every word of ``q`` in their names, with
    their seat in ``session``.  Four queries, two with ``marks`` (``desk_marks``)."""
    regs = Registration.objects.filter(tournament=tournament).exclude(
        status=Registration.Status.WITHDRAWN
    )
    for word in q.split():
        # Without case and accents: "lukasz" finds "Łukasz" (issue 25.10).
        regs = regs.filter(player__search_name__contains=fold(word))
    regs = list(regs.select_related("player").order_by("player__sort_name"))
    seats = {}
    if session is not None:
        seated = Seat.objects.filter(session=session).select_related("table")
        if q:
            seated = seated.filter(player_id__in=[r.player_id for r in regs])
        seats = {s.player_id: s for s in seated}
    disqualified, counts = marks if marks is not None else desk_marks(tournament)
    return [
        PlayerLine(
            player=r.player,
            registration=r,
            seat=seats.get(r.player_id),
            disqualified=r.player_id in disqualified,
            penalties=counts.get(r.player_id, 0),
        )
        for r in regs
    ]


def available_reserves(tournament: Tournament, session: Session) -> list[Player]:
    """Reserves who could take a seat in ``session``: not withdrawn, not disqualified, not
    already seated in it.  Checked-in reserves first (they are in the hall)."""
    seated = Seat.objects.filter(session=session).values("player_id")
    disqualified = Disqualification.objects.filter(
        tournament=tournament, withdrawn_at__isnull=True
    ).values("player_id")
    regs = (
        Registration.objects.filter(tournament=tournament, is_reserve=True)
        .exclude(status=Registration.Status.WITHDRAWN)
        .exclude(player_id__in=seated)
        .exclude(player_id__in=disqualified)
        .select_related("player")
        .order_by("-checked_in", "player__sort_name")
    )
    return [r.player for r in regs]


@dataclass
class ReseatNeed:
    session: Session
    tables: list[tuple[Table, int]]  # tables with fewer than four players, and their count
    causes: list[str] = field(default_factory=list)


def sessions_needing_reseating(tournament: Tournament) -> list[ReseatNeed]:
    """Sessions not yet played with a table of one to three players: after a
    disqualification took a player out of them, the seating must be re-planned (issue 8)."""
    rows = (
        Seat.objects.filter(
            session__in=changeable_sessions(Session.objects.filter(tournament=tournament))
        )
        .values("session_id", "table_id")
        .annotate(n=Count("pk"))
        .filter(n__lt=4)
    )
    short: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for row in rows:
        short[row["session_id"]].append((row["table_id"], row["n"]))
    if not short:
        return []
    sessions = Session.objects.in_bulk(list(short))
    tables = Table.objects.in_bulk([t for pairs in short.values() for t, _ in pairs])
    causes: dict[int, list[str]] = defaultdict(list)
    for d in Disqualification.objects.filter(
        tournament=tournament, withdrawn_at__isnull=True
    ).select_related("player"):
        for removed in d.removed_seats:
            causes[removed["session"]].append(
                f"{d.player} (disqualified) left table {removed['table']}"
            )
    needs = [
        ReseatNeed(
            session=sessions[sid],
            tables=sorted(((tables[t], n) for t, n in pairs), key=lambda x: x[0].number),
            causes=causes.get(sessions[sid].number, []),
        )
        for sid, pairs in short.items()
    ]
    return sorted(needs, key=lambda n: n.session.number)


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


# --- the records' numbers: P1, S1, D1 ... per tournament (issue 25.9) -------------------------

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


def removed_from_results(tournament: Tournament) -> list[ResultsRemoval]:
    """The players removed from the final results (EMA 5.8), for the final check."""
    return list(
        ResultsRemoval.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .select_related("player", "created_by")
        .order_by("player__sort_name")
    )


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
    # Chombo written on the score sheets (issue 25.6): they count through the sheet, so the
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
