"""The organiser's registration desk: opening and closing registration, confirming, adding
and importing players, check-in, withdrawals, and reserves filling the freed seats.
"""

from __future__ import annotations

import base64
from urllib.parse import urlencode

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from tournament.errors import ServiceError
from tournament.models import Registration, Tournament
from tournament.pages import (
    form_error,
    organised_tournament,
    redirect_back,
)
from tournament.registration import selectors
from tournament.registration import services as reg_services
from tournament.registration.forms import (
    ImportForm,
    RegistrationAddForm,
    WithdrawalForm,
)
from tournament.registration.importing import ImportFileError, read_player_file
from tournament.seating.vacancies import Vacancy, seat_vacancies, seats_to_vacate
from web.converters import parse_id


@require_POST
def open_registration(request, slug: str):
    tournament = organised_tournament(request, slug)
    try:
        reg_services.registration_window_open(tournament=tournament, now=timezone.now())
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, gettext("Registration is open."))
    return redirect_back(request, tournament)


@require_POST
def close_registration(request, slug: str):
    tournament = organised_tournament(request, slug)
    reg_services.registration_window_close(tournament=tournament, now=timezone.now())
    messages.success(request, gettext("Registration is closed."))
    return redirect_back(request, tournament)


@require_POST
def confirm_pending(request, slug: str):
    tournament = organised_tournament(request, slug)
    n = reg_services.registration_confirm_pending(tournament=tournament)
    messages.success(request, gettext("{n} registration(s) confirmed.").format(n=n))
    return redirect_back(request, tournament)


@require_POST
def fill_from_reserves(request, slug: str):
    tournament = organised_tournament(request, slug)
    if seat_vacancies(tournament):
        # Seats left empty after the seating are filled by the reserve the
        # organiser chooses, seeing what each would cost in repeats.
        return redirect("tournament:seating_fill", slug=slug)
    try:
        result = reg_services.field_fill_from_reserves(tournament=tournament)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        field = result.field
        messages.success(
            request,
            gettext(
                "{filling} reserve(s) fill in: {size} players at {tables_needed} tables."
            ).format(filling=field.filling, size=field.size, tables_needed=field.tables_needed),
        )
        if result.seated:
            messages.success(
                request,
                gettext("Empty seats taken: {seats}.").format(
                    seats="; ".join(
                        gettext("{player} at {seat}").format(player=player, seat=_seat(seat))
                        for player, seat in result.seated
                    )
                ),
            )
        _tell_empty_seats(request, tournament)
    return redirect_back(request, tournament)


def _tell_empty_seats(request, tournament: Tournament) -> None:
    """After a withdrawal or a fill: the planned sessions that still have an empty seat."""
    vacancies = seat_vacancies(tournament)
    if vacancies:
        messages.warning(
            request,
            gettext(
                "Empty seats in the sessions still to play: {seats}. Check a reserve in and "
                "fill from the reserves (the reserve takes exactly these seats), or generate "
                "the seating again."
            ).format(seats="; ".join(_seat(v) for v in vacancies)),
        )


def _seat(vacancy: Vacancy) -> str:
    """An empty seat in words: "session 5, Table 3 North"."""
    return gettext("session {number}, {table} {wind}").format(
        number=vacancy.session.number, table=vacancy.table, wind=vacancy.wind_label
    )


def registration_withdraw_confirm(request, slug: str, pk: int):
    """Withdraw asks first: the seats it frees, and a reason, stored with when
    and by whom.  Never one click."""
    tournament = organised_tournament(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "tournament"), pk=pk, tournament=tournament
    )
    back = request.POST.get("next") or request.GET.get("next") or ""
    if not (back.startswith("/") and url_has_allowed_host_and_scheme(back, {request.get_host()})):
        back = reverse("tournament:players", args=[tournament.slug])
    if registration.status == Registration.Status.WITHDRAWN:
        messages.info(
            request,
            gettext("{player} has already withdrawn.").format(player=registration.player),
        )
        return redirect(back)
    form = WithdrawalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            outcome = reg_services.registration_withdraw(
                registration=registration, user=request.user, reason=form.cleaned_data["reason"]
            )
        except ServiceError as error:
            form_error(form, error)
        else:
            messages.success(
                request, gettext("{player} has withdrawn.").format(player=registration.player)
            )
            if outcome is not None:
                messages.info(
                    request,
                    gettext("{player} moves up from the waiting list (to be confirmed).").format(
                        player=outcome.player
                    ),
                )
            _tell_empty_seats(request, tournament)
            return redirect_back(request, tournament, "tournament:players")
    return render(
        request,
        "tournament/manage/withdraw_confirm.html",
        {
            "tournament": tournament,
            "registration": registration,
            "seats": seats_to_vacate(tournament=tournament, player=registration.player),
            "started": selectors.event_started(tournament),
            "form": form,
            "back": back,
        },
    )


