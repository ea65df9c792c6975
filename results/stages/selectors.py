"""Reads of the stages: the tables still to confirm, who is next in line, a stage's order
now, the stages page, and the stream page's state."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Q
from django.utils.translation import gettext

from results.models import LiveHands, Stage, StageEntry
from results.standings.selectors import standings
from scoring.models import ScoreSheet
from scoring.selectors import hands_preview
from scoring.services import SheetError, table_seats
from tournament.models import Player, Seat, Session, Table, Tournament, Wind
from tournament.seating.locks import changeable_sessions
from tournament.seating.visibility import seats_shown

from .layout import Layout, layout
from .ranking import staged_session_numbers  # noqa: F401 (read from here by the pages)


def stages_of(tournament: Tournament) -> list[Stage]:
    return list(Stage.objects.filter(tournament=tournament).order_by("order"))


def stage_layout(tournament: Tournament, stages: list[Stage] | None = None) -> Layout:
    return layout(tournament.session_count, stages if stages is not None else stages_of(tournament))


def is_stage_session(session: Session) -> bool:
    """Whether ``session`` is a session of a stage that has been cut.  One or two queries."""
    stages = stages_of(session.tournament)
    if not any(stage.cut_at is not None for stage in stages):
        return False
    return stage_layout(session.tournament, stages).stage_of(session.number) is not None


def unfinished_tables(tournament: Tournament, numbers: list[int]) -> list[tuple[int, int, bool]]:
    """(session number, tables without a confirmed sheet, whether it is seated) of
    ``numbers``.  A session not seated yet counts every table it will have: as many as the
    busiest seated session, else as the tables set up for the event (one at least).
    Three queries."""
    seated = dict(
        Seat.objects.filter(session__tournament=tournament, session__number__in=numbers)
        .values("session__number")
        .annotate(tables=Count("table_id", distinct=True))
        .values_list("session__number", "tables")
    )
    confirmed = dict(
        Session.objects.filter(tournament=tournament, number__in=numbers)
        .annotate(done=Count("sheets", filter=Q(sheets__status="confirmed")))
        .values_list("number", "done")
    )
    expected = (
        max(seated.values(), default=0) or Table.objects.filter(tournament=tournament).count()
    )
    out = []
    for number in numbers:
        tables = seated.get(number) or max(expected, 1)
        missing = tables - confirmed.get(number, 0)
        if missing > 0:
            out.append((number, missing, number in seated))
    return out


def next_in_line(stage: Stage, count: int) -> list[tuple[int, int]]:
    """(player id, place at the cut) of the next ``count`` candidates without an entry."""
    entered = set(stage.entries.values_list("player_id", flat=True))
    out = []
    for place, key in enumerate(stage.cut_order, start=1):
        if key not in entered:
            out.append((key, place))
            if len(out) == count:
                break
    return out


def stage_order_now(stage: Stage) -> list[int]:
    """The stage's active players in the order the standings place them now."""

    players = set(
        stage.entries.filter(replaced_at__isnull=True).values_list("player_id", flat=True)
    )
    return [
        row.player.pk
        for row in standings(stage.tournament, with_sessions=False).rows
        if row.player.pk in players
    ]


# --- the stages page ---------------------------------------------------------------------


@dataclass
class StageView:
    stage: Stage
    numbers: list[int]
    entries: list[StageEntry] = field(default_factory=list)  # best seed first, replaced too
    waiting: list = field(default_factory=list)  # Player rows next in line
    lots: list[list] = field(default_factory=list)  # Player rows drawn among
    seated: set[int] = field(default_factory=set)  # session numbers with seats
    locked: set[int] = field(default_factory=set)  # session numbers under way or played
    started: bool = False


def stages_page(tournament: Tournament) -> tuple[list[StageView], Layout]:

    stages = stages_of(tournament)
    plan = stage_layout(tournament, stages)
    seated = set(
        Seat.objects.filter(session__tournament=tournament)
        .values_list("session__number", flat=True)
        .distinct()
    )
    sessions = Session.objects.filter(tournament=tournament)
    locked = set(
        sessions.exclude(pk__in=changeable_sessions(sessions).values("pk")).values_list(
            "number", flat=True
        )
    )
    views = []
    for stage in stages:
        view = StageView(stage, plan.by_stage[stage.pk])
        view.seated = {n for n in view.numbers if n in seated}
        view.locked = {n for n in view.numbers if n in locked}
        view.started = bool(view.seated)
        if stage.cut_at is not None:
            view.entries = list(
                stage.entries.select_related("player", "replacement__player", "replaced_by")
            )
            waiting = next_in_line(stage, count=4)
            names = Player.objects.in_bulk(
                [k for k, _ in waiting] + [k for lot in stage.cut_lots for k in lot]
            )
            view.waiting = [(place, names[k]) for k, place in waiting if k in names]
            view.lots = [[names[k] for k in lot if k in names] for lot in stage.cut_lots]
        views.append(view)
    return views, plan


