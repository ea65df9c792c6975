"""Score-sheet pages for the tournament's referees and organisers.  Views stay thin: a form
checks the entry with the rules core, a service stores it, a selector reads it back."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_POST

from scoring.rules.substitutes import FROM_START
from tournament.clock.selectors import table_ended_by_time
from tournament.events.current import sheets_session
from tournament.happenings import hands_checked
from tournament.models import Session, Table, Tournament
from tournament.pages import staffed_tournament
from tournament.permissions import require_organiser, require_view
from web.converters import parse_id
from web.numbers import table_points

from . import selectors
from .forms import (
    MAX_VERSION,
    CalculatorForm,
    FinalScoresForm,
    HandFormSet,
    HandsSheetForm,
    StandingsSettingsForm,
    hand_initial,
)
from .models import ScoreSheet, StandingsSettings
from .services import (
    SheetConflict,
    SheetError,
    desk_substitute_marks,
    sheet_confirm,
    sheet_save,
    table_seats,
)


def _sheet_url(session: Session, table: Table, mode: str | None = None) -> str:
    url = reverse("scoring:sheet", args=[session.tournament.slug, session.number, table.number])
    return f"{url}?mode={mode}" if mode else url


@login_required
def current_sheets(request, slug: str):
    """The sheets of the session being played or just played: the referee's start page."""
    tournament = staffed_tournament(request, slug)
    session = sheets_session(tournament)
    if session is None:
        messages.info(request, gettext("This tournament has no sessions yet."))
        return redirect("tournament:detail", slug)
    return redirect("scoring:session", slug, session.number)


@login_required
def session_sheets(request, slug: str, number: int):
    tournament = staffed_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    tables = selectors.session_sheets(session)
    done = sum(1 for t in tables if t.sheet and t.sheet.is_confirmed)
    return render(
        request,
        "scoring/session_sheets.html",
        {
            "tournament": tournament,
            "session": session,
            "tables": tables,
            "confirmed": done,
            "sessions": tournament.sessions.order_by("number"),
        },
    )


def _forms(request, *, tournament, session, table, sheet, seats, mode, disputed=False):
    """The sheet form of the chosen mode, bound to the POST or filled from the stored sheet."""
    # A correction of a confirmed or disputed sheet needs a reason; merely checking the
    # totals does not.
    checking = request.POST.get("action") == "check"
    confirmed = bool(sheet and sheet.is_confirmed) and not checking
    disputed = disputed and not checking
    data = request.POST if request.method == "POST" else None
    version = sheet.version if sheet else 0
    stored = sheet.entry if sheet and sheet.mode == mode else {}
    names = seats.names
    initial = {"version": version}
    marks = _substitute_marks(tournament, session, table, seats, stored)
    for i, kind in enumerate(marks):
        initial[f"substitute_{i}"] = kind
    common = {
        "tournament": tournament,
        "names": names,
        "confirmed": confirmed,
        "disputed": disputed,
    }
    if mode == ScoreSheet.Mode.FINAL:
        if stored:
            for i in range(4):
                initial[f"points_{i}"] = stored["points"][i]
                initial[f"chombo_{i}"] = (stored.get("chombo") or [0] * 4)[i]
            initial["riichi_left"] = stored.get("riichi_left", 0)
        return FinalScoresForm(data, initial=initial, **common), None
    hands = [hand_initial(h) for h in stored.get("hands", [])]
    formset = HandFormSet(
        data,
        initial=hands or None,
        prefix="hands",
        form_kwargs={"names": names, "ruleset": tournament.rules()},
    )
    if stored:
        initial["ended_by_time"] = stored.get("ended_by_time", False)
    else:  # the session clock knows whether time ended the table's game
        initial["ended_by_time"] = table_ended_by_time(session, table)
    return HandsSheetForm(data, initial=initial, formset=formset, **common), formset


