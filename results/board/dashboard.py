"""The organiser's dashboard: the steps from setting up to the EMA file, with what each
one waits for.  It reads the score sheets and the desk's final check, so it sits with the
results, above the sheets and the desk."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count
from django.urls import reverse
from django.utils.translation import gettext

from results.board.checks import final_check, final_check_notes
from results.privacy import selectors as privacy_selectors
from scoring.models import ScoreSheet
from tournament.events.selectors import ema_warnings, schedule_clashes, sessions_with_counts
from tournament.models import Registration, Session, Staff, Tournament
from tournament.registration import selectors as registration_selectors
from tournament.seating.vacancies import seat_vacancies


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
            # Done only once it was opened (a tick for a registration never opened would tell
            # an untruth); needless, not done, when the players are there without it.
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
            # seeing what each would cost in repeats: the step leads to that
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
            # Once seated, say so: "Not ready" beside a tick would contradict it.
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
    scored in turn, then the final check and the EMA file."""
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
