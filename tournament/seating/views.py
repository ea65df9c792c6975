"""Seating pages (issue 8): generation with a progress page, changes by hand, the printable
and per-player views, and the quality page. Views parse input, call one service or selector
and render; writes are in ``services/seating.py``."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournament.errors import ServiceError
from tournament.models import Player, Registration, SeatingJob, Session, Table, Tournament, Wind
from tournament.pages import organised_tournament, redirect_back, viewable_tournament
from tournament.permissions import is_organiser, is_staff_of, require_staff
from tournament.registration import selectors as registration_selectors
from tournament.seating import apart, selectors, services
from tournament.seating import selectors as seating_selectors
from web.cache import SEATING, public_page
from web.converters import parse_id


def _session(tournament: Tournament, number: int) -> Session:
    return get_object_or_404(
        Session.objects.select_related("seating_job"), tournament=tournament, number=number
    )


# --- public pages --------------------------------------------------------------------------


@public_page(SEATING)
@require_GET
def seating_index(request, slug: str):
    tournament = viewable_tournament(request, slug)
    player = registration_selectors.entry_of(tournament, request.user)
    if not seating_selectors.has_schedule(tournament, player):
        player = None  # an organiser with a player record who does not play here
    return render(
        request,
        "tournament/seating/index.html",
        {
            "tournament": tournament,
            "sessions": services.sessions_with_locks(tournament),
            "jobs": [
                j
                for j in seating_selectors.latest_jobs(tournament)
                if j.state == SeatingJob.State.DONE
            ],
            "my_player": player,
            "can_manage": is_organiser(request.user, tournament),
            "quality_now": seating_selectors.quality_now(tournament),
        },
    )


@require_GET
def seating_mine(request, slug: str):
    tournament = viewable_tournament(request, slug)
    player = registration_selectors.entry_of(tournament, request.user)
    if player is None and registration_selectors.player_of(request.user) is None:
        messages.info(request, gettext("Log in with a player account to see your own seating."))
        return redirect("tournament:seating", slug=slug)
    if registration_selectors.registration_of(tournament, request.user) is None:
        # An organiser with a player record who does not play here: the seating, not a 404.
        messages.info(
            request, gettext("You do not play in this tournament: here is everyone's seating.")
        )
        return redirect("tournament:seating", slug=slug)
    return redirect("tournament:player_schedule", slug=slug, player_id=player.pk)


@public_page(SEATING)
@require_GET
def player_schedule(request, slug: str, player_id: int):
    tournament = viewable_tournament(request, slug)
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    if not seating_selectors.has_schedule(tournament, player):
        raise Http404(gettext("This player is not in this tournament."))
    rows = seating_selectors.player_schedule(tournament, player, request.user)
    seated = any(row.seat for row in rows)
    return render(
        request,
        "tournament/seating/player_schedule.html",
        {"tournament": tournament, "player": player, "rows": rows, "seated": seated},
    )


def _print_context(request, slug: str, number: int) -> dict:
    tournament = viewable_tournament(request, slug)
    session = _session(tournament, number)
    shown = selectors.seating_shown(session, request.user)
    return {
        "tournament": tournament,
        "session": session,
        "tables": selectors.session_tables(session) if shown else [],
        "by_name": selectors.player_seat_index(session) if shown else [],
        "seating_hidden": not shown,
    }


@public_page(SEATING)
@require_GET
def session_print_tables(request, slug: str, number: int):
    """One A4 card per table (print CSS puts a page break after each)."""
    return render(
        request, "tournament/seating/print_tables.html", _print_context(request, slug, number)
    )


# Rows of a paper score sheet: a hanchan rarely runs past 16 hands (8 rounds plus repeats);
# a longer game continues on the back.
PAPER_SHEET_HANDS = 16


@require_GET
def session_print_sheets(request, slug: str, number: int):
    """Paper score sheets, one A4 page per table, the players printed by seat wind: the
    referee's fallback when phones fail, and the table's signed record (staff only)."""
    context = _print_context(request, slug, number)
    require_staff(request.user, context["tournament"])
    context["hands"] = range(1, PAPER_SHEET_HANDS + 1)
    # A number: the page writes it in the reader's language (|table_points).
    context["start_points"] = context["tournament"].rules().start_points
    return render(request, "tournament/seating/print_sheets.html", context)


@require_GET
def session_print_slips(request, slug: str, number: int):
    """A seating slip per player (name, table, seat wind), by name, to cut and hand out."""
    context = _print_context(request, slug, number)
    require_staff(request.user, context["tournament"])
    return render(request, "tournament/seating/print_slips.html", context)


@public_page(SEATING)
@require_GET
def session_print_hall(request, slug: str, number: int):
    """The hall list: every player by name with table and seat, to pin up at the entrance."""
    return render(
        request, "tournament/seating/print_hall.html", _print_context(request, slug, number)
    )


@public_page(SEATING)
@require_GET
def seating_quality(request, slug: str):
    tournament = viewable_tournament(request, slug)
    jobs = [
        j for j in seating_selectors.latest_jobs(tournament) if j.state == SeatingJob.State.DONE
    ]
    quality = seating_selectors.seating_quality(tournament)
    # Who is kept apart (family, partners) is the staff's to know, not the public's; a
    # logged-in visitor's page is never cached (web/cache.py).
    staff = is_staff_of(request.user, tournament)
    return render(
        request,
        "tournament/seating/quality.html",
        {
            "tournament": tournament,
            "quality": quality,
            "apart_rows": apart.apart_report(tournament) if staff else None,
            "staff": staff,
            "quality_now": {
                "repeated_meetings": quality.repeated_meetings,
                "repeated_table_visits": quality.repeated_table_visits,
                "max_wind_imbalance": quality.max_wind_imbalance,
            },
            "jobs": jobs,
        },
    )


@require_GET
def seating_job_input(request, slug: str, pk: int):
    """The core's exact input of a finished job, with the players its indices stand for:
    ``python -m tournament.seating plan`` (or ``swiss``) gives the same seating again."""
    tournament = viewable_tournament(request, slug)
    job = get_object_or_404(SeatingJob, tournament=tournament, pk=pk, state=SeatingJob.State.DONE)
    players = seating_selectors.job_players(job)
    quality = dict(job.result)
    start = quality.pop("replan_start", None)
    payload = {
        "method": job.method,
        "command": f"python -m tournament.seating {job.method}",
        "input": job.options,
        "players": [
            {"index": i, "name": str(p), "ema_number": p.ema_number} for i, p in enumerate(players)
        ],
        "tables": [{"index": i, "number": n} for i, n in enumerate(job.tables)],
        "sessions": job.sessions,
        # Issue 25, item 4: the figures of the seating it generated, and of the seating as
        # it stands now (hand changes, fills from the reserves, later generations).
        "quality": quality,
        "quality_now": seating_selectors.quality_now(tournament),
    }
    if job.method == SeatingJob.Method.IMPORT:
        payload["command"] = ""  # the organiser's file: no core input to run again
    if start is not None:
        # A re-plan starts from the seating the remaining sessions had (issue 25, item 5).
        payload["command"] = "python -m tournament.seating.core.replan"
        payload["input"] = {"options": job.options, "start": start}
    response = HttpResponse(
        json.dumps(payload, indent=2, ensure_ascii=False), content_type="application/json"
    )
    response["Content-Disposition"] = (
        f'inline; filename="{tournament.slug}-seating-{job.pk}-input.json"'
    )
    return response


# --- generation ----------------------------------------------------------------------------


@require_GET
def seating_manage(request, slug: str):
    tournament = organised_tournament(request, slug)
    context = seating_selectors.manage_context(tournament)
    context.update(
        tournament=tournament,
        running=services.active_job(tournament, timezone.now()),
        methods=SeatingJob.Method.choices,
    )
    return render(request, "tournament/seating/manage.html", context)


@require_POST
def seating_generate(request, slug: str):
    tournament = organised_tournament(request, slug)
    method = request.POST.get("method", SeatingJob.Method.PLAN)
    try:
        seed = int(request.POST.get("seed", tournament.seating_seed))
        if not 0 <= seed < 2**31:
            raise ValueError
    except ValueError:
        messages.error(request, gettext("The seed must be a whole number from 0 to 2147483647."))
        return redirect("tournament:seating_manage", slug=slug)
    # Generating again replaces the seats of every session still to play, which no button
    # can bring back: asked first (issue 14), by a box the organiser ticks.
    replaced = [
        s.number for s in services.sessions_with_locks(tournament) if s.seated and not s.lock
    ]
    if replaced and request.POST.get("replace") != "1":
        messages.error(
            request,
            gettext(
                "Session(s) {value} are seated already: tick “Replace "
                "their seating” to generate it again."
            ).format(value=", ".join(map(str, replaced))),
        )
        return redirect("tournament:seating_manage", slug=slug)
    try:
        job = services.seating_job_create(
            tournament=tournament, method=method, seed=seed, user=request.user, now=timezone.now()
        )
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("tournament:seating_manage", slug=slug)
    job.refresh_from_db(fields=["state", "message"])
    if job.state == SeatingJob.State.FAILED and job.message == services.BROKER_DOWN:
        messages.error(request, job.message)
        return redirect("tournament:seating_manage", slug=slug)
    return redirect("tournament:seating_job", slug=slug, pk=job.pk)


def _job(request, slug: str, pk: int) -> SeatingJob:
    tournament = organised_tournament(request, slug)
    # The progress page is where a lost job shows: it polls, so it sees it within a minute.
    services.seating_jobs_reap(tournament=tournament, now=timezone.now())
    return get_object_or_404(
        SeatingJob.objects.select_related("tournament"), tournament=tournament, pk=pk
    )


def _job_payload(job: SeatingJob) -> dict:
    slug = job.tournament.slug
    first = job.sessions[0] if job.sessions else 1
    return {
        "state": job.state,
        "state_label": job.get_state_display(),
        "done": job.done,
        "total": job.total,
        "percent": job.percent,
        "message": job.message,
        "finished": job.finished,
        "next": reverse("tournament:session", args=[slug, first])
        if job.state == SeatingJob.State.DONE
        else "",
    }


@never_cache
@require_GET
def seating_job(request, slug: str, pk: int):
    job = _job(request, slug, pk)
    return render(
        request,
        "tournament/seating/job.html",
        {
            "tournament": job.tournament,
            "job": job,
            "payload": _job_payload(job),
            "quality_now": seating_selectors.quality_now(job.tournament)
            if job.state == SeatingJob.State.DONE
            else None,
        },
    )


@never_cache
@require_GET
def seating_job_state(request, slug: str, pk: int):
    return JsonResponse(_job_payload(_job(request, slug, pk)))


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
        services.registration_fix_table(registration=registration, table=table)
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


# --- the organiser's own plan (issue 29, "Bring your own plan") ----------------------------

MAX_PLAN_BYTES = 2 * 1024 * 1024  # as a player list; a plan of 172 x 15 is under 50 kB


def seating_import(request, slug: str):
    """Upload a plan (CSV or XLSX: session, table, E, S, W, N); every bad row is named and
    nothing is written, a good one seats its sessions and leads to its quality figures."""
    from tournament.seating.plan_import import ORDERS

    tournament = organised_tournament(request, slug)
    errors: list[str] = []
    chosen = {"order": request.POST.get("order", "registration"), "replace": False}
    if request.method == "POST":
        upload = request.FILES.get("file")
        chosen["replace"] = request.POST.get("replace") == "1"
        if upload is None:
            errors = [gettext("file: choose the plan's CSV or XLSX file.")]
        elif upload.size > MAX_PLAN_BYTES:
            errors = [
                gettext("file: {name} is {size} kB; a plan file may be at most {max} kB.").format(
                    name=upload.name[:100], size=upload.size // 1024, max=MAX_PLAN_BYTES // 1024
                )
            ]
        else:
            try:
                job = services.seating_plan_import(
                    tournament=tournament,
                    filename=upload.name,
                    data=upload.read(),
                    order=chosen["order"],
                    replace=chosen["replace"],
                    user=request.user,
                    now=timezone.now(),
                )
            except services.PlanImportError as error:
                errors = [error.message, *error.errors]
            except ServiceError as error:
                errors = [error.message]
            else:
                messages.success(request, job.message)
                return redirect("tournament:seating_job", slug=slug, pk=job.pk)
    elif request.method != "GET":
        return HttpResponse(status=405)
    sessions = services.sessions_with_locks(tournament)
    return render(
        request,
        "tournament/seating/import.html",
        {
            "tournament": tournament,
            "orders": list(ORDERS.items()),
            "errors": errors,
            "chosen": chosen,
            "free": [s.number for s in sessions if not s.lock],
            "field_size": len(services.registration_selectors.players_to_seat(tournament)),
            "replaceable": [s.number for s in sessions if s.seated and not s.lock],
        },
        status=400 if errors else 200,
    )


# --- filling empty seats from the reserves (issue 25, item 3) ------------------------------


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
            taken = services.reserve_fill(
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
    vacancies, choices = services.fill_choices(tournament)
    return render(
        request,
        "tournament/seating/fill.html",
        {
            "tournament": tournament,
            "vacancies": vacancies,
            "choices": choices,
            "charges": services.fill_charges(tournament) if vacancies else None,
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
            return {"player": player, "spot": services.SeatSpot(table, wind)}
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
    unseated = services.field_missing_from(session)

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
        "lock": services.session_lock(session),
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
                done = services.seat_change_apply(
                    session=session, user=request.user, now=timezone.now(), **change
                )
                messages.success(request, done.description)
                return redirect("tournament:session_seating_edit", slug=slug, number=number)
            preview = services.seat_change_preview(session=session, **change)
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
        preview = services.seat_change_preview(session=session, **change)
    except ServiceError as error:
        return JsonResponse({"ok": False, "error": error.message}, status=400)
    payload = preview.as_dict() | {
        "ok": True,
        "locked": services.session_lock(session),
        # The seating as it would be: the page redraws its grid from it.
        "grid": selectors.seat_grid(selectors.session_tables(session), preview.moves),
    }
    return JsonResponse(payload)


def session_context(session: Session, by_name: list, user) -> dict:
    """What the public seating page adds: the visitor's own seat first (a phone in a full
    hall), how the seating was made, and the changes by hand since."""
    my_seat = None
    if user.is_authenticated:
        my_seat = next((s for s in by_name if s.player.user_id == user.pk), None)
    return {
        "my_seat": my_seat,
        "job": session.seating_job,
        "quality_now": seating_selectors.quality_now(session.tournament)
        if session.seating_job_id
        else None,
        "changes": list(session.seat_changes.all()),
    }


@public_page(SEATING)
def session_seating(request, slug: str, number: int):
    tournament = viewable_tournament(request, slug)
    session = get_object_or_404(
        Session.objects.select_related("seating_job"), tournament=tournament, number=number
    )
    shown = selectors.seating_shown(session, request.user)
    by_name = selectors.player_seat_index(session) if shown else []
    return render(
        request,
        "tournament/session_seating.html",
        {
            "tournament": tournament,
            "session": session,
            "tables": selectors.session_tables(session) if shown else [],
            "by_name": by_name,
            "seating_hidden": not shown,
            "can_manage": is_organiser(request.user, tournament),
            **session_context(session, by_name, request.user),
        },
    )


@require_POST
def session_seating_publish(request, slug: str, number: int):
    """One click: the session's draft seating becomes what players and the public see."""
    tournament = organised_tournament(request, slug)
    session = _session(tournament, number)
    try:
        services.seating_publish(session=session, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("The seating of session {number} is published.").format(number=session.number),
        )
    return redirect_back(request, tournament, "tournament:session", number=session.number)
