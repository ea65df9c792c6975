"""The organiser's seating pages that change seats by hand: a player fixed to a table, a
reserve filling freed seats, and a session's seats swapped or moved (with a preview).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from tournament.errors import ServiceError
from tournament.models import Player, Registration, Session, Table, Wind
from tournament.pages import organised_tournament
from tournament.seating import by_hand, locks, selectors
from tournament.seating.vacancies import fill_charges, fill_choices, reserve_fill
from tournament.seating.views import _session
from web.converters import parse_id


@require_POST
def seating_fix_table(request, slug: str):
    tournament = organised_tournament(request, slug)
    registration_id = parse_id(request.POST.get("registration"))
    registration = (
        Registration.objects.select_related("player")
        .filter(tournament=tournament, pk=registration_id)
        .first()
        if registration_id is not None
        else None
    )
    if registration is None:
        messages.error(request, gettext("Pick a player of this tournament to fix to a table."))
        return redirect("tournament:seating_manage", slug=slug)
    raw = request.POST.get("table", "").strip()
    table = None
    if raw:
        number = parse_id(raw)
        table = (
            Table.objects.filter(tournament=tournament, number=number).first()
            if number is not None
            else None
        )
        if table is None:
            messages.error(
                request,
                gettext("table: the tournament has no table “{value}”.").format(value=raw[:20]),
            )
            return redirect("tournament:seating_manage", slug=slug)
    try:
        by_hand.registration_fix_table(registration=registration, table=table)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        if table:
            messages.success(
                request,
                gettext(
                    "{player} always plays at {table}. Generate the seating "
                    "again for the sessions still to play."
                ).format(player=registration.player, table=table),
            )
        else:
            messages.success(
                request,
                gettext("{player} is no longer fixed to a table.").format(
                    player=registration.player
                ),
            )
    return redirect("tournament:seating_manage", slug=slug)


# --- filling empty seats from the reserves -------------------------------------------------


def seating_fill(request, slug: str):
    """The empty seats, every reserve who could take them with what each would cost, the
    one causing fewest repeats proposed; the organiser chooses."""
    tournament = organised_tournament(request, slug)
    if request.method == "POST":
        registration_id = parse_id(request.POST.get("reserve"))
        registration = (
            Registration.objects.select_related("player")
            .filter(tournament=tournament, pk=registration_id)
            .first()
            if registration_id is not None
            else None
        )
        if registration is None:
            messages.error(request, gettext("reserve: pick a reserve of this tournament."))
            return redirect("tournament:seating_fill", slug=slug)
        try:
            taken = reserve_fill(
                tournament=tournament,
                registration=registration,
                user=request.user,
                now=timezone.now(),
            )
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                gettext("{player} takes the empty seat(s): {seats}.").format(
                    player=registration.player, seats="; ".join(str(v) for v in taken)
                ),
            )
        return redirect("tournament:seating_fill", slug=slug)
    if request.method != "GET":
        return HttpResponse(status=405)
    vacancies, choices = fill_choices(tournament)
    return render(
        request,
        "tournament/seating/fill.html",
        {
            "tournament": tournament,
            "vacancies": vacancies,
            "choices": choices,
            "charges": fill_charges(tournament) if vacancies else None,
        },
    )


# --- changes by hand -----------------------------------------------------------------------


def _parse_change(request, session: Session, data) -> dict:
    """``player`` is a player id; ``target`` is ``p<id>`` (swap) or ``s<table>-<wind>``
    (move to that empty seat). Returns the keyword arguments of the services."""
    # parse_id, never int() after str.isdigit(): "²" is a digit to isdigit() and not to
    # int(), and an id beyond 63 bits fails in the database (both were 500s).
    player_id = parse_id(data.get("player"))
    if player_id is None:
        raise ServiceError(gettext("Pick the player to move."))
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise ServiceError(gettext("That player does not exist."))
    target = data.get("target") or ""
    if target.startswith("p") and parse_id(target[1:]) is not None:
        other = Player.objects.filter(pk=parse_id(target[1:])).first()
        if other is None:
            raise ServiceError(gettext("The player to swap with does not exist."))
        return {"player": player, "other": other}
    if target.startswith("s") and "-" in target:
        number, _, wind = target[1:].partition("-")
        number, wind = parse_id(number), parse_id(wind)
        if number is not None and wind is not None and wind in Wind.values:
            table = Table.objects.filter(tournament=session.tournament, number=number).first()
            if table is None:
                raise ServiceError(
                    gettext("The tournament has no table {number}.").format(number=number)
                )
            return {"player": player, "spot": by_hand.SeatSpot(table, wind)}
    raise ServiceError(gettext("Pick a player to swap with, or an empty seat to move to."))


def _edit_context(session: Session) -> dict:
    tables = selectors.session_tables(session)
    all_tables = list(Table.objects.filter(tournament=session.tournament).order_by("number"))
    taken = {(s.table_id, s.wind) for entry in tables for s in entry["seats"]}
    empty = [
        (f"s{t.number}-{w}", f"{t}, {Wind(w).label} (empty)")
        for t in all_tables
        for w in Wind.values
        if (t.pk, w) not in taken
    ]
    seated = sorted(
        (s for entry in tables for s in entry["seats"]),
        key=lambda s: s.player.sort_name,
    )
    unseated = by_hand.field_missing_from(session)

    def label(seat) -> str:
        name = f"{seat.player.last_name}, {seat.player.first_name}"
        return f"{name} ({seat.table}, {seat.get_wind_display()})"

    return {
        "tables": tables,
        "player_options": [(str(s.player_id), label(s)) for s in seated]
        + [(str(p.pk), f"{p.last_name}, {p.first_name} (not seated)") for p in unseated],
        "swap_targets": [(f"p{s.player_id}", label(s)) for s in seated],
        "unseated": unseated,
        "empty_seats": empty,
        "lock": locks.session_lock(session),
        "changes": list(session.seat_changes.select_related("by")),
    }


def session_seating_edit(request, slug: str, number: int):
    tournament = organised_tournament(request, slug)
    session = _session(tournament, number)
    preview = None
    chosen = {}
    if request.method == "POST":
        chosen = {
            "player": request.POST.get("player", ""),
            "target": request.POST.get("target", ""),
        }
        try:
            change = _parse_change(request, session, request.POST)
            if request.POST.get("action") == "save":
                done = by_hand.seat_change_apply(
                    session=session, user=request.user, now=timezone.now(), **change
                )
                messages.success(request, done.description)
                return redirect("tournament:session_seating_edit", slug=slug, number=number)
            preview = by_hand.seat_change_preview(session=session, **change)
        except ServiceError as error:
            messages.error(request, error.message)
    elif request.method != "GET":
        return HttpResponse(status=405)
    context = _edit_context(session)
    context.update(tournament=tournament, session=session, preview=preview, chosen=chosen)
    context["grid"] = selectors.seat_grid(context["tables"], preview.moves if preview else ())
    return render(request, "tournament/seating/edit.html", context)


@require_GET
def session_seating_preview(request, slug: str, number: int):
    """The preview as JSON, for the edit page to show while the organiser picks."""
    tournament = organised_tournament(request, slug)
    session = _session(tournament, number)
    try:
        change = _parse_change(request, session, request.GET)
        preview = by_hand.seat_change_preview(session=session, **change)
    except ServiceError as error:
        return JsonResponse({"ok": False, "error": error.message}, status=400)
    payload = preview.as_dict() | {
        "ok": True,
        "locked": locks.session_lock(session),
        # The seating as it would be: the page redraws its grid from it.
        "grid": selectors.seat_grid(selectors.session_tables(session), preview.moves),
    }
    return JsonResponse(payload)
