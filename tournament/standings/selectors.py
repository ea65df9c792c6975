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
from dataclasses import dataclass, field, replace
from decimal import Decimal

from django.db.models import Count, Exists, OuterRef, Sum
from django.utils.translation import gettext

from referee.decisions import RefereeDecisions
from referee.selectors import standings_decisions
from scoring.rules.absence import MissedSession, left_after, missed_sessions
from scoring.rules.ranking import places, shared_places, substitute_ranked
from tournament.models import Player, Registration, Seat, Session, Tournament
from tournament.seating.visibility import seats_shown
from tournament.stages.ranking import apply_stages, staged_session_numbers, stages_in_order
from tournament.standings.page_digests import player_fields, player_page_digests
from web.cache import cached_part

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
    queries (``referee.selectors.standings_decisions``)."""
    return standings_decisions(tournament)


@dataclass(eq=False)
class StandingRow:
    """One player's line, with every component of the total (issue 25.1): the standings,
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
    stage: str = ""  # the last stage the player reached (tournament/stages/)
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
    from scoring.models import StandingsSettings

    setting = StandingsSettings.objects.filter(tournament=tournament).first()
    return setting.tie_break if setting else StandingsSettings.TieBreak.SHARED


def confirmed_results(tournament: Tournament, after_session: int | None = None):
    from scoring.models import ScoreSheet, TableResult

    qs = TableResult.objects.filter(
        session__tournament=tournament, sheet__status=ScoreSheet.Status.CONFIRMED
    )
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
    computation of every player's total (issue 25.1).

    The total is the confirmed sheets' scores, plus the referee desk's counted penalties,
    plus a charge for each session missed (``scoring.rules.absence``, EMA 5.8): substituted
    by a reserve, or after the player left the event.  Places come last, from the rules
    core (``scoring.rules.ranking``); a later layer that re-orders the final ranking (stages)
    takes these rows as they are.

    ``with_sessions=False`` leaves the rows' ``by_session`` empty (unless the tie-break
    needs them): the ranking needs only the totals, and reading every player's score of
    every session was most of the standings page's cost, which shows 50 rows of 400
    (``session_scores`` reads those of the rows shown)."""
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
    # a stage's: those are played by the qualifiers only (tournament/stages/).
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
    from scoring.models import StandingsSettings

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
    # Championship stages (issue 28): the stage players first, in their stages' order.
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


# --- a player's event --------------------------------------------------------------------


@dataclass
class PlayerSession:
    number: int
    seat: Seat | None  # None: a session the player missed
    opponents: list[Seat]
    result: object | None  # TableResult
    running_total: Decimal | None
    # The session's score as the standings count it: the sheet's, the desk's penalties of
    # the session, a missed session's charge.  None: nothing counted yet.
    score: Decimal | None = None
    desk_penalties: Decimal = ZERO  # the desk's penalties of this session (chombo, lateness)
    missed: MissedSession | None = None  # substituted, or after the player left (EMA 5.8)


@dataclass
class PlayerEvent:
    """One player's event, from the standings' own row (issue 25.1): the sessions add up to
    the row's total, so the player page, its chart and the API show the standings' figure."""

    player: Player
    row: StandingRow | None  # None: not in the standings (no results, not a player)
    sessions: list[PlayerSession]

    @property
    def total(self) -> Decimal:
        return self.row.total if self.row is not None else ZERO


@dataclass
class PlayerExtract:
    """One player's share of the standings, kept per results version (``player_extract``),
    and the digest of what his page shows besides the tournament's and his own fields
    (``page_digests``)."""

    row: StandingRow | None  # None: seated or scored, not in the standings
    desk_by_session: dict[int, Decimal]
    digest: str = ""
    has_sessions: bool = False  # a seat, a confirmed result or a session's score to show
    player_fields: tuple | None = None  # his own fields (``page_digests.player_fields``)


def _player_extracts(tournament: Tournament) -> dict[int, PlayerExtract]:
    """Every ranked, seated or scored player's extract, from one standings computation and
    a fixed number of flat reads (``page_digests``)."""
    # Computed here, not through ``cached``: this runs once per results version already
    # (``cached_part``), and nothing else reads the whole of it; pickling it for the cache
    # cost a third of a computation.
    data = standings(tournament)
    rows = {row.player.pk: row for row in data.rows}
    shown = {pk: (row, data.desk_by_session.get(pk, {})) for pk, row in rows.items()}
    players = player_fields(tournament)
    results = confirmed_results(tournament)
    digests, seen = player_page_digests(tournament, shown, results, players)
    # The row kept without its player, whom the page has at hand (``player_event``): a
    # model instance cost each page more to unpickle than the rest of its extract.
    return {
        pk: PlayerExtract(
            replace(rows[pk], player=None) if pk in rows else None,
            data.desk_by_session.get(pk, {}),
            digest,
            pk in seen or bool(pk in rows and rows[pk].by_session),
            players.get(pk),
        )
        for pk, digest in digests.items()
    }


def player_extract(tournament: Tournament, player_id: int) -> PlayerExtract | None:
    """The player's extract (None: not in the standings, never seated nor scored),
    computed for every player at once per results version
    (``web.cache.cached_part``): after a confirmed sheet the pages of 400 players read
    their own few rows of the standings, not the whole of it each."""
    return cached_part(
        tournament.pk, "standings:player", player_id, lambda: _player_extracts(tournament)
    )


def player_event(tournament: Tournament, player: Player) -> PlayerEvent:
    """Each session the player sat in or missed: table, seat, opponents, result, the
    session's score and the running total, taken from ``standings()``.  A penalty of the
    desk for the whole tournament (no session) counts at the last session shown.

    Two queries and the player's extract, whatever the number of sessions; the extract
    comes from the cache under the tournament's results version (``player_extract``), so
    that after a confirmed sheet the pages of 400 players, each read by its own
    spectators, compute the standings once between them, not once a page."""
    extract = player_extract(tournament, player.pk)
    row = extract.row if extract is not None else None
    if row is not None:
        row.player = player  # kept without him (``_player_extracts``)
    # His seats and his opponents' in one query: every seat at a table he sat at.
    at_his_table = Seat.objects.filter(
        session_id=OuterRef("session_id"), table_id=OuterRef("table_id"), player=player
    )
    seats: dict[int, Seat] = {}
    others: dict[int, list[Seat]] = defaultdict(list)
    for seat in (
        seats_shown(tournament)
        .filter(Exists(at_his_table))
        .select_related("session", "table", "player")
        .order_by("session__number", "wind")
    ):
        if seat.player_id == player.pk:
            seats[seat.session.number] = seat
        else:
            others[seat.session_id].append(seat)
    results = {
        r.session.number: r
        for r in confirmed_results(tournament)
        .filter(player=player)
        .select_related("sheet", "session")
    }
    by_session = row.by_session if row is not None else {}
    missed = {m.session: m for m in row.missed} if row is not None else {}
    desk = extract.desk_by_session if extract is not None else {}
    numbers = sorted(set(seats) | set(results) | set(by_session))
    out, total = [], ZERO
    for index, number in enumerate(numbers):
        seat = seats.get(number)
        score = by_session.get(number)
        if score is not None:
            total += score
        if index == len(numbers) - 1 and row is not None and row.outside_sessions:
            total += row.outside_sessions
            score = (score or ZERO) + row.outside_sessions
        miss = missed.get(number)
        out.append(
            PlayerSession(
                number=number,
                seat=seat,
                opponents=others[seat.session_id] if seat is not None else [],
                result=results.get(number),
                running_total=total if score is not None else None,
                score=score,
                desk_penalties=desk.get(number, ZERO) - (miss.score if miss else ZERO),
                missed=miss,
            )
        )
    return PlayerEvent(player=player, row=row, sessions=out)


def _fields(obj) -> tuple:
    """A model instance's own field values (what a page prints of it), for a digest."""
    return tuple(getattr(obj, f.attname) for f in obj._meta.concrete_fields)