@login_required
def sheet(request, slug: str, number: int, table_number: int):
    tournament = staffed_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    table = get_object_or_404(Table, tournament=tournament, number=table_number)
    session.tournament = tournament  # read above: saving the sheet need not read it again
    try:
        seats = table_seats(session, table)
    except SheetError as error:
        messages.error(request, str(error))
        return redirect("scoring:session", slug, number)
    current = ScoreSheet.objects.filter(session=session, table=table).first()
    mode = request.POST.get("mode") or request.GET.get("mode")
    if mode not in ScoreSheet.Mode.values:
        mode = current.mode if current else ScoreSheet.Mode.FINAL
    disputes = selectors.current_disputes(current)
    form, formset = _forms(
        request,
        tournament=tournament,
        session=session,
        table=table,
        sheet=current,
        seats=seats,
        mode=mode,
        disputed=bool(disputes),
    )
    conflict = None
    mine_lines: list[str] = []
    checked = None
    if request.method == "POST" and form.is_valid():
        if request.POST.get("action") == "check":
            checked = form.answer  # the referee asked for the running totals only
            if mode == ScoreSheet.Mode.HANDS:
                record_live_hands(session, table, form.entry()["hands"])
        else:
            try:
                saved = sheet_save(
                    session=session,
                    table=table,
                    mode=mode,
                    entry=form.entry(),
                    expected_version=form.cleaned_data["version"],
                    user=request.user,
                    reason=form.cleaned_data.get("reason", ""),
                )
            except SheetConflict as error:
                conflict = current = error.current
                mine_lines = selectors.entry_lines(mode, form.entry(), seats.names)
                # The refused entry stays in the form; a second deliberate save replaces
                # the stored version, which is shown beside it.
                data = request.POST.copy()
                data["version"] = conflict.version
                form.data = data
            except SheetError as error:
                form.add_error(None, str(error))
            else:
                messages.success(
                    request,
                    gettext("{table} saved (version {version}). Check and confirm it.").format(
                        table=table, version=saved.version
                    ),
                )
                return redirect(_sheet_url(session, table))
    # Totals shown beside the form must be those of what the form holds: a refused POST
    # shows none rather than the stored sheet's.
    if request.method == "POST":
        view_result = checked
    else:
        view_result = current.result if current and current.mode == mode else None
    running = selectors.running_totals(view_result) if view_result else []
    return render(
        request,
        "scoring/sheet.html",
        {
            "tournament": tournament,
            "session": session,
            "table": table,
            "seats": seats.seats,
            "names": seats.names,
            "sheet": current,
            "disputes": disputes,
            "mode": mode,
            "form": form,
            "formset": formset,
            "checked": checked is not None,
            "result": view_result,
            "result_rows": _result_rows(view_result, seats.names),
            "noten_riichi": selectors.noten_riichi_flags(view_result, seats.seats),
            "hand_rows": _hand_rows(formset, running) if formset is not None else [],
            "empty_cells": (
                [{"fields": f} for f in formset.empty_form.seat_fields()] if formset else []
            ),
            "seat_heads": list(zip("ESWN", seats.names, strict=True)),
            "rules": tournament.rules(),
            "conflict": conflict,
            "mine_lines": mine_lines,
            "conflict_lines": (
                selectors.entry_lines(conflict.mode, conflict.entry, seats.names)
                if conflict
                else []
            ),
            "final_url": _sheet_url(session, table, ScoreSheet.Mode.FINAL),
            "hands_url": _sheet_url(session, table, ScoreSheet.Mode.HANDS),
        },
    )


def _substitute_marks(
    tournament: Tournament, session: Session, table: Table, seats, stored: dict
) -> list[str]:
    """The sheet form's substitute marks: the stored sheet's or, for a new sheet, seated
    reserves who do not fill in as substitutes from the start (EMA 5.8); the referee desk's
    substitutions (recorded on the seats, ``Seat.substitute``) overrule both, as they do when
    the sheet is saved.

    A reserve who fills in (``fills_in``: seated by the generation, or took the seats a
    withdrawn player freed on the fill page) is in the field: she plays her seats as
    herself, and her sheets are hers (ranked when her results count, EMA 5.8).  The player
    who left is charged for each session he misses (``scoring.rules.absence``), once."""
    marks = stored.get("substitutes")
    if not marks:
        reserves = set(
            tournament.registrations.filter(
                is_reserve=True,
                fills_in=False,
                player_id__in=[s.player_id for s in seats.seats],
            ).values_list("player_id", flat=True)
        )
        marks = [FROM_START if s.player_id in reserves else "" for s in seats.seats]
    return desk_substitute_marks(session, table, marks)


def _hand_rows(formset, running: list[dict]) -> list[dict]:
    """Each hand line with the round, counters and, under every seat, the change and the
    running total the core gave it (none for blank lines)."""
    rows, index = [], 0
    for form in formset.forms:
        filled = bool(form["kind"].value())
        line = running[index] if filled and index < len(running) else None
        index += 1 if filled else 0
        cells = [
            {
                "fields": fields,
                "delta": line["delta"][seat] if line else None,
                "total": line["totals"][seat] if line else None,
            }
            for seat, fields in enumerate(form.seat_fields())
        ]
        rows.append({"form": form, "line": line, "cells": cells})
    return rows


def _result_rows(result: dict | None, names: list[str]) -> list[dict]:
    if not result:
        return []
    return [
        {"seat": seat, "name": names[i], **result["seats"][seat]} for i, seat in enumerate("ESWN")
    ]


@login_required
@require_POST
def sheet_check(request, slug: str, number: int, table_number: int):
    """The running totals of the hands typed so far, as JSON, for the guided hand-by-hand
    entry and the grid (static/js/sheet_hands.js). Nothing is stored but the stream's copy
    of a stage table's hands: the sheet is saved by the sheet page's own form."""
    tournament = staffed_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    table = get_object_or_404(Table, tournament=tournament, number=table_number)
    return hands_check(request, tournament, session, table)


