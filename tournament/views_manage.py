"""The organiser's pages: create and set up a tournament, manage registrations, check in.

Views parse input, call one service, and show the result; a ``ServiceError`` becomes a
message or a form error, and the form comes back filled in.
"""

from __future__ import annotations

import base64

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from . import selectors
from .forms import (
    ImportForm,
    RegistrationAddForm,
    SessionScheduleFormSet,
    StaffForm,
    TablesForm,
    TournamentForm,
)
from .importing import ImportFileError, read_player_file
from .models import Registration, Staff, Tournament
from .permissions import require_organiser
from .services import ServiceError
from .services import registration as reg_services
from .services import tournaments as setup_services


def _organised(request, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    require_organiser(request.user, tournament)
    return tournament


def _back(request, tournament: Tournament, default: str = "tournament:dashboard"):
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}):
        return redirect(target)
    return redirect(default, slug=tournament.slug)


def _form_error(form, error: ServiceError) -> None:
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


@login_required
def tournament_new(request):
    form = TournamentForm(request.POST or None, creating=True)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = setup_services.tournament_create(
                user=request.user,
                data=form.cleaned_data,
                table_count=form.cleaned_data.get("tables"),
            )
        except ServiceError as error:
            _form_error(form, error)
        else:
            messages.success(request, f"{tournament} is created. You are its organiser.")
            return redirect("tournament:dashboard", slug=tournament.slug)
    return render(request, "tournament/manage/tournament_form.html", {"form": form, "new": True})


def dashboard(request, slug: str):
    tournament = _organised(request, slug)
    context = selectors.dashboard(tournament, timezone.now())
    return render(
        request, "tournament/manage/dashboard.html", {"tournament": tournament, **context}
    )


def settings(request, slug: str):
    tournament = _organised(request, slug)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            setup_services.tournament_update(tournament=tournament, data=form.cleaned_data)
        except ServiceError as error:
            _form_error(form, error)
        else:
            messages.success(request, "Settings saved.")
            return redirect("tournament:dashboard", slug=tournament.slug)
    # A failed ModelForm validation leaves the instance half-changed: show the stored name.
    tournament.refresh_from_db()
    return render(
        request,
        "tournament/manage/tournament_form.html",
        {"form": form, "tournament": tournament, "new": False},
    )


def tables(request, slug: str):
    tournament = _organised(request, slug)
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
            _form_error(form, error)
        else:
            messages.success(request, f"The tournament has {form.cleaned_data['count']} tables.")
            return redirect("tournament:tables", slug=tournament.slug)
    return render(
        request,
        "tournament/manage/tables.html",
        {"tournament": tournament, "form": form, "tables": existing},
    )


def schedule(request, slug: str):
    tournament = _organised(request, slug)
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
            messages.success(request, "Schedule saved.")
            return redirect("tournament:schedule", slug=tournament.slug)
    rows = list(zip(sessions, formset, strict=False))
    return render(
        request,
        "tournament/manage/schedule.html",
        {"tournament": tournament, "formset": formset, "rows": rows},
    )


def staff(request, slug: str):
    tournament = _organised(request, slug)
    form = StaffForm(request.POST or None, initial={"role": Staff.Role.REFEREE})
    if request.method == "POST" and form.is_valid():
        try:
            member = setup_services.staff_add(tournament=tournament, **form.cleaned_data)
        except ServiceError as error:
            _form_error(form, error)
        else:
            messages.success(request, f"{member.user} is now {member.get_role_display().lower()}.")
            return redirect("tournament:staff", slug=tournament.slug)
    return render(
        request,
        "tournament/manage/staff.html",
        {"tournament": tournament, "form": form, "staff": selectors.staff_list(tournament)},
    )


@require_POST
def staff_remove(request, slug: str, pk: int):
    tournament = _organised(request, slug)
    member = get_object_or_404(Staff, pk=pk, tournament=tournament)
    try:
        setup_services.staff_remove(staff=member)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"{member.user} is no longer on the staff.")
    return redirect("tournament:staff", slug=tournament.slug)


@require_POST
def publish(request, slug: str):
    tournament = _organised(request, slug)
    published = request.POST.get("published", "1") == "1"
    setup_services.tournament_set_visibility(tournament=tournament, published=published)
    messages.success(request, "Published." if published else "Back to draft: only staff see it.")
    return _back(request, tournament)


@require_POST
def open_registration(request, slug: str):
    tournament = _organised(request, slug)
    try:
        setup_services.registration_window_open(tournament=tournament, now=timezone.now())
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, "Registration is open.")
    return _back(request, tournament)


@require_POST
def close_registration(request, slug: str):
    tournament = _organised(request, slug)
    setup_services.registration_window_close(tournament=tournament, now=timezone.now())
    messages.success(request, "Registration is closed.")
    return _back(request, tournament)


@require_POST
def confirm_pending(request, slug: str):
    tournament = _organised(request, slug)
    n = reg_services.registration_confirm_pending(tournament=tournament)
    messages.success(request, f"{n} registration(s) confirmed.")
    return _back(request, tournament)


