"""Setting up a tournament: settings, sessions, tables, staff, visibility, registration window."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext

from scoring.rules.rulesets import RULESETS, get_ruleset, ruleset_to_dict
from tournament import asked_above
from tournament.errors import ServiceError
from tournament.models import Seat, Session, Staff, Table, Tournament
from web.cache import public_pages_changed

# Path segments under /t/ that are pages, not tournaments.
RESERVED_SLUGS = {"new", "signup"}
DAY_STARTS_AT = dt.time(10, 0)
# A session added after the others must end by this time, else it starts the next day at
# DAY_STARTS_AT: an evening session is the latest a venue is usually booked for.
DAY_ENDS_AT = dt.time(22, 0)
BREAK_MINUTES = 30

# Bounds of a tournament's size (the form's fields say the same, with the reason).
MAX_SESSIONS = 30
MAX_TABLES = 500
# Parameters of the session clock: changing them changes no score, so they may change at
# any time.  Every other parameter of the ruleset scores the game.
CLOCK_PARAMETERS = {"session_minutes", "signal_minutes_before_end", "after_signal"}

# Settings the tournament form may set (everything else is derived or has its own page).
SETTINGS_FIELDS = (
    "name",
    "venue",
    "city",
    "country",
    "start_date",
    "end_date",
    "ruleset",
    "rule_overrides",
    "session_count",
    "session_minutes",
    "visibility",
    "registration_opens",
    "registration_closes",
    "player_limit",
    "ema_rated",
    "sheet_needs_second_referee",
    "hold_results",
    "retention_days",
)


def _unique_slug(name: str) -> str:
    base = slugify(name)[:70] or "tournament"
    slug, n = base, 1
    while slug in RESERVED_SLUGS or Tournament.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _apply_settings(tournament: Tournament, data: dict[str, Any]) -> None:
    """Copy the settings; the session length comes from the ruleset when not given.

    The length is also kept in the rule overrides when it differs from the preset, so that
    ``tournament.rules()`` (read by the clock and the penalties) says the same thing.
    """

    for name in SETTINGS_FIELDS:
        if name in data:
            setattr(tournament, name, data[name])
    overrides = dict(tournament.rule_overrides or {})
    overrides.pop("session_minutes", None)
    preset_minutes = get_ruleset(tournament.ruleset, **overrides).session_minutes
    if not tournament.session_minutes:
        tournament.session_minutes = preset_minutes
    if tournament.session_minutes != RULESETS[tournament.ruleset].session_minutes:
        overrides["session_minutes"] = tournament.session_minutes
    tournament.rule_overrides = overrides


def default_schedule(tournament: Tournament, number: int) -> dt.datetime:
    """Session ``number`` spread evenly over the event's days, from 10:00, with breaks."""
    days = (tournament.end_date - tournament.start_date).days + 1
    per_day = math.ceil(tournament.session_count / days)
    day, slot = divmod(number - 1, per_day)
    start = dt.datetime.combine(tournament.start_date + dt.timedelta(days=day), DAY_STARTS_AT)
    start += dt.timedelta(minutes=slot * (tournament.session_minutes + BREAK_MINUTES))
    return timezone.make_aware(start)


def start_after(previous: Session, minutes: int) -> dt.datetime:
    """The start of a session of ``minutes`` added after ``previous``: its start, its length
    and the usual break later, or the next day's first slot if it would end after
    DAY_ENDS_AT (in the venue's time)."""
    start = timezone.localtime(previous.planned_start) + dt.timedelta(
        minutes=previous.minutes + BREAK_MINUTES
    )
    day = timezone.localtime(previous.planned_start).date()
    end = start + dt.timedelta(minutes=minutes)
    if start.date() != day or end > timezone.make_aware(dt.datetime.combine(day, DAY_ENDS_AT)):
        start = timezone.make_aware(dt.datetime.combine(day + dt.timedelta(days=1), DAY_STARTS_AT))
    return start


