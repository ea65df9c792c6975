"""Pages of player reporting: the player's "my table" page, where he enters the
sheet or confirms or disputes it (also with a table-mate's personal code), the organiser's
setting and the slips with the personal codes, and the event's hand statistics."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from scoring import selectors as sheet_selectors
from scoring.models import ScoreSheet
from scoring.services import SheetConflict, SheetError, TableSeats
from scoring.statistics import hand_statistics
from scoring.views import _forms, _hand_rows, _result_rows, hands_check, record_live_hands
from tournament import slip_codes
from tournament.pages import organised_tournament, viewable_tournament
from tournament.registration import selectors as registration_selectors
from web import throttle

from . import selectors, services
from .forms import AnswerForm, CodeAnswerForm, ReportingSettingsForm


def _player(request, tournament):
    """The account's own entry in this tournament (never another tournament's)."""
    return registration_selectors.entry_of(tournament, request.user)


def _table_or_denied(tournament, request) -> selectors.MyTable:
    table = selectors.my_table(tournament, _player(request, tournament))
    if table is None:
        raise PermissionDenied(gettext("You are not seated in the session being played."))
    return table


def _show_error(form, error: SheetError) -> None:
    field = getattr(error, "field", None)
    form.add_error(field if field in form.fields else None, str(error))


@login_required
def my_table(request, slug: str, answer_form=None, code_form=None, status=None):
    tournament = viewable_tournament(request, slug)
    setting = services.reporting_settings(tournament)
    table = selectors.my_table(tournament, _player(request, tournament))
    context = {"tournament": tournament, "setting": setting, "table": table}
    if table is not None and table.sheet is not None:
        seats = TableSeats([a.seat for a in table.seats])
        sheet = table.sheet
        lines = sheet_selectors.entry_lines(sheet.mode, sheet.entry, seats.names)
        hands = len(sheet.entry.get("hands", [])) if sheet.mode == ScoreSheet.Mode.HANDS else 0
        context.update(
            result_rows=_result_rows(sheet.result, seats.names),
            entry_lines=lines,
            hand_lines=lines[:hands],
            other_lines=lines[hands:],
            answer_form=answer_form or AnswerForm(initial={"version": sheet.version}),
            code_form=code_form
            or CodeAnswerForm(initial={"version": sheet.version}, auto_id="code_%s"),
        )
    if status is None:
        status = 200 if answer_form is None and code_form is None else 400
    return render(request, "scoring/reporting/my_table.html", context, status=status)


@login_required
def enter_sheet(request, slug: str):
    """The player's sheet: the referee's forms and the same ``sheet_save`` behind them."""
    tournament = viewable_tournament(request, slug)
    if not services.reporting_settings(tournament).players_report:
        raise PermissionDenied(
            gettext("In this tournament only the referees enter the score sheets.")
        )
    table = _table_or_denied(tournament, request)
    if table.sheet is not None and table.sheet.is_confirmed:
        messages.info(
            request, gettext("This sheet is confirmed: only a referee can correct it now.")
        )
        return redirect("reporting:my_table", slug)
    seats = TableSeats([a.seat for a in table.seats])
    mode = request.POST.get("mode") or request.GET.get("mode")
    if mode not in ScoreSheet.Mode.values:
        mode = table.sheet.mode if table.sheet else ScoreSheet.Mode.FINAL
    form, formset = _forms(
        request,
        tournament=tournament,
        session=table.session,
        table=table.seat.table,
        sheet=table.sheet,
        seats=seats,
        mode=mode,
    )
    checked = None
    if request.method == "POST" and form.is_valid():
        if request.POST.get("action") == "check":
            checked = form.answer
            if mode == ScoreSheet.Mode.HANDS:
                record_live_hands(table.session, table.seat.table, form.entry()["hands"])
        else:
            try:
                services.player_sheet_save(
                    session=table.session,
                    table=table.seat.table,
                    player=table.seat.player,
                    user=request.user,
                    mode=mode,
                    entry=form.entry(),
                    expected_version=form.cleaned_data["version"],
                )
            except SheetConflict as error:
                form.add_error(
                    None,
                    gettext(
                        "Not saved: {error} Read the sheet as it is now, then answer it."
                    ).format(error=error),
                )
            except SheetError as error:
                form.add_error(None, str(error))
            else:
                messages.success(
                    request,
                    gettext("Sheet saved. Your table-mates now confirm it on their phones."),
                )
                return redirect("reporting:my_table", slug)
    running = sheet_selectors.running_totals(checked) if checked else []
    return render(
        request,
        "scoring/reporting/enter.html",
        {
            "tournament": tournament,
            "table": table,
            "session": table.session,
            "seats": seats.seats,
            "mode": mode,
            "form": form,
            "formset": formset,
            "result_rows": _result_rows(checked, seats.names),
            "hand_rows": _hand_rows(formset, running) if formset is not None else [],
            "empty_cells": (
                [{"fields": f} for f in formset.empty_form.seat_fields()] if formset else []
            ),
            "seat_heads": list(zip("ESWN", seats.names, strict=True)),
            "names": seats.names,
            "rules": tournament.rules(),
        },
    )


@login_required
@require_POST
def check_hands(request, slug: str):
    """The running totals of the hands the player has typed so far (JSON), for his phone's
    one hand at a time: the referee's check, for the table he is seated at and no other."""
    tournament = viewable_tournament(request, slug)
    if not services.reporting_settings(tournament).players_report:
        raise PermissionDenied(
            gettext("In this tournament only the referees enter the score sheets.")
        )
    table = _table_or_denied(tournament, request)
    if table.sheet is not None and table.sheet.is_confirmed:
        # Confirmed: only a referee corrects it, and the stream keeps the confirmed hands.
        return JsonResponse(
            {
                "ok": False,
                "error": gettext("This sheet is confirmed: only a referee can correct it now."),
                "error_hand": None,
            },
            status=409,
        )
    return hands_check(request, tournament, table.session, table.seat.table)


