"""Reads: querysets and computed views of a tournament, for views and tables."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Lower
from django.utils import timezone

from .models import Player, Registration, Seat, Session, Staff, Tournament


def visible_tournaments(user) -> QuerySet[Tournament]:
    qs = Tournament.objects.all()
    if user.is_authenticated and user.is_superuser:
        return qs
    published = Q(visibility=Tournament.Visibility.PUBLISHED)
    if user.is_authenticated:
        staffed = Staff.objects.filter(user=user).values("tournament_id")
        return qs.filter(published | Q(pk__in=staffed))
    return qs.filter(published)


def tournament_registrations(tournament: Tournament) -> QuerySet[Registration]:
    return tournament.registrations.select_related("player").order_by(
        "player__last_name", "player__first_name"
    )


def sessions_with_counts(tournament: Tournament) -> QuerySet[Session]:
    return tournament.sessions.annotate(seated=Count("seats")).order_by("number")


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
        .order_by("player__last_name", "player__first_name")
    )


def registration_counts(tournament: Tournament) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for status, is_reserve, n in tournament.registrations.values_list(
        "status", "is_reserve"
    ).annotate(n=Count("id")):
        counts["reserve" if is_reserve else status] += n
    return dict(counts)


# --- registration, the field and the dashboard (issue 5) ------------------------------

PLAYERS_PER_TABLE = 4
# EMA: the fewest sessions of 90 minutes for an event of 1, 2, 3 days (ema-events.md); an
# event of more days is held to the three-day figure.
EMA_MIN_SESSIONS = {1: 4, 2: 7, 3: 11}
EMA_MAX_SESSIONS_A_DAY = 5
EMA_MIN_SESSION_MINUTES = 90
EMA_PLAYERS_PER_REFEREE = 32


def places_taken(tournament: Tournament) -> int:
    """Players (not reserves) confirmed or awaiting confirmation: what the limit counts."""
    return tournament.registrations.filter(
        is_reserve=False,
        status__in=[Registration.Status.CONFIRMED, Registration.Status.PENDING],
    ).count()


def registration_is_open(tournament: Tournament, now) -> bool:
    opens, closes = tournament.registration_opens, tournament.registration_closes
    return opens is not None and opens <= now and (closes is None or now < closes)


def registration_of(tournament: Tournament, user) -> Registration | None:
    """The logged-in user's own registration in this tournament, if any."""
    if not user.is_authenticated:
        return None
    return tournament.registrations.select_related("player").filter(player__user=user).first()


def player_of(user) -> Player | None:
    if not user.is_authenticated:
        return None
    return Player.objects.filter(user=user).first()


def known_people(rows, *, tournament: Tournament | None):
    """What the database knows about the people in ``rows``, in three queries."""
    from .importing import KnownPeople, name_key

    numbers = {r.ema_number.replace(" ", "") for r in rows if r.ema_number}
    numbers |= {"0" + n for n in numbers if len(n) == 7}
    # SQLite lower-cases ASCII only, so the spellings a name is likely stored in are asked
    # for too ("DVOŘÁK" in a file, "Dvořák" in the database); Python compares casefolded.
    last_names: set[str] = set()
    for row in rows:
        name = " ".join(row.last_name.split())
        if name:
            last_names |= {name, name.lower(), name.upper(), name.title(), name.casefold()}
    by_ema = {p.ema_number: p for p in Player.objects.filter(ema_number__in=numbers)}
    by_name: dict[tuple[str, str, str], list[Player]] = defaultdict(list)
    if last_names:
        candidates = Player.objects.annotate(last_lower=Lower("last_name")).filter(
            Q(last_lower__in=last_names) | Q(last_name__in=last_names)
        )
        for player in candidates.order_by("pk"):
            key = name_key(player.first_name, player.last_name, player.country.code)
            by_name[key].append(player)
    registrations = {}
    if tournament is not None:
        registrations = {r.player_id: r for r in tournament.registrations.all()}
    return KnownPeople(by_ema=by_ema, by_name=dict(by_name), registrations=registrations)


@dataclass(frozen=True)
class FieldStatus:
    """Who plays the sessions: checked-in players, plus reserves filling the last table."""

    players: int  # confirmed, checked-in players (not reserves)
    reserves_available: int  # confirmed, checked-in reserves
    filling: int  # reserves marked to fill in
    tables: int  # physical tables of the tournament

    @property
    def reserves_needed(self) -> int:
        return -self.players % PLAYERS_PER_TABLE

    @property
    def size(self) -> int:
        return self.players + self.filling

    @property
    def tables_needed(self) -> int:
        return self.size // PLAYERS_PER_TABLE

    @property
    def ready(self) -> bool:
        return not self.problem

    @property
    def can_fill(self) -> bool:
        """Filling from the reserves would make the field whole."""
        return (
            self.players > 0
            and self.filling != self.reserves_needed
            and self.reserves_needed <= self.reserves_available
        )

    @property
    def problem(self) -> str:
        """Why the sessions cannot be seated, in words that say what to do; '' if they can."""
        if self.players == 0:
            return "No player is checked in yet."
        if self.size % PLAYERS_PER_TABLE:
            short = self.reserves_needed
            if short > self.reserves_available:
                fewer = self.players - self.players % PLAYERS_PER_TABLE
                return (
                    f"{self.players} players are checked in: {short} short of full tables of "
                    f"four, and only {self.reserves_available} reserve(s) checked in. Check in "
                    f"{short - self.reserves_available} more reserve(s), or withdraw "
                    f"{self.players % PLAYERS_PER_TABLE} player(s) so that {fewer} play."
                )
            return (
                f"{self.players} players are checked in: {short} reserve(s) must fill in "
                "to make full tables of four."
            )
        if self.filling != self.reserves_needed:
            return (
                f"{self.filling} reserve(s) fill in although {self.reserves_needed} are "
                "needed: fill from the reserves again."
            )
        if self.tables_needed > self.tables:
            return (
                f"{self.size} players need {self.tables_needed} tables, but the tournament "
                f"has {self.tables}. Add tables."
            )
        return ""