def _shift_planned_starts(tournament: Tournament, days: int) -> None:
    """The planned (not yet started) sessions move with the event's dates, ``days`` later,
    at the same time of day in the venue's time (a day across a clock change stays 10:00)."""
    moved = []
    for session in tournament.sessions.filter(state=Session.State.PLANNED).exclude(
        planned_start=None
    ):
        local = timezone.localtime(session.planned_start)
        session.planned_start = timezone.make_aware(
            dt.datetime.combine(local.date() + dt.timedelta(days=days), local.time())
        )
        moved.append(session)
    Session.objects.bulk_update(moved, ["planned_start"])


def _sessions_in_use(sessions: list[Session]) -> dict[int, list[str]]:
    """What each of ``sessions`` already holds that removing it would lose, by number."""

    ids = [s.pk for s in sessions]
    held: dict[int, list[str]] = {}

    def mark(numbers, what: str) -> None:
        for number in set(numbers):
            held.setdefault(number, []).append(what)

    mark([s.number for s in sessions if s.state != Session.State.PLANNED], "started")
    mark([s.number for s in sessions if s.seat_changes.exists()], "seat changes")  # a log
    mark(Seat.objects.filter(session_id__in=ids).values_list("session__number", flat=True), "seats")
    # The sheets through the sessions' reverse relation (``ScoreSheet.session``), the desk's
    # decisions as the desk answers: the ground imports neither's models.
    mark(
        Session.objects.filter(pk__in=ids, sheets__isnull=False).values_list("number", flat=True),
        "score sheets",
    )
    mark(asked_above.sessions_with_decisions(ids), "referee decisions")
    return held


def _sync_sessions(tournament: Tournament, *, old_minutes: int | None = None) -> None:
    """Sessions 1..session_count exist; extra ones go if nothing happened in them yet."""
    sessions = {s.number: s for s in tournament.sessions.all()}
    new_tournament = not sessions
    for number in range(1, tournament.session_count + 1):
        if number not in sessions:
            # A new tournament's sessions spread over its days; a session added later
            # follows the one before it, which may have been moved on the schedule page
            # (the even spread put session 8 of 10 at the time of session 7 of 7).
            previous = sessions.get(number - 1)
            start = (
                start_after(previous, tournament.session_minutes)
                if not new_tournament and previous is not None and previous.planned_start
                else default_schedule(tournament, number)
            )
            sessions[number] = Session.objects.create(
                tournament=tournament,
                number=number,
                planned_start=start,
                minutes=tournament.session_minutes,
            )
    extra = [s for n, s in sorted(sessions.items()) if n > tournament.session_count]
    held = _sessions_in_use(extra)
    if held:
        # Named all at once, with what each holds: a penalty points at its session
        # (RESTRICT), which used to end in a 500 when the session was deleted under it.
        listed = "; ".join(f"session {n}: {', '.join(what)}" for n, what in sorted(held.items()))
        raise ServiceError(
            gettext(
                "The tournament cannot have only {session_count} "
                "sessions: {listed}. Keep {value} sessions or more."
            ).format(session_count=tournament.session_count, listed=listed, value=max(held)),
            field="session_count",
        )
    for session in extra:
        session.delete()
    if old_minutes is not None and old_minutes != tournament.session_minutes:
        tournament.sessions.filter(state=Session.State.PLANNED, minutes=old_minutes).update(
            minutes=tournament.session_minutes
        )
        public_pages_changed(tournament.pk)


@transaction.atomic
def tournament_create(*, user, data: dict[str, Any], table_count: int | None = None) -> Tournament:
    """A new tournament with its sessions and tables; ``user`` becomes its organiser."""
    tournament = Tournament(slug=_unique_slug(data["name"]))
    _apply_settings(tournament, data)
    _check_size(tournament)
    tournament.full_clean(exclude=["slug"])
    tournament.save()
    Staff.objects.create(tournament=tournament, user=user, role=Staff.Role.ORGANISER)
    _sync_sessions(tournament)
    if table_count is None and tournament.player_limit:
        table_count = math.ceil(tournament.player_limit / 4)
    if table_count:
        table_count = min(table_count, MAX_TABLES)
        Table.objects.bulk_create(
            Table(tournament=tournament, number=n) for n in range(1, table_count + 1)
        )
        public_pages_changed(tournament.pk)
    return tournament