def player_page_digest(tournament: Tournament, player: Player) -> tuple[str, bool]:
    """A digest of everything the player's page shows, and whether it shows any session:
    the tournament's and the player's fields, and his extract's digest (his standings
    row, and per session the seat, table, opponents, result and the version of its sheet:
    ``page_digests``).  The same digest, the same page; no query of its own."""
    import hashlib

    extract = player_extract(tournament, player.pk)
    mine = extract.digest if extract is not None else ""
    shown = repr((_fields(tournament), _fields(player), mine))
    return (
        hashlib.sha256(shown.encode()).hexdigest(),
        extract is not None and extract.has_sessions,
    )


def score_chart(sessions: list[PlayerSession], width: int = 640, height: int = 220) -> dict:
    """Points of an SVG polyline of the running total over the sessions (server-rendered)."""
    points = [(s.number, s.running_total) for s in sessions if s.running_total is not None]
    if not points:
        return {}
    values = [float(v) for _, v in points] + [0.0]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    last = max(n for n, _ in points)
    pad = 30

    def x(n: int) -> float:
        return pad + (width - 2 * pad) * (n / last if last else 0)

    def y(v: float) -> float:
        return pad + (height - 2 * pad) * (high - v) / span

    dots = [{"x": round(x(n), 1), "y": round(y(float(v)), 1), "n": n, "v": v} for n, v in points]
    line = [(round(x(0), 1), round(y(0.0), 1))] + [(d["x"], d["y"]) for d in dots]
    return {
        "width": width,
        "height": height,
        "polyline": " ".join(f"{a},{b}" for a, b in line),
        "dots": dots,
        "zero_y": round(y(0.0), 1),
        "high": high,
        "low": low,
        "pad": pad,
    }


