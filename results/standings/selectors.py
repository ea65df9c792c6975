"""Standings and results: reads over the confirmed score sheets' table results.

Every selector here runs a fixed number of queries, whatever the number of players and
sessions: it reads flat rows once and groups them in Python.  Scores are the rules core's
(stored per seat in ``scoring.TableResult`` by ``scoring.services``); here they are only
added up across sessions.

Only confirmed sheets count: a sheet a referee has not checked yet does not move the
standings.

Places (who is ranked, where the disqualified go, equal totals) come from the rules core,
``scoring.rules.ranking``; a reserve's agreement that the results count is
``Registration.results_count``, the tie-break ``scoring.StandingsSettings.tie_break``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Sum

from referee.decision_reads import standings_decisions
from referee.decisions import RefereeDecisions
from results.stages.ranking import apply_stages, staged_session_numbers, stages_in_order
from results.standings import publication
from scoring.models import ScoreSheet, StandingsSettings, TableResult
from scoring.rules.absence import MissedSession, left_after, missed_sessions
from scoring.rules.ranking import places, substitute_ranked
from tournament.models import Player, Registration, Seat, Session, Tournament

ZERO = Decimal(0)
REGISTRATION_FIELDS = (
    "player_id",
    "tournament_id",
    "status",
    "is_reserve",
    "results_count",
    *(f"player__{name}" for name in ("first_name", "last_name", "sort_name", "ema_number")),
    "player__country",
)
FOUR_PLACES = Decimal("0.0001")


def _exact(value) -> Decimal:
    """A sum of scores as stored (four decimal places): SQLite adds them up as floats."""
    return Decimal(value or 0).quantize(FOUR_PLACES)


def referee_decisions(tournament: Tournament) -> RefereeDecisions:
    """Penalties and disqualifications decided at the referee desk, in a fixed number of
    queries (``referee.decision_reads.standings_decisions``)."""
    return standings_decisions(tournament)


@dataclass(eq=False)
class StandingRow:
    """One player's line, with every component of the total: the standings,
    the player page and its chart, team standings, the API, exports and the EMA file all
    read these figures, and nothing else adds up a player's points.

    ``total == sheet_score + desk_penalties + missed_score``, where ``sheet_score`` is the
    confirmed sheets' score (table points, uma, the sheets' chombo)."""

    player: Player
    rank: int | None = None  # None: listed, not ranked
    total: Decimal = ZERO
    # Table points without uma and penalties: the sheets' plus the table part of each
    # missed session (EMA 5.8 "-15,000 points"), as the EMA file carries them.
    table_points: Decimal = ZERO
    # Everything that is not the play at the table: the sheets' penalties (chombo), the
    # desk's and the missed sessions' charges.
    penalties: Decimal = ZERO
    sheet_score: Decimal = ZERO  # the confirmed sheets' score, their penalties included
    sheet_penalties: Decimal = ZERO  # chombo and other penalties on the sheets
    desk_penalties: Decimal = ZERO  # the referee desk's (chombo, lateness ...), counted ones
    missed: list[MissedSession] = field(default_factory=list)  # substituted or left (EMA 5.8)
    played: int = 0
    by_session: dict[int, Decimal] = field(default_factory=dict)
    # Desk penalties for the whole tournament (no session): in the total, in no session.
    outside_sessions: Decimal = ZERO
    best_session: Decimal | None = None
    note: str = ""  # "substitute", "disqualified", "removed"
    stage: str = ""  # the last stage the player reached (results/stages/)
    stage_total: Decimal | None = None  # his total in that stage, carried points included

    @property
    def name(self) -> str:
        return f"{self.player.last_name}, {self.player.first_name}"

    @property
    def missed_score(self) -> Decimal:
        return sum((m.score for m in self.missed), ZERO)


@dataclass
class Standings:
    rows: list[StandingRow]
    session_numbers: list[int]  # the sessions with at least one confirmed sheet
    after_session: int | None
    tie_break: str
    # The desk's points per player and session (penalties, missed sessions), which
    # ``session_scores`` adds to the sheets' when the rows' sessions are read later.
    desk_by_session: dict[int, dict[int, Decimal]] = field(default_factory=dict)


def _tie_break(tournament: Tournament) -> str:

    setting = StandingsSettings.objects.filter(tournament=tournament).first()
    return setting.tie_break if setting else StandingsSettings.TieBreak.SHARED


def confirmed_results(tournament: Tournament, after_session: int | None = None):

    qs = TableResult.objects.filter(
        session__tournament=tournament, sheet__status=ScoreSheet.Status.CONFIRMED
    )
    # A session held until every sheet is confirmed: not yet for the public (publication.py).
    after_session = publication.shown_after(tournament, after_session)
    if after_session is not None:
        qs = qs.filter(session__number__lte=after_session)
    return qs


def session_scores(
    tournament: Tournament,
    *,
    after_session: int | None = None,
    player_ids=None,
    desk_by_session: dict[int, dict[int, Decimal]] | None = None,
) -> dict[int, dict[int, Decimal]]:
    """Each player's score per session number: the confirmed sheets' plus the desk's
    (``Standings.desk_by_session``).  All players, or those of ``player_ids`` only (the
    page of the standings being shown).  One query."""
    results = confirmed_results(tournament, after_session).order_by()
    if player_ids is not None:
        results = results.filter(player_id__in=list(player_ids))
    out: dict[int, dict[int, Decimal]] = defaultdict(dict)
    for player_id, number, score in results.values_list("player_id", "session__number", "score"):
        by_session = out[player_id]
        by_session[number] = by_session.get(number, ZERO) + score
    for player_id, desk in (desk_by_session or {}).items():
        if player_ids is not None and player_id not in player_ids:
            continue
        by_session = out[player_id]
        for number, points in desk.items():
            by_session[number] = by_session.get(number, ZERO) + points
    return dict(out)


def standings(
    tournament: Tournament, *, after_session: int | None = None, with_sessions: bool = True
) -> Standings:
    """The standings after ``after_session`` (all sessions when None), best first: the one
    computation of every player's total.

    The total is the confirmed sheets' scores, plus the referee desk's counted penalties,
    plus a charge for each session missed (``scoring.rules.absence``, EMA 5.8): substituted
    by a reserve, or after the player left the event.  Places come last, from the rules
    core (``scoring.rules.ranking``); a later layer that re-orders the final ranking (stages)
    takes these rows as they are.

    ``with_sessions=False`` leaves the rows' ``by_session`` empty (unless the tie-break
    needs them): the ranking needs only the totals, and reading every player's score of
    every session was most of the standings page's cost, which shows 50 rows of 400
    (``session_scores`` reads those of the rows shown)."""
    # The public reads the standings as of the last complete session while one is held.
    after_session = publication.shown_after(tournament, after_session)
    ruleset = tournament.rules()
    tie_break = _tie_break(tournament)
    decisions = referee_decisions(tournament)
    registrations = {
        r.player_id: r
        for r in Registration.objects.filter(tournament=tournament)
        .select_related("player")
        # The fields the standings and their readers use (names, country, EMA number):
        # loading every column of 400 registrations and players was half the ranking's cost.
        .only(*REGISTRATION_FIELDS)
    }
    rows: dict[int, StandingRow] = {}
    for reg in registrations.values():
        # Reserves are listed once they have played (below), not while they wait.
        if reg.status == Registration.Status.CONFIRMED and not reg.is_reserve:
            rows[reg.player_id] = StandingRow(reg.player)
    missing_players: set[int] = set()

    def row_of(player_id: int) -> StandingRow:
        """The player's row, made for someone who is not (or no longer) a confirmed player
        but has results or charges: withdrawn after playing, a seat corrected by hand."""
        row = rows.get(player_id)
        if row is None:
            reg = registrations.get(player_id)
            if reg is not None:
                row = rows[player_id] = StandingRow(reg.player)
            else:
                missing_players.add(player_id)
                row = rows[player_id] = StandingRow(Player(pk=player_id))
        return row

    # The sums per player come from the database: turning 4,800 rows x 3 columns into
    # Decimals was most of the page's time.
    results = confirmed_results(tournament, after_session)
    totals = (
        results.order_by()
        .values("player_id")
        .annotate(
            total=Sum("score"),
            penalties=Sum("penalty"),
            table_points=Sum("table_score"),
            played=Count("id"),
        )
        .values_list("player_id", "total", "penalties", "table_points", "played")
    )
    for player_id, total, penalty, table_score, played in totals:
        row = row_of(player_id)
        row.sheet_score, row.sheet_penalties, row.table_points, row.played = (
            _exact(total),
            _exact(penalty),
            _exact(table_score),
            played,
        )
    sessions = list(
        results.order_by("session__number").values_list("session__number", flat=True).distinct()
    )
    desk_by_session: dict[int, dict[int, Decimal]] = defaultdict(dict)

    def add_to_session(player_id: int, number: int, points: Decimal) -> None:
        desk = desk_by_session[player_id]
        desk[number] = desk.get(number, ZERO) + points

    for penalty in decisions.penalties:
        if after_session is not None and (penalty.session_number or 0) > after_session:
            continue
        row = row_of(penalty.player_id)
        row.desk_penalties += penalty.points
        if penalty.session_number is None:
            row.outside_sessions += penalty.points
        else:
            add_to_session(penalty.player_id, penalty.session_number, penalty.points)
    # A player who left is charged for the preliminary sessions he misses (EMA 5.8), not for
    # a stage's: those are played by the qualifiers only (results/stages/).
    stages = stages_in_order(tournament)
    staged = staged_session_numbers(tournament, stages)
    preliminary = [number for number in sessions if number not in staged]
    for player_id, missed in _missed_sessions(
        tournament, ruleset, decisions, registrations, preliminary, after_session
    ).items():
        row = row_of(player_id)
        row.missed = missed
        for m in missed:
            row.table_points += m.table_points
            add_to_session(player_id, m.session, m.score)
    if missing_players:
        for player in Player.objects.filter(pk__in=missing_players):
            rows[player.pk].player = player
    for row in rows.values():
        row.penalties = row.sheet_penalties + row.desk_penalties + row.missed_score
        row.total = row.sheet_score + row.desk_penalties + row.missed_score

    if with_sessions or tie_break == StandingsSettings.TieBreak.BEST_SESSION:
        scores = session_scores(
            tournament, after_session=after_session, desk_by_session=desk_by_session
        )
        for player_id, by_session in scores.items():
            row = rows.get(player_id)
            if row is not None and by_session:
                row.by_session = by_session
                row.best_session = max(by_session.values())

    def ranked(row: StandingRow) -> bool:
        reg = registrations.get(row.player.pk)
        return reg is None or not reg.is_reserve or substitute_ranked(ruleset, reg.results_count)

    placed = places(
        rows.values(),
        ruleset=ruleset,
        tie_break=tie_break,
        disqualified=lambda row: row.player.pk in decisions.disqualified,
        ranked=ranked,
        name=lambda row: (row.player.sort_name,),
        removed=lambda row: row.player.pk in decisions.removed,
    )
    for place in placed:
        place.row.rank, place.row.note = place.rank, place.note
    data = Standings(
        rows=[place.row for place in placed],
        session_numbers=sessions,
        after_session=after_session,
        tie_break=tie_break,
        desk_by_session=dict(desk_by_session),
    )
    # Championship stages: the stage players first, in their stages' order.
    apply_stages(tournament, data, session_scores, stages)
    return data


def _missed_sessions(
    tournament: Tournament,
    ruleset,
    decisions: RefereeDecisions,
    registrations: dict[int, Registration],
    sessions_played: list[int],
    after_session: int | None,
) -> dict[int, list[MissedSession]]:
    """Per player, the sessions he missed and their charges (``scoring.rules.absence``):
    substituted by the desk, or played by the others after he left the event (withdrawn
    after taking part).  One query, for the players who withdrew."""
    substituted: dict[int, set[int]] = defaultdict(set)
    for player_id, number in decisions.substituted:
        if after_session is None or number <= after_session:
            substituted[player_id].add(number)
    left = {
        player_id
        for player_id, reg in registrations.items()
        if reg.status == Registration.Status.WITHDRAWN
    }
    # Every session of the whole event where they have a result of their own: the last
    # one (or the last substituted) is the session after which they left.
    own: dict[int, set[int]] = defaultdict(set)
    if left:
        for player_id, number in (
            confirmed_results(tournament)
            .filter(player_id__in=left)
            .order_by()
            .values_list("player_id", "session__number")
        ):
            own[player_id].add(number)
    all_substituted: dict[int, set[int]] = defaultdict(set)
    for player_id, number in decisions.substituted:
        all_substituted[player_id].add(number)
    out: dict[int, list[MissedSession]] = {}
    for player_id in set(substituted) | left:
        last = None
        if player_id in left:
            last = left_after(own[player_id] | all_substituted[player_id])
        missed = missed_sessions(
            ruleset,
            substituted=substituted[player_id],
            left_after_session=last,
            sessions_played=sessions_played,
            sessions_taken_part=own[player_id],
        )
        if missed:
            out[player_id] = missed
    return out


# --- per-session and per-table results ---------------------------------------------------


@dataclass
class TableResults:
    table: object
    rows: list  # TableResult rows in seat order, with .player


def session_results(session: Session) -> tuple[list[TableResults], int]:
    """The confirmed tables of a session, each with its four results, and how many seated
    tables still await a confirmed sheet.  Two queries."""
    results = (
        confirmed_results(session.tournament)
        .filter(session=session)
        .select_related("player", "sheet__table")
        .order_by("sheet__table__number", "wind")
    )
    tables: dict[int, TableResults] = {}
    for result in results:
        table = result.sheet.table
        tables.setdefault(table.pk, TableResults(table, [])).rows.append(result)
    seated = Seat.objects.filter(session=session).values("table_id").distinct().count()
    return list(tables.values()), max(seated - len(tables), 0)


def session_ranking(session: Session) -> list:
    """The session's results of every player, best score first (for the projector)."""
    return list(
        confirmed_results(session.tournament)
        .filter(session=session)
        .select_related("player", "sheet__table")
        .order_by("-score", "player__sort_name")
    )
