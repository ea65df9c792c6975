"""The organiser's pages: create and set up a tournament, manage registrations, check in.

Views parse input, call one service, and show the result; a ``ServiceError`` becomes a
message or a form error, and the form comes back filled in.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from tournament.clock import selectors as clock_selectors
from tournament.errors import ServiceError
from tournament.events import selectors
from tournament.events import services as setup_services
from tournament.events.forms import (
    SessionScheduleFormSet,
    StaffForm,
    TablesForm,
    TournamentForm,
)
from tournament.models import Session, Staff
from tournament.pages import (
    form_error,
    organised_tournament,
    redirect_back,
    viewable_tournament,
)
from tournament.permissions import may_create_tournament, require_may_create_tournament
from tournament.registration import selectors as registration_selectors
from tournament.seating import selectors as seating_selectors
from web.converters import parse_id


@login_required
def tournament_new(request):
    require_may_create_tournament(request.user)
    form = TournamentForm(request.POST or None, creating=True)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = setup_services.tournament_create(
                user=request.user,
                data=form.cleaned_data,
                table_count=form.cleaned_data.get("tables"),
            )
        except ServiceError as error:
            form_error(form, error)
        else:
            messages.success(
                request,
                gettext("{tournament} is created. You are its organiser.").format(
                    tournament=tournament
                ),
            )
            return redirect("tournament:dashboard", slug=tournament.slug)
    return render(request, "tournament/manage/tournament_form.html", {"form": form, "new": True})


def settings(request, slug: str):
    tournament = organised_tournament(request, slug)
    # Read before the form: a ModelForm's validation writes into the instance.
    old_start, old_count = tournament.start_date, tournament.session_count
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            updated = setup_services.tournament_update(
                tournament=tournament, data=form.cleaned_data
            )
        except ServiceError as error:
            form_error(form, error)
        else:
            messages.success(request, gettext("Settings saved."))
            _schedule_news(request, updated, old_start, old_count)
            return redirect("tournament:dashboard", slug=tournament.slug)
    # A failed ModelForm validation leaves the instance half-changed: show the stored name.
    tournament.refresh_from_db()
    return render(
        request,
        "tournament/manage/tournament_form.html",
        {"form": form, "tournament": tournament, "new": False},
    )


def _schedule_news(request, tournament, old_start, old_count: int) -> None:
    """What a change of the settings did to the planned starts, said rather than done
    silently, and any clash it left."""
    days = (tournament.start_date - old_start).days
    if days:
        messages.info(
            request,
            ngettext(
                "The planned sessions moved with the dates, {days} day later.",
                "The planned sessions moved with the dates, {days} days later.",
                abs(days),
            ).format(days=days)
            if days > 0
            else ngettext(
                "The planned sessions moved with the dates, {days} day earlier.",
                "The planned sessions moved with the dates, {days} days earlier.",
                abs(days),
            ).format(days=-days),
        )
    added = tournament.session_count - old_count
    if added > 0:
        messages.info(
            request,
            ngettext(
                "Session {first} starts after session {previous}; check its start on the "
                "schedule page.",
                "Sessions {first} to {last} start one after the other after session "
                "{previous}; check them on the schedule page.",
                added,
            ).format(first=old_count + 1, last=tournament.session_count, previous=old_count),
        )
    for clash in selectors.schedule_clashes(tournament):
        messages.warning(request, clash)


def tables(request, slug: str):
    tournament = organised_tournament(request, slug)
    existing = list(tournament.tables.all())
    names = [t.name for t in existing]
    while names and not names[-1]:
        names.pop()
    form = TablesForm(
        request.POST or None, initial={"count": len(existing), "names": "\n".join(names)}
    )
    if request.method == "POST" and form.is_valid():
        try:
            setup_services.tournament_set_tables(
                tournament=tournament,
                count=form.cleaned_data["count"],
                names=form.cleaned_data["names"],
            )
        except ServiceError as error:
            form_error(form, error)
        else:
            messages.success(
                request,
                gettext("The tournament has {value} tables.").format(
                    value=form.cleaned_data["count"]
                ),
            )
            return redirect("tournament:tables", slug=tournament.slug)
    return render(
        request,
        "tournament/manage/tables.html",
        {"tournament": tournament, "form": form, "tables": existing},
    )


def schedule(request, slug: str):
    tournament = organised_tournament(request, slug)
    sessions = list(tournament.sessions.order_by("number"))
    initial = [
        {"number": s.number, "planned_start": s.planned_start, "minutes": s.minutes}
        for s in sessions
    ]
    formset = SessionScheduleFormSet(request.POST or None, initial=initial)
    if request.method == "POST" and formset.is_valid():
        known = {s.number for s in sessions}
        changes = [
            (f.cleaned_data["number"], f.cleaned_data["planned_start"], f.cleaned_data["minutes"])
            for f in formset
            if f.cleaned_data.get("number") in known
        ]
        try:
            setup_services.session_schedule_update(tournament=tournament, changes=changes)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, gettext("Schedule saved."))
            return redirect("tournament:schedule", slug=tournament.slug)
    rows = list(zip(sessions, formset, strict=False))
    return render(
        request,
        "tournament/manage/schedule.html",
        {
            "tournament": tournament,
            "formset": formset,
            "rows": rows,
            "clashes": selectors.schedule_clashes(tournament, sessions),
        },
    )


def staff(request, slug: str):
    tournament = organised_tournament(request, slug)
    form = StaffForm(request.POST or None, initial={"role": Staff.Role.REFEREE})
    if request.method == "POST" and form.is_valid():
        try:
            member = setup_services.staff_add(tournament=tournament, **form.cleaned_data)
        except ServiceError as error:
            form_error(form, error)
        else:
            messages.success(
                request,
                gettext("{user} is now {value}.").format(
                    user=member.user, value=member.get_role_display().lower()
                ),
            )
            return redirect("tournament:staff", slug=tournament.slug)
    return render(
        request,
        "tournament/manage/staff.html",
        {"tournament": tournament, "form": form, "staff": selectors.staff_list(tournament)},
    )


@require_POST
def staff_remove(request, slug: str, pk: int):
    tournament = organised_tournament(request, slug)
    member = get_object_or_404(Staff, pk=pk, tournament=tournament)
    try:
        setup_services.staff_remove(staff=member)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, gettext("{user} is no longer on the staff.").format(user=member.user)
        )
    return redirect("tournament:staff", slug=tournament.slug)


@require_http_methods(["GET", "POST"])
def publish(request, slug: str):
    """Publish (POST), or back to draft after a confirmation page (GET shows it): a draft
    hides every page of the tournament from the players at once."""
    tournament = organised_tournament(request, slug)
    if request.method == "GET":
        return render(
            request,
            "tournament/manage/unpublish.html",
            {"tournament": tournament, **selectors.unpublish_consequences(tournament)},
        )
    published = request.POST.get("published", "1") == "1"
    try:
        setup_services.tournament_set_visibility(tournament=tournament, published=published)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request, "Published." if published else "Back to draft: only staff see it."
        )
    return redirect_back(request, tournament)


def home(request):
    tournaments = selectors.visible_tournaments(request.user)
    return render(
        request,
        "tournament/home.html",
        {
            "tournaments": tournaments,
            "my_registrations": selectors.registrations_of_user(request.user),
            "may_create": may_create_tournament(request.user),
        },
    )


def _my_day(tournament, registration, now) -> dict:
    """What a registered player looks for on the event page: where he sits next and the
    clock of the session being played."""
    session = tournament.sessions.filter(state=Session.State.RUNNING).first()
    clock = None
    if session is not None:
        clock = {"session": session, "reading": clock_selectors.session_clock_reading(session, now)}
    active = registration is not None and registration.status != registration.Status.WITHDRAWN
    player = registration.player if active else None
    next_seat = seating_selectors.player_next_seat(tournament, player) if player else None
    return {"my_player": player, "my_next": next_seat, "clock_now": clock}


def detail(request, slug: str):
    tournament = viewable_tournament(request, slug)
    now = timezone.now()
    my_registration = registration_selectors.registration_of(tournament, request.user)
    return render(
        request,
        "tournament/detail.html",
        {
            **_my_day(tournament, my_registration, now),
            "tournament": tournament,
            "sessions": selectors.sessions_with_counts(tournament),
            "counts": registration_selectors.registration_counts(tournament),
            "tables": tournament.tables.count(),
            "rules": selectors.rules_summary(tournament),
            "registration_open": registration_selectors.registration_is_open(tournament, now),
            "my_registration": my_registration,
            "waiting_position": registration_selectors.waiting_position(my_registration),
            "started": registration_selectors.event_started(tournament),
            "now_dt": now,
        },
    )


@require_POST
def staff_tables(request, slug: str, pk: int):
    """The organiser gives a referee a range of tables."""
    tournament = organised_tournament(request, slug)
    member = get_object_or_404(Staff, pk=pk, tournament=tournament)

    def number(name: str) -> int | None:
        # parse_id, not str.isdigit(): "²" is a digit to isdigit() and not to int() (a 500).
        return parse_id(request.POST.get(name, ""))

    first, last = number("first_table"), number("last_table")
    bad = [
        label
        for name, label, value in (("first_table", "first", first), ("last_table", "last", last))
        if request.POST.get(name, "").strip() and value is None
    ]
    try:
        if bad:
            raise ServiceError(
                gettext("The {value} table must be a table number.").format(value=" and ".join(bad))
            )
        setup_services.staff_assign_tables(staff=member, first=first, last=last)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            f"{member.user} looks after tables {first}–{last}."
            if first
            else f"{member.user} has no tables of his own.",
        )
    return redirect("tournament:staff", slug=tournament.slug)