# --- team standings (issue 19) ---------------------------------------------------------------


@dataclass
class TeamMember:
    player: Player
    total: Decimal  # the player's total in the standings (penalties included); 0 if none
    counted: bool = True  # with "best N": among the team's N best totals
    note: str = ""  # "withdrawn", "disqualified", …: the individual standings' note


@dataclass(eq=False)
class TeamRow:
    team: object  # tournament.models.Team
    members: list[TeamMember]
    score: Decimal = ZERO
    rank: int = 0


@dataclass
class TeamStandings:
    rows: list[TeamRow]
    after_session: int | None
    best: int | None  # N of "best N", or None for the sum of all members


def team_standings(
    tournament: Tournament, *, after_session: int | None = None, data: Standings | None = None
) -> TeamStandings:
    """The teams, best first; ``data`` is the individual standings when already computed.

    A team's score is the sum of its members' totals, or of the ``team_best`` best of them
    (``Tournament.team_score``).  A member's total is the one the individual standings show
    for him, penalties included, whether he is ranked there or not:

    - a member who **withdrew** keeps his team and the total he reached (the sessions he
      played, plus the referee desk's penalties, e.g. for missed sessions);
    - a **substitute** who took a member's seat plays for himself: his results go to his own
      team only if the organiser put him in one, never to the team of the player he
      replaced; a member who has not played (yet) counts 0;
    - a **disqualified** member's total counts as the standings compute it.

    Equal team scores share the place (no tie-break), listed by team name; the place after
    them skips as many (1, 2, 2, 4).  Two queries beyond the individual standings'."""
    from tournament.models import Team

    if data is None:
        data = standings(tournament, after_session=after_session)
    by_player = {row.player.pk: row for row in data.rows}
    best = tournament.team_best if tournament.team_score == "best" else None
    teams = list(Team.objects.filter(tournament=tournament).order_by("name", "pk"))
    members: dict[int, list[TeamMember]] = {t.pk: [] for t in teams}
    for registration in (
        Registration.objects.filter(tournament=tournament, team__isnull=False)
        .select_related("player")
        .order_by("player__sort_name")
    ):
        row = by_player.get(registration.player_id)
        note = row.note if row is not None else ""
        if registration.status == Registration.Status.WITHDRAWN and not note:
            note = gettext("withdrawn")
        members[registration.team_id].append(
            TeamMember(
                player=registration.player, total=row.total if row is not None else ZERO, note=note
            )
        )
    rows = []
    for team in teams:
        group = sorted(members[team.pk], key=lambda m: (-m.total, m.player.sort_name))
        counting = group if best is None else group[:best]
        for member in group[len(counting) :]:
            member.counted = False
        rows.append(TeamRow(team=team, members=group, score=sum((m.total for m in counting), ZERO)))
    rows.sort(key=lambda r: (-r.score, r.team.name.casefold(), r.team.pk))
    for row, rank in zip(rows, shared_places([r.score for r in rows]), strict=True):
        row.rank = rank
    return TeamStandings(rows=rows, after_session=data.after_session, best=best)
