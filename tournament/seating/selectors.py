"""Reads of the seating: the session pages, a player's schedule, the quality page.

Each selector runs a fixed number of queries, however many players and sessions there are;
the figures come from the seating core's ``metrics`` so that the page and the core count a
repeated meeting the same way.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext

from tournament.models import (
    Player,
    Registration,
    Seat,
    SeatingJob,
    Session,
    Table,
    Tournament,
    Wind,
)
from tournament.names import name_sort_key
from tournament.registration import selectors as registration_selectors
from tournament.seating.core import metrics
from tournament.seating.core_input import disqualified_player_ids
from tournament.seating.grid import SeatedGrid, quality_now, seated_grid  # noqa: F401
from tournament.seating.locks import sessions_with_locks
from tournament.seating.vacancies import seat_vacancies
from tournament.seating.visibility import drafts_shown, seating_shown, seats_shown  # noqa: F401


def latest_jobs(tournament: Tournament, limit: int = 10) -> list[SeatingJob]:
    return list(
        SeatingJob.objects.filter(tournament=tournament)
        .select_related("created_by")
        .order_by("-created_at", "-pk")[:limit]
    )


def fixed_tables(tournament: Tournament) -> list[Registration]:
    return list(
        tournament.registrations.filter(fixed_table__isnull=False)
        .select_related("player", "fixed_table")
        .order_by("fixed_table__number", "player__sort_name")
    )


def job_players(job: SeatingJob) -> list[Player]:
    """The players in the order of the job's indices: the key to its input."""
    by_pk = Player.objects.in_bulk(job.players)
    return [by_pk[pk] for pk in job.players if pk in by_pk]


def has_schedule(tournament: Tournament, player: Player | None) -> bool:
    """Whether ``player`` has a schedule in this tournament: registered in it, or seated
    (a substitute from outside the field).  The one test for the "My seating" link and the
    schedule page, so the link never leads to the page's 404."""
    if player is None:
        return False
    return (
        tournament.registrations.filter(player=player).exists()
        or Seat.objects.filter(session__tournament=tournament, player=player).exists()
    )


@dataclass
class ScheduleRow:
    session: Session
    seat: Seat | None
    opponents: list[Seat] = field(default_factory=list)


def player_schedule(tournament: Tournament, player: Player, user=None) -> list[ScheduleRow]:
    """Every session of the tournament with the player's table, seat wind and opponents, as
    ``user`` may see them (a draft seating: its staff only)."""
    sessions = list(tournament.sessions.order_by("number"))
    mine = {
        s.session_id: s
        for s in seats_shown(tournament, user).filter(player=player).select_related("table")
    }
    wanted = {(s.session_id, s.table_id) for s in mine.values()}
    others: dict[tuple[int, int], list[Seat]] = defaultdict(list)
    if wanted:
        candidates = (
            Seat.objects.filter(
                session_id__in={s for s, _ in wanted}, table_id__in={t for _, t in wanted}
            )
            .exclude(player=player)
            .select_related("player")
            .order_by("wind")
        )
        for seat in candidates:
            if (seat.session_id, seat.table_id) in wanted:
                others[seat.session_id, seat.table_id].append(seat)
    rows = []
    for session in sessions:
        seat = mine.get(session.pk)
        opponents = others.get((session.pk, seat.table_id), []) if seat else []
        rows.append(ScheduleRow(session=session, seat=seat, opponents=opponents))
    return rows


def player_next_seat(tournament: Tournament, player: Player, user=None) -> ScheduleRow | None:
    """Where the player sits now or next: the running session he is seated in, else the
    next planned one (seated or not yet); None once all his sessions are played. A few
    queries whatever the size of the event: the event page shows it to every player."""
    states = [Session.State.RUNNING, Session.State.PLANNED]
    seats = (
        seats_shown(tournament, user)
        .filter(player=player, session__state__in=states)
        .select_related("session", "table")
    )
    # Running before planned ("running" < "planned" is not alphabetical: order in Python).
    seat = min(
        seats,
        key=lambda s: (s.session.state != Session.State.RUNNING, s.session.number),
        default=None,
    )
    planned = (
        tournament.sessions.filter(state=Session.State.PLANNED).order_by("number").first()
        if seat is None or seat.session.state != Session.State.RUNNING
        else None
    )
    if planned is not None and (seat is None or planned.number < seat.session.number):
        return ScheduleRow(session=planned, seat=None)  # the next session is not seated yet
    if seat is None:
        return None
    opponents = list(
        Seat.objects.filter(session=seat.session, table=seat.table)
        .exclude(player=player)
        .select_related("player")
        .order_by("wind")
    )
    return ScheduleRow(session=seat.session, seat=seat, opponents=opponents)


# --- quality -------------------------------------------------------------------------------


