"""Reads: querysets and computed views of a tournament, for views and tables."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext

from scoring.models import ScoreSheet
from scoring.rules.errors import RuleViolation
from tournament.ema import is_valid_ema_number
from tournament.events.board import final_check, final_check_notes
from tournament.models import Registration, Session, Staff, Tournament
from tournament.privacy import selectors as privacy_selectors
from tournament.registration import selectors as registration_selectors
from tournament.seating.vacancies import seat_vacancies
from web.numbers import points, table_points


def visible_tournaments(user) -> QuerySet[Tournament]:
    qs = Tournament.objects.all()
    if user.is_authenticated and user.is_superuser:
        return qs
    published = Q(visibility=Tournament.Visibility.PUBLISHED)
    if user.is_authenticated:
        staffed = Staff.objects.filter(user=user).values("tournament_id")
        return qs.filter(published | Q(pk__in=staffed))
    return qs.filter(published)


def sessions_with_counts(tournament: Tournament) -> QuerySet[Session]:
    return tournament.sessions.annotate(seated=Count("seats")).order_by("number")


def schedule_clashes(tournament: Tournament, sessions=None) -> list[str]:
    """What is wrong with the planned starts: two sessions overlapping, a session starting
    outside the event's dates.  ``sessions``: the tournament's, if already read."""
    import datetime as dt

    from django.utils.formats import date_format

    if sessions is None:
        sessions = list(tournament.sessions.order_by("number"))
    planned = sorted(
        (s for s in sessions if s.planned_start is not None),
        key=lambda s: (s.planned_start, s.number),
    )
    clashes = []
    for i, first in enumerate(planned):
        end = first.planned_start + dt.timedelta(minutes=first.minutes)
        for second in planned[i + 1 :]:
            if second.planned_start >= end:
                break
            clashes.append(
                gettext(
                    "Sessions {first} and {second} overlap: session {first} ends at {end}, "
                    "session {second} starts at {start}."
                ).format(
                    first=first.number,
                    second=second.number,
                    end=date_format(timezone.localtime(end), "SHORT_DATETIME_FORMAT"),
                    start=date_format(
                        timezone.localtime(second.planned_start), "SHORT_DATETIME_FORMAT"
                    ),
                )
            )
    for session in sorted(planned, key=lambda s: s.number):
        day = timezone.localtime(session.planned_start).date()
        if not tournament.start_date <= day <= tournament.end_date:
            clashes.append(
                gettext(
                    "Session {number} starts on {day}, outside the event's dates "
                    "({start} to {end})."
                ).format(
                    number=session.number,
                    day=date_format(day, "SHORT_DATE_FORMAT"),
                    start=date_format(tournament.start_date, "SHORT_DATE_FORMAT"),
                    end=date_format(tournament.end_date, "SHORT_DATE_FORMAT"),
                )
            )
    return clashes


# --- registration, the field and the dashboard (issue 5) ------------------------------

# EMA: the fewest sessions of 90 minutes for an event of 1, 2, 3 days (ema-events.md); an
# event of more days is held to the three-day figure.
EMA_MIN_SESSIONS = {1: 4, 2: 7, 3: 11}
EMA_MAX_SESSIONS_A_DAY = 5
EMA_MIN_SESSION_MINUTES = 90
EMA_PLAYERS_PER_REFEREE = 32


def staff_list(tournament: Tournament) -> QuerySet[Staff]:
    return tournament.staff.select_related("user").order_by("role", "user__username")


@dataclass(frozen=True)
class Fix:
    """A link to the page that fixes (part of) a warning."""

    label: str
    url: str


@dataclass(frozen=True)
class Warning:
    text: str
    fixes: tuple[Fix, ...] = ()


def ema_warnings(tournament: Tournament, *, referees: int, players: int) -> list[Warning]:
    """Where an EMA-rated event falls short of the EMA's requirements (ema-events.md), each
    with a link to the page that fixes it."""
    from django.urls import reverse

    if not tournament.ema_rated:
        return []

    def page(name: str, label: str, query: str = "") -> tuple[Fix, ...]:
        return (Fix(label, reverse(f"tournament:{name}", args=[tournament.slug]) + query),)

    warnings = []
    days = (tournament.end_date - tournament.start_date).days + 1
    minimum = EMA_MIN_SESSIONS.get(days, EMA_MIN_SESSIONS[3])
    if tournament.session_count < minimum:
        warnings.append(
            Warning(
                f"A {days}-day EMA-rated event needs at least {minimum} sessions; this one "
                f"has {tournament.session_count}.",
                page("settings", "Change the number of sessions"),
            )
        )
    if tournament.session_minutes < EMA_MIN_SESSION_MINUTES:
        warnings.append(
            Warning(
                f"Sessions of {tournament.session_minutes} minutes are shorter than the "
                f"{EMA_MIN_SESSION_MINUTES} minutes the EMA counts as a session.",
                page("settings", "Change the session length"),
            )
        )
    per_day: dict = defaultdict(int)
    for start in tournament.sessions.exclude(planned_start=None).values_list(
        "planned_start", flat=True
    ):
        per_day[timezone.localtime(start).date()] += 1
    crowded = sorted(day for day, n in per_day.items() if n > EMA_MAX_SESSIONS_A_DAY)
    if crowded:
        warnings.append(
            Warning(
                "More than five sessions on "
                + ", ".join(f"{day:%a %d %b}" for day in crowded)
                + ": the EMA allows at most five a day.",
                page("schedule", "Change the schedule"),
            )
        )
    elif not per_day and tournament.session_count > EMA_MAX_SESSIONS_A_DAY * days:
        warnings.append(
            Warning(
                f"{tournament.session_count} sessions in {days} day(s) means more than five a "
                "day: the EMA allows at most five.",
                page("settings", "Change the sessions or the dates"),
            )
        )
    needed = -(-players // EMA_PLAYERS_PER_REFEREE)
    if referees < needed:
        warnings.append(
            Warning(
                f"{players} players need at least {needed} referee(s) (one per "
                f"{EMA_PLAYERS_PER_REFEREE}); the tournament has {referees}.",
                page("staff", "Add a referee"),
            )
        )
    unasked = tournament.registrations.filter(is_reserve=True, results_count=None).exclude(
        status=Registration.Status.WITHDRAWN
    )
    unasked_names = [str(r.player) for r in unasked.select_related("player")]
    if unasked_names:
        warnings.append(
            Warning(
                "Substitutes not yet asked whether their results count for the ranking: "
                + ", ".join(unasked_names)
                + ".",
                page("players", "Record their answers", "?status=reserve"),
            )
        )
    # The EMA ranks players by their number: a result without a valid one is lost.
    dashboard_url = reverse("tournament:dashboard", args=[tournament.slug])
    without_number = [
        r
        for r in tournament.registrations.filter(status=Registration.Status.CONFIRMED)
        .select_related("player")
        .order_by("player__sort_name")
        if not is_valid_ema_number(r.player.ema_number)
    ]
    if without_number:
        warnings.append(
            Warning(
                f"{len(without_number)} confirmed player(s) without a valid EMA number (8 "
                "digits): their results cannot go to the EMA ranking.",
                tuple(
                    Fix(
                        f"Correct {r.player}"
                        + (f" ({r.player.ema_number})" if r.player.ema_number else ""),
                        reverse("tournament:player_edit", args=[tournament.slug, r.pk])
                        + "?"
                        + urlencode({"next": dashboard_url}),
                    )
                    for r in without_number
                ),
            )
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
    # Hidden fields of the action's form, e.g. the clock's (("action", "start"),).
    fields: tuple[tuple[str, str], ...] = ()
    # For an action that cannot be undone from the page: what it does, asked first.
    confirm: str = ""
    # Not done, and not needed either (registration never opened for an imported field).
    needless: bool = False


def dashboard(tournament: Tournament, now) -> dict:
    """Everything the organiser's dashboard shows, in a fixed number of queries."""
    from django.urls import reverse

    counts = registration_selectors.registration_counts(tournament)
    field = registration_selectors.field_status(tournament)
    staff = dict(
        tournament.staff.values_list("role").annotate(n=Count("id")).values_list("role", "n")
    )
    referees = staff.get(Staff.Role.REFEREE, 0)
    sessions = list(sessions_with_counts(tournament))
    players = counts.get(Registration.Status.CONFIRMED, 0) + field.filling
    open_now = registration_selectors.registration_is_open(tournament, now)
    slug = tournament.slug

    def url(name: str) -> str:
        return reverse(f"tournament:{name}", args=[slug])

    pending = counts.get(Registration.Status.PENDING, 0)
    confirmed = counts.get(Registration.Status.CONFIRMED, 0)
    unchecked = (
        registration_selectors.checkin_list(tournament)
        .filter(checked_in=False, is_reserve=False)
        .count()
    )
    first = sessions[0] if sessions else None
    opened = tournament.registration_opens is not None and tournament.registration_opens <= now
    steps = [
        Step(
            gettext("Set up tables and the schedule"),
            bool(field.tables and sessions),
            gettext("{tables} tables, {value} sessions").format(
                tables=field.tables, value=len(sessions)
            ),
            url("tables"),
        ),
        Step(
            gettext("Publish the tournament"),
            tournament.is_published,
            gettext("Players see only published tournaments."),
            action="" if tournament.is_published else url("publish"),
            action_label=gettext("Publish"),
        ),
        Step(
            gettext("Open registration"),
            # Done only once it was opened (issue 25: a tick for a registration never opened
            # told an untruth); needless, not done, when the players are there without it.
            opened,
            gettext("Open now")
            if open_now
            else gettext("Opened; closed now.")
            if opened
            else gettext("Not opened: the players were registered by hand or imported.")
            if field.players > 0
            else gettext("Players sign themselves up while it is open."),
            action=""
            if open_now or (not opened and field.players > 0)
            else url("open_registration"),
            action_label=gettext("Open registration now"),
            needless=not opened and field.players > 0,
        ),
        Step(
            gettext("Confirm registrations"),
            pending == 0 and confirmed > 0,
            gettext("{pending} awaiting confirmation, {confirmed} confirmed").format(
                pending=pending, confirmed=confirmed
            ),
            url("players") + "?status=pending",
            action=url("confirm_pending") if pending else "",
            action_label=gettext("Confirm all {pending}").format(pending=pending),
        ),
        Step(
            gettext("Check players in"),
            confirmed > 0 and unchecked == 0,
            gettext(
                "{players} of {confirmed} players and {reserves_available} reserve(s) checked in"
            ).format(
                players=field.players,
                confirmed=confirmed,
                reserves_available=field.reserves_available,
            ),
            url("checkin"),
        ),
        Step(
            gettext("Make full tables of four"),
            field.ready,
            field.problem or f"{field.size} players at {field.tables_needed} tables",
            # Once seated, the organiser chooses the reserve who takes the empty seats,
            # seeing what each would cost in repeats (issue 25.3): the step leads to that
            # page; before the seating, one click fills the field, earliest checked in first.
            url("seating_fill") if first and first.seated else url("checkin"),
            action=url("fill_from_reserves")
            if field.can_fill and not (first and first.seated)
            else "",
            action_label=gettext("Fill from the reserves"),
        ),
        Step(
            gettext("Seat session 1"),
            bool(first and first.seated),
            # Once seated, say so: "Not ready" beside a tick contradicted it (issue 25).
            gettext("Seated: {players} players at {tables} tables.").format(
                players=first.seated, tables=first.seated // 4
            )
            if first and first.seated
            else gettext("Ready to seat")
            if field.ready
            else gettext("Not ready: {problem}").format(problem=field.problem),
            url("seating_manage") if first else "",
        ),
    ]
    started = any(s.state != Session.State.PLANNED for s in sessions)
    if first and first.seated:
        steps += event_day_steps(tournament, sessions, url)
    next_step = next((s for s in steps if not s.done and not s.needless), None)
    return {
        "started": started,
        "counts": counts,
        "field": field,
        "sessions": sessions,
        "steps": steps,
        "next_step": next_step,
        "registration_open": open_now,
        "referees": referees,
        "organisers": staff.get(Staff.Role.ORGANISER, 0),
        "warnings": ema_warnings(tournament, referees=referees, players=players),
        "clashes": schedule_clashes(tournament, sessions),
        "places_taken": registration_selectors.places_taken(tournament),
        # The day the entries' e-mails go (the retention): the organiser exports first.
        "removal_date": None
        if tournament.private_details_removed_at
        else privacy_selectors.removal_date(tournament),
    }


