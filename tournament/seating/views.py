"""The seating pages everyone reads: the seating, a player's own tables, the printable
lists, a session's seating and the quality page. The organiser's pages that make a seating
are in ``job_views.py``, those that change it by hand in ``by_hand_views.py``."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from tournament.models import Player, SeatingJob, Session, Tournament
from tournament.pages import viewable_tournament
from tournament.permissions import is_organiser, is_staff_of, require_staff
from tournament.registration import selectors as registration_selectors
from tournament.seating import apart, locks, selectors, shown_quality
from tournament.seating import selectors as seating_selectors
from web.cache import SEATING, public_page


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
            "sessions": locks.sessions_with_locks(tournament),
            # A draft seating's job and figures are the staff's (shown_quality.py).
            "jobs": shown_quality.jobs_shown(
                tournament,
                request.user,
                [
                    j
                    for j in seating_selectors.latest_jobs(tournament)
                    if j.state == SeatingJob.State.DONE
                ],
            ),
            "my_player": player,
            "can_manage": is_organiser(request.user, tournament),
            "quality_now": shown_quality.quality_now_shown(tournament, request.user),
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
    # A draft seating counts for the staff only (shown_quality.py).
    shown = shown_quality.seating_quality(tournament, request.user, jobs)
    quality = shown.quality
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
            "jobs": shown.jobs,
            "draft_sessions": shown.draft_sessions,
        },
    )


@require_GET
def seating_job_input(request, slug: str, pk: int):
    """The core's exact input of a finished job, with the players its indices stand for:
    ``python -m tournament.seating plan`` (or ``swiss``) gives the same seating again."""
    tournament = viewable_tournament(request, slug)
    job = get_object_or_404(SeatingJob, tournament=tournament, pk=pk, state=SeatingJob.State.DONE)
    # A draft's job is the staff's (404 to others); the figures now count what the reader sees.
    extras = shown_quality.job_input_extras(job, request.user)
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
        # The figures of the seating it generated, and of the seating as
        # it stands now (hand changes, fills from the reserves, later generations).
        "quality": quality,
        **extras,
    }
    if job.method == SeatingJob.Method.IMPORT:
        payload["command"] = ""  # the organiser's file: no core input to run again
    if start is not None:
        # A re-plan starts from the seating the remaining sessions had.
        payload["command"] = "python -m tournament.seating.core.replan"
        payload["input"] = {"options": job.options, "start": start}
    response = HttpResponse(
        json.dumps(payload, indent=2, ensure_ascii=False), content_type="application/json"
    )
    response["Content-Disposition"] = (
        f'inline; filename="{tournament.slug}-seating-{job.pk}-input.json"'
    )
    return response


def session_context(session: Session, by_name: list, user) -> dict:
    """What the public seating page adds: the visitor's own seat first (a phone in a full
    hall), how the seating was made, and the changes by hand since."""
    my_seat = None
    if user.is_authenticated:
        my_seat = next((s for s in by_name if s.player.user_id == user.pk), None)
    return {
        "my_seat": my_seat,
        "job": session.seating_job,
        "quality_now": shown_quality.quality_now_shown(session.tournament, user)
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