def hands_check(request, tournament: Tournament, session: Session, table: Table) -> JsonResponse:
    """The check of a hand-by-hand sheet's lines for every way of entering them (the
    referee's phone and grid, a player's phone): the rules core's running totals, and a
    stage table's hands handed to the stream page as they are checked."""
    try:
        names = table_seats(session, table).names
    except SheetError as error:
        return JsonResponse({"ok": False, "error": str(error), "error_hand": None}, status=400)
    formset = HandFormSet(
        request.POST,
        prefix="hands",
        form_kwargs={"names": names, "ruleset": tournament.rules()},
    )
    if not formset.is_valid():
        index, form = next(
            ((i, f) for i, f in enumerate(formset.forms) if f.errors),
            (None, None),
        )
        if form is None:  # the management form itself: not a sheet page's post
            message = "The sheet's hand count is missing: reload the page."
        else:
            message = " ".join(
                [*form.non_field_errors()]
                + [
                    f"{form[name].label}: {' '.join(e)}"
                    for name, e in form.errors.items()
                    if name != "__all__"
                ]
            )
        return JsonResponse({"ok": False, "error": message, "error_hand": index})
    hands = [form.hand() for form in formset.forms if not form.is_blank()]
    record_live_hands(session, table, hands)
    return JsonResponse(selectors.hands_preview(tournament, hands, names))


def record_live_hands(session: Session, table: Table, hands: list) -> None:
    """Tell whoever listens (the stream page of a stage table, results/stages) the hands as
    they are checked, whoever checks them and however (the JSON check, the form's "Check and
    show totals")."""
    hands_checked.send(sender=Table, session=session, table=table, hands=hands, at=timezone.now())


@login_required
@require_POST
def confirm(request, slug: str, number: int, table_number: int):
    tournament = staffed_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    table = get_object_or_404(Table, tournament=tournament, number=table_number)
    current = get_object_or_404(ScoreSheet, session=session, table=table)
    # The rows just read, so that confirming reads neither the session nor the tournament again.
    session.tournament, current.session, current.table = tournament, session, table
    version = parse_id(request.POST.get("version"))
    if version is None or version > MAX_VERSION:
        version = -1  # matches no sheet: answered as a conflict, with a message
    try:
        sheet_confirm(sheet=current, expected_version=version, user=request.user)
    except SheetConflict as error:
        messages.error(
            request,
            gettext("Not confirmed: {error} Check the sheet as it is now, then confirm it.").format(
                error=error
            ),
        )
    except SheetError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            gettext("{table}, session {number}: confirmed.").format(table=table, number=number),
        )
        return redirect("scoring:session", slug, number)
    return redirect(_sheet_url(session, table))


@login_required
def history(request, slug: str, number: int, table_number: int):
    tournament = staffed_tournament(request, slug)
    session = get_object_or_404(Session, tournament=tournament, number=number)
    table = get_object_or_404(Table, tournament=tournament, number=table_number)
    current = get_object_or_404(ScoreSheet, session=session, table=table)
    names = selectors.sheet_names(current)
    return render(
        request,
        "scoring/history.html",
        {
            "tournament": tournament,
            "session": session,
            "table": table,
            "sheet": current,
            "versions": selectors.sheet_history(current, names),
            # Players' answers when they report: who entered, confirmed, disputed.
            "responses": current.responses.select_related("player", "user"),
        },
    )


# Who pays what for a hand, as the rules core's "cost" names them (scoring/rules/payments.py).
PAYERS = {
    "ron": gettext_lazy("the discarder pays {amount}"),
    "dealer": gettext_lazy("the dealer pays {amount}"),
    "non_dealer": gettext_lazy("each non-dealer pays {amount}"),
}


@xframe_options_sameorigin  # opened inside the hand-by-hand sheet's dialog
def calculator(request, slug: str):
    """The hand calculator: public like the rules, one tap from every hand-by-hand sheet."""
    tournament = get_object_or_404(Tournament, slug=slug)
    require_view(request.user, tournament)
    # Opened empty (from a sheet: ?embed=1) it is a blank form, not one full of "required".
    data = request.GET if "tiles" in request.GET else None
    form = CalculatorForm(data, ruleset_name=tournament.ruleset)
    answer = form.answer if form.is_bound and form.is_valid() else None
    payments = (
        ", ".join(
            str(PAYERS.get(who, who)).format(amount=table_points(amount))
            for who, amount in answer["cost"].items()
        )
        if answer
        else ""
    )
    return render(
        request,
        "scoring/calculator.html",
        {"tournament": tournament, "form": form, "answer": answer, "payments": payments},
    )


@login_required
@require_POST
def standings_settings(request, slug: str):
    """The organiser's choice of how equal totals are ordered (shown on the standings)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    require_organiser(request.user, tournament)
    setting, _ = StandingsSettings.objects.get_or_create(tournament=tournament)
    form = StandingsSettingsForm(request.POST, instance=setting)
    if form.is_valid():
        form.save()
        messages.success(
            request,
            gettext("Equal totals: {value}.").format(value=setting.get_tie_break_display().lower()),
        )
    else:
        messages.error(request, gettext("Choose one of the listed ways to order equal totals."))
    return redirect("tournament:standings", slug)