def field_status(tournament: Tournament) -> FieldStatus:
    checked_in = tournament.registrations.filter(
        status=Registration.Status.CONFIRMED, checked_in=True
    )
    counts = checked_in.aggregate(
        players=Count("id", filter=Q(is_reserve=False)),
        reserves=Count("id", filter=Q(is_reserve=True)),
        filling=Count("id", filter=Q(is_reserve=True, fills_in=True)),
    )
    return FieldStatus(
        players=counts["players"],
        reserves_available=counts["reserves"],
        filling=counts["filling"],
        tables=tournament.tables.count(),
    )


def players_to_seat(tournament: Tournament) -> QuerySet[Player]:
    """The field of a session: checked-in players and the reserves filling in."""
    field = tournament.registrations.filter(
        Q(is_reserve=False) | Q(fills_in=True),
        status=Registration.Status.CONFIRMED,
        checked_in=True,
    )
    return Player.objects.filter(pk__in=field.values("player_id")).order_by("pk")


def checkin_list(tournament: Tournament) -> QuerySet[Registration]:
    """Everyone who may be checked in: confirmed players and reserves, by name."""
    return (
        tournament.registrations.filter(status=Registration.Status.CONFIRMED)
        .select_related("player")
        .order_by("is_reserve", "player__last_name", "player__first_name")
    )


def staff_list(tournament: Tournament) -> QuerySet[Staff]:
    return tournament.staff.select_related("user").order_by("role", "user__username")


