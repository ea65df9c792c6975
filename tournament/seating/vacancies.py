"""Seats freed by a player who leaves, and a reserve who fills them.

A reserve who takes a freed seat plays it as herself; the player who left is charged once per
missed session (EMA 5.8, WRC 7.2). The placement itself is plain data (``fill.py``).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from scoring.rules.absence import LEFT, MissedSession, missed_session
from scoring.rules.ranking import substitute_ranked
from tournament.errors import ServiceError
from tournament.models import (
    Player,
    Registration,
    Seat,
    SeatChange,
    Session,
    Table,
    Tournament,
    Wind,
)
from tournament.seating.core_input import disqualified_player_ids
from tournament.seating.fill import place
from tournament.seating.locks import lock_reason, sessions_with_locks
from web.cache import public_pages_changed

# --- withdrawals after the seating: empty seats and the reserve who takes them -------------


@dataclass(frozen=True)
class Vacancy:
    """An empty seat at a table of a seated session that has not been played yet."""

    session: Session
    table: Table
    wind: int

    def __str__(self) -> str:
        return f"session {self.session.number}, {self.table} {Wind(self.wind).label}"

    @property
    def wind_label(self) -> str:
        return Wind(self.wind).label


def seats_to_vacate(*, tournament: Tournament, player: Player, lock: bool = False) -> list[Seat]:
    """The seats a withdrawal would free (``seats_vacate``), session by session: shown on
    the page that asks before withdrawing.  Two queries."""
    seats = Seat.objects.filter(session__tournament=tournament, player=player)
    if lock:
        seats = seats.select_for_update()
    seats = list(seats.select_related("session", "table").order_by("session__number"))
    with_sheets = set(
        Session.objects.filter(
            pk__in=[s.session_id for s in seats], sheets__isnull=False
        ).values_list("pk", flat=True)
    )
    return [s for s in seats if not lock_reason(s.session, has_sheets=s.session_id in with_sheets)]


def seats_vacate(*, tournament: Tournament, player: Player) -> list[Vacancy]:
    """Take a player who no longer plays out of every session that may still change.

    Called inside the transaction of a withdrawal (registration/services.py). The sessions
    already started, finished or with score sheets are history and keep the seat; the others
    lose it, so that no page shows a player who will not come and the desk sees the table
    short of one until a reserve takes the seat (seats_fill).
    """
    freed = seats_to_vacate(tournament=tournament, player=player, lock=True)
    Seat.objects.filter(pk__in=[s.pk for s in freed]).delete()
    public_pages_changed(tournament.pk)  # seats send no signal of their own
    return [Vacancy(s.session, s.table, s.wind) for s in freed]


def seat_vacancies(tournament: Tournament) -> list[Vacancy]:
    """The empty seats of seated sessions that may still change, session by session.

    A table counts when at least one of its seats is taken: the seating uses it, so the
    seats nobody holds must be filled before the session starts.
    """
    sessions = [s for s in sessions_with_locks(tournament) if not s.lock and s.seated]
    if not sessions:
        return []
    taken: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    for session_id, table_id, wind in Seat.objects.filter(session__in=sessions).values_list(
        "session_id", "table_id", "wind"
    ):
        taken[session_id][table_id].add(wind)
    tables = {t.pk: t for t in tournament.tables.all()}
    return [
        Vacancy(session, tables[table_id], wind)
        for session in sessions
        for table_id in sorted(taken[session.pk], key=lambda pk: tables[pk].number)
        for wind in range(4)
        if wind not in taken[session.pk][table_id]
    ]


def _placement(tournament: Tournament, player: Player, vacancies: list[Vacancy]):
    """Where ``player`` would sit in the empty seats and the repeats it costs (fill.place)."""

    seating = list(
        Seat.objects.filter(session__tournament=tournament).values_list(
            "session__number", "table__number", "wind", "player_id"
        )
    )
    fixed = Registration.objects.filter(
        tournament=tournament, player=player, fixed_table__isnull=False
    ).exists()
    empty = [(v.session.number, v.table.number, v.wind) for v in vacancies]
    return place(player.pk, empty, seating, fixed=fixed)


def _vacancies_taken(placement, vacancies: list[Vacancy]) -> list[Vacancy]:
    by_key = {(v.session.number, v.table.number, v.wind): v for v in vacancies}
    return [by_key[key] for key in placement.seats]


@transaction.atomic
def seats_fill(*, tournament: Tournament, player: Player) -> list[Vacancy]:
    """The player (a reserve, usually) takes one empty seat in every session that has one.

    EMA 5.8: a substitute plays in place of the player who left; taking the seats the
    withdrawn player had keeps every other player's seating as drawn. With more than one
    empty seat in a session the one causing fewest repeats is taken (fill.place). Refused
    when there is no empty seat, or the player is already seated in each session with one.
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    vacancies = seat_vacancies(tournament)
    if not vacancies:
        raise ServiceError(gettext("No seat is empty in the sessions still to play."))
    taken = _vacancies_taken(_placement(tournament, player, vacancies), vacancies)
    if not taken:
        raise ServiceError(
            gettext(
                "{player} is already seated in every session with an "
                "empty seat; pick another reserve."
            ).format(player=player)
        )
    Seat.objects.bulk_create(
        Seat(session=v.session, table=v.table, wind=v.wind, player=player) for v in taken
    )
    public_pages_changed(tournament.pk)  # seats send no signal of their own
    return taken