@require_POST
def registration_action(request, slug: str, pk: int, action: str):
    tournament = organised_tournament(request, slug)
    registration = get_object_or_404(
        Registration.objects.select_related("player", "tournament"), pk=pk, tournament=tournament
    )
    if action == "withdraw":
        # Never one click: the page that asks, with the seats and a reason.
        url = reverse("tournament:registration_withdraw", args=[tournament.slug, registration.pk])
        return redirect(f"{url}?{urlencode({'next': request.POST.get('next', '')})}")
    if action not in REGISTRATION_ACTIONS:
        messages.error(request, gettext("Unknown action “{action}”.").format(action=action))
        return redirect_back(request, tournament, "tournament:players")
    try:
        REGISTRATION_ACTIONS[action](registration)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("{player}: done ({value}).").format(
                player=registration.player, value=action.replace("-", " ")
            ),
        )
        if action == "stop-filling":
            _tell_empty_seats(request, tournament)
    return redirect_back(request, tournament, "tournament:players")


def player_add(request, slug: str):
    tournament = organised_tournament(request, slug)
    form = RegistrationAddForm(request.POST or None, teams=bool(tournament.team_size))
    if request.method == "POST" and form.is_valid():
        check = reg_services.player_check(form.row(), tournament=tournament)
        if check.skip:
            check.error("", check.skip)
        form.add_check_errors(check)
        if not form.errors:
            try:
                registration = reg_services.registration_add(
                    tournament=tournament, check=check, user=request.user
                )
            except ServiceError as error:
                form_error(form, error)
            else:
                # The form's own (a lost leading zero it put back) and the check's, once.
                warnings = form.warnings + [w for w in check.warnings if w not in form.warnings]
                for warning in warnings:
                    messages.warning(
                        request,
                        gettext("{player}: {warning}").format(
                            player=registration.player, warning=warning
                        ),
                    )
                status = (
                    "reserve"
                    if registration.is_reserve
                    else registration.get_status_display().lower()
                )
                messages.success(
                    request,
                    gettext("{player} is registered ({status}).").format(
                        player=registration.player, status=status
                    ),
                )
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
    tournament = organised_tournament(request, slug)
    key = _session_key(tournament)
    form = ImportForm()
    report = result = None
    filename = ""
    if request.method == "POST" and request.POST.get("action") == "good-rows":
        stored = request.session.get(key)
        if stored is None:
            messages.error(request, gettext("The file is no longer at hand; upload it again."))
            return redirect("tournament:player_import", slug=tournament.slug)
        filename = stored["name"]
        rows = read_player_file(filename, base64.b64decode(stored["data"]))
        report, result = reg_services.registration_import(
            tournament=tournament, rows=rows, only_good_rows=True, user=request.user
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
                report, result = reg_services.registration_import(
                    tournament=tournament, rows=rows, user=request.user
                )
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
            gettext(
                "Imported from {filename}: {confirmed} confirmed, "
                "{waiting} on the waiting list, {reserves} reserve(s); "
                "{skipped} already registered."
            ).format(
                filename=filename,
                confirmed=result.confirmed,
                waiting=result.waiting,
                reserves=result.reserves,
                skipped=result.skipped,
            ),
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
    tournament = organised_tournament(request, slug)
    if request.method == "POST":
        ids = [i for i in map(parse_id, request.POST.getlist("registration")) if i is not None]
        checked_in = request.POST.get("action") != "undo"
        if not ids:
            messages.error(request, gettext("Tick the players to check in first."))
        else:
            try:
                n = reg_services.registration_check_in(
                    tournament=tournament, ids=ids, checked_in=checked_in
                )
            except ServiceError as error:
                messages.error(request, error.message)
            else:
                # Whole sentences with plurals: Polish agrees the verb with the number.
                if checked_in:
                    text = ngettext("{n} checked in.", "{n} checked in.", n)
                else:
                    text = ngettext("{n} no longer checked in.", "{n} no longer checked in.", n)
                messages.success(request, text.format(n=n))
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


REGISTRATION_ACTIONS = {
    "confirm": lambda r: reg_services.registration_confirm(registration=r),
    "reserve": lambda r: reg_services.registration_set_reserve(registration=r, reserve=True),
    "player": lambda r: reg_services.registration_set_reserve(registration=r, reserve=False),
    "counts": lambda r: reg_services.registration_set_results_count(registration=r, counts=True),
    "not-counted": lambda r: reg_services.registration_set_results_count(
        registration=r, counts=False
    ),
    "stop-filling": lambda r: reg_services.reserve_stop_filling(registration=r),
}