@login_required
@require_POST
def answer(request, slug: str):
    tournament = viewable_tournament(request, slug)
    table = _table_or_denied(tournament, request)
    form = AnswerForm(request.POST)
    if table.sheet is None:
        messages.error(request, gettext("Nobody has entered your table's sheet yet."))
        return redirect("reporting:my_table", slug)
    if form.is_valid():
        try:
            services.sheet_respond(
                sheet=table.sheet,
                version=form.cleaned_data["version"],
                player=table.seat.player,
                user=request.user,
                kind=form.cleaned_data["kind"],
                reason=form.cleaned_data["reason"],
            )
        except SheetError as error:
            _show_error(form, error)
        else:
            return _answered(request, slug, form.cleaned_data["kind"], table.seat.player)
    return my_table(request, slug, answer_form=form)


@login_required
@require_POST
def answer_with_code(request, slug: str):
    """A table-mate without a phone answers here, on this player's phone, with his code."""
    tournament = viewable_tournament(request, slug)
    table = _table_or_denied(tournament, request)
    form = CodeAnswerForm(request.POST, auto_id="code_%s")
    address = throttle.client_address(request)
    wait = slip_codes.guess_wait(request.user, address)
    if wait is not None:
        # A few wrong codes a minute, per account and per address, then a wait the page
        # states (a slip code is short: 2,000 guesses in 98 s met no resistance).
        text = gettext(
            "Too many codes that were not accepted. Try again in {minutes} minute(s)."
        ).format(minutes=throttle.minutes(wait))
        if table.sheet is None:  # the page shows no code field then
            messages.error(request, text)
        else:
            form.add_error("code", text)
        response = my_table(request, slug, code_form=form, status=429)
        response["Retry-After"] = str(wait)
        return response
    if table.sheet is None:
        messages.error(request, gettext("Nobody has entered your table's sheet yet."))
        return redirect("reporting:my_table", slug)
    if form.is_valid():
        try:
            services.respond_with_code(
                sheet=table.sheet,
                version=form.cleaned_data["version"],
                code=form.cleaned_data["code"],
                user=request.user,
                kind=form.cleaned_data["kind"],
                reason=form.cleaned_data["reason"],
            )
        except services.CodeNotAccepted as error:
            slip_codes.count_wrong_guess(request.user, address)
            _show_error(form, error)
        except SheetError as error:
            _show_error(form, error)
        else:
            return _answered(request, slug, form.cleaned_data["kind"], None)
    return my_table(request, slug, code_form=form)


def _answered(request, slug: str, kind: str, player):
    if kind == "disputed":
        # A sentence of its own, capitalised; the player answered for goes before it.
        text = gettext("Sheet disputed. A referee is on the way.")
        messages.warning(request, f"{player}: {text}" if player else text)
    else:
        messages.success(request, gettext("Confirmed. Thank you."))
    return redirect("reporting:my_table", slug)


@login_required
def reporting_settings(request, slug: str):
    tournament = organised_tournament(request, slug)
    setting = services.reporting_settings(tournament)
    form = ReportingSettingsForm(request.POST or None, instance=setting)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(
            request,
            gettext("Score sheets: {value}.").format(value=setting.get_entry_display().lower()),
        )
        return redirect("reporting:settings", slug)
    return render(
        request,
        "scoring/reporting/settings.html",
        {"tournament": tournament, "form": form, "setting": setting},
        status=400 if form.is_bound else 200,
    )


@login_required
def code_slips(request, slug: str):
    """The slips with each player's personal code and seats, to cut and hand out.

    Opening the page gives a code to every registered player who has none yet (new
    registrations, late players); codes already printed never change.
    """
    tournament = organised_tournament(request, slug)
    codes = services.ensure_personal_codes(tournament=tournament)
    return render(
        request,
        "scoring/reporting/slips.html",
        {"tournament": tournament, "slips": selectors.code_slips(tournament, codes)},
    )


def event_statistics(request, slug: str):
    tournament = viewable_tournament(request, slug)
    return render(
        request,
        "scoring/reporting/statistics.html",
        {"tournament": tournament, "stats": hand_statistics(tournament)},
    )