def _check_size(tournament: Tournament) -> None:
    if not 1 <= tournament.session_count <= MAX_SESSIONS:
        raise ServiceError(
            gettext("Number of sessions: from 1 to {MAX_SESSIONS}.").format(
                MAX_SESSIONS=MAX_SESSIONS
            ),
            field="session_count",
        )


def _scoring_changes(before, after) -> list[str]:
    """The parameters of the rules that score a game and differ between two rulesets."""

    old, new = ruleset_to_dict(before), ruleset_to_dict(after)
    return sorted(
        name for name in new if name not in CLOCK_PARAMETERS and old.get(name) != new[name]
    )


def _refuse_rescoring(tournament: Tournament, before) -> None:
    """Scoring rules are refused once a session is scored.

    Refusing, rather than asking for a confirmation and keeping the old rules for the scored
    sessions: a sheet's result is the rules core's answer under the rules of the tournament,
    and the standings add the sessions up as if one set of rules scored them all (EMA 3.6);
    two sets in one ranking is not an EMA result.  Rules entered wrongly are corrected before
    the first sheet, or the organiser starts from an event whose sheets are not entered yet.
    """

    changed = _scoring_changes(before, tournament.rules())
    if not changed:
        return
    scored = sorted(
        set(
            # Through the sessions' reverse relation to their sheets (``ScoreSheet.session``).
            tournament.sessions.filter(sheets__isnull=False).values_list("number", flat=True)
        )
    )
    if scored:
        sessions = ", ".join(str(n) for n in scored)
        raise ServiceError(
            gettext(
                "Sessions {sessions} are already scored under the "
                "current rules, and the standings add every session up "
                "under one set of rules: the ruleset and its scoring "
                "parameters ({value}) cannot change now. Keep the rules "
                "as they are, or, if they were entered wrongly, ask the "
                "site administrator to remove those sheets first and "
                "enter them again under the right rules."
            ).format(sessions=sessions, value=", ".join(changed)),
            field="ruleset" if "name" in changed else None,
        )


@transaction.atomic
def tournament_update(*, tournament: Tournament, data: dict[str, Any]) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    old_minutes = tournament.session_minutes
    old_start_date = tournament.start_date
    before = tournament.rules()
    _apply_settings(tournament, data)
    _check_size(tournament)
    _refuse_rescoring(tournament, before)
    tournament.full_clean()
    tournament.save()
    if tournament.start_date != old_start_date:
        # Before the new sessions are added: they follow the moved ones.
        _shift_planned_starts(tournament, (tournament.start_date - old_start_date).days)
        public_pages_changed(tournament.pk)
    _sync_sessions(tournament, old_minutes=old_minutes)
    return tournament


@transaction.atomic
def tournament_set_tables(*, tournament: Tournament, count: int, names: list[str]) -> None:
    """Tables 1..count, table n named by line n of ``names`` (a blank line: no name)."""
    if len(names) > count:
        raise ServiceError(
            gettext(
                "There are {value} names for {count} tables: add tables or remove names."
            ).format(value=len(names), count=count),
            field="names",
        )
    existing = {t.number: t for t in tournament.tables.all()}
    for number in range(1, count + 1):
        name = names[number - 1].strip() if number <= len(names) else ""
        if len(name) > 40:
            raise ServiceError(
                gettext("The name of table {number} is longer than 40 characters.").format(
                    number=number
                ),
                field="names",
            )
        table = existing.get(number)
        if table is None:
            Table.objects.create(tournament=tournament, number=number, name=name)
        elif table.name != name:
            table.name = name
            table.save(update_fields=["name"])
    extra = [t for n, t in existing.items() if n > count]
    for table in extra:
        if table.seats.exists():
            raise ServiceError(
                gettext("{table} already has players seated, so it cannot be removed.").format(
                    table=table
                ),
                field="count",
            )
        table.delete()