@dataclass
class FillChoice:
    """A reserve who could take the empty seats, and what it would cost (the fill page)."""

    registration: Registration
    seats: list[Vacancy]
    placement: object  # fill.Placement, in player ids and table numbers
    meetings: list[str]  # "Name (session 5; met in session 2)"
    tables: list[str]
    proposed: bool = False
    # What her results become (EMA 5.8): she plays the seats as herself; they put her in
    # the ranking when her results count ("counts"), or not ("not_counted", "unasked").
    results: str = ""


@dataclass(frozen=True)
class FillCharges:
    """What the fill page says of the players who left: each is charged once for every
    session he misses (``scoring.rules.absence``: EMA 5.8 -15 points and -15 uma, WRC 7.2
    -30), whoever takes his seat; the reserve's own sheets are hers."""

    left: list[Player]
    charge: MissedSession  # the charge of one missed session under the ruleset


def fill_charges(tournament: Tournament) -> FillCharges:
    """The players who left after taking part (withdrawn, still seated in a played session)
    and the ruleset's charge for each session they miss.  One query."""
    left = list(
        Player.objects.filter(
            registrations__tournament=tournament,
            registrations__status=Registration.Status.WITHDRAWN,
            pk__in=Seat.objects.filter(session__tournament=tournament).values("player_id"),
        )
        .distinct()
        .order_by("sort_name")
    )
    return FillCharges(left=left, charge=missed_session(tournament.rules(), 0, LEFT))


def reserve_results(ruleset, registration: Registration) -> str:
    """Whether a reserve's own sheets put her in the ranking (EMA 5.8: when she agreed
    beforehand that her results count; ``scoring.rules.ranking.substitute_ranked``)."""
    if substitute_ranked(ruleset, bool(registration.results_count)):
        return "counts"
    return "unasked" if registration.results_count is None else "not_counted"


def fill_choices(tournament: Tournament) -> tuple[list[Vacancy], list[FillChoice]]:
    """The empty seats still to fill and every checked-in reserve who could take them,
    fewest repeated meetings first, then fewest repeated tables, then the earliest
    registered; the first is the one the page proposes (taking the reserve who had already
    played as a substitute made 2 repeated meetings and 1 repeated table)."""
    vacancies = seat_vacancies(tournament)
    if not vacancies:
        return [], []
    banned = disqualified_player_ids(tournament)
    reserves = [
        r
        for r in Registration.objects.filter(
            tournament=tournament,
            is_reserve=True,
            status=Registration.Status.CONFIRMED,
            checked_in=True,
        )
        .select_related("player")
        .order_by("registered_at", "pk")
        if r.player_id not in banned
    ]
    people = {
        p.pk: p
        for p in Player.objects.filter(
            pk__in=Seat.objects.filter(session__tournament=tournament).values("player_id")
        )
    }
    choices = []
    ruleset = tournament.rules()
    for registration in reserves:
        placement = _placement(tournament, registration.player, vacancies)
        if not placement.seats:
            continue  # seated in every session with an empty seat already
        choices.append(
            FillChoice(
                registration=registration,
                seats=_vacancies_taken(placement, vacancies),
                placement=placement,
                meetings=[
                    gettext("{player} (session {number}; met in {sessions})").format(
                        player=people[other],
                        number=number,
                        sessions=", ".join(map(str, before)),
                    )
                    for other, number, before in placement.meetings
                ],
                tables=[
                    gettext("Table {table} (session {number}; played there in {sessions})").format(
                        table=table, number=number, sessions=", ".join(map(str, before))
                    )
                    for table, number, before in placement.tables
                ],
                results=reserve_results(ruleset, registration),
            )
        )
    # Stable sort: equal costs keep the registration order.
    choices.sort(key=lambda c: (c.placement.cost, -len(c.seats)))
    if choices:
        choices[0].proposed = True
    return vacancies, choices


@transaction.atomic
def reserve_fill(
    *, tournament: Tournament, registration: Registration, user, now: dt.datetime
) -> list[Vacancy]:
    """The reserve the organiser chose takes the empty seats: he fills
    in from now on (he is in the field) and each seat taken is logged with its session's
    changes by hand. The seats are those the fill page showed (fill.place on the same rows)."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if (
        registration.tournament_id != tournament.pk
        or not registration.is_reserve
        or registration.status != Registration.Status.CONFIRMED
    ):
        raise ServiceError(gettext("Pick a reserve of this tournament."), field="reserve")
    if not registration.checked_in:
        raise ServiceError(
            gettext("{player} is not checked in: check the reserve in first.").format(
                player=registration.player
            ),
            field="reserve",
        )
    if registration.player_id in disqualified_player_ids(tournament):
        raise ServiceError(
            gettext("{player} is disqualified: a disqualified player is not seated again.").format(
                player=registration.player
            ),
            field="reserve",
        )
    taken = seats_fill(tournament=tournament, player=registration.player)
    if not registration.fills_in:
        registration.fills_in = True
        registration.save(update_fields=["fills_in"])
    SeatChange.objects.bulk_create(
        SeatChange(
            session=v.session,
            description=f"{registration.player} (reserve) took the empty seat at {v.table}, "
            f"{Wind(v.wind).label}.",
            by=user if user and user.is_authenticated else None,
            at=now,
        )
        for v in taken
    )
    return taken