def event_day_steps(tournament: Tournament, sessions: list[Session], url) -> list[Step]:
    """The steps once the seating is made: each session started, watched, finished and
    scored in turn, then the final check and the EMA file (issue 14)."""
    from django.urls import reverse

    slug = tournament.slug
    confirmed = dict(
        ScoreSheet.objects.filter(session__tournament=tournament, status="confirmed")
        .values_list("session_id")
        .annotate(n=Count("id"))
        .values_list("session_id", "n")
    )
    steps: list[Step] = []
    vacancies = seat_vacancies(tournament)
    if vacancies:
        # A withdrawal after the seating: the field step above offers the reserves; this
        # names the seats, so the organiser knows what the one click will do.
        steps.append(
            Step(
                gettext("Fill the empty seats"),
                False,
                gettext("Empty: {seats}").format(seats="; ".join(str(v) for v in vacancies)),
                url("checkin"),
            )
        )
    current = next((s for s in sessions if s.state != Session.State.FINISHED), None)
    for session in sessions:
        n = session.number
        tables = session.seated // 4
        sheets_done = confirmed.get(session.pk, 0) >= tables > 0
        board = reverse("tournament:session_board", args=[slug, n])
        clock = reverse("tournament:session_clock_control", args=[slug, n])
        if session.state == Session.State.FINISHED:
            steps.append(
                Step(
                    gettext("Session {n}: score sheets confirmed").format(n=n),
                    sheets_done,
                    gettext("{value} of {tables} sheets confirmed").format(
                        value=confirmed.get(session.pk, 0), tables=tables
                    ),
                    board,
                )
            )
            continue
        if session.seated and session.seating_draft:
            # A new seating waits for the organiser's one click before players see it.
            steps.append(
                Step(
                    gettext("Publish session {n}'s seating").format(n=n),
                    False,
                    gettext("A draft: players and the public do not see it yet."),
                    reverse("tournament:session", args=[slug, n]),
                    action=reverse("tournament:session_seating_publish", args=[slug, n]),
                    action_label=gettext("Publish the seating of session {n}").format(n=n),
                )
            )
        if session is not current:
            steps.append(
                Step(
                    gettext("Session {n}").format(n=n),
                    False,
                    gettext("After the session before."),
                    board,
                )
            )
            continue
        running = session.state == Session.State.RUNNING
        steps += [
            Step(
                gettext("Start session {n}").format(n=n),
                running,
                gettext("Starts the clock on every screen.")
                if session.seated
                else gettext("Not seated yet: seat it first."),
                reverse("tournament:session_clock", args=[slug, n]),
                action=clock if session.seated and not running else "",
                action_label=gettext("Start session {n}").format(n=n),
                fields=(("action", "start"),),
            ),
            Step(
                gettext("Watch session {n}'s tables").format(n=n),
                False,
                gettext(
                    "{value} of {tables} sheets confirmed; late players and penalties on the board"
                ).format(value=confirmed.get(session.pk, 0), tables=tables),
                board,
            ),
            Step(
                gettext("Finish session {n}").format(n=n),
                False,
                gettext("Ends the clock: the tables still playing stop."),
                reverse("tournament:session_clock", args=[slug, n]),
                action=clock if running else "",
                action_label=gettext("Finish session {n}").format(n=n),
                fields=(("action", "end"),),
                confirm=gettext(
                    "The clock of session {n} ends on every screen and the "
                    "tables still playing are stopped (ended by the time "
                    "limit). A finished session cannot be started again."
                ).format(n=n),
            ),
        ]
    problems = final_check(tournament)
    notes = final_check_notes(tournament)
    steps += [
        Step(
            gettext("Final check"),
            not problems,
            " ".join(
                (
                    problems
                    or [gettext("Every sheet confirmed, substitutes answered, EMA numbers valid.")]
                )
                + notes
            ),
            url("final_check"),
        ),
        Step(
            gettext("Send the EMA results file"),
            False,
            gettext("Download it and send it to the EMA ranking."),
            reverse("tournament:ema_export", args=[slug, "xlsx"]) if not problems else "",
        ),
    ]
    return steps


