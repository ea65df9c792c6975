"""Reads: querysets and computed views of a tournament, for views and tables."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext

from scoring.rules.errors import RuleViolation
from tournament.ema import is_valid_ema_number
from tournament.models import Registration, Session, Staff, Tournament
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


# --- registration, the field and the dashboard ---------------------------------------

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