@transaction.atomic
def session_schedule_update(
    *, tournament: Tournament, changes: list[tuple[int, dt.datetime | None, int]]
) -> None:
    """New planned starts and lengths, as ``(session number, start, minutes)``."""
    sessions = {s.number: s for s in tournament.sessions.select_for_update()}
    for number, start, minutes in changes:
        session = sessions[number]
        if session.state == Session.State.FINISHED and (
            start != session.planned_start or minutes != session.minutes
        ):
            raise ServiceError(
                gettext("Session {number} is finished; its schedule cannot change.").format(
                    number=number
                )
            )
        session.planned_start = start
        session.minutes = minutes
        session.save(update_fields=["planned_start", "minutes"])


@transaction.atomic
def staff_add(
    *, tournament: Tournament, username: str, role: str, may_run_clock: bool = False
) -> Staff:
    """Make a user organiser or referee; a user already on the staff changes role."""
    User = get_user_model()
    user = User.objects.filter(username__iexact=username.strip()).first()
    if user is None:
        raise ServiceError(
            gettext("There is no user “{username}”. They must sign up first.").format(
                username=username
            ),
            field="username",
        )
    staff = Staff.objects.filter(tournament=tournament, user=user).first()
    if staff is not None and staff.role == Staff.Role.ORGANISER and role != staff.role:
        _keep_an_organiser(tournament, leaving=staff)
    staff, _ = Staff.objects.update_or_create(
        tournament=tournament,
        user=user,
        defaults={
            "role": role,
            "may_run_clock": may_run_clock and role == Staff.Role.REFEREE,
        },
    )
    return staff


def _keep_an_organiser(tournament: Tournament, *, leaving: Staff) -> None:
    others = Staff.objects.filter(tournament=tournament, role=Staff.Role.ORGANISER).exclude(
        pk=leaving.pk
    )
    if not others.exists():
        raise ServiceError(
            gettext("{user} is the only organiser; add another organiser first.").format(
                user=leaving.user
            )
        )


@transaction.atomic
def staff_remove(*, staff: Staff) -> None:
    if staff.role == Staff.Role.ORGANISER:
        _keep_an_organiser(staff.tournament, leaving=staff)
    staff.delete()


@transaction.atomic
def tournament_set_visibility(*, tournament: Tournament, published: bool) -> None:
    """Publish, or back to draft. Never back to draft while the event runs: the players'
    seating, clock and standings would vanish from their phones mid-session."""
    if not published:
        states = set(tournament.sessions.values_list("state", flat=True))
        if states - {Session.State.PLANNED} and states - {Session.State.FINISHED}:
            raise ServiceError(
                gettext(
                    "The tournament is being played: the players need its seating, clock and "
                    "standings. Back to draft is possible before the first session or after "
                    "the last one."
                )
            )
    tournament.visibility = (
        Tournament.Visibility.PUBLISHED if published else Tournament.Visibility.DRAFT
    )
    tournament.save(update_fields=["visibility"])


@transaction.atomic
def staff_assign_tables(*, staff: Staff, first: int | None, last: int | None) -> Staff:
    """Give a referee a range of tables (both ends included), or none with two blanks."""
    if staff.role != Staff.Role.REFEREE:
        raise ServiceError(
            gettext("{user} is not a referee: only referees look after tables.").format(
                user=staff.user
            )
        )
    if (first is None) != (last is None):
        raise ServiceError(
            gettext("Give the first and the last table, or neither."), field="first_table"
        )
    if first is not None and last is not None:
        if first > last:
            raise ServiceError(
                gettext("The first table ({first}) comes after the last ({last}).").format(
                    first=first, last=last
                ),
                field="first_table",
            )
        numbers = set(staff.tournament.tables.values_list("number", flat=True))
        if first not in numbers or last not in numbers:
            raise ServiceError(
                gettext(
                    "Tables {first}–{last} are not all tables of this "
                    "tournament (it has tables {value}–{value2})."
                ).format(
                    first=first,
                    last=last,
                    value=min(numbers, default=0),
                    value2=max(numbers, default=0),
                ),
                field="first_table",
            )
    staff.first_table, staff.last_table = first, last
    staff.save(update_fields=["first_table", "last_table"])
    return staff