def ema_warnings(tournament: Tournament, *, referees: int, players: int) -> list[str]:
    """Where an EMA-rated event falls short of the EMA's requirements (ema-events.md)."""
    if not tournament.ema_rated:
        return []
    warnings = []
    days = (tournament.end_date - tournament.start_date).days + 1
    minimum = EMA_MIN_SESSIONS.get(days, EMA_MIN_SESSIONS[3])
    if tournament.session_count < minimum:
        warnings.append(
            f"A {days}-day EMA-rated event needs at least {minimum} sessions; this one has "
            f"{tournament.session_count}."
        )
    if tournament.session_minutes < EMA_MIN_SESSION_MINUTES:
        warnings.append(
            f"Sessions of {tournament.session_minutes} minutes are shorter than the "
            f"{EMA_MIN_SESSION_MINUTES} minutes the EMA counts as a session."
        )
    per_day: dict = defaultdict(int)
    for start in tournament.sessions.exclude(planned_start=None).values_list(
        "planned_start", flat=True
    ):
        per_day[timezone.localtime(start).date()] += 1
    crowded = sorted(day for day, n in per_day.items() if n > EMA_MAX_SESSIONS_A_DAY)
    if crowded:
        warnings.append(
            "More than five sessions on "
            + ", ".join(f"{day:%a %d %b}" for day in crowded)
            + ": the EMA allows at most five a day."
        )
    elif not per_day and tournament.session_count > EMA_MAX_SESSIONS_A_DAY * days:
        warnings.append(
            f"{tournament.session_count} sessions in {days} day(s) means more than five a "
            "day: the EMA allows at most five."
        )
    needed = -(-players // EMA_PLAYERS_PER_REFEREE)
    if referees < needed:
        warnings.append(
            f"{players} players need at least {needed} referee(s) (one per "
            f"{EMA_PLAYERS_PER_REFEREE}); the tournament has {referees}."
        )
    unasked = tournament.registrations.filter(is_reserve=True, results_count=None).exclude(
        status=Registration.Status.WITHDRAWN
    )
    unasked_names = [str(r.player) for r in unasked.select_related("player")]
    if unasked_names:
        warnings.append(
            "Substitutes not yet asked whether their results count for the ranking: "
            + ", ".join(unasked_names)
            + "."
        )
    return warnings


@dataclass(frozen=True)
class Step:
    title: str
    done: bool
    detail: str = ""
    url: str = ""  # where to do it
    action: str = ""  # a POST url that does it in one click
    action_label: str = ""


def dashboard(tournament: Tournament, now) -> dict:
    """Everything the organiser's dashboard shows, in a fixed number of queries."""
    from django.urls import reverse

    counts = registration_counts(tournament)
    field = field_status(tournament)
    staff = dict(
        tournament.staff.values_list("role").annotate(n=Count("id")).values_list("role", "n")
    )
    referees = staff.get(Staff.Role.REFEREE, 0)
    sessions = list(sessions_with_counts(tournament))
    players = counts.get(Registration.Status.CONFIRMED, 0) + field.filling
    open_now = registration_is_open(tournament, now)
    slug = tournament.slug

    def url(name: str) -> str:
        return reverse(f"tournament:{name}", args=[slug])

    pending = counts.get(Registration.Status.PENDING, 0)
    confirmed = counts.get(Registration.Status.CONFIRMED, 0)
    unchecked = checkin_list(tournament).filter(checked_in=False, is_reserve=False).count()
    first = sessions[0] if sessions else None
    steps = [
        Step(
            "Set up tables and the schedule",
            bool(field.tables and sessions),
            f"{field.tables} tables, {len(sessions)} sessions",
            url("tables"),
        ),
        Step(
            "Publish the tournament",
            tournament.is_published,
            "Players see only published tournaments.",
            action="" if tournament.is_published else url("publish"),
            action_label="Publish",
        ),
        Step(
            "Open registration",
            # Done once opened, or needless once the players are there (all imported, say).
            (tournament.registration_opens is not None and tournament.registration_opens <= now)
            or field.players > 0,
            "Open now" if open_now else "Players sign themselves up while it is open.",
            action="" if open_now else url("open_registration"),
            action_label="Open registration now",
        ),
        Step(
            "Confirm registrations",
            pending == 0 and confirmed > 0,
            f"{pending} awaiting confirmation, {confirmed} confirmed",
            url("players") + "?status=pending",
            action=url("confirm_pending") if pending else "",
            action_label=f"Confirm all {pending}",
        ),
        Step(
            "Check players in",
            confirmed > 0 and unchecked == 0,
            f"{field.players} of {confirmed} players and {field.reserves_available} "
            "reserve(s) checked in",
            url("checkin"),
        ),
        Step(
            "Make full tables of four",
            field.ready,
            field.problem or f"{field.size} players at {field.tables_needed} tables",
            url("checkin"),
            action=url("fill_from_reserves") if field.can_fill else "",
            action_label="Fill from the reserves",
        ),
        Step(
            "Seat session 1",
            bool(first and first.seated),
            "Ready to seat" if field.ready else "Not ready: " + field.problem,
            url("seating_manage") if first else "",
        ),
    ]
    next_step = next((s for s in steps if not s.done), None)
    return {
        "counts": counts,
        "field": field,
        "sessions": sessions,
        "steps": steps,
        "next_step": next_step,
        "registration_open": open_now,
        "referees": referees,
        "organisers": staff.get(Staff.Role.ORGANISER, 0),
        "warnings": ema_warnings(tournament, referees=referees, players=players),
        "places_taken": places_taken(tournament),
    }


def registration_countries(tournament: Tournament) -> list[str]:
    """The countries of the registered players, for the player list's country filter."""
    return list(
        tournament.registrations.values_list("player__country", flat=True)
        .distinct()
        .order_by("player__country")
    )


def rules_summary(tournament: Tournament) -> list[tuple[str, str]]:
    """The parameters players ask about, as the tournament's ruleset has them."""
    from scoring.rules.errors import RuleViolation

    try:
        rules = tournament.rules()
    except RuleViolation as violation:  # overrides stored before the core changed
        return [("Rules", f"{tournament.get_ruleset_display()} (overrides invalid: {violation})")]
    uma = ", ".join(f"{v:+g}" for v in rules.uma)
    rows = [
        ("Rules", tournament.get_ruleset_display()),
        ("Start points", f"{rules.start_points:,}"),
        ("Uma", uma),
        ("Session length", f"{tournament.session_minutes} minutes"),
    ]
    if rules.signal_minutes_before_end:
        rows.append(("Signal", f"{rules.signal_minutes_before_end} minutes before the end"))
    if tournament.rule_overrides:
        rows.append(("Changed from the preset", ", ".join(sorted(tournament.rule_overrides))))
    return rows


def registrations_of_user(user) -> list[Registration]:
    """The logged-in player's registrations that still stand, next event first."""
    if not user.is_authenticated:
        return []
    return list(
        Registration.objects.filter(player__user=user)
        .exclude(status=Registration.Status.WITHDRAWN)
        .filter(tournament__in=visible_tournaments(user))
        .select_related("tournament")
        .order_by("tournament__start_date")
    )


def waiting_position(registration: Registration | None) -> int | None:
    """1 for the first on the waiting list, and so on; None when not waiting."""
    if registration is None or registration.status != Registration.Status.WAITING:
        return None
    ahead = registration.tournament.registrations.filter(
        Q(registered_at__lt=registration.registered_at)
        | Q(registered_at=registration.registered_at, pk__lt=registration.pk),
        status=Registration.Status.WAITING,
        is_reserve=False,
    )
    return ahead.count() + 1