@dataclass
class Bar:
    x: float
    y: float
    width: float
    height: float
    label: str
    value: int
    label_y: float


@dataclass
class Quality:
    sessions: list[int]
    players: int
    repeated_meetings: int
    repeated_pairs: list[tuple[str, str, list[int]]]  # names and the sessions they met in
    repeated_table_visits: int
    repeated_tables: list[tuple[str, str, list[int]]]  # player, table, sessions
    max_wind_imbalance: int
    wind_rows: list[tuple[str, dict[str, int], int]]  # player, counts, imbalance
    histogram: dict[int, int]
    chart: dict


CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 480, 220, 30


def meeting_chart(histogram: dict[int, int]) -> dict:
    """A bar chart of how many pairs met 0, 1, 2, ... times, laid out for an inline SVG."""
    keys = sorted(histogram)
    top = max(histogram.values(), default=0) or 1
    slot = (CHART_WIDTH - 2 * CHART_PAD) / max(len(keys), 1)
    usable = CHART_HEIGHT - 2 * CHART_PAD
    bars = []
    for i, k in enumerate(keys):
        height = usable * histogram[k] / top
        y = CHART_HEIGHT - CHART_PAD - height
        bars.append(
            Bar(
                x=round(CHART_PAD + i * slot + slot * 0.15, 1),
                y=round(y, 1),
                width=round(slot * 0.7, 1),
                height=round(height, 1),
                label=gettext("{k}×").format(k=k),
                value=histogram[k],
                label_y=round(y - 4, 1),
            )
        )
    return {
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "baseline": CHART_HEIGHT - CHART_PAD,
        "axis_label_y": CHART_HEIGHT - CHART_PAD + 16,
        "bars": bars,
        "pad": CHART_PAD,
        "right": CHART_WIDTH - CHART_PAD,
    }


def seating_quality(tournament: Tournament, seats=None) -> Quality:
    """Repeated meetings, repeated tables and wind balance over every seated session (those
    of ``seats`` only, when given: a reader's, tournament/seating/visibility.py)."""
    grid_now = seated_grid(tournament, seats)
    figures = quality_now(tournament, grid_now)
    seats, numbers, fixed = grid_now.seats, grid_now.sessions, grid_now.fixed
    people = {p for *_, p in seats}
    found = Player.objects.filter(
        pk__in=people | {p for rnd in grid_now.sat for table in rnd for p in table}
    )
    names = {p.pk: f"{p.last_name}, {p.first_name}" for p in found}
    # Sorted as every list of players is ("de Vries" under V: tournament/names.py).
    order = {p.pk: name_sort_key(p.first_name, p.last_name) for p in found}

    # Who sat, as the figures count them (``quality_now``): a player who left during a
    # session met that table too.
    met_in: dict[tuple[int, int], list[int]] = defaultdict(list)
    for number, rnd in zip(numbers, grid_now.sat, strict=True):
        for table in rnd:
            for i, a in enumerate(table):
                for b in table[:i]:
                    met_in[min(a, b), max(a, b)].append(number)
    repeated_pairs = [
        (names[a], names[b], sessions)
        for _, a, b, sessions in sorted(
            (
                (-len(sessions), *sorted((a, b), key=order.__getitem__), sessions)
                for (a, b), sessions in met_in.items()
                if len(sessions) > 1
            ),
            key=lambda row: (row[0], order[row[1]], order[row[2]]),
        )
    ]

    visits: dict[tuple[int, int], list[int]] = defaultdict(list)
    for number, table, _, player in seats:
        if player not in fixed:
            visits[player, table].append(number)
    tables = {
        t.number: str(t)
        for t in Table.objects.filter(tournament=tournament, number__in={t for _, t in visits})
    }
    repeated_tables = [
        (names[p], tables.get(t, t), sorted(s))
        for (p, t), s in sorted(visits.items(), key=lambda item: (order[item[0][0]], item[0][1]))
        if len(s) > 1
    ]

    winds: dict[int, dict[str, int]] = {p: dict.fromkeys(metrics.WINDS, 0) for p in people}
    for _, _, wind, player in seats:
        winds[player][metrics.WINDS[wind]] += 1
    wind_rows = sorted(
        ((names[p], c, max(c.values()) - min(c.values()), p) for p, c in winds.items()),
        key=lambda row: (-row[2], order[row[3]]),
    )
    wind_rows = [row[:3] for row in wind_rows]
    histogram = {int(k): v for k, v in figures["meeting_histogram"].items()}
    return Quality(
        sessions=numbers,
        players=len(people),
        repeated_meetings=figures["repeated_meetings"],
        repeated_pairs=repeated_pairs,
        repeated_table_visits=figures["repeated_table_visits"],
        repeated_tables=repeated_tables,
        max_wind_imbalance=figures["max_wind_imbalance"],
        wind_rows=wind_rows,
        histogram=histogram,
        chart=meeting_chart(histogram),
    )


