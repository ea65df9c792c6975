"""The clock page, its JSON state and the clock's controls. Views parse input, call one
service or selector and render; the services take ``timezone.now()`` from here."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournament.events.current import hall_session
from tournament.seating import selectors as seating_selectors

from ..models import Session, Table, Tournament
from ..pages import redirect_back
from ..permissions import require_view, staff_role
from . import selectors, services
from .permissions import (
    can_report_finished,
    can_run_clock,
    can_undo_finished,
    player_table,
    require_run_clock,
)
from .timing import PHASE_LABELS

EXTEND_CHOICES = (1, 2, 5, 10)


def _session(request, slug: str, number: int) -> Session:
    tournament = get_object_or_404(Tournament, slug=slug)
    require_view(request.user, tournament)
    return get_object_or_404(
        Session.objects.select_related("tournament"), tournament=tournament, number=number
    )


def _fire_if_due(session: Session, now) -> Session:
    """Give a due signal from the request that notices it.

    In the embedded default no worker holds an ETA task, so the polling pages fire the
    signal; with workers this is a harmless race that the conditional UPDATE settles.
    """
    state = services.clock_state(session)
    if session.state == Session.State.RUNNING and state.signal_due(now):
        services.session_signal_fire(session_id=session.pk, now=now)
        session.refresh_from_db()
    return session


@require_GET
def clock_current(request, slug: str):
    tournament = get_object_or_404(Tournament, slug=slug)
    require_view(request.user, tournament)
    session = hall_session(tournament)
    if session is None:
        return render(request, "tournament/clock_none.html", {"tournament": tournament})
    url = reverse("tournament:session_clock", kwargs={"slug": slug, "number": session.number})
    # Keep ?seating=1 and ?projector=1: the wall's bookmark is this page.
    query = request.GET.urlencode()
    return redirect(f"{url}?{query}" if query else url)


@require_GET
def clock_page(request, slug: str, number: int):
    session = _session(request, slug, number)
    tournament = session.tournament
    now = timezone.now()
    session = _fire_if_due(session, now)
    payload = selectors.clock_payload(session, now)
    show_seating = request.GET.get("seating") == "1"
    my_table = player_table(request.user, session)
    is_staff = staff_role(request.user, tournament) is not None
    context = {
        "tournament": tournament,
        "session": session,
        "clock": payload,
        "clock_labels": {str(phase): gettext(label) for phase, label in PHASE_LABELS.items()},
        "can_run": can_run_clock(request.user, tournament),
        "is_staff": is_staff,
        "my_table": my_table,
        "my_finish": next(
            (t for t in payload["tables"] if my_table and t["number"] == my_table.number), None
        ),
        "table_rows": selectors.session_table_status(session, payload["signal_given"]),
        "extend_choices": EXTEND_CHOICES,
        "show_seating": show_seating,
        "seating": seating_selectors.session_tables(session) if show_seating else [],
        "events": session.clock_events.select_related("by") if is_staff else [],
    }
    return render(request, "tournament/clock.html", context)


@never_cache
@require_GET
def clock_state(request, slug: str, number: int):
    session = _session(request, slug, number)
    now = timezone.now()
    session = _fire_if_due(session, now)
    return JsonResponse(selectors.clock_payload(session, now))


@never_cache
@require_GET
def clock_current_state(request, slug: str):
    """The clock of the session the hall is playing, for a screen left on all day (the
    standings projector shows it between its pages): it follows the day from one session to
    the next without a reload. ``{"session": null}`` before any session exists."""
    tournament = get_object_or_404(Tournament, slug=slug)
    require_view(request.user, tournament)
    session = hall_session(tournament)
    if session is None:
        return JsonResponse({"session": None})
    now = timezone.now()
    session = _fire_if_due(session, now)
    return JsonResponse(selectors.clock_payload(session, now))


_ACTIONS = {
    "start": services.session_clock_start,
    "pause": services.session_clock_pause,
    "resume": services.session_clock_resume,
    "end": services.session_clock_end,
}


@require_POST
def clock_control(request, slug: str, number: int):
    session = _session(request, slug, number)
    require_run_clock(request.user, session.tournament)
    action = request.POST.get("action", "")
    now = timezone.now()
    try:
        if action == "extend":
            try:
                minutes = int(request.POST.get("minutes", ""))
            except ValueError:
                minutes = 0
            services.session_clock_extend(
                session=session, by=request.user, now=now, minutes=minutes
            )
            messages.success(request, gettext("Extended by {minutes} min.").format(minutes=minutes))
        elif action in _ACTIONS:
            _ACTIONS[action](session=session, by=request.user, now=now)
        else:
            messages.error(request, gettext("Unknown clock action."))
    except services.ClockError as error:
        messages.error(request, error.message)
    # The dashboard starts and finishes sessions too, and wants the organiser back on it.
    return redirect_back(request, session.tournament, "tournament:session_clock", number=number)


@require_POST
def table_finished(request, slug: str, number: int, table_number: int):
    session = _session(request, slug, number)
    table = get_object_or_404(Table, tournament=session.tournament, number=table_number)
    now = timezone.now()
    try:
        if request.POST.get("action") == "undo":
            if not can_undo_finished(request.user, session.tournament):
                raise PermissionDenied(
                    gettext("Only referees and organisers may take a report back.")
                )
            services.session_table_reopen(session=session, table=table)
            messages.success(request, gettext("{table} is playing again.").format(table=table))
        else:
            if not can_report_finished(request.user, session, table):
                raise PermissionDenied(
                    gettext("Only the table's players and the staff may report it.")
                )
            ended_by_time = request.POST.get("ended_by_time") == "1"
            services.session_table_finish(
                session=session, table=table, by=request.user, now=now, ended_by_time=ended_by_time
            )
            how = "ended by the time limit" if ended_by_time else "full game"
            messages.success(
                request, gettext("{table} finished ({how}).").format(table=table, how=how)
            )
    except services.ClockError as error:
        messages.error(request, error.message)
    return redirect("tournament:session_clock", slug=slug, number=number)
