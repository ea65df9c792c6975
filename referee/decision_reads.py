"""The referee desk's decisions as the standings and the sheet page count them
(``standings_decisions``, ``sheet_page_penalties``).

How the desk's decisions enter the standings (``standings_decisions``):

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

from collections import Counter
from dataclasses import dataclass

from scoring.models import ScoreSheet, TableResult
from scoring.rules import counted
from tournament.models import Player, Seat, Session, Table, Tournament, Wind

from .decisions import RefereeDecisions, RefereePenalty
from .models import Disqualification, Penalty, ResultsRemoval, Substitution

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
    is shown in the referee log and on the session board with the desk's penalties,
    though no referee recorded it."""

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


def removed_from_results(tournament: Tournament) -> list[ResultsRemoval]:
    """The players removed from the final results (EMA 5.8), for the final check."""
    return list(
        ResultsRemoval.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
        .select_related("player", "created_by")
        .order_by("player__sort_name")
    )