# --- the stream page ---------------------------------------------------------------------


def stream_stamp(tournament: Tournament) -> str:
    """When a stage table's hands were last checked at the desk: with the tournament's
    results version (``web.cache``, moved by every sheet saved and every stage change) it
    keys the stream's cached state.  One query."""
    from django.db.models import Max

    latest = LiveHands.objects.filter(session__tournament=tournament).aggregate(
        at=Max("updated_at")
    )["at"]
    return latest.isoformat() if latest else "-"


def _hands_of(session: Session, table) -> list:
    """The table's hands as last entered: the saved sheet's or the desk's check, whichever
    is newer (a final-scores sheet has no hands)."""

    sheet = ScoreSheet.objects.filter(session=session, table=table).first()
    live = LiveHands.objects.filter(session=session, table=table).first()
    if sheet is not None and (live is None or sheet.updated_at >= live.updated_at):
        return list(sheet.entry.get("hands", [])) if sheet.mode == ScoreSheet.Mode.HANDS else []
    return list(live.hands) if live is not None else []


def stream_state(tournament: Tournament) -> dict:
    """What the stream page shows: the last cut stage's top table in its latest seated
    session, the points after every hand entered so far, the round, counters and sticks,
    and the stage standings the players play for.  Plain data (JSON)."""

    stages = [s for s in stages_of(tournament) if s.cut_at is not None]
    if not stages:
        return {"ok": False}
    stage = stages[-1]
    numbers = stage_layout(tournament).by_stage[stage.pk]
    seat = (
        seats_shown(tournament)
        .filter(session__number__in=numbers)
        .select_related("session", "table")
        .order_by("-session__number", "table__number")
        .first()
    )
    data = standings(tournament, with_sessions=False)
    players = set(
        stage.entries.filter(replaced_at__isnull=True).values_list("player_id", flat=True)
    )
    # The stream shows a player's name only with his consent (GDPR Art. 6(1)(a)); else his
    # seat wind at the final table, or no name at all. Which seat is whose is known below.
    winds: dict[int, int] = {}
    if seat is not None:
        winds = dict(
            Seat.objects.filter(session=seat.session, table=seat.table).values_list(
                "player_id", "wind"
            )
        )

    def shown(player) -> str:
        if player.consent_stream:
            return str(player)
        if player.pk in winds:
            return str(Wind(winds[player.pk]).label)
        return gettext("Name not shown")

    table_rows = [
        {
            "rank": row.rank,
            "name": shown(row.player),
            "country": str(row.player.country),
            "total": _number(row.stage_total),
        }
        for row in data.rows
        if row.player.pk in players
    ]
    state: dict = {
        "ok": True,
        "stage": stage.name,
        "session": None,
        "standings": table_rows,
        "seats": [],
    }
    if seat is None:
        return state
    session, table = seat.session, seat.table
    try:
        seats = table_seats(session, table)
    except SheetError:
        return state
    hands = _hands_of(session, table)
    preview = hands_preview(tournament, hands, seats.names)
    totals = preview.get("totals") or [tournament.rules().start_points] * 4
    following = preview.get("next") or {}
    last = (preview.get("hands") or [{}])[-1]
    by_player = {row.player.pk: row for row in data.rows}
    state.update(
        session=session.number,
        table=str(table),
        hands=len(preview.get("hands") or []),
        round=following.get("round_name", ""),
        honba=following.get("honba", last.get("honba", 0)) or 0,
        sticks=following.get("riichi_on_table", 0) or 0,
        game_over=bool(preview.get("ok") and preview.get("game_over") and hands),
        seats=[
            {
                "wind": "ESWN"[s.wind],
                "name": shown(s.player),
                "points": totals[i],
                "delta": (last.get("delta") or [0, 0, 0, 0])[i],
                "total": _number(getattr(by_player.get(s.player_id), "stage_total", None)),
                # The dealer of the hand to come: the round's number names him (E2: South).
                "dealer": _dealer(following.get("round", "")) == s.wind,
            }
            for i, s in enumerate(seats.seats)
        ],
    )
    return state


def _dealer(label: str) -> int | None:
    return int(label[1:]) - 1 if label[1:].isdigit() else None


def _number(value: Decimal | None) -> str:
    return "" if value is None else f"{value.normalize():f}"