@require_POST
def fill_from_reserves(request, slug: str):
    tournament = _organised(request, slug)
    try:
        field = reg_services.field_fill_from_reserves(tournament=tournament)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            f"{field.filling} reserve(s) fill in: {field.size} players at "
            f"{field.tables_needed} tables.",
        )
    return _back(request, tournament)


REGISTRATION_ACTIONS = {
    "confirm": lambda r: reg_services.registration_confirm(registration=r),
    "withdraw": lambda r: reg_services.registration_withdraw(registration=r),
    "reserve": lambda r: reg_services.registration_set_reserve(registration=r, reserve=True),
    "player": lambda r: reg_services.registration_set_reserve(registration=r, reserve=False),
    "counts": lambda r: reg_services.registration_set_results_count(registration=r, counts=True),
    "not-counted": lambda r: reg_services.registration_set_results_count(
        registration=r, counts=False
    ),
}


@require_POST
def registration_action(request, slug: str, pk: int, action: str):
    tournament = _organised(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "tournament"), pk=pk, tournament=tournament
    )
    if action not in REGISTRATION_ACTIONS:
        messages.error(request, f"Unknown action “{action}”.")
        return _back(request, tournament, "tournament:players")
    try:
        outcome = REGISTRATION_ACTIONS[action](registration)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"{registration.player}: done ({action.replace('-', ' ')}).")
        if action == "withdraw" and outcome is not None:
            messages.info(
                request, f"{outcome.player} moves up from the waiting list (to be confirmed)."
            )
    return _back(request, tournament, "tournament:players")


def player_add(request, slug: str):
    tournament = _organised(request, slug)
    form = RegistrationAddForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        check = reg_services.player_check(form.row(), tournament=tournament)
        if check.skip:
            check.error("", check.skip)
        form.add_check_errors(check)
        if not form.errors:
            try:
                registration = reg_services.registration_add(tournament=tournament, check=check)
            except ServiceError as error:
                _form_error(form, error)
            else:
                for warning in check.warnings:
                    messages.warning(request, f"{registration.player}: {warning}")
                status = (
                    "reserve"
                    if registration.is_reserve
                    else registration.get_status_display().lower()
                )
                messages.success(request, f"{registration.player} is registered ({status}).")
                if "again" in request.POST:
                    return redirect("tournament:player_add", slug=tournament.slug)
                return redirect("tournament:players", slug=tournament.slug)
    return render(
        request, "tournament/manage/player_add.html", {"tournament": tournament, "form": form}
    )


def _session_key(tournament: Tournament) -> str:
    return f"player-import:{tournament.pk}"


def player_import(request, slug: str):
    """Upload, check, and import; a file with bad rows is kept for "only the good rows"."""
    tournament = _organised(request, slug)
    key = _session_key(tournament)
    form = ImportForm()
    report = result = None
    filename = ""
    if request.method == "POST" and request.POST.get("action") == "good-rows":
        stored = request.session.get(key)
        if stored is None:
            messages.error(request, "The file is no longer at hand; upload it again.")
            return redirect("tournament:player_import", slug=tournament.slug)
        filename = stored["name"]
        rows = read_player_file(filename, base64.b64decode(stored["data"]))
        report, result = reg_services.registration_import(
            tournament=tournament, rows=rows, only_good_rows=True
        )
        del request.session[key]
    elif request.method == "POST":
        form = ImportForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            filename = upload.name
            data = upload.read()
            try:
                rows = read_player_file(filename, data)
            except ImportFileError as error:
                form.add_error("file", str(error))
            else:
                report, result = reg_services.registration_import(tournament=tournament, rows=rows)
                if result is None:
                    request.session[key] = {
                        "name": filename,
                        "data": base64.b64encode(data).decode("ascii"),
                    }
                else:
                    request.session.pop(key, None)
    if result is not None:
        messages.success(
            request,
            f"Imported from {filename}: {result.confirmed} confirmed, {result.waiting} on the "
            f"waiting list, {result.reserves} reserve(s); {result.skipped} already registered.",
        )
    return render(
        request,
        "tournament/manage/import.html",
        {
            "tournament": tournament,
            "form": form,
            "report": report,
            "result": result,
            "filename": filename,
        },
    )


def checkin(request, slug: str):
    tournament = _organised(request, slug)
    if request.method == "POST":
        ids = [int(i) for i in request.POST.getlist("registration") if i.isdigit()]
        checked_in = request.POST.get("action") != "undo"
        if not ids:
            messages.error(request, "Tick the players to check in first.")
        else:
            try:
                n = reg_services.registration_check_in(
                    tournament=tournament, ids=ids, checked_in=checked_in
                )
            except ServiceError as error:
                messages.error(request, error.message)
            else:
                verb = "checked in" if checked_in else "no longer checked in"
                messages.success(request, f"{n} {verb}.")
        return redirect(reverse("tournament:checkin", args=[tournament.slug]))
    return render(
        request,
        "tournament/manage/checkin.html",
        {
            "tournament": tournament,
            "registrations": selectors.checkin_list(tournament),
            "field": selectors.field_status(tournament),
        },
    )