# --- the organiser's page ------------------------------------------------------------------


def reseat_reasons(tournament: Tournament, sessions: list[Session]) -> dict[int, str]:
    """Why a seated session that may still change no longer fits the field, by session pk.

    After a withdrawal, a late registration, a reserve filling in or a disqualification
    (the referee desk takes the player out of the unplayed sessions), the seats of those
    sessions and the field differ; re-planning fixes them and keeps the played sessions.
    """
    open_ids = [s.pk for s in sessions if not s.lock and s.seated]
    if not open_ids:
        return {}
    banned = disqualified_player_ids(tournament)
    field_ids = (
        set(registration_selectors.players_to_seat(tournament).values_list("pk", flat=True))
        - banned
    )
    seated: dict[int, set[int]] = defaultdict(set)
    per_table: dict[tuple[int, int], int] = defaultdict(int)
    for session_id, table_id, player_id in Seat.objects.filter(session_id__in=open_ids).values_list(
        "session_id", "table_id", "player_id"
    ):
        seated[session_id].add(player_id)
        per_table[session_id, table_id] += 1
    reasons = {}
    for session_id in open_ids:
        parts = []
        missing = len(field_ids - seated[session_id])
        gone = len(seated[session_id] - field_ids)
        short = sum(1 for (s, _), n in per_table.items() if s == session_id and n != 4)
        if missing:
            parts.append(f"{missing} player(s) of the field without a seat")
        if gone:
            parts.append(f"{gone} seated player(s) no longer playing")
        if short:
            parts.append(f"{short} table(s) without four players")
        if parts:
            reasons[session_id] = "; ".join(parts)
    return reasons


def manage_context(tournament: Tournament) -> dict:
    field_players = list(registration_selectors.players_to_seat(tournament).order_by("sort_name"))
    registrations = {
        r.player_id: r
        for r in tournament.registrations.filter(player__in=field_players).select_related(
            "fixed_table"
        )
    }
    sessions = sessions_with_locks(tournament)
    reasons = reseat_reasons(tournament, sessions)
    for session in sessions:
        session.reseat = reasons.get(session.pk, "")
    return {
        "sessions": sessions,
        "needs_reseat": [s.number for s in sessions if s.reseat],
        "vacancies": len(seat_vacancies(tournament)),
        # Seated and still to play: a new generation replaces them (asked first).
        "replaceable": [s.number for s in sessions if s.seated and not s.lock],
        "field": registration_selectors.field_status(tournament),
        "jobs": latest_jobs(tournament),
        "fixed": fixed_tables(tournament),
        "field_players": [(p, registrations.get(p.pk)) for p in field_players],
        "tables": list(Table.objects.filter(tournament=tournament).order_by("number")),
    }


def session_tables(session: Session) -> list[dict]:
    """The session's tables, each with its four seats in wind order, in one query."""
    seats = (
        Seat.objects.filter(session=session)
        .select_related("table", "player")
        .order_by("table__number", "wind")
    )
    by_table: dict[int, dict] = {}
    for seat in seats:
        entry = by_table.setdefault(seat.table_id, {"table": seat.table, "seats": []})
        entry["seats"].append(seat)
    return list(by_table.values())


def player_seat_index(session: Session) -> list[Seat]:
    """Every seat of a session sorted by player name: what players look for in a big hall."""
    return list(
        Seat.objects.filter(session=session)
        .select_related("table", "player")
        .order_by("player__sort_name")
    )


def seat_grid(tables: list[dict], moves=()) -> list[dict]:
    """The session's tables as plain data, with a previewed change applied.

    ``tables`` is :func:`session_tables`; ``moves`` the preview's (player, from, to) spots.
    The change-seats page shows this grid, so what the organiser sees is the seating after
    the change, with the moved players marked, not the old one.
    """
    moved = {player.pk for player, _, _ in moves}
    cells: dict[tuple[int, str], dict[int, dict]] = {}
    for entry in tables:
        key = (entry["table"].number, str(entry["table"]))
        cells.setdefault(key, {})
        for seat in entry["seats"]:
            if seat.player_id not in moved:
                cells[key][seat.wind] = {"name": str(seat.player), "moved": False}
    for player, _, spot in moves:
        key = (spot.table.number, str(spot.table))
        cells.setdefault(key, {})[spot.wind] = {"name": str(player), "moved": True}
    return [
        {
            "table": name,
            "seats": [{"wind": w, "wind_label": Wind(w).label, **seats[w]} for w in sorted(seats)],
        }
        for (_, name), seats in sorted(cells.items())
    ]