def unpublish_consequences(tournament: Tournament) -> dict:
    """What going back to draft hides, for the confirmation page."""
    return {
        "registrations": tournament.registrations.exclude(
            status=Registration.Status.WITHDRAWN
        ).count(),
        "seated_sessions": tournament.sessions.filter(seats__isnull=False).distinct().count(),
    }


def rules_summary(tournament: Tournament) -> list[tuple[str, str]]:
    """The parameters players ask about, as the tournament's ruleset has them."""

    try:
        rules = tournament.rules()
    except RuleViolation as violation:  # overrides stored before the core changed
        return [
            (
                gettext("Rules"),
                gettext("{value} (overrides invalid: {violation})").format(
                    value=tournament.get_ruleset_display(), violation=violation
                ),
            )
        ]
    # Uma is tournament points: one decimal and a sign, in the reader's language.
    uma = ", ".join(points(v) if v < 0 else "+" + points(v) for v in rules.uma)
    rows = [
        (gettext("Rules"), tournament.get_ruleset_display()),
        (gettext("Start points"), table_points(rules.start_points)),
        (gettext("Uma"), uma),
        (
            gettext("Session length"),
            gettext("{session_minutes} minutes").format(session_minutes=tournament.session_minutes),
        ),
    ]
    if rules.signal_minutes_before_end:
        rows.append(
            (
                gettext("Signal"),
                gettext("{signal_minutes_before_end} minutes before the end").format(
                    signal_minutes_before_end=rules.signal_minutes_before_end
                ),
            )
        )
    if tournament.rule_overrides:
        rows.append(
            (gettext("Changed from the preset"), ", ".join(sorted(tournament.rule_overrides)))
        )
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
